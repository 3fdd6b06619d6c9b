"""The house rules on the phones (real Chromium, real server): the desk's ID box for a walk-in (N-3.4,
P-Teilnahme), the dealer's "Seat 4 (new) posts the big blind this hand" (P-Spielverlauf) in English
and German, and an S-Trophy dealer giving a missed round (S-#36). Screenshots at 390×844."""

from playwright.sync_api import expect

from director_phone import director_at
from server import command_ok as ok, director, view

EN = {"locale": "en-US"}
DE = {"locale": "de-DE"}


def dealer_page(phone, api, tid, table_no, **options):
    urls = api.get(f"/api/tournaments/{tid}/links").json()
    page = phone(**options).new_page()
    page.goto(next(t["url"] for t in urls["tables"] if t["table_no"] == table_no))
    expect(page.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
    return page


def test_p_spielverlauf_a_late_walk_in_shows_his_id_and_posts_the_big_blind_in_his_first_hand(live_server, phone, shot):
    api = director(live_server)
    tid = api.post("/api/tournaments", {"name": "Qualifier", "preset": "p-qualifier"}).json()["id"]
    for i in range(1, 9):
        ok(api, tid, "register_player", {"name": f"Player {i:02d}", "id_checked": True})
    ok(api, tid, "draw_seats", {"tables": 1})
    ok(api, tid, "start_clock")
    first = sorted(s["seat"] for s in view(api, tid)["tables"][0]["seats"])[0]
    ok(api, tid, "set_button", {"table_no": 1, "seat": first})
    ok(api, tid, "new_hand", {"table_no": 1})

    # The director's phone: a late walk-in shows his ID (P-Teilnahme): the one button says so, and
    # Enter in the name field never registers him without that tap.
    td = director_at(phone, api, f"/director/{tid}/desk", "register-name", **EN)  # The desk section
    submit = td.get_by_test_id("register-submit")
    expect(submit).to_be_disabled()  # no name yet
    td.get_by_test_id("register-name").fill("Late Larry")
    expect(submit).to_have_text("ID seen (18+) · Register")
    expect(td.get_by_test_id("register-id-hint")).to_contain_text("P-Teilnahme")
    td.get_by_test_id("register-name").press("Enter")
    expect(submit).to_be_focused()
    assert all(e["name"] != "Late Larry" for e in view(api, tid)["entries"])  # Enter alone: nothing
    td.evaluate("() => { document.getElementById('register').scrollIntoView(); window.scrollBy(0, -100); }")
    shot(td, "issue12-desk-walk-in-id-box")
    submit.click()
    late = td.get_by_test_id("register-late-result")
    expect(late).to_contain_text("Late Larry: table 1")
    expect(td.get_by_test_id("register-name")).to_have_value("")
    entry = next(e for e in view(api, tid)["entries"] if e["name"] == "Late Larry")
    assert entry["id_checked"] and entry["present"]
    seat = entry["seat"]

    # The dealer's phone: before his first hand "next hand", once dealt "this hand".
    dealer = dealer_page(phone, api, tid, 1, **EN)
    row = dealer.get_by_test_id(f"dealer-new-bb-{seat}")
    expect(row).to_have_attribute("data-when", "next_hand")
    expect(row).to_contain_text(f"Seat {seat} (new) posts the big blind next hand")
    dealer.get_by_test_id("dealer-new-hand").click()
    expect(row).to_have_attribute("data-when", "this_hand")
    expect(row).to_contain_text(f"Seat {seat} (new) posts the big blind this hand")
    expect(row).to_contain_text("Late Larry")
    dealer.get_by_test_id("dealer-hand-no").scroll_into_view_if_needed()
    shot(dealer, "issue12-dealer-new-big-blind-en")

    german = dealer_page(phone, api, tid, 1, **DE)
    row_de = german.get_by_test_id(f"dealer-new-bb-{seat}")
    expect(row_de).to_contain_text(f"Sitz {seat} (neu) zahlt in dieser Hand den Big Blind")
    shot(german, "issue12-dealer-new-big-blind-de")

    # His second hand: nothing extra any more.
    dealer.get_by_test_id("dealer-new-hand").click()
    expect(dealer.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "3")
    expect(dealer.get_by_test_id("dealer-new-bb")).to_have_count(0)


def test_s_36_the_trophy_dealer_gives_a_missed_round_from_his_phone(live_server, phone, shot):
    api = director(live_server)
    tid = api.post("/api/tournaments", {"name": "Trophy", "preset": "s-trophy"}).json()["id"]
    for i in range(1, 7):
        ok(api, tid, "register_player", {"name": f"Player {i:02d}"})
    ok(api, tid, "draw_seats", {"tables": 1})
    seats = sorted(view(api, tid)["tables"][0]["seats"], key=lambda s: s["seat"])
    ok(api, tid, "set_button", {"table_no": 1, "seat": seats[0]["seat"]})
    ok(api, tid, "new_hand", {"table_no": 1})
    dealer = dealer_page(phone, api, tid, 1, **EN)
    dealer.get_by_test_id("dealer-warn").click()
    target = seats[2]
    dealer.get_by_test_id(f"warn-seat-{target['seat']}").click()
    dealer.get_by_test_id("dpen-kind-missed_round").click()
    expect(dealer.get_by_test_id("warn-submit")).to_be_disabled()  # the orbits first
    dealer.get_by_test_id("dpen-orbits-1").click()
    dealer.get_by_test_id("warn-reason").fill("Abuse of the dealer")
    shot(dealer, "issue12-dealer-missed-round")
    dealer.get_by_test_id("warn-submit").click()
    expect(dealer.get_by_test_id(f"sitout-{target['seat']}")).to_have_attribute("data-hands-left", "6")
    pen = next(e for e in view(api, tid)["entries"] if e["entry_id"] == target["entry_id"])["penalty"]
    assert pen["kind"] == "missed_round" and pen["hands_left"] == 6
