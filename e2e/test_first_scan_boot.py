"""The first scan's boot script (pwa/boot/firstScreen.js, docs/first-scan.md), in real Chromium under
the app's strict policy: opening a QR link, the page asks the link's first screen (GET /api/me/first)
and announces the role's chunks and strings while the entry chunk still loads — here held back a
second, so "before" cannot be luck — and the app shows the first screen from that answer, with no
/api/me and no view GET of its own before it, styled by the stylesheet that came inlined in the page.
No Content-Security-Policy violation on the way."""

import re

import pytest
from playwright.sync_api import Error as PlaywrightError, expect

from first_screen import FIRST_PAINT, READY, watch
from server import command_ok as ok, director, links, seated_tournament

HOLD_ENTRY_MS = 1000
CHUNK = {"player": "Player", "dealer": "Dealer", "display": "Display"}


def tv_clock(page, root: str) -> dict:
    """The TV's clock in `root` (the first paint's or the app's): its level line, blinds, the time
    left, and when it was read (performance.now(); `now`: Date.now())."""
    return page.evaluate(
        """(root) => {
          const r = document.querySelector(root), time = r.querySelector(".display-time");
          return {level: r.querySelector(".display-level > span").textContent, time: time.textContent,
                  blinds: [...r.querySelectorAll(".display-blinds > span")].map((e) => e.textContent),
                  remaining: Number(time.dataset.remainingMs), at: performance.now(), now: Date.now()};
        }""",
        root,
    )


def holding_back(page, released: list, rounds: int):
    """A route handler that holds the entry chunk back for `rounds` × 50 ms, or until `released`. A
    test that failed before releasing it closes the page under the wait: the handler then ends
    quietly, instead of raising into whatever the next test asks Playwright first."""

    def hold(route):
        try:
            for _ in range(rounds):
                if released:
                    break
                page.wait_for_timeout(50)
            route.continue_()
        except PlaywrightError:
            if not page.is_closed():
                raise

    return hold


def name(url: str) -> str:
    """A request's path, an asset's without Vite's hash: /assets/Player.js, /api/me/first."""
    path = re.sub(r"^https?://[^/]+", "", url).split("?", 1)[0]
    return re.sub(r"-[\w-]{8}\.(js|css)$", r".\1", path)


