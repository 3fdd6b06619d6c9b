"""The director undoes a wrong bust from Recent busts (next to
each bust, not behind "⋯"); the dealer's
phone shows the player back in his seat and the player's phone shows his seat again (not
"busted"). When his seat was taken since, the dialog offers a free seat. Real Chromium against a
real server; the field is built through the API for speed."""

from playwright.sync_api import expect

from director_phone import director_at
from server import command_ok as ok, director, links, seated_tournament, view

EN = {"locale": "en-US"}


def director_page(phone, api, tid):
    return director_at(phone, api, f"/director/{tid}/players", "players-left", **EN)


def open_undo(page, entry_id):
    bust = page.get_by_test_id(f"recent-bust-{entry_id}")
    bust.scroll_into_view_if_needed()
    button = bust.get_by_test_id(f"entry-undo-bust-{entry_id}")  # one tap, beside the bust
    assert button.bounding_box()["height"] >= 44
    button.click()
    expect(page.get_by_test_id("undo-bust-dialog")).to_be_visible()


def test_director_undoes_a_bust_and_dealer_and_player_phones_show_the_seat_again(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=12, tables=2)
    entries = {e["entry_id"]: e for e in view(api, tid)["entries"]}
    anna = next(e for e in entries.values() if e["table_no"] == 1)
    later = next(e for e in entries.values() if e["table_no"] == 2)
    ok(api, tid, "record_bust", {"entry_id": anna["entry_id"]})  # 12th
    ok(api, tid, "record_bust", {"entry_id": later["entry_id"]})  # 11th

    qr = links(api, tid)
    dealer = phone(**EN).new_page()
    dealer.goto(next(t["url"] for t in qr["tables"] if t["table_no"] == 1))
    seat = dealer.get_by_test_id(f"seat-{anna['seat']}")
    expect(dealer.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
    expect(seat).to_have_count(0)
    player = phone(**EN).new_page()
    player.goto(next(p["url"] for p in qr["players"] if p["entry_id"] == anna["entry_id"]))
    expect(player.get_by_test_id("player-place")).to_have_attribute("data-place", "12")

    td = director_page(phone, api, tid)
    open_undo(td, anna["entry_id"])
    expect(td.get_by_test_id("undo-bust-back")).to_contain_text(f"{anna['name']} back to table 1 seat {anna['seat']}.")
    expect(td.get_by_test_id("undo-bust-shift")).to_have_text(f"{later['name']} 11th → 12th")
    submit = td.get_by_test_id("undo-bust-submit")
    expect(submit).to_be_disabled()  # a reason is required (it goes into the record)
    td.get_by_test_id("undo-bust-reason").fill("won the side pot")
    shot(td, "undo-bust-dialog")
    submit.click()

    row = td.get_by_test_id(f"entry-row-{anna['entry_id']}")
    expect(row).to_have_attribute("data-status", "active")
    expect(td.get_by_test_id(f"entry-row-{later['entry_id']}")).to_have_attribute("data-place", "12")
    expect(td.get_by_test_id("players-left")).to_have_text("11")
    expect(seat).to_have_attribute("data-entry-id", str(anna["entry_id"]))  # the dealer's phone
    expect(seat).not_to_have_attribute("data-busted", "true")
    expect(seat).to_contain_text(anna["name"])
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-seat", str(anna["seat"]))
    expect(player.get_by_test_id("player-place")).to_have_count(0)

    # His seat taken since: the dialog says by whom and offers the free seats.
    bob = next(e for e in entries.values() if e["table_no"] == 1 and e["entry_id"] != anna["entry_id"])
    mover = next(e for e in entries.values() if e["table_no"] == 2 and e["entry_id"] != later["entry_id"])
    ok(api, tid, "record_bust", {"entry_id": bob["entry_id"]})
    ok(api, tid, "move_player", {"entry_id": mover["entry_id"], "to_table": 1, "to_seat": bob["seat"], "force": True})
    open_undo(td, bob["entry_id"])
    picker = td.get_by_test_id("undo-bust-seat-picker")
    expect(picker).to_contain_text(f"Table 1 seat {bob['seat']} has been taken by {mover['name']} since")
    td.get_by_test_id(f"undo-seat-2-{mover['seat']}").click()
    td.get_by_test_id("undo-bust-reason").fill("wrong seat")
    shot(td, "undo-bust-seat-picker")
    td.get_by_test_id("undo-bust-submit").click()
    expect(td.get_by_test_id(f"entry-row-{bob['entry_id']}")).to_have_attribute("data-status", "active")
    back = next(e for e in view(api, tid)["entries"] if e["entry_id"] == bob["entry_id"])
    assert (back["table_no"], back["seat"]) == (2, mover["seat"])


def test_the_winner_row_offers_no_bust_once_the_tournament_is_finished(live_server, phone):
    api = director(live_server)
    tid = seated_tournament(api, players=3, tables=1)
    for entry_id in (3, 2):
        ok(api, tid, "record_bust", {"entry_id": entry_id})
    td = director_page(phone, api, tid)
    expect(td.get_by_test_id("entry-won-1")).to_have_text("1st")
    expect(td.get_by_test_id("bust-1")).to_have_count(0)
    expect(td.get_by_test_id("recent-bust-3")).to_be_visible()
    expect(td.get_by_test_id("entry-undo-bust-3")).to_have_count(0)  # only the bust that ended it
    expect(td.get_by_test_id("recent-bust-2").get_by_test_id("entry-undo-bust-2")).to_be_visible()
    td.get_by_test_id("entry-more-3").click()  # disqualify stays possible after the end, undo is not there
    expect(td.get_by_test_id("entry-disqualify-3")).to_be_visible()
    expect(td.get_by_test_id("entry-undo-bust-3")).to_have_count(0)
