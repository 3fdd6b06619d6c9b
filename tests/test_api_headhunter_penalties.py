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
    assert td.command(first, "record_bust", {"entry_id": 3, "eliminated_by": 1}).status_code == 200  # Anna wins
    entries = {e["entry_id"]: e for e in td.get(f"/api/tournaments/{first}/view").json()["entries"]}
    assert entries[1]["headhunter"]["hh_chips"] == 3

    second = td.post("/api/tournaments", {"name": "Rangliste 2", "preset": "v-ranking"}).json()["id"]
    assert td.command(second, "register_player", {"name": "anna  müller"}).status_code == 200  # same person
    assert td.command(second, "register_player", {"name": "Dora"}).status_code == 200
    rows = {e["name"]: e for e in td.get(f"/api/tournaments/{second}/view").json()["entries"]}
    assert rows["anna müller"]["headhunter"]["hh_carried"] == 3
    assert rows["anna müller"]["headhunter"]["hh_chips"] == 4  # carried 3 + today's start chip
    assert rows["Dora"]["headhunter"]["hh_chips"] == 1


def test_v_vii_r_a_tournament_not_played_to_its_end_is_no_game_day(server, td):
    """V-VII.r: HH chips carry from one game day to the next. A night that was cancelled (never
    drawn) or is still being played hands out nothing: the last night played to its end counts."""

    def night(name, players):
        tid = td.post("/api/tournaments", {"name": name, "preset": "v-ranking"}).json()["id"]
        for player in players:
            assert td.command(tid, "register_player", {"name": player}).status_code == 200
        return tid

    def hh_of(tid):
        return {e["name"]: e["headhunter"] for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"]}

    played = night("Spieltag 1", ["Anna", "Ben", "Cem"])
    assert td.command(played, "draw_seats", {"tables": 1}).status_code == 200
    for entry_id in (2, 3):
        assert td.command(played, "record_bust", {"entry_id": entry_id, "eliminated_by": 1}).status_code == 200
    cancelled = night("Spieltag 2 (abgesagt)", ["Anna", "Ben", "Cem", "Dora"])  # never drawn
    unfinished = night("Spieltag 3", ["Anna", "Ben", "Cem", "Dora", "Emil"])
    assert td.command(unfinished, "draw_seats", {"tables": 1}).status_code == 200
    assert td.command(unfinished, "record_bust", {"entry_id": 1, "eliminated_by": 5}).status_code == 200
    # Neither the cancelled night (1 chip each on paper) nor the running one gives chips away.
    assert hh_of(cancelled)["Anna"]["hh_carried"] == 3 and hh_of(cancelled)["Dora"]["hh_carried"] == 0
    today = night("Spieltag 4", ["Anna", "Ben", "Dora", "Emil"])
    carried = {name: h["hh_carried"] for name, h in hh_of(today).items()}
    assert carried == {"Anna": 3, "Ben": 0, "Dora": 0, "Emil": 0}


def test_v_vii_r_v_v_a_one_hand_two_winners_over_http(server, td):
    """A takes B's main pot, C takes D's side pot: one record_busts, each bust naming its winner."""
    tid = tournament(td, "v-ranking", 6)
    assert td.command(tid, "start_clock").status_code == 200
    busts = [
        {"entry_id": 4, "starting_stack": 9000, "eliminated_by": 3},
        {"entry_id": 2, "starting_stack": 4000, "eliminated_by": 1},
    ]
    table_no = td.get(f"/api/tournaments/{tid}/view").json()["entries"][0]["table_no"]
    before = seq(td, tid)
    refused(
        td,
        tid,
        "record_busts",
        {"table_no": table_no, "busts": [busts[0], {**busts[1], "eliminated_by": "A"}]},
        400,
        "payload.busts.1.eliminated_by",
    )
    refused(
        td,
        tid,
        "record_busts",
        {"table_no": table_no, "busts": [busts[0], {**busts[1], "eliminated_by": 4}]},
        409,
        "busts.1.eliminated_by",
        "cannot eliminate himself",
    )
    assert seq(td, tid) == before
    r = td.command(tid, "record_busts", {"table_no": table_no, "busts": busts})
    assert r.status_code == 200, r.text
    assert {p["entry_id"]: p["place"] for p in r.json()["result"]["places"]} == {2: 6, 4: 5}  # V-V.a
    rows = {e["entry_id"]: e for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"]}
    assert [rows[i]["headhunter"]["hh_chips"] for i in (1, 2, 3, 4)] == [2, 0, 2, 0]
    assert (rows[2]["eliminated_by"], rows[4]["eliminated_by"]) == (1, 3)


def test_v_vii_r_a_registration_taken_back_carries_no_chips_and_the_one_who_played_does(server, td):
    """Dora's registration is taken back before the draw: she never played that day, so her start
    chip does not follow her. Anna takes hers back and registers again: the entry that played counts."""
    first = td.post("/api/tournaments", {"name": "Spieltag 1", "preset": "v-ranking"}).json()["id"]
    for name in ("Anna", "Ben", "Cem", "Dora"):
        assert td.command(first, "register_player", {"name": name}).status_code == 200
    assert td.command(first, "remove_registration", {"entry_id": 4}).status_code == 200  # Dora
    assert td.command(first, "remove_registration", {"entry_id": 1}).status_code == 200  # Anna ...
    assert td.command(first, "register_player", {"name": "Anna"}).status_code == 200  # ... again, entry 5
    assert td.command(first, "draw_seats", {"tables": 1}).status_code == 200
    for entry_id in (2, 3):
        assert td.command(first, "record_bust", {"entry_id": entry_id, "eliminated_by": 5}).status_code == 200
    second = td.post("/api/tournaments", {"name": "Spieltag 2", "preset": "v-ranking"}).json()["id"]
    for name in ("Anna", "Dora"):
        assert td.command(second, "register_player", {"name": name}).status_code == 200
    rows = {e["name"]: e["headhunter"] for e in td.get(f"/api/tournaments/{second}/view").json()["entries"]}
    assert (rows["Anna"]["hh_carried"], rows["Dora"]["hh_carried"]) == (3, 0)