@pytest.mark.parametrize("role", ["player", "dealer", "display"])
def test_a_link_asks_its_first_screen_and_chunks_while_the_entry_still_loads(live_server, phone, role):
    api = director(live_server)
    tid = seated_tournament(api, players=6, tables=1)
    ok(api, tid, "start_clock")
    if role == "display":
        # A later level, 5 minutes of it gone: a clock read from the level's start, or from the
        # wrong entry, shows a time or blinds far from these.
        ok(api, tid, "jump_to_level", {"index": 5})
        ok(api, tid, "adjust_clock", {"seconds": -300})
    ls = links(api, tid)
    url = {"player": ls["players"][0]["url"], "dealer": ls["tables"][0]["url"], "display": ls["display"]["url"]}[role]

    context = phone(locale="en-US")
    context.add_init_script(watch(role))
    page = context.new_page()
    events: list[tuple[str, str]] = []
    page.on("request", lambda r: events.append(("sent", name(r.url))))
    page.on("requestfinished", lambda r: events.append(("done", name(r.url))))
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)

    released: list[bool] = []  # a link with a first paint: the entry comes once the paint is checked

    rounds = HOLD_ENTRY_MS // 50 if role not in FIRST_PAINT else 200
    page.route(re.compile(r"/assets/index-[\w-]{8}\.js$"), holding_back(page, released, rounds))
    page.goto(url, wait_until="commit")  # the load event waits for the held-back entry
    if role in FIRST_PAINT:
        # Drawn by the boot script from its answer while the entry is held back: the seat, or the
        # table's seats, as the server has them (names as text); gone once the app shows its own.
        expect(page.locator(FIRST_PAINT[role]).first).to_be_visible(timeout=8000)
        shown = page.evaluate(
            """(sel) => ({ready: window.__ready, name: document.querySelector("#first-paint .player-name")?.textContent,
                          texts: [...document.querySelectorAll(sel)].map((e) => e.innerText)})""",
            FIRST_PAINT[role],
        )
        assert shown["ready"] is None, shown  # the app's screen is not there yet
        link_token = {"Authorization": f"Bearer {url.rsplit('/', 1)[1]}"}
        view = api.get(f"/api/tournaments/{tid}/view", headers=link_token).json()
        if role == "player":
            assert shown["texts"] == [f"Table {view['table_no']}\nSeat {view['seat']}"], shown
            assert shown["name"] == view["name"], shown
        elif role == "dealer":
            assert shown["texts"] == [f"{s['seat']}\n{s['name']}" for s in view["seats"]], shown
        else:
            painted = tv_clock(page, "#first-paint")
            level = view["structure"][view["clock"]["level_index"]]
            assert painted["level"] == f"Level {level['level']}", painted
            assert painted["blinds"] == [f"{level['sb']:,} / {level['bb']:,}", f"Ante {level['ante']:,}"], painted
            # The time left as the server's clock has it at that moment (server and browser share
            # this machine's clock): the level's length less what ran since its anchor.
            clock = view["clock"]
            left = level["minutes"] * 60_000 - clock["elapsed_ms"] - (painted["now"] - clock["anchor_at"])
            assert abs(painted["remaining"] - left) < 2000, (painted, left)
            # It ticks while the app's code is still held back: a second later, a second less (as
            # much less as the browser's clock ran between the two reads, which a loaded machine
            # stretches beyond the second waited).
            page.wait_for_timeout(1100)
            later = tv_clock(page, "#first-paint")
            assert later["time"] != painted["time"], (painted, later)
            drop, ran = painted["remaining"] - later["remaining"], later["now"] - painted["now"]
            assert drop > 600 and abs(drop - ran) < 500, (painted, later)
        released.append(True)
    page.wait_for_function("() => window.__ready != null", timeout=15_000)
    expect(page.locator(READY[role]).first).to_be_visible()
    if role == "display":
        # The app's clock, the moment it shows, tells the same time as the paint counted to.
        app = tv_clock(page, "[data-testid=display]")
        assert app["level"] == later["level"] and app["blinds"] == later["blinds"], (later, app)
        expected = later["remaining"] - (app["at"] - later["at"])
        assert abs(app["remaining"] - expected) < 2000, (later, app)
    expect(page.locator("#first-paint")).to_have_count(0)

    entry_done = events.index(("done", "/assets/index.js"))
    early = {what for kind, what in events[:entry_done] if kind == "sent"}
    for wanted in ("/api/me/first", f"/assets/{CHUNK[role]}.js", f"/assets/en-{role}.js"):
        assert wanted in early, (wanted, events[: entry_done + 1])

    # The app took the boot script's answer: no /api/me and no view GET before the first screen.
    asked_before = page.evaluate(
        """() => performance.getEntriesByType("resource")
             .filter((e) => e.startTime < window.__ready).map((e) => new URL(e.name).pathname)"""
    )
    assert "/api/me" not in asked_before, asked_before
    assert not [p for p in asked_before if p.startswith("/api/tournaments/")], asked_before
    assert asked_before.count("/api/me/first") == 1, asked_before
    assert not violations, violations
    # The styles came with the page (inlined, allowed by their hash): no stylesheet to fetch, and
    # the first screen is styled (the app's dark background, not the browser's white).
    assert not [what for kind, what in events if kind == "sent" and what.endswith(".css")], events
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") not in (
        "rgba(0, 0, 0, 0)",
        "rgb(255, 255, 255)",
    )
    page.unroute_all(behavior="ignoreErrors")


