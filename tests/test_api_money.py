"""Places, money and entries over HTTP in-process (Flask's test client). Bad input gets a JSON
error naming the field and the rule, and nothing is applied (the seq does not move)."""

import html
import time

import pytest

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)


def tournament(td, preset: str, players: int, tables: int = 1) -> int:
    r = td.post("/api/tournaments", {"name": f"{preset} night", "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for i in range(1, players + 1):
        assert td.command(tid, "register_player", {"name": f"Player {i:02d}", "id_checked": True}).status_code == 200
    assert td.command(tid, "draw_seats", {"tables": tables}).status_code == 200
    return tid


def seq(td, tid) -> int:
    return td.get(f"/api/tournaments/{tid}/view").json()["seq"]


def refused(td, tid, type, payload, status, field, *words, at=None):
    r = td.command(tid, type, payload, at=at)
    body = r.json()
    assert (r.status_code, body["field"]) == (status, field), (type, payload, r.text)
    for word in words:
        assert word in body["message"], (word, body["message"])
    return body


def test_bad_busts_and_amounts_name_the_field_and_the_rule_and_apply_nothing(server, td):
    """N-1.15: a player is out once; entries of another tournament do not exist here; chips and
    stacks are whole numbers, 0 or more (N-1.15, V-VI.d, N-3.9); N-1.19: no rebuy in a freeze-out."""
    tid = tournament(td, "n-monday", 6)
    other = tournament(td, "n-monday", 8)
    assert td.command(tid, "record_bust", {"entry_id": 1}).status_code == 200
    before = seq(td, tid)
    refused(td, tid, "record_bust", {"entry_id": 1}, 409, "entry_id", "already out", "out once")
    refused(
        td, tid, "record_bust", {"entry_id": 8}, 404, "entry_id", "#8", "in this tournament"
    )  # entry 8 is the other's
    refused(
        td,
        tid,
        "record_busts",
        {"table_no": 1, "busts": [{"entry_id": 1, "starting_stack": 100}]},
        409,
        "busts.0.entry_id",
        "already out",
    )
    refused(td, tid, "rebuy", {"entry_id": 1}, 409, "entry_id", "no rebuys", "N-1.19")
    refused(td, tid, "record_bust", {"entry_id": 2, "starting_stack": -1}, 400, "payload.starting_stack", "N-1.15")
    refused(
        td,
        tid,
        "record_bust",
        {"entry_id": 2, "starting_stack": "lots"},
        400,
        "payload.starting_stack",
        "whole number",
        "N-1.15",
    )
    refused(
        td,
        tid,
        "record_busts",
        {"table_no": 1, "busts": [{"entry_id": 2, "starting_stack": -3}]},
        400,
        "payload.busts.0.starting_stack",
        "N-1.15",
    )
    refused(td, tid, "chip_count", {"table_no": 1, "stacks": {"2": -5}}, 400, "payload.stacks.2", "0 or more", "N-3.9")
    refused(td, tid, "chip_count", {"table_no": 1, "stacks": {"2": "abc"}}, 400, "payload.stacks.2", "whole number")
    refused(td, tid, "chip_count", {"table_no": 1, "stacks": {"2": 1.5}}, 400, "payload.stacks.2")
    refused(td, tid, "player_leaves", {"entry_id": 2, "chips": -100}, 400, "payload.chips", "V-VI.d")
    refused(td, tid, "disqualify", {"entry_id": 2, "reason": "x", "chips": "many"}, 400, "payload.chips", "N-2.22")
    refused(td, tid, "record_bust", {"entry_id": 2, "eliminated_by": 99}, 404, "eliminated_by")
    refused(td, tid, "confirm_payout", {"entry_id": 1}, 409, "entry_id", "no prize", "N-3.7")
    assert seq(td, tid) == before  # nothing applied
    assert td.get(f"/api/tournaments/{other}/view").json()["players_left"] == 8


def test_v_xiii_a_rebuy_after_the_break_and_a_second_add_on_are_refused(server, td):
    tid = tournament(td, "v-ranking", 6)
    assert td.command(tid, "start_clock").status_code == 200
    assert td.command(tid, "record_bust", {"entry_id": 1}).status_code == 200
    r = td.command(tid, "rebuy", {"entry_id": 1})
    assert r.status_code == 200 and r.json()["result"]["rebuys"] == 1
    assert td.command(tid, "record_bust", {"entry_id": 1}).status_code == 200
    assert td.command(tid, "jump_to_level", {"index": 7}).status_code == 200  # the add-on break
    assert td.command(tid, "addon", {"entry_id": 2}).status_code == 200
    before = seq(td, tid)
    refused(td, tid, "addon", {"entry_id": 2}, 409, "entry_id", "already took the add-on", "V-XIII")
    refused(td, tid, "rebuy", {"entry_id": 1}, 409, "entry_id", "first break", "V-XIII")
    refused(td, tid, "addon", {"entry_id": 1}, 409, "entry_id", "out")
    refused(td, tid, "addon", {"entry_id": "two"}, 400, "payload.entry_id")
    refused(td, tid, "rebuy", {"entry_id": -4}, 400, "payload.entry_id")
    assert seq(td, tid) == before
    view = td.get(f"/api/tournaments/{tid}/view").json()
    row = {e["entry_id"]: e for e in view["entries"]}
    assert (row[1]["rebuys"], row[2]["addon"], view["rebuys"], view["addons"]) == (1, True, 1, 1)
    assert view["chips"]["in_play"] == 6 * 7500 + 7500 + 10000


def test_n_3_8_pay_at_the_bust_and_settle_a_late_bust_correction(server, td):
    """N-3.7 / N-3.8: the director sees what to pay at each paid bust and confirms it; a bust recorded
    earlier that arrives later re-places the paid player and raises a correction."""
    tid = tournament(td, "n-monday", 11)
    time.sleep(0.4)  # recorded times after the draw: no bust counts from before it
    t0 = td.get("/api/health").json()["server_time"]
    for i, e in enumerate(range(11, 4, -1)):
        assert td.command(tid, "record_bust", {"entry_id": e}, at=t0 - 300 + i).status_code == 200
    assert td.command(tid, "record_bust", {"entry_id": 4}, at=t0 - 100).json()["result"]["place"] == 4
    view = td.get(f"/api/tournaments/{tid}/view").json()
    assert view["prize_pool"] == 1375 and [p["amount"] for p in view["payouts"]] == [578, 385, 261, 151]
    assert [(d["entry_id"], d["amount"]) for d in view["payouts_due"]] == [(4, 151)]
    assert td.command(tid, "confirm_payout", {"entry_id": 4}).json()["result"] == {"entry_id": 4, "amount": 151}
    late = td.command(tid, "record_bust", {"entry_id": 3}, at=t0 - 200)  # before 4's bust
    assert late.json()["result"] == {"entry_id": 3, "place": 4}
    view = td.get(f"/api/tournaments/{tid}/view").json()
    (c,) = view["corrections"]
    assert (c["entry_id"], c["paid"], c["due"]) == (4, 151, 261)
    assert td.command(tid, "settle_correction", {"id": c["id"]}).status_code == 200
    assert td.get(f"/api/tournaments/{tid}/view").json()["corrections"] == []
    links = td.get(f"/api/tournaments/{tid}/links").json()
    token = next(p["url"] for p in links["players"] if p["entry_id"] == 4).rsplit("/", 1)[1]
    player = server.api(token)
    pv = player.get(f"/api/tournaments/{tid}/view").json()
    assert (pv["place"], pv["prize"], pv["paid"]) == (3, 261, 261)
    assert player.command(tid, "confirm_payout", {"entry_id": 4}).status_code == 403
    dealer = server.api(links["tables"][0]["url"].rsplit("/", 1)[1])
    assert dealer.command(tid, "settle_correction", {"id": 1}).status_code == 403


def test_same_hand_busts_and_chip_counts_from_the_dealer(server, td):
    """N-1.15: two out in one hand ranked by starting stack; the dealer's count is checked against
    the chips in play."""
    tid = tournament(td, "n-monday", 6)
    links = td.get(f"/api/tournaments/{tid}/links").json()
    dealer = server.api(links["tables"][0]["url"].rsplit("/", 1)[1])
    r = dealer.command(
        tid,
        "record_busts",
        {
            "table_no": 1,
            "eliminated_by": 1,
            "busts": [{"entry_id": 5, "starting_stack": 4000}, {"entry_id": 6, "starting_stack": 2500}],
        },
    )
    assert r.status_code == 200, r.text
    assert {p["entry_id"]: p["place"] for p in r.json()["result"]["places"]} == {5: 5, 6: 6}
    table = dealer.get(f"/api/tournaments/{tid}/view").json()
    stacks = {str(s["seat"]): 7500 for s in table["seats"]}
    assert dealer.command(tid, "chip_count", {"table_no": 1, "stacks": stacks}).status_code == 200
    chips = td.get(f"/api/tournaments/{tid}/view").json()["chips"]
    assert (chips["in_play"], chips["counted"], chips["difference"], chips["alarm"]) == (30000, 30000, 0, False)
    stacks[next(iter(stacks))] = 7000
    assert dealer.command(tid, "chip_count", {"table_no": 1, "stacks": stacks}).status_code == 200
    chips = td.get(f"/api/tournaments/{tid}/view").json()["chips"]
    assert (chips["difference"], chips["alarm"]) == (-500, True)


def test_n_3_1_n_3_2_n_3_8_the_cash_box_of_the_night_and_its_payout_slips(server, td):
    """The cash box: buy-ins paid at the desk against those paid in advance (N-3.2), a reservation
    not yet paid, the house's share (the fee, N-3.1), paid out (N-3.8) and what should be in the box;
    a payout slip per prize, printable (German: 1'875 CHF, Swiss style), names escaped."""
    r = td.post("/api/tournaments", {"name": "Montag", "preset": "n-monday"})
    tid = r.json()["id"]
    for i in range(1, 12):
        name = "<b>Eleven</b>" if i == 11 else f"Player {i:02d}"  # still in at the end: a slip of his own
        assert td.command(tid, "register_player", {"name": name, "id_checked": True}).status_code == 200
    assert td.command(tid, "register_player", {"name": "Pre", "id_checked": True, "prepaid": True}).status_code == 200
    assert (
        td.command(tid, "register_player", {"name": "Reserved", "present": False, "prepaid": True}).status_code == 200
    )
    assert td.command(tid, "register_player", {"name": "Unpaid Away", "present": False}).status_code == 200
    assert td.command(tid, "draw_seats", {"tables": 2}).status_code == 200
    for entry_id in range(1, 11):
        assert td.command(tid, "record_bust", {"entry_id": entry_id}).status_code == 200
    assert td.command(tid, "record_bust", {"entry_id": 12}).status_code == 200  # Eleven wins
    box = td.get(f"/api/tournaments/{tid}/cash-box").json()
    assert (box["buy_ins"], box["at_desk"], box["prepaid"], box["outstanding"]) == (14, 11, 2, 1)
    assert (box["collected_at_desk"], box["paid_in_advance"], box["not_yet_paid"]) == (1650, 300, 150)
    assert (box["prize_pool"], box["house"], box["paid_out"]) == (1750, 350, 0)
    due = td.get(f"/api/tournaments/{tid}/view").json()["payouts_due"]
    assert due, "N-3.8: a prize is due after the bubble"
    first = due[0]
    assert td.command(tid, "confirm_payout", {"entry_id": first["entry_id"]}).status_code == 200
    box = td.get(f"/api/tournaments/{tid}/cash-box").json()
    assert box["paid_out"] == first["amount"] and box["in_the_box"] == 1650 - first["amount"]
    assert any(s["entry_id"] == first["entry_id"] and s["paid"] == first["amount"] for s in box["slips"])
    page = td.get(f"/api/tournaments/{tid}/print/cash-box?lang=de")
    assert page.status_code == 200 and "text/html" in page.headers["Content-Type"]
    text = html.unescape(page.text)
    assert "Kasse" in text and "1'650 CHF" in text and "Auszahlungsbelege" in text
    assert "<b>Eleven</b>" not in page.text and "&lt;b&gt;Eleven&lt;/b&gt;" in page.text
    assert td.get(f"/api/tournaments/{tid}/print/cash-box?lang=fr").status_code == 400
