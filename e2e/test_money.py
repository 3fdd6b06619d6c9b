"""Money on the phones: the director pays out, corrects and checks the chips; dealers record
several players out in one hand and count their chips; rebuys from the director's row.
Real Chromium against a real server; the field is built through the API for speed."""

from playwright.sync_api import expect

from director_phone import director_at, in_section
from server import command_ok as ok, director, view

EN = {"locale": "en-US"}


def field(api, preset, players, tables, name="Monday"):
    r = api.post("/api/tournaments", {"name": name, "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for i in range(1, players + 1):
        ok(api, tid, "register_player", {"name": f"Player {i:02d}", "id_checked": True})
    ok(api, tid, "draw_seats", {"tables": tables})
    ok(api, tid, "start_clock")
    return tid


def bust_until(api, tid, left, keep_table=None):
    """Bust players through the API until `left` are in; players of `keep_table` go last."""
    active = [e for e in view(api, tid)["entries"] if e["status"] == "active"]
    active.sort(key=lambda e: (e["table_no"] == keep_table, e["entry_id"]))
    for e in active[: len(active) - left]:
        ok(api, tid, "record_bust", {"entry_id": e["entry_id"]})


def director_page(phone, api, tid, **options):
    return director_at(phone, api, f"/director/{tid}/money", "money-card", **{**EN, **options})


def dealer_page(phone, api, tid, table_no):
    urls = api.get(f"/api/tournaments/{tid}/links").json()
    page = phone(**EN).new_page()
    page.goto(next(t["url"] for t in urls["tables"] if t["table_no"] == table_no))
    expect(page.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
    return page


def test_a_paid_bust_shows_pay_and_paid_removes_it(live_server, phone, shot):
    api = director(live_server)
    tid = field(api, "n-monday", 22, 3)
    bust_until(api, tid, 6)  # places 22…7: no money yet (5 places paid for 22 players)
    td = director_page(phone, api, tid)
    expect(td.get_by_test_id("payouts-none")).to_be_visible()
    sixth = next(e for e in view(api, tid)["entries"] if e["status"] == "active")
    in_section(td, "players")
    td.get_by_test_id(f"bust-{sixth['entry_id']}").click()
    td.get_by_test_id("bust-confirm").click()
    expect(td.get_by_test_id(f"entry-row-{sixth['entry_id']}")).to_have_attribute("data-place", "6")
    fifth = next(e for e in view(api, tid)["entries"] if e["status"] == "active")
    td.get_by_test_id(f"bust-{fifth['entry_id']}").click()
    td.get_by_test_id("bust-confirm").click()
    in_section(td, "money")
    due = td.get_by_test_id(f"payout-due-{fifth['entry_id']}")
    amount = next(p["amount"] for p in view(api, tid)["payouts"] if p["place"] == 5)
    expect(due).to_have_text(f"Pay {amount} CHF to {fifth['name']} (5th)Paid")
    expect(td.get_by_test_id(f"payout-due-{sixth['entry_id']}")).to_have_count(0)
    td.evaluate("window.scrollTo(0, 0)")
    shot(td, "director-pay-out")
    td.get_by_test_id(f"payout-paid-{fifth['entry_id']}").click()
    td.get_by_test_id("due-confirm").click()  # "Paid" asks once
    expect(due).to_have_count(0)
    in_section(td, "players")
    expect(td.get_by_test_id(f"entry-prize-{fifth['entry_id']}")).to_have_attribute("data-paid", "true")
    row = next(e for e in view(api, tid)["entries"] if e["entry_id"] == fifth["entry_id"])
    assert row["paid"] == amount
    in_section(td, "money")
    td.get_by_test_id("money-card").scroll_into_view_if_needed()
    shot(td, "director-money")
    # the player sees his prize and that it was handed over
    urls = api.get(f"/api/tournaments/{tid}/links").json()
    player = phone(**EN).new_page()
    player.goto(next(p["url"] for p in urls["players"] if p["entry_id"] == fifth["entry_id"]))
    prize = player.get_by_test_id("player-prize")
    expect(prize).to_have_attribute("data-paid", "true")
    expect(prize).to_contain_text(f"Your prize: {amount} CHF")
    expect(player.get_by_test_id("player-place")).to_have_text("You finished 5th")
    shot(player, "player-prize")
    # the paid 5th is disqualified (N-3.7): a correction to take the prize back, then Settled
    in_section(td, "players")
    td.get_by_test_id(f"entry-more-{fifth['entry_id']}").click()
    td.get_by_test_id(f"entry-disqualify-{fifth['entry_id']}").click()
    td.get_by_test_id("entry-dq-reason").fill("Chip dumping")
    td.get_by_test_id("entry-action-confirm").click()
    in_section(td, "money")
    correction = td.locator("[data-testid^='correction-'][data-entry-id]").first
    expect(correction).to_contain_text(f"{fifth['name']} was paid {amount} CHF. Now: no prize. Take back {amount} CHF.")
    td.evaluate("window.scrollTo(0, 0)")
    shot(td, "director-correction")
    cid = correction.get_attribute("data-testid").rsplit("-", 1)[1]
    td.get_by_test_id(f"correction-settle-{cid}").click()
    td.get_by_test_id("due-confirm").click()
    expect(td.get_by_test_id(f"correction-{cid}")).to_have_count(0)
    in_section(td, "players")
    # the same in German
    td.get_by_test_id("lang-switch").click()
    expect(td.get_by_test_id(f"entry-place-{sixth['entry_id']}")).to_have_text("5.")


def test_two_out_in_one_hand_the_bigger_stack_places_better(live_server, phone, shot):
    api = director(live_server)
    tid = field(api, "n-monday", 22, 3)
    bust_until(api, tid, 6, keep_table=1)
    at_one = [e for e in view(api, tid)["entries"] if e["status"] == "active" and e["table_no"] == 1]
    assert len(at_one) >= 2
    small, big = at_one[0], at_one[1]
    dealer = dealer_page(phone, api, tid, 1)
    dealer.get_by_test_id("dealer-multi-bust").click()
    dealer.get_by_test_id(f"multi-seat-{small['seat']}").click()
    dealer.get_by_test_id(f"multi-seat-{big['seat']}").click()
    dealer.get_by_test_id(f"multi-stack-{small['seat']}").fill("2000")
    dealer.get_by_test_id(f"multi-stack-{big['seat']}").fill("-3")
    dealer.get_by_test_id("multi-submit").click()
    expect(dealer.get_by_test_id("multi-error")).to_be_visible()  # refused inline, nothing sent
    dealer.get_by_test_id(f"multi-stack-{big['seat']}").fill("9000")
    shot(dealer, "dealer-multi-bust")
    dealer.get_by_test_id("multi-submit").click()
    expect(dealer.get_by_test_id(f"seat-{small['seat']}")).to_have_count(0)
    td = director_page(phone, api, tid)
    expect(td.get_by_test_id(f"payout-due-{big['entry_id']}")).to_contain_text("(5th)")
    in_section(td, "players")
    expect(td.get_by_test_id(f"entry-row-{big['entry_id']}")).to_have_attribute("data-place", "5")  # N-1.15
    expect(td.get_by_test_id(f"entry-row-{small['entry_id']}")).to_have_attribute("data-place", "6")
    td.evaluate("window.scrollTo(0, 0)")
    shot(td, "director-after-multi-bust")
    # one more out at this table: the dealer names who won the pot (optional) → eliminated_by
    third, winner = [e for e in at_one if e["entry_id"] not in (small["entry_id"], big["entry_id"])][:2]
    dealer.get_by_test_id(f"bust-{third['entry_id']}").click()
    dealer.get_by_test_id(f"bust-by-{winner['seat']}").click()
    shot(dealer, "dealer-bust-eliminated-by")
    dealer.get_by_test_id("bust-confirm").click()
    expect(td.get_by_test_id(f"entry-facts-{third['entry_id']}")).to_contain_text(f"by {winner['name']}")
    row = next(e for e in view(api, tid)["entries"] if e["entry_id"] == third["entry_id"])
    assert row["eliminated_by"] == winner["entry_id"] and row["place"] == 4


def test_a_rebuy_before_the_break_from_the_directors_row(live_server, phone, shot):
    api = director(live_server)
    tid = field(api, "v-ranking", 12, 2, name="Ranking")
    out = view(api, tid)["entries"][0]
    ok(api, tid, "record_bust", {"entry_id": out["entry_id"]})
    td = director_page(phone, api, tid)
    in_section(td, "players")
    row = td.get_by_test_id(f"entry-row-{out['entry_id']}")
    expect(row).to_have_attribute("data-status", "busted")
    expect(td.get_by_test_id(f"entry-rebuy-{out['entry_id']}")).to_be_visible()
    row.scroll_into_view_if_needed()
    shot(td, "director-rebuy-row")
    td.get_by_test_id(f"entry-rebuy-{out['entry_id']}").click()
    shot(td, "director-rebuy-confirm")
    td.get_by_test_id("entry-action-confirm").click()
    expect(row).to_have_attribute("data-status", "active")
    expect(row).to_have_attribute("data-rebuys", "1")
    expect(td.get_by_test_id(f"entry-facts-{out['entry_id']}")).to_contain_text("1× rebuy")
    in_section(td, "money")
    expect(td.get_by_test_id("money-rebuys")).to_have_text("1")
    in_section(td, "players")
    # an active player has no rebuy (condition "busted"), but add-on, leaves and disqualify
    other = view(api, tid)["entries"][1]
    expect(td.get_by_test_id(f"entry-rebuy-{other['entry_id']}")).to_have_count(0)
    td.get_by_test_id(f"entry-more-{other['entry_id']}").click()
    expect(td.get_by_test_id(f"entry-disqualify-{other['entry_id']}")).to_be_visible()
    td.get_by_test_id(f"entry-disqualify-{other['entry_id']}").click()
    expect(td.get_by_test_id("entry-action-confirm")).to_be_disabled()
    td.get_by_test_id("entry-dq-reason").fill("Collusion")
    shot(td, "director-disqualify")
    td.get_by_test_id("confirm-cancel").click()
    # the N preset has no rebuys: no button
    tid_n = field(api, "n-monday", 22, 3)
    ok(api, tid_n, "record_bust", {"entry_id": view(api, tid_n)["entries"][0]["entry_id"]})
    td.goto(f"{api.base}/#/director/{tid_n}/players")
    first = view(api, tid_n)["entries"][0]
    expect(td.get_by_test_id(f"entry-row-{first['entry_id']}")).to_have_attribute("data-status", "busted")
    expect(td.locator("[data-testid^='entry-rebuy-']")).to_have_count(0)


def test_a_chip_count_that_does_not_add_up_raises_the_alarm(live_server, phone, shot):
    api = director(live_server)
    tid = field(api, "n-monday", 22, 3)
    tables = view(api, tid)["tables"]
    for tb in tables[1:]:
        ok(api, tid, "chip_count", {"table_no": tb["table_no"], "stacks": {str(s["seat"]): 5000 for s in tb["seats"]}})
    seats = sorted(s["seat"] for s in tables[0]["seats"])
    dealer = dealer_page(phone, api, tid, tables[0]["table_no"])
    dealer.get_by_test_id("dealer-chip-count").click()
    for seat in seats:
        dealer.get_by_test_id(f"chip-seat-{seat}").fill("5000")
    dealer.get_by_test_id(f"chip-seat-{seats[0]}").fill("-50")
    expect(dealer.get_by_test_id(f"chip-error-{seats[0]}")).to_have_attribute("data-error", "invalid")
    dealer.get_by_test_id(f"chip-seat-{seats[0]}").fill("4000")
    expect(dealer.get_by_test_id(f"chip-error-{seats[0]}")).to_have_count(0)
    expect(dealer.get_by_test_id("chip-total")).to_have_attribute("data-total", str(5000 * len(seats) - 1000))
    shot(dealer, "dealer-chip-count")
    dealer.get_by_test_id("chip-submit").click()
    expect(dealer.get_by_test_id("chip-count")).to_have_count(0)
    td = director_page(phone, api, tid)
    check = td.get_by_test_id("chip-check")
    expect(check).to_have_attribute("data-alarm", "true")
    expect(check).to_have_attribute("data-difference", "-1000")
    expect(td.get_by_test_id("chip-alarm")).to_be_visible()
    td.evaluate("window.scrollTo(0, 0)")
    shot(td, "director-chip-alarm")