# The TV's first paint and the app's screen, part by part (times aside: they tick), and the classes
# that pick its look (layout, theme, level or break, running or paused).
TV_PARTS = """(root) => {
  const r = document.querySelector(root);
  if (!r) return null;
  const parts = [".display-name", ".display-level", ".display-notices", ".display-blinds", ".display-next",
                 ".tv-upcoming", ".display-stats > div", ".display-payouts"];
  const text = (sel) => [...r.querySelectorAll(sel)].map((e) => e.innerText.replace(/\\d+:\\d\\d(:\\d\\d)?/g, "<time>"));
  return {parts: Object.fromEntries(parts.map((sel) => [sel, text(sel)])),
          look: r.className.split(/\\s+/).filter((c) => /^(layout|theme|is|status|page)-/.test(c)).sort()};
}"""

# window.__painted: the first paint showed at some moment (for the links that must get none).
PAINTED = """new MutationObserver(() => { if (document.getElementById("first-paint")) window.__painted = true; })
  .observe(document, { subtree: true, childList: true });"""


def monday(api) -> int:
    """The Swiss rulebook's Monday (n-monday): a buy-in, so a prize pool and payouts; level 3 has a colour-up."""
    r = api.post("/api/tournaments", {"name": "Monday Cup", "preset": "n-monday"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for i in range(1, 25):
        ok(api, tid, "register_player", {"name": f"Player {i:02d}", "id_checked": True, "prepaid": True})
    ok(api, tid, "draw_seats", {"tables": 3})
    return tid


# state: (commands after the seat draw, the link's layout/theme, the browser's language, drawn?)
TV_STATES = {
    "paused": (
        [("start_clock", {}), ("jump_to_level", {"index": 5}), ("pause_clock", {"reason": "table_merge"})],
        "",
        "de-DE",
        True,
    ),
    "break": ([("start_clock", {}), ("jump_to_level", {"index": 4})], "?theme=felt", "en-US", True),
    "colour-up and payouts": ([("start_clock", {}), ("jump_to_level", {"index": 2})], "?layout=payouts", "de-CH", True),
    "not started": ([], "", "en-US", False),
    "seating layout": ([("start_clock", {})], "?layout=seating", "en-US", False),
}


@pytest.mark.parametrize("state", list(TV_STATES))
def test_the_tvs_first_paint_is_the_apps_clock_screen_or_nothing(live_server, tv, state):
    """The TV's first paint, drawn while the app's code is held back, shows what the app then shows:
    the same words, numbers and look, paused, on a break, in German with Swiss numbers. Where the app
    shows something the paint does not draw (a clock not started, the seating list), nothing is drawn."""
    commands, query, locale, drawn = TV_STATES[state]
    api = director(live_server)
    tid = monday(api) if state == "colour-up and payouts" else seated_tournament(api, players=9, tables=1)
    for type, payload in commands:
        ok(api, tid, type, payload)
    url = links(api, tid)["display"]["url"] + query

    context = tv(locale=locale, viewport={"width": 1280, "height": 720})
    context.add_init_script(watch("display"))
    context.add_init_script(PAINTED)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    released: list[bool] = []

    rounds = 200 if drawn else HOLD_ENTRY_MS // 50
    page.route(re.compile(r"/assets/index-[\w-]{8}\.js$"), holding_back(page, released, rounds))
    page.goto(url, wait_until="commit")
    if drawn:
        expect(page.locator(FIRST_PAINT["display"])).to_be_visible(timeout=8000)
        painted = page.evaluate(TV_PARTS, "#first-paint")
        released.append(True)
        page.wait_for_function("() => window.__ready != null", timeout=15_000)
        app = page.evaluate(TV_PARTS, "[data-testid=display]")
        assert painted == app, (painted, app)
        assert painted["parts"][".display-level"] and painted["parts"][".display-blinds"], painted
    else:
        # The app's screen with its view (its next entry named; hidden under the seating list), and never a paint on the way.
        expect(page.get_by_test_id("clock-next")).to_be_attached(timeout=15_000)
        assert not page.evaluate("window.__painted"), state
    expect(page.locator("#first-paint")).to_have_count(0)
    assert not errors, errors
    page.unroute_all(behavior="ignoreErrors")
