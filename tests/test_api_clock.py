"""Clock and structure commands and custom presets over HTTP in-process (Flask's test client)."""

import pytest

from server import seated_tournament

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)

LEVEL = {"kind": "level", "sb": 100, "bb": 200, "ante": 0, "minutes": 15}


def test_bad_structures_and_jumps_name_the_field_and_leave_the_clock_alone(server, td):
    tid = seated_tournament(td, players=4, tables=1)
    assert td.command(tid, "start_clock").status_code == 200
    before = td.get(f"/api/tournaments/{tid}/public").json()
    bad = [
        ("set_structure", {"structure": [dict(LEVEL, minutes=0)]}, "payload.structure.0.minutes"),
        ("set_structure", {"structure": [dict(LEVEL, minutes=-5)]}, "payload.structure.0.minutes"),
        ("set_structure", {"structure": [LEVEL, dict(LEVEL, sb=400, bb=300)]}, "payload.structure.1.bb"),
        ("set_structure", {"structure": [dict(LEVEL, colour="red")]}, "payload.structure.0.colour"),
        ("set_structure", {"structure": "fast"}, "payload.structure"),
        ("jump_to_level", {"index": -1}, "payload.index"),
        ("adjust_clock", {"seconds": 0}, "payload.seconds"),
        ("pause_clock", {"reason": "lunch"}, "payload.reason"),
    ]
    for type, payload, field in bad:
        r = td.command(tid, type, payload)
        assert r.status_code == 400 and r.json()["field"] == field, (type, payload, r.text)
    past = td.command(tid, "jump_to_level", {"index": len(before["structure"])})
    assert past.status_code == 409 and past.json()["field"] == "index" and "no entry" in past.json()["message"]
    after = td.get(f"/api/tournaments/{tid}/public").json()
    assert after["clock"] == before["clock"] and after["structure"] == before["structure"]
    assert after["seq"] == before["seq"]


def test_clock_commands_move_the_public_view(server, td):
    tid = seated_tournament(td, players=4, tables=1)
    td.command(tid, "start_clock")
    assert td.command(tid, "jump_to_level", {"index": 2}).status_code == 200
    assert td.command(tid, "adjust_clock", {"seconds": -60}).status_code == 200
    assert td.command(tid, "pause_clock", {"reason": "race_for_chips"}).status_code == 200
    view = td.get(f"/api/tournaments/{tid}/public").json()
    assert view["clock"]["status"] == "paused" and view["clock"]["reason"] == "race_for_chips"
    assert view["clock"]["level_index"] == 2
    length = view["structure"][2]["minutes"] * 60_000
    assert length - view["clock"]["elapsed_ms"] <= length - 60_000  # a minute taken off
    assert view["status"] == "paused"


def test_save_an_edited_structure_as_a_custom_preset_and_start_from_it(server, td):
    tid = seated_tournament(td, players=4, tables=1)
    edited = [dict(LEVEL, sb=50, bb=100, minutes=12), {"kind": "break", "minutes": 5}, dict(LEVEL, minutes=12)]
    assert td.command(tid, "set_structure", {"structure": edited}).status_code == 200
    r = td.post("/api/presets", {"name": "Club Friday", "from_tournament": tid})
    assert r.status_code == 201, r.text
    preset_id = r.json()["id"]
    listed = {p["id"]: p for p in td.get("/api/presets").json()}
    assert listed[preset_id]["custom"] is True and listed[preset_id]["name"]["en"] == "Club Friday"
    assert td.get(f"/api/presets/{preset_id}").json()["structure"] == edited
    new = td.post("/api/tournaments", {"name": "Next Friday", "preset": preset_id})
    assert new.status_code == 201
    view = td.get(f"/api/tournaments/{new.json()['id']}/public").json()
    assert [(e["sb"], e["bb"], e["minutes"]) for e in view["structure"]] == [(50, 100, 12), (0, 0, 5), (100, 200, 12)]
    # Bad input on the preset endpoints
    assert td.get("/api/presets/custom-999").status_code == 404
    assert td.get("/api/presets/nope").json()["field"] == "preset"
    assert td.post("/api/presets", {"name": "", "from_tournament": tid}).json()["field"] == "name"
    assert td.post("/api/presets", {"name": "X", "from_tournament": 999}).status_code == 404
    assert td.post("/api/tournaments", {"name": "Y", "preset": "custom-x"}).json()["field"] == "preset"
    links = td.get(f"/api/tournaments/{tid}/links").json()
    dealer = server.api(links["tables"][0]["url"].rsplit("/", 1)[1])
    assert dealer.post("/api/presets", {"name": "Z", "from_tournament": tid}).status_code == 403


def test_public_view_carries_payouts_that_add_up_to_the_prize_pool(server, td):
    presets = {p["id"] for p in td.get("/api/presets").json()}
    preset = "n-monday" if "n-monday" in presets else None
    if preset is None:  # the payout table comes with the N preset (N-3.7)
        return
    r = td.post("/api/tournaments", {"name": "Montag", "preset": preset})
    tid = r.json()["id"]
    for i in range(23):
        td.command(tid, "register_player", {"name": f"Spieler {i}", "id_checked": True})
    view = td.get(f"/api/tournaments/{tid}/public").json()
    assert view["prize_pool"] == 23 * 125  # N-3.1: 125 to the pot, 25 fee
    assert [p["percent"] for p in view["payouts"]] == [40, 25, 17, 11, 7]  # N-3.7, 21-30 players
    assert sum(p["amount"] for p in view["payouts"]) == view["prize_pool"]
