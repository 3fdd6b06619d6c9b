"""Hostile input at the API edge, against a real server process. Text the database cannot
store, JSON nested 1000 deep, numbers out of range and an 8 KB address all end as a JSON 4xx naming
the field, never as a 500 with a traceback in the log."""

import json
import re
import socket
import uuid

import pytest
from marshmallow import Schema, fields

from server import ServerProcess, director, links, seated_tournament

LEVEL = {"kind": "level", "sb": 100, "bb": 200, "ante": 0, "minutes": 15}


@pytest.fixture
def quiet_log(server):
    """The server logs no traceback while the test runs (a 4xx is not worth one)."""
    start = server.log_path.stat().st_size
    yield
    with open(server.log_path, encoding="utf-8", errors="replace") as log:
        log.seek(start)
        added = log.read()
    assert "Traceback" not in added and not re.search(r'HTTP/1\.[01]" 5\d\d ', added), added[-3000:]


def raw_command(td, tid, payload_json: str, type="register_player", op_id=None):
    """A command whose payload is sent as raw JSON text (to carry "\\ud800", which requests cannot encode)."""
    envelope = json.dumps({"op_id": str(op_id or uuid.uuid4()), "device_id": td.device_id, "type": type})
    body = envelope[:-1] + ', "payload": ' + payload_json + "}"
    return td.post(f"/api/tournaments/{tid}/commands", data=body.encode(), headers={"Content-Type": "application/json"})


def refused(r, field, status=400):
    assert r.status_code == status, r.text
    body = r.json()
    assert body["error"] and body["message"] and body["field"] == field, body
    return body


def test_a_lone_surrogate_in_a_name_is_refused_and_the_op_id_gets_a_fresh_decision(server, td, quiet_log):
    """A name like "Anna \\ud800" was taken, then answered 500 on every retry and broke
    results.csv, results.html and the seat cards. Now a 400 naming payload.name; nothing is stored
    under the op_id, so the same op_id with a good name is decided afresh."""
    tid = td.post("/api/tournaments", {"name": "Montag", "preset": "generic"}).json()["id"]
    op_id = str(uuid.uuid4())
    for _ in range(2):
        refused(raw_command(td, tid, '{"name": "Anna \\ud800"}', op_id=op_id), "payload.name")
    good = td.command(tid, "register_player", {"name": "Anna"}, op_id=op_id)
    assert good.status_code == 200 and good.json()["status"] == "applied", good.text
    for i in range(3):
        assert td.command(tid, "register_player", {"name": f"Player {i}"}).status_code == 200
    assert td.command(tid, "draw_seats", {"tables": 1}).status_code == 200
    for path in ("results.csv", "results.html", "print/seat-cards"):
        assert td.get(f"/api/tournaments/{tid}/{path}").status_code == 200, path


def test_control_characters_and_bad_text_in_every_kind_of_field(server, td, quiet_log):
    """Names never take control characters; free notes (reasons) keep line breaks."""
    tid = seated_tournament(td, players=4, tables=1)
    refused(td.command(tid, "register_player", {"name": "Anna\x00"}), "payload.name")
    refused(td.command(tid, "register_player", {"name": "Anna\tBerg"}), "payload.name")
    refused(td.command(tid, "seat_alternate", {"name": "Bo\x85b", "replaces": 1}), "payload.name")
    refused(td.command(tid, "register_player", {"name": "x" * 10_000}), "payload.name")
    refused(
        td.command(tid, "set_structure", {"structure": [{**LEVEL, "label": "Level\x07"}]}), "payload.structure.0.label"
    )
    refused(
        raw_command(
            td,
            tid,
            '{"structure": [{"kind": "level", "sb": 1, "bb": 2, "minutes": 5, "label": "\\udfff"}]}',
            type="set_structure",
        ),
        "payload.structure.0.label",
    )
    refused(td.command(tid, "disqualify", {"entry_id": 1, "reason": "cheating\x00"}), "payload.reason")
    two_lines = td.command(tid, "disqualify", {"entry_id": 1, "reason": "Marked cards.\nSeen by table 1."})
    assert two_lines.status_code == 200 and two_lines.json()["status"] == "applied", two_lines.text
    refused(td.command(tid, "chip_count", {"table_no": 1, "stacks": {"1\x00": 5}}), "payload.stacks.1\x00.key")
    refused(td.post("/api/tournaments", {"name": "Montag\x9b", "preset": "generic"}), "name")
    refused(td.post("/api/leagues", {"name": "Liga\x1b[31m", "kind": "v_ranking"}), "name")
    refused(td.post("/api/presets", {"name": "P\x00", "from_tournament": tid}), "name")
    refused(td.post("/api/auth/login", {"username": "td\x00", "password": "correct horse"}), "username")
    refused(td.get("/api/persons", params={"q": "An\x00na"}), "q")
    lid = td.post("/api/leagues", {"name": "Liga", "kind": "v_ranking"}).json()["id"]
    refused(td.get(f"/api/leagues/{lid}/standings.csv", params={"period": "2026-01\r\nX-Evil: 1"}), "period")
    refused(td.get(f"/api/tournaments/{tid}/audit", params={"lang": "de\x00"}), "lang")


