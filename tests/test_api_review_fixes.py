"""Defects a review found in the registration desk and import, through the app in-process:
an op_id reused for another kind of command is refused (it used to answer 500), and a player
released at check-in cannot be disqualified (he never played; it used to answer 500)."""

import uuid

import pytest

from server import command_ok as ok

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)


def test_an_op_id_reused_for_another_command_is_refused_not_replayed(td):
    tid = td.post("/api/tournaments", {"name": "Montag", "preset": "generic"}).json()["id"]
    op = str(uuid.uuid4())
    assert td.command(tid, "register_player", {"name": "Carl"}, op_id=op).status_code == 200
    r = td.post(f"/api/tournaments/{tid}/import?op_id={op}&device_id={td.device_id}", data=b"Name\nDora\n")
    assert r.status_code == 409 and r.json()["error"] == "op_id_reused" and r.json()["field"] == "op_id"
    assert "register_player" in r.json()["message"]
    r = td.command(tid, "close_check_in", {}, op_id=op)
    assert r.status_code == 409 and r.json()["error"] == "op_id_reused"
    # the same command again is still the idempotent replay
    again = td.command(tid, "register_player", {"name": "Carl"}, op_id=op)
    assert again.status_code == 200 and again.json()["result"]["entry_id"] == 1
    names = [e["name"] for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"]]
    assert names == ["Carl"]


def test_a_player_released_at_check_in_cannot_be_disqualified(td):
    """N-3.6: he lost his seat at the check-in deadline and never played."""
    tid = td.post("/api/tournaments", {"name": "Montag", "preset": "generic"}).json()["id"]
    r = td.post(
        f"/api/tournaments/{tid}/import?op_id={uuid.uuid4()}&device_id={td.device_id}",
        data=b"Name;Bezahlt\nAnna;ja\nBert;\nCleo;\n",
    )
    assert r.status_code == 200, r.text
    ids = {p["name"]: p["entry_id"] for p in r.json()["imported"]}
    ok(td, tid, "check_in", {"entry_id": ids["Cleo"]})
    ok(td, tid, "close_check_in", {})
    ok(td, tid, "draw_seats", {"tables": 1})
    r = td.command(tid, "disqualify", {"entry_id": ids["Bert"], "reason": "cheating"})
    assert r.status_code == 409 and r.json()["error"] == "never_played" and r.json()["field"] == "entry_id"
    assert td.get(f"/api/tournaments/{tid}/public").status_code == 200
