"""The first scan's boot script (pwa/boot/firstScreen.js, docs/first-scan.md), in real Chromium under
the app's strict policy: opening a QR link, the page asks the link's first screen (GET /api/me/first)
and announces the role's chunks and strings while the entry chunk still loads — here held back a
second, so "before" cannot be luck — and the app shows the first screen from that answer, with no
/api/me and no view GET of its own before it, styled by the stylesheet that came inlined in the page.
No Content-Security-Policy violation on the way."""

import re

import pytest
from playwright.sync_api import expect

from first_screen import FIRST_PAINT, READY, watch
from server import command_ok as ok, director, links, seated_tournament

HOLD_ENTRY_MS = 1000
CHUNK = {"player": "Player", "dealer": "Dealer", "display": "Display"}


def name(url: str) -> str:
    """A request's path, an asset's without Vite's hash: /assets/Player.js, /api/me/first."""
    path = re.sub(r"^https?://[^/]+", "", url).split("?", 1)[0]
    return re.sub(r"-[\w-]{8}\.(js|css)$", r".\1", path)


@pytest.mark.parametrize("role", ["player", "dealer", "display"])
def test_a_link_asks_its_first_screen_and_chunks_while_the_entry_still_loads(live_server, phone, role):
    api = director(live_server)
    tid = seated_tournament(api, players=6, tables=1)
    ok(api, tid, "start_clock")
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

    def hold(route):
        for _ in range(HOLD_ENTRY_MS // 50 if role not in FIRST_PAINT else 200):
            if released:
                break
            page.wait_for_timeout(50)
        route.continue_()

    page.route(re.compile(r"/assets/index-[\w-]{8}\.js$"), hold)
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
        else:
            assert shown["texts"] == [f"{s['seat']}\n{s['name']}" for s in view["seats"]], shown
        released.append(True)
    page.wait_for_function("() => window.__ready != null", timeout=15_000)
    expect(page.locator(READY[role]).first).to_be_visible()
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
