"""The director's note to a table's dealer on real phones: the director writes it in the table's
card (Floor), that table's dealer phone shows it at once (pushed), in German under its German
heading; another table's phone does not; cleared, it goes away. Real Chromium, real server."""

from playwright.sync_api import expect

from director_phone import director_at
from server import command_ok, director, links

NOTE = "Seat 4 leaves at 22:00"


def test_the_dealer_sees_the_director_s_note_for_his_table(live_server, phone):
    api = director(live_server)
    r = api.post("/api/tournaments", {"name": "Monday", "preset": "generic"})
    tid = r.json()["id"]
    for i in range(1, 13):
        command_ok(api, tid, "register_player", {"name": f"Player {i:02d}"})
    command_ok(api, tid, "draw_seats", {"tables": 2})
    urls = {t["table_no"]: t["url"] for t in links(api, tid)["tables"]}
    dealer = phone(locale="de-DE").new_page()
    dealer.goto(urls[1])
    other = phone(locale="en-US").new_page()
    other.goto(urls[2])
    expect(dealer.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
    expect(dealer.get_by_test_id("table-note")).to_have_count(0)

    td = director_at(phone, api, f"/director/{tid}/floor", "tables-fold", locale="en-US")
    td.get_by_test_id("tables-fold").locator("summary").click()
    td.get_by_test_id("table-note-1").fill(NOTE)
    td.get_by_test_id("table-note-1-save").click()

    note = dealer.get_by_test_id("table-note")
    expect(note).to_contain_text("Vom Turnierleiter")
    expect(note).to_contain_text(NOTE)
    expect(other.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
    expect(other.get_by_test_id("table-note")).to_have_count(0)

    td.get_by_test_id("table-note-1-clear").click()
    expect(dealer.get_by_test_id("table-note")).to_have_count(0)
