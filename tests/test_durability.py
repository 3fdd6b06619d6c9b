"""Nothing acknowledged is ever lost; an op_id is applied once, whatever happens."""

import uuid

from server import Api, ServerProcess, director, seated_tournament


def test_sigkill_right_after_ack_keeps_the_command_exactly_once(tmp_path):
    srv = ServerProcess(tmp_path / "var").start()
    api = director(srv)
    tid = seated_tournament(api, players=10, tables=1)
    op = str(uuid.uuid4())
    device = api.device_id
    first = api.command(tid, "record_bust", {"entry_id": 7}, op_id=op)
    assert first.status_code == 200
    srv.kill()  # SIGKILL: no shutdown hooks, no flush

    srv = ServerProcess(tmp_path / "var", port=srv.port).start()
    try:
        api = director(srv)
        view = api.get(f"/api/tournaments/{tid}/view").json()
        busted = [e for e in view["entries"] if e["status"] == "busted"]
        assert [(e["entry_id"], e["place"]) for e in busted] == [(7, 10)]
        # The phone never saw the answer and sends the same op again: same answer, no change.
        again = Api(srv.url, api.token, device_id=device).command(tid, "record_bust", {"entry_id": 7}, op_id=op)
        assert again.status_code == 200
        assert {k: v for k, v in again.json().items() if k != "server_time"} == {
            k: v for k, v in first.json().items() if k != "server_time"
        }
        after = api.get(f"/api/tournaments/{tid}/view").json()
        assert after["seq"] == view["seq"] and after["players_left"] == 9
    finally:
        srv.stop()


def test_same_op_id_twice_is_applied_once(server, td):
    tid = seated_tournament(td, players=5, tables=1)
    op = str(uuid.uuid4())
    answers = [td.command(tid, "record_bust", {"entry_id": 3}, op_id=op) for _ in range(3)]
    assert {a.json()["seq"] for a in answers} == {answers[0].json()["seq"]}
    assert td.get(f"/api/tournaments/{tid}/view").json()["players_left"] == 4
