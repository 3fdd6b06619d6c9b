"""Headhunter chips and penalties over HTTP in-process (Flask's test client) (V-VII.r, N-2.23, V-XI.e, S-#36).
Bad input gets a JSON error naming the field (and the rule), and nothing is applied."""

import pytest

from test_api_money import refused, seq, tournament

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)


def test_bad_penalties_and_wild_cards_name_the_field_and_apply_nothing(server, td):
    tid = tournament(td, "v-ranking", 6)
    assert td.command(tid, "start_clock").status_code == 200
    assert td.command(tid, "record_bust", {"entry_id": 1, "eliminated_by": 2}).status_code == 200
    before = seq(td, tid)
    refused(td, tid, "penalize", {"entry_id": 1, "kind": "warning"}, 409, "entry_id", "already out")
    refused(td, tid, "penalize", {"entry_id": 3, "kind": "yellow_card"}, 400, "payload.kind", "N-2.23")
    refused(td, tid, "penalize", {"entry_id": 3, "kind": "missed_hand", "orbits": -1}, 400, "payload.orbits", "N-2.23")
    refused(td, tid, "penalize", {"entry_id": 3, "kind": "missed_hand", "orbits": "two"}, 400, "payload.orbits")
    refused(td, tid, "penalize", {"entry_id": 3, "kind": "missed_hand", "orbits": 5}, 409, "orbits", "V-XI.e")
    refused(td, tid, "penalize", {"entry_id": 3, "kind": "missed_round", "orbits": 1}, 409, "kind", "V-XI.e")
    refused(td, tid, "penalize", {"entry_id": 3, "kind": "time", "minutes": 0}, 400, "payload.minutes")
    refused(td, tid, "penalize", {"entry_id": 3}, 400, "payload.kind")
    refused(td, tid, "lift_penalty", {"entry_id": 3}, 409, "entry_id", "not sitting out")
    refused(td, tid, "use_wild_card", {"entry_id": 2, "as": "rebuy"}, 409, "entry_id", "2 HH chips", "12", "V-VII.r")
    refused(td, tid, "use_wild_card", {"entry_id": 2, "as": "bounty"}, 400, "payload.as", "V-VII.r")
    refused(td, tid, "use_wild_card", {"entry_id": 2}, 400, "payload.as")
    refused(td, tid, "register_player", {"name": "Late", "hh_carried": -2}, 400, "payload.hh_carried", "V-VII.r")
    assert seq(td, tid) == before  # nothing applied
    view = td.get(f"/api/tournaments/{tid}/view").json()
    rows = {e["entry_id"]: e for e in view["entries"]}
    assert (rows[1]["headhunter"]["hh_chips"], rows[2]["headhunter"]["hh_chips"]) == (0, 2)
    assert rows[3]["penalty"] is None and rows[3]["warnings"] == []


def test_a_missed_hand_penalty_shows_on_the_table_and_is_lifted(server, td):
    tid = tournament(td, "v-ranking", 6)
    r = td.command(tid, "penalize", {"entry_id": 4, "kind": "missed_hand", "orbits": 1, "reason": "abuse"})
    assert r.status_code == 200, r.text
    view = td.get(f"/api/tournaments/{tid}/view").json()
    (table,) = [t for t in view["tables"] if any(s["entry_id"] == 4 for s in t["seats"])]
    row = {e["entry_id"]: e for e in view["entries"]}[4]
    assert row["penalty"] == {"kind": "missed_hand", "reason": "abuse", "hands_left": len(table["seats"])}
    assert td.command(tid, "penalize", {"entry_id": 4, "kind": "warning"}).status_code == 200
    assert td.command(tid, "lift_penalty", {"entry_id": 4}).status_code == 200
    row = {e["entry_id"]: e for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"]}[4]
    assert row["penalty"] is None and len(row["warnings"]) == 1


def test_headhunter_chips_follow_the_person_to_the_next_tournament_day(server, td):
    """V-VII.r: HH chips add up across tournament days and never expire."""
    first = td.post("/api/tournaments", {"name": "Rangliste 1", "preset": "v-ranking"}).json()["id"]
    for name in ("Anna Müller", "Ben", "Cem"):
        assert td.command(first, "register_player", {"name": name}).status_code == 200
    assert td.command(first, "draw_seats", {"tables": 1}).status_code == 200
    assert td.command(first, "record_bust", {"entry_id": 2, "eliminated_by": 1}).status_code == 200
    entries = {e["entry_id"]: e for e in td.get(f"/api/tournaments/{first}/view").json()["entries"]}
    assert entries[1]["headhunter"]["hh_chips"] == 2

    second = td.post("/api/tournaments", {"name": "Rangliste 2", "preset": "v-ranking"}).json()["id"]
    assert td.command(second, "register_player", {"name": "anna  müller"}).status_code == 200  # same person
    assert td.command(second, "register_player", {"name": "Dora"}).status_code == 200
    rows = {e["name"]: e for e in td.get(f"/api/tournaments/{second}/view").json()["entries"]}
    assert rows["anna müller"]["headhunter"]["hh_carried"] == 2
    assert rows["anna müller"]["headhunter"]["hh_chips"] == 3  # carried 2 + today's start chip
    assert rows["Dora"]["headhunter"]["hh_chips"] == 1
