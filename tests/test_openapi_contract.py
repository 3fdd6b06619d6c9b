"""The OpenAPI document is the contract: generated from the routes, complete, and true to the real answers.

- every /api route of the app's url_map is in the document (method + path), with a schema for its 2xx answer;
- the real JSON of a real tournament (views, command answers, errors) validates against the document's
  schemas, which are closed (additionalProperties false) so a renamed field fails here, not on a phone;
- the PWA's committed TypeScript types (pwa/src/api/types.gen.ts) are what the document generates today.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from server import Api, command_ok, links, token_of, view

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def doc(server):
    r = Api(server.url).get("/api/openapi.json")
    assert r.status_code == 200, r.text
    return r.json()


def answer_schema(doc: dict, method: str, path: str, status: int, media: str = "application/json") -> dict:
    """The document's schema for one answer, as a JSON Schema that resolves its #/components refs."""
    responses = doc["paths"][path][method.lower()]["responses"]
    assert str(status) in responses, f"{method} {path} does not declare a {status} answer"
    return {**responses[str(status)]["content"][media]["schema"], "components": doc["components"]}


def problems(doc: dict, method: str, path: str, response) -> list[str]:
    validator = Draft202012Validator(answer_schema(doc, method, path, response.status_code))
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"[:300] for e in validator.iter_errors(response.json())]


def assert_valid(doc, method, path, response) -> None:
    found = problems(doc, method, path, response)
    assert not found, f"{method} {path} ({response.status_code}) differs from the document: {found[:5]}"


