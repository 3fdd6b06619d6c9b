"""The floor's holds over HTTP: the server, not only the phone, makes a table wait —
hand-for-hand (N-2.13), a short table (V-III.h) — and refuses a seat draw beyond the preset's
tables (N-3.12). Every refusal is JSON with a sentence, the field and the rule id in `params`."""

import pytest

from server import command_ok, links, token_of

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)


def tournament(api, preset, players, tables=None):
    r = api.post("/api/tournaments", {"name": f"Issue 12 {preset}", "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for i in range(1, players + 1):
        command_ok(api, tid, "register_player", {"name": f"Player {i:02d}", "id_checked": True, "prepaid": True})
    if tables:
        command_ok(api, tid, "draw_seats", {"tables": tables})
    return tid


def dealers(server, api, tid):
    return {t["table_no"]: server.api(token_of(t["url"])) for t in links(api, tid)["tables"]}


def deal(dealer, tid, table_no):
    view = dealer.get(f"/api/tournaments/{tid}/view").json()
    if view["button"] is None:
        command_ok(dealer, tid, "set_button", {"table_no": table_no, "seat": view["seats"][0]["seat"]})
    return command_ok(dealer, tid, "new_hand", {"table_no": table_no})


def bust_first(dealer, tid, table_no):
    victim = dealer.get(f"/api/tournaments/{tid}/view").json()["seats"][0]["entry_id"]
    command_ok(dealer, tid, "record_bust", {"entry_id": victim})


def test_n_3_12_a_draw_beyond_the_preset_s_tables_is_409_naming_the_field_and_the_rule(server, td):
    """N-3.12: n-monday plays at four tables at most."""
    tid = tournament(td, "n-monday", 44)
    r = td.command(tid, "draw_seats", {"tables": 5})
    body = r.json()
    assert r.status_code == 409 and body["error"] == "max_tables" and body["field"] == "tables"
    assert "N-3.12" in body["message"] and body["params"] == {"tables": 5, "max": 4, "rule": "N-3.12"}
    command_ok(td, tid, "draw_seats", {"tables": 4})


def test_n_2_13_new_hand_during_hand_for_hand_is_409_until_every_table_is_done(server, td):
    """N-2.13: with hand-for-hand on, a dealer's new_hand is refused while his hand runs and while
    another table still plays; the public view (TV, players' phones) says hand-for-hand runs."""
    tid = tournament(td, "n-monday", 22, tables=2)
    phones = dealers(server, td, tid)
    for n in (1, 2):
        deal(phones[n], tid, n)
    display = server.api(token_of(links(td, tid)["display"]["url"]))
    assert display.get(f"/api/tournaments/{tid}/view").json()["hand_for_hand"] is False
    command_ok(td, tid, "start_hand_for_hand")
    assert display.get(f"/api/tournaments/{tid}/view").json()["hand_for_hand"] is True

    r = phones[1].command(tid, "new_hand", {"table_no": 1})
    assert r.status_code == 409 and r.json()["error"] == "hand_for_hand_wait"
    assert r.json()["params"] == {"variant": "own", "table": 1, "rule": "N-2.13"} and "(N-2.13)" in r.json()["message"]
    command_ok(phones[1], tid, "hand_done", {"table_no": 1})
    r = phones[1].command(tid, "new_hand", {"table_no": 1})
    assert r.status_code == 409 and r.json()["params"]["variant"] == "others"
    assert "tables still playing: 1." in r.json()["message"]
    view = phones[1].get(f"/api/tournaments/{tid}/view").json()["hand_for_hand"]
    assert (view["done"], view["dealt"], view["tables"]) == ([1], [1, 2], 2)
    command_ok(phones[2], tid, "hand_done", {"table_no": 2})
    command_ok(phones[1], tid, "new_hand", {"table_no": 1})
    assert phones[1].command(tid, "new_hand", {"table_no": 1}).status_code == 409


def test_v_iii_h_a_short_table_s_new_hand_is_409_until_balanced_or_overridden(server, td):
    """V-III.h: 9, 9, 7 — table 3's dealer is refused the next hand and his view says why; the
    director lets it play on (override_halt), or balances."""
    tid = tournament(td, "v-ranking", 27, tables=3)
    phones = dealers(server, td, tid)
    for n in (1, 2, 3):
        deal(phones[n], tid, n)
    bust_first(phones[3], tid, 3)
    bust_first(phones[3], tid, 3)
    view = phones[3].get(f"/api/tournaments/{tid}/view").json()
    assert view["halt"] == {"short": 2, "rule": "V-III.h"}
    r = phones[3].command(tid, "new_hand", {"table_no": 3})
    assert r.status_code == 409 and r.json()["error"] == "table_halted" and r.json()["field"] == "table_no"
    assert r.json()["params"] == {"table": 3, "short": 2, "rule": "V-III.h"} and "V-III.h" in r.json()["message"]
    assert phones[3].command(tid, "override_halt", {"table_no": 3}).status_code == 403
    command_ok(td, tid, "override_halt", {"table_no": 3})
    assert phones[3].get(f"/api/tournaments/{tid}/view").json()["halt"] is None
    command_ok(phones[3], tid, "new_hand", {"table_no": 3})
