"""The API's JSON answers are written by orjson (backend/api/edge.py) and say what Flask's own
JSON said: the same values for a real director view, Flask's rules for dates, decimals, UUIDs and
dataclasses, integer keys as strings; indented (debug) output and values orjson refuses (integers
beyond 64 bits) the standard way."""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import json
import uuid

from flask.json.provider import DefaultJSONProvider

from test_security_headers import make_app


def both(app, obj):
    flask_json = DefaultJSONProvider(app)
    flask_json.sort_keys = app.json.sort_keys  # the app keeps its keys in order (api/edge.py)
    ours, flasks = app.json.dumps(obj), flask_json.dumps(obj)
    return json.loads(ours), json.loads(flasks)


@dataclasses.dataclass
class Point:
    x: int
    y: str


def test_a_director_view_reads_the_same(tmp_path):
    from in_process import in_process_director
    from server import command_ok

    app = make_app(tmp_path)
    td = in_process_director(app)
    tid = td.post("/api/tournaments", {"name": "Zürich Montag", "preset": "n-monday"}).json()["id"]
    for i in range(12):
        command_ok(td, tid, "register_player", {"name": f"Spieler {i} Größe", "id_checked": True})
    command_ok(td, tid, "draw_seats", {"tables": 2})
    answer = td.get(f"/api/tournaments/{tid}/view")
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/json"
    view = answer.json()
    with app.app_context():
        ours, flasks = both(app, view)
    assert ours == flasks == view
    assert "Größe" in answer.text  # UTF-8, not \\u escapes: shorter


def test_flasks_rules_for_dates_decimals_uuids_dataclasses_and_keys(tmp_path):
    app = make_app(tmp_path)
    odd = {
        "at": datetime.datetime(2026, 12, 1, 20, 15, tzinfo=datetime.UTC),
        "day": datetime.date(2026, 12, 1),
        "amount": decimal.Decimal("75.50"),
        "id": uuid.UUID("12345678-1234-5678-1234-567812345678"),
        "point": Point(1, "a"),
        3: "three",
        "big": 2**70,
    }
    with app.app_context():
        ours, flasks = both(app, odd)
    assert ours == flasks
    assert ours["at"] == "Tue, 01 Dec 2026 20:15:00 GMT" and ours["3"] == "three" and ours["big"] == 2**70


def test_indented_output_is_the_standard_librarys(tmp_path):
    app = make_app(tmp_path)
    with app.app_context():
        assert app.json.dumps({"a": [1, 2]}, indent=2) == json.dumps({"a": [1, 2]}, indent=2, ensure_ascii=True)
