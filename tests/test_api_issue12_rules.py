"""The house rules over HTTP in-process (Flask's test client): refusals name their rule, a late player owes
the big blind (defect 3, P-Spielverlauf), an S dealer gives sit-out penalties (defect 5, S-#36) and
a walk-in needs the ID check (defect 11, N-3.4, P-Teilnahme)."""

import pytest

from server import command_ok, links, token_of
from test_api_money import tournament

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)


def dealer_api(server, td, tid, table_no):
    url = next(t["url"] for t in links(td, tid)["tables"] if t["table_no"] == table_no)
    return server.api(token_of(url))


def test_p_spielverlauf_late_seats_owe_the_big_blind_and_the_refusal_after_the_race_names_its_rule(server, td):
    tid = tournament(td, "p-qualifier", 8)
    command_ok(td, tid, "start_clock")
    command_ok(
        td,
        tid,
        "set_button",
        {
            "table_no": 1,
            "seat": sorted(s["seat"] for s in td.get(f"/api/tournaments/{tid}/view").json()["tables"][0]["seats"])[0],
        },
    )
    command_ok(td, tid, "new_hand", {"table_no": 1})
    # P-Teilnahme: a walk-in shows his ID first
    r = td.command(tid, "register_player", {"name": "Latecomer"})
    body = r.json()
    assert (r.status_code, body["error"], body["rule"], body["basis"]) == (409, "id_not_checked", "P-Teilnahme", "rule")
    late = command_ok(td, tid, "register_player", {"name": "Latecomer", "id_checked": True})["result"]
    assert late["posts"] == "big_blind"
    dealer = dealer_api(server, td, tid, 1)
    table = dealer.get(f"/api/tournaments/{tid}/view").json()
    assert table["owes_big_blind"] == [{"seat": late["seat"], "entry_id": late["entry_id"], "name": "Latecomer"}]
    r = dealer.command(tid, "new_hand", {"table_no": 1})
    assert r.status_code == 200 and r.json()["result"]["new_big_blinds"] == [
        {"entry_id": late["entry_id"], "seat": late["seat"]}
    ]
    table = dealer.get(f"/api/tournaments/{tid}/view").json()
    assert table["owes_big_blind"] == [] and table["new_big_blinds"][0]["seat"] == late["seat"]
    # After the first race for chips: no more late seats, and the 409 says which rule
    command_ok(td, tid, "jump_to_level", {"index": 4})
    r = td.command(tid, "register_player", {"name": "Too Late", "id_checked": True})
    body = r.json()
    assert (r.status_code, body["error"], body["rule"], body["basis"]) == (
        409,
        "registration_closed",
        "P-Spielverlauf",
        "rule",
    )
    assert body["message"].endswith("(P-Spielverlauf).") and body["params"]["rule"] == "P-Spielverlauf"
    # A refusal that is no house rule says what it is instead
    r = td.command(tid, "record_bust", {"entry_id": 999})
    assert (r.status_code, r.json()["rule"], r.json()["basis"]) == (404, None, "lookup")


def test_s_36_a_dealer_gives_a_missed_round_but_not_a_disqualification(server, td):
    tid = tournament(td, "s-trophy", 8)
    dealer = dealer_api(server, td, tid, 1)
    r = dealer.command(tid, "penalize", {"entry_id": 3, "kind": "missed_round", "orbits": 1})
    assert r.status_code == 200, r.text  # was 403 "A dealer may give a warning"
    table = dealer.get(f"/api/tournaments/{tid}/view").json()
    assert table["dealer_penalties"]["kinds"] == ["warning", "missed_hand", "missed_round"]
    assert [p["entry_id"] for p in table["penalties"]] == [3]
    r = dealer.command(tid, "penalize", {"entry_id": 4, "kind": "disqualification", "reason": "abuse"})
    body = r.json()
    assert (r.status_code, body["error"], body["rule"]) == (403, "director_only", "S-#36")


def test_n_3_4_a_walk_in_without_the_id_check_is_refused(server, td):
    tid = td.post("/api/tournaments", {"name": "Montag", "preset": "n-monday"}).json()["id"]
    r = td.command(tid, "register_player", {"name": "Walk-in"})
    body = r.json()
    assert (r.status_code, body["error"], body["field"], body["rule"]) == (409, "id_not_checked", "id_checked", "N-3.4")
    assert td.get(f"/api/tournaments/{tid}/view").json()["entries"] == []
    command_ok(td, tid, "register_player", {"name": "Walk-in", "id_checked": True})