def test_every_api_route_is_in_the_document_with_an_answer_schema(doc, tmp_path):
    from backend.api.openapi import openapi_path
    from backend.app import create_app
    from backend.config import Config

    config = Config()
    config.DATABASE_URL = f"sqlite:///{tmp_path / 'routes.db'}"
    app = create_app(config, async_mode="threading")
    routes = {
        (method.lower(), openapi_path(rule.rule))
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    documented = {(method, path) for path, ops in doc["paths"].items() for method in ops}
    assert routes - documented == set(), "routes missing from /api/openapi.json"
    assert documented - routes == set(), "the document lists routes the app does not have"
    for needed in [
        ("post", "/api/tournaments/{tid}/tokens/revoke"),
        ("get", "/api/tournaments/{tid}/qr/display.svg"),
        ("get", "/api/tournaments/{tid}/qr/player/{entry_id}.svg"),
        ("get", "/api/openapi.json"),
    ]:
        assert needed in documented  # the four the hand-written document had lost
    for method, path in sorted(documented):
        op = doc["paths"][path][method]
        ok = [code for code in op["responses"] if code.startswith("2")]
        assert ok, f"{method.upper()} {path} declares no 2xx answer"
        for code in ok:
            content = op["responses"][code].get("content") or {}
            assert content and all("schema" in c for c in content.values()), (
                f"{method.upper()} {path} {code} has no answer schema"
            )
        params = {p["name"] for p in op.get("parameters", []) if p["in"] == "path"}
        assert params == set(re.findall(r"{(\w+)}", path)), f"{path}: path parameters {params}"


OPEN_ON_PURPOSE = {"Preset", "Standings"}  # whole presets, standings: free-form beyond


def test_answer_shapes_are_closed_and_list_their_required_fields(doc):
    """additionalProperties false and every always-present field required: a renamed field fails validation."""
    for name, schema in doc["components"]["schemas"].items():
        if schema.get("type") != "object" or not schema.get("properties"):
            continue
        if name in OPEN_ON_PURPOSE:
            assert schema.get("additionalProperties") is not False, name
            continue
        assert schema.get("additionalProperties") is False, f"{name} is open: a renamed field would pass"
    for name in ("DirectorView", "PublicView", "TableView", "PlayerView", "DisplayView", "SeatingPage", "Entry"):
        required, props = set(doc["components"]["schemas"][name]["required"]), doc["components"]["schemas"][name]
        assert {"kind", "seq"} <= required or name == "Entry", name
        assert required <= set(props["properties"]), name


def test_commands_are_one_of_the_typed_payloads(doc):
    schemas = doc["components"]["schemas"]
    body = doc["paths"]["/api/tournaments/{tid}/commands"]["post"]["requestBody"]["content"]["application/json"]
    assert body["schema"] == {"$ref": "#/components/schemas/AnyCommand"}
    validator = Draft202012Validator({"$ref": "#/components/schemas/AnyCommand", "components": doc["components"]})
    good = {"op_id": "op-12345678", "device_id": "dev1", "type": "record_bust", "payload": {"entry_id": 3}}
    assert validator.is_valid(good)
    assert not validator.is_valid({**good, "payload": {"entry": 3}})  # a payload field renamed
    assert not validator.is_valid({**good, "type": "record_bustt"})
    assert set(schemas["payload_record_busts"]["required"]) == {"table_no", "busts"}


def _tournament(td: Api) -> tuple[int, dict]:
    """A real tournament through the API: 12 players on 2 tables, the clock on, busts, a move, a warning."""
    tid = td.post("/api/tournaments", {"name": "Contract", "preset": "generic"}).json()["id"]
    for i in range(1, 13):
        command_ok(td, tid, "register_player", {"name": f"Player {i:02d}"})
    command_ok(td, tid, "draw_seats", {"tables": 2})
    command_ok(td, tid, "start_clock")
    tables = view(td, tid)["tables"]
    first, second = tables[0]["seats"], tables[1]["seats"]
    command_ok(td, tid, "record_bust", {"entry_id": first[0]["entry_id"]})
    command_ok(td, tid, "record_bust", {"entry_id": second[0]["entry_id"]})
    command_ok(td, tid, "set_button", {"table_no": 1, "seat": first[1]["seat"]})
    command_ok(td, tid, "penalize", {"entry_id": first[2]["entry_id"], "kind": "warning", "reason": "slow"})
    free = next(s for s in range(1, 11) if s not in {x["seat"] for x in view(td, tid)["tables"][1]["seats"]})
    command_ok(td, tid, "move_player", {"entry_id": first[1]["entry_id"], "to_table": 2, "to_seat": free})
    return tid, {"busted": first[0]["entry_id"], "seated": first[3]["entry_id"]}


def test_real_answers_validate_against_the_document(server, td, doc):
    tid, who = _tournament(td)
    t = f"/api/tournaments/{tid}"
    p = "/api/tournaments/{tid}"
    qr = links(td, tid)
    dealer = Api(server.url, token_of(qr["tables"][0]["url"]))
    player = Api(server.url, token_of(next(x["url"] for x in qr["players"] if x["entry_id"] == who["seated"])))
    busted = Api(server.url, token_of(next(x["url"] for x in qr["players"] if x["entry_id"] == who["busted"])))
    tv = Api(server.url, token_of(qr["display"]["url"]))
    applied = td.command(
        tid,
        "chip_count",
        {"table_no": 2, "stacks": {str(s["seat"]): 10000 for s in view(td, tid)["tables"][1]["seats"]}},
    )
    rejected = td.command(tid, "record_bust", {"entry_id": who["busted"]})
    assert (applied.status_code, rejected.status_code) == (200, 409)
    checks = [
        ("GET", p + "/view", td.get(t + "/view"), "director"),
        ("GET", p + "/view", dealer.get(t + "/view"), "table"),
        ("GET", p + "/view", player.get(t + "/view"), "player"),
        ("GET", p + "/view", busted.get(t + "/view"), "player"),
        ("GET", p + "/view", tv.get(t + "/view"), "public"),
        ("GET", p + "/public", player.get(t + "/public"), "public"),
        ("GET", p + "/display", tv.get(t + "/display"), "display"),
        ("GET", p + "/seating", tv.get(t + "/seating", params={"per_page": 5}), "seating"),
        ("GET", p + "/stacks", td.get(t + "/stacks"), "stacks"),
        ("GET", p + "/my-league", player.get(t + "/my-league"), "my_league"),
        ("POST", p + "/commands", applied, None),
        ("POST", p + "/commands", rejected, None),
        ("POST", p + "/commands", dealer.command(tid, "record_bust", {"entry": 1}), None),  # 400 validation
        ("POST", p + "/commands", dealer.command(tid, "new_hand", {"table_no": 2}), None),  # another table: 403
        ("GET", p + "/view", Api(server.url, "not-a-token").get(t + "/view"), None),  # 401
        ("GET", p + "/links", td.get(t + "/links"), None),
        ("GET", p + "/audit", td.get(t + "/audit", params={"limit": 5}), None),
        ("GET", p + "/rejections", td.get(t + "/rejections"), None),
        ("GET", "/api/tournaments", td.get("/api/tournaments"), None),
        ("GET", "/api/me", dealer.get("/api/me"), None),
        ("GET", "/api/me", td.get("/api/me"), None),
        ("GET", "/api/health", td.get("/api/health"), None),
        ("GET", "/api/presets", td.get("/api/presets"), None),
        ("GET", "/api/presets/{preset_id}", td.get("/api/presets/generic"), None),
        ("GET", "/api/presets/{preset_id}", td.get("/api/presets/nope"), None),  # 404
        ("GET", "/api/persons", td.get("/api/persons"), None),
        ("GET", "/api/directors", td.get("/api/directors"), None),
        ("POST", "/api/auth/login", td.post("/api/auth/login", {"username": "td", "password": "wrong pw"}), None),
    ]
    for method, path, response, kind in checks:
        assert_valid(doc, method, path, response)
        if kind:
            assert response.json()["kind"] == kind
    # strict enough to catch a renamed field, a dropped one, or a wrong type
    director = td.get(t + "/view")
    body = director.json()
    for broken in (
        _renamed(body, "players_left", "players_remaining"),
        _renamed(body["entries"][0], "seat", "chair"),
        {**body, "seq": "18"},
        {k: v for k, v in body.items() if k != "clock"},
    ):
        whole = broken if "kind" in broken else {**body, "entries": [broken]}
        validator = Draft202012Validator(answer_schema(doc, "GET", p + "/view", 200))
        assert not validator.is_valid(whole), "a broken director view passed the document's schema"


def _renamed(d: dict, old: str, new: str) -> dict:
    out = copy.deepcopy(d)
    out[new] = out.pop(old)
    return out


def test_the_committed_typescript_types_are_generated_from_todays_document(tmp_path):
    pwa = ROOT / "pwa"
    # `make test` installs pwa/node_modules before pytest: without them this check cannot run, and
    # a skipped check would let the committed types drift unseen.
    assert shutil.which("node"), "Node.js is needed to generate the PWA's types"
    assert (pwa / "node_modules" / "openapi-typescript").is_dir(), "run `make test` (it runs `npm ci` in pwa/)"
    fresh = tmp_path / "types.gen.ts"
    subprocess.run(
        ["node", "scripts/api-types.mjs", "--out", str(fresh)], cwd=pwa, check=True, capture_output=True, timeout=120
    )
    committed = (pwa / "src" / "api" / "types.gen.ts").read_text()
    assert fresh.read_text() == committed, "pwa/src/api/types.gen.ts is stale: run `npm run api-types` in pwa/"


def test_the_document_is_the_same_generated_offline(doc):
    """What `npm run api-types` reads (no server, no database) is what the server answers."""
    out = subprocess.run(
        [sys.executable, "-c", "from backend.api.openapi import main; main()"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert json.loads(out.stdout) == doc


class Pushes:
    """Every view the server pushes to one Socket.IO client (python-socketio, the real server)."""

    def __init__(self, url: str, token: str, tid: int | None = None):
        import socketio

        self.views: list[dict] = []
        self.client = socketio.Client(reconnection=False)
        self.client.on("view", self.views.append)
        self.client.connect(url, auth={"token": token}, transports=["websocket"], wait_timeout=10)
        if tid is not None:  # a director subscribes to one tournament
            assert self.client.call("subscribe", {"tournament_id": tid}, timeout=5) == {"ok": True}

    def close(self) -> None:
        self.client.disconnect()


VIEW_SCHEMAS = {
    "director": "DirectorView",
    "table": "TableView",
    "player": "PlayerView",
    "public": "PublicView",
    "display": "DisplayView",
}


def test_a_whole_tournament_s_pushes_validate_against_the_document(server, td, doc):
    """V-Ranking (headhunter chips, hand-for-hand, holds) from the draw to the winner: every pushed view,
    the director's deltas included, and the final GETs match the document's schemas."""
    import time

    tid = td.post("/api/tournaments", {"name": "Ranking", "preset": "v-ranking"}).json()["id"]
    for i in range(1, 9):
        command_ok(td, tid, "register_player", {"name": f"Player {i}", "id_checked": True, "prepaid": True})
    command_ok(td, tid, "draw_seats", {"tables": 2})
    command_ok(td, tid, "start_clock")
    qr = links(td, tid)
    listeners = [Pushes(server.url, td.token, tid), Pushes(server.url, token_of(qr["display"]["url"]))]
    listeners += [Pushes(server.url, token_of(x["url"])) for x in qr["tables"]]
    listeners += [Pushes(server.url, token_of(x["url"])) for x in qr["players"][:3]]
    try:
        answers, refused = [], []
        for _ in range(40):
            now = view(td, tid)
            if now["status"] == "finished":
                break
            by_table = {}
            for e in now["entries"]:
                if e["status"] == "active":
                    by_table.setdefault(e["table_no"], []).append(e["entry_id"])
            crowded = [ids for ids in by_table.values() if len(ids) > 1]
            if not crowded:  # one player left at each of two tables: bring them together
                answers.append(td.command(tid, "form_final_table", {}))
                continue
            if now["players_left"] == 6 and not now["hand_for_hand"]["active"]:
                answers.append(td.command(tid, "start_hand_for_hand", {}))  # the director calls it (N-2.13)
            winner, victim = crowded[0][0], crowded[0][-1]
            answers.append(td.command(tid, "record_bust", {"entry_id": victim, "eliminated_by": winner}))
            if answers[-1].status_code != 200:  # e.g. hand-for-hand: finish the round, then again
                refused.append(answers[-1].json())
                for table_no in by_table:
                    answers.append(td.command(tid, "hand_done", {"table_no": table_no}))
        time.sleep(1.0)  # the last pushes go out on their own greenlet
        final = view(td, tid)
        assert final["status"] == "finished" and final["winner"] and final["results"], refused
        assert any(e["headhunter"] for e in final["entries"])
        for response in answers:
            assert_valid(doc, "POST", "/api/tournaments/{tid}/commands", response)
        pushed = [v for listener in listeners for v in listener.views]
        kinds = {v["kind"] for v in pushed}
        assert {"director", "table", "player", "public", "display"} <= kinds
        assert any(v["kind"] == "director" and v["partial"] for v in pushed)
        assert any(v["kind"] == "table" and v["hand_for_hand"]["active"] for v in pushed)  # V-V.b at the bubble
        assert any(v["kind"] == "display" and v["moves"] for v in pushed)  # the final table's moves
        for v in pushed:
            validator = Draft202012Validator(
                {"$ref": f"#/components/schemas/{VIEW_SCHEMAS[v['kind']]}", "components": doc["components"]}
            )
            found = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"[:300] for e in validator.iter_errors(v)]
            assert not found, f"a pushed {v['kind']} view differs from the document: {found[:5]}"
        for path, client in (("/view", td), ("/public", td), ("/display", td)):
            assert_valid(doc, "GET", "/api/tournaments/{tid}" + path, client.get(f"/api/tournaments/{tid}{path}"))
    finally:
        for listener in listeners:
            listener.close()


def test_the_registration_desk_validates_against_the_document(server, td, doc):
    """The desk in full (N-3.4, N-3.5): a waiting list with its flags, the preview of closing
    check-in, then the players who lost their seat and who moved up."""
    tid = td.post("/api/tournaments", {"name": "Desk", "preset": "n-monday"}).json()["id"]
    command_ok(td, tid, "set_capacity", {"max": 2})
    command_ok(td, tid, "register_player", {"name": "Anna Absent", "present": False})
    command_ok(td, tid, "register_player", {"name": "Ben Here", "prepaid": True, "id_checked": True})
    command_ok(
        td, tid, "register_player", {"name": "Cleo Waiting", "accessible": True, "prepaid": True, "id_checked": True}
    )
    before = td.get(f"/api/tournaments/{tid}/view")
    assert_valid(doc, "GET", "/api/tournaments/{tid}/view", before)
    desk = before.json()["registration"]
    assert desk["waiting"][0]["name"] == "Cleo Waiting" and desk["waiting"][0]["accessible"] is True
    assert desk["close_preview"]["released"][0]["name"] == "Anna Absent"
    command_ok(td, tid, "close_check_in")
    after = td.get(f"/api/tournaments/{tid}/view")
    assert_valid(doc, "GET", "/api/tournaments/{tid}/view", after)
    assert [r["name"] for r in after.json()["registration"]["released"]] == ["Anna Absent"]
