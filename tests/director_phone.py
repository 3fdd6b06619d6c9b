"""Browser tests: a director's phone that already holds a session (skips the sign-in form)."""

import json


def signed_in(context, api):
    """Give every page of this browser context the API client's director session."""
    auth = json.dumps({"token": api.token, "director": None})
    context.add_init_script(f"localStorage.setItem('pokerfloor.director', {json.dumps(auth)})")
    return context


def director_at(phone, api, path: str, ready_testid: str, **options):
    """A signed-in director's phone opened at `#<path>`, once `ready_testid` shows."""
    from playwright.sync_api import expect

    context = signed_in(phone(**options), api)
    page = context.new_page()
    page.goto(f"{api.base}/#{path}")
    expect(page.get_by_test_id(ready_testid)).to_be_visible()
    return page


def new_tournament(page, name: str, preset_id: str | None = None) -> int:
    """On the director's tournament list: a new tournament (from a preset); its id once the desk shows."""
    import re

    from playwright.sync_api import expect

    page.get_by_test_id("new-tournament-name").fill(name)
    if preset_id:
        page.get_by_test_id("new-tournament-preset").select_option(preset_id)
    page.get_by_test_id("new-tournament-submit").click()
    expect(page.get_by_test_id("register-name")).to_be_visible()
    return int(re.search(r"#/director/(\d+)", page.url).group(1))


def register_at_desk(page, names, id_checked: bool = False, first_row: int = 1) -> None:
    """Walk-ins at the registration desk, one after the other: the name, then one tap (where the
    preset checks IDs the button itself says "ID seen": N-3.4, P-Teilnahme; `id_checked` is kept
    for the callers that say so); each desk row shows before the next name is typed."""
    from playwright.sync_api import expect

    for i, name in enumerate(names, start=first_row):
        page.get_by_test_id("register-name").fill(name)
        page.get_by_test_id("register-submit").click()
        expect(page.locator(f"[data-testid='desk-row-{i}'], [data-testid='entry-row-{i}']").first).to_be_visible()


def draw_at_desk(page, tables: int | None = None) -> None:
    """The seat draw on the desk: the tables the preset's rules propose, or another number, then the
    confirm step; done once the next steps (printouts, the clock's start) show."""
    from playwright.sync_api import expect

    if tables is not None and page.get_by_test_id("draw-plan").get_attribute("data-tables") != str(tables):
        page.get_by_test_id("draw-other").click()
        page.get_by_test_id("draw-tables").fill(str(tables))
    page.get_by_test_id("draw-submit").click()
    page.get_by_test_id("draw-confirm").click()
    expect(page.get_by_test_id("after-draw")).to_be_visible()


def start_clock(page) -> None:
    """The clock's start, from the clock section: it asks once."""
    from playwright.sync_api import expect

    in_section(page, "clock")
    page.get_by_test_id("clock-start").click()
    page.get_by_test_id("clock-start-confirm").click()
    expect(page.get_by_test_id("clock-status")).to_have_attribute("data-status", "running")


def first_director_seats_a_tournament(page, base: str, setup_token: str, players: int, tables: int) -> int:
    """On a director's phone: the first-login link, a tournament, `players` registered at the
    desk, seats drawn on `tables` tables, the clock started. Returns the tournament id."""

    page.goto(f"{base}/#/setup/{setup_token}")
    page.get_by_test_id("setup-username").fill("floor")
    page.get_by_test_id("setup-password").fill("a long password")
    page.get_by_test_id("setup-submit").click()
    tid = new_tournament(page, "Monday Night")
    register_at_desk(page, [f"Spieler {i:02d}" for i in range(1, players + 1)])
    draw_at_desk(page, tables)
    start_clock(page)
    return tid


# Suggestions that change the room ask once before they are applied (Seating.tsx ASKS); a move does not.
ASKING = ("break", "final_table", "hand_for_hand", "halt")


def tap_suggestion(page, item, kind: str) -> None:
    """The director taps a suggestion's button, and confirms where it asks."""
    item.get_by_test_id("suggestion-apply").click()
    if kind in ASKING:
        page.get_by_test_id("suggestion-confirm").click()


SECTIONS = ("floor", "players", "clock", "money", "desk", "tools")


def open_section(page, name: str) -> None:
    """On the director's tournament screen: tap the section's tab and wait for it."""
    from playwright.sync_api import expect

    assert name in SECTIONS, name
    body = page.get_by_test_id(f"section-body-{name}")
    for _ in range(2):
        # A push that grows the attention bar above the tabs can move them under the tap (seen in
        # the 44-player night): a person taps again, and so does the test, once.
        page.get_by_test_id(f"section-{name}").click()
        try:
            expect(body).to_be_visible(timeout=2000)
            return
        except AssertionError:
            continue
    expect(body).to_be_visible()


def in_section(page, name: str) -> None:
    """open_section, unless that section is open already (no tap then)."""
    if page.get_by_test_id(f"section-body-{name}").count() == 0:
        open_section(page, name)


# A card's top just below the sticky header and tabs, for a screenshot that shows its heading.
SHOW = """(el) => {
  el.scrollIntoView({ block: "start" });
  let cover = 0;
  for (const n of document.querySelectorAll("body *")) {
    const pos = getComputedStyle(n).position;
    const r = n.getBoundingClientRect();
    if ((pos === "sticky" || pos === "fixed") && r.top < innerHeight / 4 && r.bottom < innerHeight / 2) cover = Math.max(cover, r.bottom);
  }
  window.scrollBy(0, -(cover + 8));
}"""


def show(locator) -> None:
    """Scroll a card's top just below the sticky header and tabs (for a screenshot of it)."""
    locator.evaluate(SHOW)