def test_csv_import_refuses_a_bad_name_on_its_line(server, td, quiet_log):
    """A name with a control character that survives decoding (C1, DEL) is refused on
    its own line in the import report, like other per-line refusals; the other lines are imported."""
    tid = td.post("/api/tournaments", {"name": "Montag", "preset": "generic"}).json()["id"]
    data = "Name\nAnna Berg\nBo\u0080b\nCarl\x7f\nDora\n".encode("utf-8")
    r = td.http.post(
        f"{td.base}/api/tournaments/{tid}/import",
        data=data,
        timeout=30,
        params={"op_id": uuid.uuid4().hex, "device_id": td.device_id},
        headers={**td.headers(), "Content-Type": "text/csv"},
    )
    assert r.status_code == 200, r.text
    report = r.json()
    assert [i["name"] for i in report["imported"]] == ["Anna Berg", "Dora"]
    assert [(x["line"], x["error"], x["field"]) for x in report["rejected"]] == [
        (3, "invalid_text", "name"),
        (4, "invalid_text", "name"),
    ]
    assert "\x80" not in report["rejected"][0]["reason"]


def test_deeply_nested_json_is_a_400_even_without_a_token(server, td, quiet_log):
    """1000 nested brackets answered 500 and logged a traceback per request."""
    tid = seated_tournament(td, players=4, tables=1)
    for depth in (33, 1000, 100_000):
        for path in ("/api/auth/login", f"/api/tournaments/{tid}/commands"):
            deep = "[" * depth + "]" * depth
            r = td.http.post(server.url + path, data=deep, headers={**td.headers(), "Content-Type": "application/json"})
            assert r.status_code == 400 and r.json()["error"] == "json_too_deep", (path, depth, r.text[:200])
        r = td.post(
            "/api/auth/login",
            data='{"username": ' + '{"a": ' * 500 + "1" + "}" * 500 + "}",
            headers={"Content-Type": "application/json"},
        )
        assert r.status_code == 400 and r.json()["error"] == "json_too_deep", r.text
    # bodies as deep as ours still pass: command → payload → busts → item
    assert td.command(
        tid,
        "record_busts",
        {"table_no": 1, "busts": [{"entry_id": 1, "starting_stack": 10}, {"entry_id": 2, "starting_stack": 20}]},
    ).ok
    big = td.post(
        "/api/auth/login",
        data=b'{"username": "' + b"x" * (2 << 20) + b'"}',
        headers={"Content-Type": "application/json"},
    )
    assert big.status_code == 413 and big.json()["error"] == "request_entity_too_large", big.text[:200]


