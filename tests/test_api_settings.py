"""Editing buy-in, fee, starting stack and currency through the app in-process: bad input names
the field, the pool follows, and after the seat draw the settings are locked."""

import pytest

from server import command_ok as ok

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)


def test_settings_are_validated_at_the_edge_and_locked_after_the_draw(td):
    tid = td.post("/api/tournaments", {"name": "Montag", "preset": "n-monday"}).json()["id"]
    for name in ("Anna", "Bert"):
        ok(td, tid, "register_player", {"name": name, "id_checked": True})
    for payload, field in (
        ({"buy_in": "abc"}, "payload.buy_in"),
        ({"buy_in": -5}, "payload.buy_in"),
        ({"fee": 1.234}, "payload.fee"),
        ({"start_stack": 12.5}, "payload.start_stack"),
        ({"currency": "  "}, "payload.currency"),
        ({"rake": 5}, "payload.rake"),
    ):
        r = td.command(tid, "edit_settings", payload)
        assert r.status_code == 400 and r.json()["field"] == field, (payload, r.text)
    ok(td, tid, "edit_settings", {"buy_in": 100.0, "fee": 20})
    view = td.get(f"/api/tournaments/{tid}/view").json()
    assert view["settings"]["buy_in"] == 100 and view["settings"]["fee"] == 20
    assert view["prize_pool"] == 200 and view["money"]["fees"] == 40
    ok(td, tid, "draw_seats", {"tables": 1})
    r = td.command(tid, "edit_settings", {"start_stack": 10000})
    assert r.status_code == 409 and r.json()["error"] == "settings_locked" and r.json()["field"] == "start_stack"
    assert td.get(f"/api/tournaments/{tid}/view").json()["settings"]["start_stack"] == 5000
