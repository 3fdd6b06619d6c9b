"""The director's announcements on real screens (issue 33): typed on the director's phone, an
announcement shows on two TVs and two players' phones (pushed over Socket.IO; the latency per
screen is printed in the log, not asserted as a time); a quick pick is worded in each screen's own
language (German TV and phone, English TV and phone); withdrawn, each is gone on all four. The TV's
band stays inside the screen and is big enough to read from 5 m. Real Chromium, real server."""

from __future__ import annotations

from playwright.sync_api import expect

from director_phone import director_at
from server import command_ok, director, links
from test_accessibility import axe, report
from untapped_tv import untapped_tv

TEXT = "Dinner is served at the bar — Essen an der Bar"

# Record, in the page's own clock (the same machine's), when an announcement with this text first
# shows and when none is left: the latency of each screen against the director's tap.
WATCH = """(sel) => {
  window.__seen = {}; window.__gone = null;
  const look = () => {
    const now = Date.now();
    const items = [...document.querySelectorAll(sel)];
    for (const el of items) { const k = el.textContent.trim(); if (!(k in window.__seen)) window.__seen[k] = now; }
    if (Object.keys(window.__seen).length && !items.length && window.__gone == null) window.__gone = now;
  };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
  look();
}"""

SMALLEST = "() => Math.min(...[...document.querySelectorAll('[data-testid=tv-announcement]')].map((e) => parseFloat(getComputedStyle(e).fontSize)))"


def assert_clear_of_the_sound_button(page, band: dict) -> None:
    """Nobody tapped the TV yet: its "Tap to enable sound" button must not hide the band."""
    gate = page.get_by_test_id("sound-gate")
    expect(gate).to_be_visible()
    b = gate.bounding_box()
    assert b["y"] + b["height"] <= band["y"] or b["y"] >= band["y"] + band["height"], (b, band)


def test_an_announcement_shows_on_two_tvs_and_two_phones_and_goes_when_withdrawn(live_server, tv, phone, shot):
    api = director(live_server)
    tid = api.post("/api/tournaments", {"name": "Monday", "preset": "generic"}).json()["id"]
    for i in range(1, 13):
        command_ok(api, tid, "register_player", {"name": f"Player {i:02d}"})
    command_ok(api, tid, "draw_seats", {"tables": 2})
    command_ok(api, tid, "start_clock")
    found = links(api, tid)

    screens = {}
    for name, lang in (("tv_de", "de-DE"), ("tv_en", "en-GB")):
        page = untapped_tv(tv, locale=lang, bypass_csp=True).new_page()  # axe is injected as a script of its own
        page.goto(found["display"]["url"])
        expect(page.get_by_test_id("clock-time")).to_be_visible()
        screens[name] = (page, "[data-testid=tv-announcement]")
    for name, lang, player in (("phone_de", "de-DE", found["players"][0]), ("phone_en", "en-US", found["players"][1])):
        page = phone(locale=lang, bypass_csp=True).new_page()
        page.goto(player["url"])
        expect(page.locator("[data-testid=player-seat][data-table]")).to_be_visible()
        screens[name] = (page, "[data-testid=player-announcement]")
    for page, sel in screens.values():
        expect(page.locator(sel)).to_have_count(0)
        page.evaluate(WATCH, sel)

    td = director_at(phone, api, f"/director/{tid}/clock", "announce-card", locale="en-US", bypass_csp=True)
    card = td.get_by_test_id("announce-card")
    card.scroll_into_view_if_needed()
    td.get_by_test_id("announce-minutes").fill("15")
    td.get_by_test_id("announce-text").fill(TEXT)
    tapped = td.evaluate("() => { document.querySelector('[data-testid=announce-send]').click(); return Date.now(); }")

    for name, (page, sel) in screens.items():
        expect(page.locator(sel)).to_have_text(TEXT)  # free text as typed, in every language
        seen = page.evaluate("(t) => window.__seen[t]", TEXT)
        print(f"announcement shown on {name}: {seen - tapped} ms after the director's tap")
    expect(card.get_by_test_id("announce-active")).to_have_count(1)
    expect(card.get_by_test_id("announce-active")).to_contain_text(TEXT)

    # a quick pick, worded by each screen in its own language; the newest shows first
    td.get_by_test_id("announce-template-dinner_break").click()
    words = {"de": "Essenspause in 15 Min.", "en": "Dinner break in 15 min"}
    for name, (page, sel) in screens.items():
        expect(page.locator(sel)).to_have_count(2)
        expect(page.locator(sel).first).to_have_text(words[name[-2:]])
        expect(page.locator(sel).nth(1)).to_have_text(TEXT)

    tv_page = screens["tv_en"][0]
    band = tv_page.get_by_test_id("tv-announcements")
    band.evaluate("el => Promise.all(el.getAnimations().map((a) => a.finished))")  # it has slid in
    box = band.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 1080 and box["width"] == 1920, box
    size = tv_page.evaluate(SMALLEST)
    assert size >= 48, f"announcement text {size}px: not readable from 5 m"  # one: ≥ 64 px (tv-room.css)
    assert_clear_of_the_sound_button(tv_page, box)
    shot(tv_page, "announcements-tv-1920x1080")
    shot(screens["phone_de"][0], "announcements-player-de-390x844")
    card.get_by_test_id("announce-active").first.evaluate("(el) => el.scrollIntoView({ block: 'center' })")
    shot(td, "announcements-director-390x844")

    found: dict = {}
    for name, (page, _) in screens.items():
        axe(page, name, found)
    axe(td, "director", found)
    # the band stays inside a smaller TV and a portrait one, still big
    for width, height in ((1280, 720), (1080, 1920)):
        tv_page.set_viewport_size({"width": width, "height": height})
        tv_page.wait_for_timeout(200)
        box = band.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height and box["width"] == width, (width, box)
        assert tv_page.evaluate(SMALLEST) >= 32, (width, height)
        shot(tv_page, f"announcements-tv-{width}x{height}")
    axe(tv_page, "tv 1080x1920", found)
    assert not found, report(found)

    for page, _ in screens.values():  # watch the disappearance from here on
        page.evaluate("() => { window.__gone = null; }")
    withdrawn_at = []
    for _ in range(2):
        withdrawn_at.append(
            td.evaluate(
                "() => { document.querySelector('[data-testid=announce-withdraw]').click(); return Date.now(); }"
            )
        )
        expect(card.get_by_test_id("announce-active")).to_have_count(2 - len(withdrawn_at))
    for name, (page, sel) in screens.items():
        expect(page.locator(sel)).to_have_count(0)
        gone = page.evaluate("() => window.__gone")
        print(f"announcements gone on {name}: {gone - withdrawn_at[-1]} ms after the second withdraw")
    expect(card).to_contain_text("Nothing announced.")
    shot(screens["tv_de"][0], "announcements-tv-withdrawn-1920x1080")