def test_numbers_out_of_range_are_4xx(server, td, quiet_log):
    """Ids >= 2**63 in paths and bodies and buy_in 1e308 answered 500."""
    tid = seated_tournament(td, players=4, tables=1)
    lid = td.post("/api/leagues", {"name": "Liga", "kind": "v_ranking"}).json()["id"]
    for big in (2**31, 2**63, 10**40):
        for method, path in (
            ("get", f"/api/leagues/{big}"),
            ("get", f"/api/leagues/{big}/standings"),
            ("get", f"/api/leagues/{big}/standings.csv"),
            ("get", f"/api/tournaments/{big}/view"),
            ("post", f"/api/leagues/{big}/tournaments"),
            ("post", f"/api/tournaments/{big}/commands"),
            ("get", f"/api/tournaments/{tid}/qr/table/{big}.svg"),
            ("get", f"/api/tournaments/{tid}/qr/player/{big}.svg"),
        ):
            r = getattr(td, method)(path, **({"json": {"tournament_id": 1}} if method == "post" else {}))
            assert r.status_code == 404 and r.json()["error"].startswith("unknown_"), (path, r.status_code, r.text)
            assert r.json()["field"] in ("tournament_id", "league_id", "table_no", "entry_id"), r.text
        refused(td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": big}), "tournament_id")
        refused(td.post("/api/presets", {"name": "Mine", "from_tournament": big}), "from_tournament")
        refused(td.command(tid, "register_player", {"name": "Eve", "person_id": big}), "payload.person_id")
        refused(td.command(tid, "move_player", {"entry_id": big, "to_table": 1, "to_seat": 2}), "payload.entry_id")
        refused(td.command(tid, "remove_waiting", {"wait_id": big}), "payload.wait_id")
        refused(td.post(f"/api/tournaments/{tid}/tokens/revoke", {"role": "player", "entry_id": big}), "entry_id")
        refused(td.get(f"/api/tournaments/{tid}/audit", params={"before": big}), "before")
    fresh = td.post("/api/tournaments", {"name": "Dienstag", "preset": "generic"}).json()["id"]
    for buy_in in (1e308, -1e308, 1e16):
        refused(td.command(fresh, "edit_settings", {"buy_in": buy_in}), "payload.buy_in")
    for raw in ("NaN", "Infinity", "-Infinity", "1e400"):
        refused(raw_command(td, fresh, '{"fee": ' + raw + "}", type="edit_settings"), "payload.fee")
    refused(
        raw_command(
            td, tid, '{"structure": [{"kind": "level", "sb": 1, "bb": 2, "minutes": 1e400}]}', type="set_structure"
        ),
        "payload.structure.0.minutes",
    )
    assert td.command(fresh, "edit_settings", {"buy_in": 25.5}).json()["status"] == "applied"


def test_an_address_over_8_kb_is_a_json_414(server, td, quiet_log):
    """Gevent answered 414 with an empty body; every error here is JSON."""
    for path in ("/api/health?x=" + "a" * 9000, "/api/tournaments/1/view?" + "q=1&" * 3000, "/" + "a" * 9000):
        r = td.get(path)
        assert r.status_code == 414, r.status_code
        assert r.headers["Content-Type"] == "application/json"
        body = r.json()
        assert body["error"] == "uri_too_long" and body["message"] and "field" in body
    assert td.get("/api/health?x=" + "a" * 7000).status_code == 200  # under the limit: answered as usual
    # gevent's own 400 for a request that is not HTTP (a request line without a method) is JSON too
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"GARBAGE\r\n\r\n")
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400") and b"application/json" in head, answer
    assert json.loads(body)["error"] == "bad_request"


@pytest.mark.postgres
def test_nul_in_text_is_a_400_on_postgresql(tmp_path, pg_schema_url):
    """PostgreSQL cannot store NUL in text: a name with one answered 500 there."""
    srv = ServerProcess(tmp_path / "pgvar", database_url=pg_schema_url).start()
    try:
        td = director(srv)
        refused(td.post("/api/tournaments", {"name": "Mon\x00tag", "preset": "generic"}), "name")
        tid = td.post("/api/tournaments", {"name": "Montag", "preset": "generic"}).json()["id"]
        refused(td.command(tid, "register_player", {"name": "Anna\x00"}), "payload.name")
        refused(td.post("/api/leagues", {"name": "Liga\x00", "kind": "v_ranking"}), "name")
        refused(td.get("/api/persons", params={"q": "\x00"}), "q")
        assert td.command(tid, "register_player", {"name": "Anna"}).json()["status"] == "applied"
        assert [p["name"] for p in links(td, tid)["players"]] == ["Anna"]
        log = srv.log_path.read_text(errors="replace")
        assert "Traceback" not in log, log[-3000:]
    finally:
        srv.stop()


def _string_fields(schema: Schema, path=""):
    for name, field in schema.fields.items():
        inner = [field]
        while inner:
            f = inner.pop()
            if isinstance(f, fields.Nested):
                yield from _string_fields(f.schema, f"{path}{name}.")
            elif isinstance(f, fields.List):
                inner.append(f.inner)
            elif isinstance(f, fields.Dict):
                inner.extend(x for x in (f.key_field, f.value_field) if x is not None)
            elif isinstance(f, fields.String):
                yield f"{path}{name}", f


def test_every_string_field_of_every_schema_is_text_with_a_limit():
    """A String field added later without the checks would let "\\ud800" in again."""
    from backend.api import league, printouts, review, schemas
    from backend.api.schemas import Text

    found = [*schemas.PAYLOADS.values()]
    for module in (schemas, league, review, printouts):
        found += [v for v in vars(module).values() if isinstance(v, type) and issubclass(v, Schema) and v is not Schema]
    checked = 0
    for schema in found:
        for name, field in _string_fields(schema()):
            assert isinstance(field, Text), f"{schema.__name__}.{name} is a plain String"
            checked += 1
    assert checked > 20
