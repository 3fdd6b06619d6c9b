"""The director's attention bar. A bust unbalances the tables; the balancing move shows
on top of whatever section is open, even scrolled down, one tap applies it on the server, and a
new item buzzes (navigator.vibrate) and chimes once — not at the first load, not when silenced.
A level jump asks first. Real Chromium, real server."""

import time

from playwright.sync_api import expect

from director_phone import open_section, signed_in
from server import command_ok as ok, director, seated_tournament, view, view_when

EN = {"locale": "en-US"}
# Counts the phone's vibrations: Chromium's navigator.vibrate does nothing visible in a test.
COUNT_VIBRATE = "window.__vibrations = 0; navigator.vibrate = (p) => { window.__vibrations += 1; return true; };"
GRACE_S = 3.0  # AttentionBar.GRACE_MS: the first seconds after opening stay quiet


def bust_at_table(api, tid, table_no, n):
    """Bust `n` players at a table (as its dealer would); returns their entry ids."""
    table = next(t for t in view(api, tid)["tables"] if t["table_no"] == table_no)
    out = [s["entry_id"] for s in sorted(table["seats"], key=lambda s: s["seat"])[:n]]
    for entry_id in out:
        ok(api, tid, "record_bust", {"entry_id": entry_id})
    return out


def moves(api, tid):
    return [s for s in view(api, tid)["suggestions"] if s["kind"] == "move"]


def director_phone(phone, api, tid, silenced=False):
    context = signed_in(phone(**EN), api)
    context.add_init_script(COUNT_VIBRATE)
    page = context.new_page()
    page.goto(f"{api.base}/#/director/{tid}")
    expect(page.get_by_test_id("attention-bar")).to_be_visible()
    return page


def counts(page):
    return page.evaluate("[window.__vibrations, window.__pokerfloorAlerts || 0]")


def expect_on_screen(page, locator):
    """Visible without scrolling back up: inside the 390×844 viewport after scrolling to the end."""
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, box


def test_a_bust_that_unbalances_the_tables_shows_on_top_and_one_tap_balances(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=20, tables=2)  # 10 and 10
    bust_at_table(api, tid, 1, 3)  # 7 and 10: more than 2 apart, one move (TDA 11A / N-2.11)
    assert len(moves(api, tid)) == 1

    td = director_phone(phone, api, tid)
    item = td.get_by_test_id("attention-item").first
    expect(item).to_have_attribute("data-kind", "move")
    time.sleep(GRACE_S + 0.5)
    assert counts(td) == [0, 0], "an item already there at the first load must not buzz"

    # Players section, scrolled to its end: the item is still on screen.
    open_section(td, "players")
    expect_on_screen(td, item)
    shot(td, "attention-bar-move")

    move = moves(api, tid)[0]
    item.get_by_test_id("attention-act").click()  # one tap, no dialog: the move is applied
    after = view_when(api, tid, lambda v: not any(s["kind"] == "move" for s in v["suggestions"]))
    seats = {s["entry_id"]: (t["table_no"], s["seat"]) for t in after["tables"] for s in t["seats"]}
    assert seats[move["entry_id"]] == (move["to_table"], move["to_seat"])
    assert sorted(len(t["seats"]) for t in after["tables"]) == [8, 9]
    expect(td.locator("[data-testid='attention-item'][data-kind='move']")).to_have_count(0)
    assert counts(td) == [0, 0]

    # A new bust unbalances them again: a new item buzzes and chimes exactly once.
    bust_at_table(api, tid, 1, 2)  # 6 and 9
    expect(td.locator("[data-testid='attention-item'][data-kind='move']")).to_have_count(1)
    td.wait_for_timeout(500)
    assert counts(td) == [1, 1]
    # The same item in a newer view (another command) is not new: no second buzz.
    # (who moves is drawn anew with each version of the floor: the item is the same need)
    ok(api, tid, "start_clock")
    td.wait_for_timeout(800)
    assert counts(td) == [1, 1]


def test_silenced_on_this_phone_a_new_item_shows_without_buzz_or_chime(live_server, phone):
    api = director(live_server)
    tid = seated_tournament(api, players=20, tables=2)
    td = director_phone(phone, api, tid)
    open_section(td, "tools")
    toggle = td.get_by_test_id("alerts-toggle")
    expect(toggle).to_be_checked()
    toggle.uncheck()
    assert td.evaluate("localStorage.getItem('pokerfloor.director.alerts')") == "off"
    td.reload()  # stored on the phone: still off after a reload, and the Tools section stays open
    expect(td.get_by_test_id("section-body-tools")).to_be_visible()
    expect(td.get_by_test_id("alerts-toggle")).not_to_be_checked()
    time.sleep(GRACE_S + 0.5)

    bust_at_table(api, tid, 2, 3)
    item = td.locator("[data-testid='attention-item'][data-kind='move']")
    expect(item).to_have_count(1)
    expect_on_screen(td, item)
    td.wait_for_timeout(500)
    assert counts(td) == [0, 0]


def test_a_level_jump_asks_first(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=10, tables=1)
    ok(api, tid, "start_clock")
    td = director_phone(phone, api, tid)
    open_section(td, "clock")
    expect(td.get_by_test_id("clock-status")).to_have_attribute("data-status", "running")
    level = view(api, tid)["clock"]["level_index"]

    td.get_by_test_id("clock-next-level").click()
    dialog = td.get_by_role("alertdialog")
    expect(dialog).to_be_visible()
    shot(td, "clock-jump-confirm")
    td.get_by_test_id("confirm-cancel").click()
    expect(dialog).to_have_count(0)
    time.sleep(0.5)
    assert view(api, tid)["clock"]["level_index"] == level, "cancelled: the clock stays"

    td.get_by_test_id("clock-next-level").click()
    td.get_by_test_id("clock-jump-confirm").click()
    after = view_when(api, tid, lambda v: v["clock"]["level_index"] != level)
    assert after["clock"]["level_index"] > level
