"""Seating over HTTP in-process (Flask's test client): dealers run hands, the director moves and breaks."""

import pytest

from server import seated_tournament

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)


def dealer_for(server, td, tid, table_no):
    links = td.get(f"/api/tournaments/{tid}/links").json()
    url = next(t["url"] for t in links["tables"] if t["table_no"] == table_no)
    return server.api(url.rsplit("/", 1)[1])


def test_dealer_sets_the_button_and_deals_hands_at_the_own_table_only(server, td):
    tid = seated_tournament(td, players=12, tables=2)
    dealer = dealer_for(server, td, tid, 1)
    table = dealer.get(f"/api/tournaments/{tid}/view").json()
    seats = [s["seat"] for s in table["seats"]]
    assert dealer.command(tid, "new_hand", {"table_no": 1}).json()["error"] == "no_button"
    assert dealer.command(tid, "set_button", {"table_no": 1, "seat": seats[0]}).status_code == 200
    first = dealer.command(tid, "new_hand", {"table_no": 1}).json()["result"]
    assert (first["button"], first["sb"], first["bb"]) == (seats[0], seats[1], seats[2])  # N-1.3: SB, BB follow
    second = dealer.command(tid, "new_hand", {"table_no": 1}).json()["result"]
    assert (second["button"], second["sb"], second["bb"]) == (seats[1], seats[2], seats[3])
    view = dealer.get(f"/api/tournaments/{tid}/view").json()
    assert (view["button"], view["sb"], view["bb"], view["hand_no"]) == (seats[1], seats[2], seats[3], 2)
    assert view["next"]["bb"] == seats[4]
    assert dealer.command(tid, "new_hand", {"table_no": 2}).status_code == 403


def test_bad_moves_name_the_field_and_apply_nothing(server, td):
    tid = seated_tournament(td, players=12, tables=3)
    view = td.get(f"/api/tournaments/{tid}/view").json()
    mover = next(e for e in view["entries"] if e["table_no"] == 1)
    table2 = next(t for t in view["tables"] if t["table_no"] == 2)
    taken = table2["seats"][0]["seat"]
    free = next(s for s in range(1, 11) if s not in {x["seat"] for x in table2["seats"]})
    cases = [
        ({"entry_id": mover["entry_id"], "to_table": 2, "to_seat": taken}, 409, "to_seat"),
        ({"entry_id": mover["entry_id"], "to_table": 2, "to_seat": 11}, 409, "to_seat"),
        ({"entry_id": mover["entry_id"], "to_table": 2, "to_seat": 0}, 400, "payload.to_seat"),
        ({"entry_id": mover["entry_id"], "to_table": 7, "to_seat": free}, 404, "to_table"),
        ({"entry_id": 999, "to_table": 2, "to_seat": free}, 404, "entry_id"),
        ({"entry_id": mover["entry_id"], "to_table": "two", "to_seat": free}, 400, "payload.to_table"),
    ]
    for payload, status, field in cases:
        r = td.command(tid, "move_player", payload)
        assert (r.status_code, r.json()["field"]) == (status, field), (payload, r.text)
    busted = next(e for e in view["entries"] if e["table_no"] == 2)
    td.command(tid, "record_bust", {"entry_id": busted["entry_id"]})
    r = td.command(tid, "move_player", {"entry_id": busted["entry_id"], "to_table": 1, "to_seat": 1})
    assert r.status_code == 409 and r.json()["field"] == "entry_id"
    seq = td.get(f"/api/tournaments/{tid}/view").json()["seq"]
    assert td.command(tid, "break_table", {"table_no": 3}).status_code == 200
    r = td.command(tid, "move_player", {"entry_id": mover["entry_id"], "to_table": 3, "to_seat": 1})
    # A broken table is not in play, for a move as for every table command (one check: find_table).
    assert (r.status_code, r.json()["error"], r.json()["field"]) == (404, "unknown_table", "to_table")
    assert "not in play" in r.json()["message"]
    after = td.get(f"/api/tournaments/{tid}/view").json()
    assert after["seq"] == seq + 1  # only the break was applied
    assert next(e for e in after["entries"] if e["entry_id"] == mover["entry_id"])["table_no"] == 1


def test_a_suggested_move_reaches_both_tables_and_the_moved_player(server, td):
    tid = seated_tournament(td, players=20, tables=2)
    view = td.get(f"/api/tournaments/{tid}/view").json()
    for e in [e for e in view["entries"] if e["table_no"] == 2][:3]:
        td.command(tid, "record_bust", {"entry_id": e["entry_id"]})
    view = td.get(f"/api/tournaments/{tid}/view").json()
    (move,) = [s for s in view["suggestions"] if s["kind"] == "move"]
    assert move["from_table"] == 1 and move["to_table"] == 2 and move["text"]
    r = td.command(
        tid, "move_player", {**{k: move[k] for k in ("entry_id", "to_table", "to_seat")}, "reason": "balancing"}
    )
    assert r.status_code == 200
    dest = dealer_for(server, td, tid, 2).get(f"/api/tournaments/{tid}/view").json()
    assert {"entry_id": move["entry_id"], "seat": move["to_seat"]}.items() <= next(
        s for s in dest["seats"] if s["entry_id"] == move["entry_id"]
    ).items()
    assert dest["moves"][0]["entry_id"] == move["entry_id"] and dest["moves"][0]["from_table"] == 1
    links = td.get(f"/api/tournaments/{tid}/links").json()
    player = server.api(next(p["url"] for p in links["players"] if p["entry_id"] == move["entry_id"]).rsplit("/", 1)[1])
    pv = player.get(f"/api/tournaments/{tid}/view").json()
    assert (pv["table_no"], pv["seat"]) == (2, move["to_seat"])
    assert pv["last_move"]["reason"] == "balancing" and pv["last_move"]["from_table"] == 1
    assert not [s for s in td.get(f"/api/tournaments/{tid}/view").json()["suggestions"] if s["kind"] == "move"]


def test_a_dealer_marks_a_player_away_and_back(server, td):
    """N-2.3, V-X.c: an absent player's cards are dealt and folded, his blinds posted."""
    tid = seated_tournament(td, players=6, tables=2)
    dealer = dealer_for(server, td, tid, 1)
    table = dealer.get(f"/api/tournaments/{tid}/view").json()
    mine = table["seats"][0]["entry_id"]
    other = next(e["entry_id"] for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"] if e["table_no"] == 2)
    assert dealer.command(tid, "set_away", {"entry_id": mine, "away": True}).status_code == 200
    seat = next(s for s in dealer.get(f"/api/tournaments/{tid}/view").json()["seats"] if s["entry_id"] == mine)
    assert seat.get("away") is True
    again = dealer.command(tid, "set_away", {"entry_id": mine, "away": True})
    assert again.status_code == 409 and again.json()["field"] == "away"
    assert dealer.command(tid, "set_away", {"entry_id": other, "away": True}).status_code == 403
    assert dealer.command(tid, "set_away", {"entry_id": mine, "away": "yes"}).json()["field"] == "payload.away"
    assert dealer.command(tid, "set_away", {"entry_id": mine, "away": False}).status_code == 200
    seat = next(s for s in dealer.get(f"/api/tournaments/{tid}/view").json()["seats"] if s["entry_id"] == mine)
    assert "away" not in seat
