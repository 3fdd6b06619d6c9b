"""A refusal in the phone's language: the server answers with a code and the message's parts
(`params`), the German phone says it in German (docs/api.md "Rejections"). A dealer busts,
offline, a player the director has just moved to another table (N-2.10: the dealer there records
it); the director's CSV report names a nameless line and a duplicate in German. Real Chromium,
real server."""

from playwright.sync_api import expect

from director_phone import signed_in
from server import command_ok as ok, director, links, seated_tournament

DE = {"locale": "de-DE"}


def test_a_german_dealer_reads_why_his_offline_bust_of_a_moved_player_was_refused(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=10, tables=2)
    view = api.get(f"/api/tournaments/{tid}/view").json()
    seats2 = sorted((e["seat"], e["entry_id"], e["name"]) for e in view["entries"] if e["table_no"] == 2)
    ok(api, tid, "set_button", {"table_no": 2, "seat": seats2[0][0]})
    table = next(t for t in links(api, tid)["tables"] if t["table_no"] == 2)
    context = phone(**DE)
    page = context.new_page()
    page.goto(table["url"])
    expect(page.get_by_test_id("dealer-new-hand")).to_be_visible()

    _, victim, name = seats2[1]
    context.set_offline(True)
    expect(page.get_by_test_id("sync-online")).to_have_attribute("data-online", "false")
    page.get_by_test_id(f"bust-{victim}").click()
    page.get_by_test_id("bust-confirm").click()
    taken = {e["seat"] for e in view["entries"] if e["table_no"] == 1}
    seat = min(s for s in range(1, 11) if s not in taken)
    ok(api, tid, "move_player", {"entry_id": victim, "to_table": 1, "to_seat": seat})
    context.set_offline(False)

    item = page.get_by_test_id("rejected-item")
    expect(item).to_have_count(1)
    expect(item.locator(".rejected-reason")).to_have_text(
        f"{name} wurde an Tisch 1, Sitz {seat} versetzt — Bust nicht übernommen; das erfasst der Dealer dort."
    )
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "dealer-refusal-german")


def test_a_german_director_reads_the_import_report_in_german(live_server, phone, shot):
    api = director(live_server)
    tid = api.post("/api/tournaments", {"name": "Montag", "preset": "n-monday"}).json()["id"]
    ok(api, tid, "register_player", {"name": "Anna Bär", "id_checked": True})
    context = phone(**DE)
    signed_in(context, api)
    page = context.new_page()
    page.goto(f"{api.base}/#/director/{tid}")
    expect(page.get_by_test_id("desk")).to_be_visible()
    csv = "Name;Bezahlt\nAnna Bär;ja\n;ja\nCarla Carl;\n".encode("cp1252")
    page.get_by_test_id("import-file").set_input_files(
        files=[{"name": "spieler.csv", "mimeType": "text/csv", "buffer": csv}]
    )
    expect(page.get_by_test_id("import-report")).to_be_visible()
    expect(page.get_by_test_id("import-line-2")).to_have_text("Zeile 2: Anna Bär ist schon angemeldet.")
    expect(page.get_by_test_id("import-line-3")).to_have_text("Zeile 3: kein Name")
    page.get_by_test_id("import-report").evaluate("el => { el.scrollIntoView(); window.scrollBy(0, -100); }")
    shot(page, "import-report-german")
