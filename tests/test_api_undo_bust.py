"""undo_bust over HTTP against a real server: a director may, another table's dealer may not, bad
payloads name the field, rejections say why, and a restarted server (cold start from the log)
shows the same places and seats."""

from server import Api, ServerProcess, command_ok, director, links, seated_tournament, view


def test_undo_bust_by_the_director_over_http_and_after_a_restart(tmp_path):
    server = ServerProcess(tmp_path / "var").start()
    try:
        _undo_then_restart(server)
    finally:
        server.stop()


def _undo_then_restart(server):
    td = director(server)
    tid = seated_tournament(td, players=8, tables=2)
    before = {e["entry_id"]: (e["table_no"], e["seat"]) for e in view(td, tid)["entries"]}
    for entry_id in (8, 7, 6):
        command_ok(td, tid, "record_bust", {"entry_id": entry_id})
    qr = links(td, tid)
    table_of_7 = before[7][0]
    dealer = Api(server.url, next(t["url"] for t in qr["tables"] if t["table_no"] == table_of_7).rsplit("/", 1)[1])
    player = Api(server.url, next(p["url"] for p in qr["players"] if p["entry_id"] == 7).rsplit("/", 1)[1])

    other = Api(server.url, next(t["url"] for t in qr["tables"] if t["table_no"] != table_of_7).rsplit("/", 1)[1])
    r = other.command(tid, "undo_bust", {"entry_id": 7, "reason": "wrong seat"})  # another table's dealer
    assert (r.status_code, r.json()["error"], r.json()["field"]) == (403, "not_at_your_table", "entry_id")
    r = td.command(tid, "undo_bust", {"entry_id": 7})
    assert (r.status_code, r.json()["field"]) == (400, "payload.reason")
    r = td.command(tid, "undo_bust", {"entry_id": "seven", "reason": "x"})
    assert (r.status_code, r.json()["field"]) == (400, "payload.entry_id")
    r = td.command(tid, "undo_bust", {"entry_id": 7, "reason": "x", "seat": 0})
    assert (r.status_code, r.json()["field"]) == (400, "payload.seat")
    r = td.command(tid, "undo_bust", {"entry_id": 1, "reason": "x"})
    assert (r.status_code, r.json()["field"]) == (409, "entry_id") and "still in the tournament" in r.json()["message"]
    r = td.command(tid, "undo_bust", {"entry_id": 99, "reason": "x"})
    assert (r.status_code, r.json()["field"]) == (404, "entry_id")

    answer = command_ok(td, tid, "undo_bust", {"entry_id": 7, "reason": "wrong seat"})
    assert answer["result"]["shifted"] == [{"entry_id": 6, "from": 6, "to": 7}]
    places = {e["entry_id"]: e["place"] for e in view(td, tid)["entries"]}
    assert (places[8], places[7], places[6]) == (8, None, 7)
    assert view(td, tid)["players_left"] == 6
    seats = {s["entry_id"]: s["seat"] for s in view(dealer, tid)["seats"]}
    assert seats[7] == before[7][1]  # the dealer sees him back in his seat
    mine = view(player, tid)
    assert (mine["status"], mine["table_no"], mine["seat"]) == ("active", *before[7])

    server.kill()  # SIGKILL, then a cold start rebuilds the state from the log
    again = ServerProcess(server.var_dir, port=server.port).start()
    try:
        td2 = director(again)
        entries = {e["entry_id"]: e for e in view(td2, tid)["entries"]}
        assert {i: entries[i]["place"] for i in (6, 7, 8)} == {6: 7, 7: None, 8: 8}
        assert (entries[7]["status"], entries[7]["table_no"], entries[7]["seat"]) == ("active", *before[7])
    finally:
        again.stop()
