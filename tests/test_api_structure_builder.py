"""The club's chip set and the structure builder over HTTP (docs/structures.md): a saved set, a build
for 40 players in 4 hours whose chip plan is counted again here, hostile input refused naming the
field, another club's director kept out, and a built stack and structure saved as a custom preset."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from backend.engine.structure import structure_problem
from server import command_ok as ok

pytestmark = pytest.mark.in_process

ROOT = Path(__file__).resolve().parents[1]
CHIP_SET = [
    {"value": 25, "colour": "white", "count": 300},
    {"value": 100, "colour": "red", "count": 300},
    {"value": 500, "colour": "green", "count": 150},
    {"value": 1000, "colour": "black", "count": 150},
    {"value": 5000, "colour": "orange", "count": 40},
]
STACK = [{"value": 25, "count": 4}, {"value": 100, "count": 4}, {"value": 500, "count": 3}, {"value": 1000, "count": 3}]
BUILD = {
    "field": 40,
    "start_chips": STACK,
    "level_minutes": 20,
    "target_minutes": 240,
    "ante": "none",
    "breaks": {"every_levels": 4, "minutes": 10},
    "reentries": 0.3,
    "rebuys": 0,
    "addons": 0,
}


def refused(r, field: str, status: int = 400) -> None:
    assert r.status_code == status, (field, r.status_code, r.text[:300])
    assert r.json()["field"] == field, r.text[:300]


def answer_schema(td, method: str, path: str) -> dict:
    doc = td.get("/api/openapi.json").json()
    schema = doc["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]
    return {**schema, "components": doc["components"]}


def test_a_saved_chip_set_plans_a_40_player_night_of_four_hours(td):
    assert td.get("/api/club/chips").json() == {"chips": None}
    r = td.post("/api/structures/build", BUILD)
    assert r.status_code == 200, r.text
    assert r.json()["plan"]["seats"] is None and r.json()["plan"]["warnings"][0]["code"] == "no_chip_set"
    assert all(n["owned"] is None for s in r.json()["plan"]["stages"] for n in s["needed"])

    saved = td.put("/api/club/chips", {"chips": list(reversed(CHIP_SET))})
    assert saved.status_code == 200, saved.text
    assert saved.json() == {"chips": CHIP_SET}  # kept by value
    assert td.get("/api/club/chips").json() == {"chips": CHIP_SET}
    Draft202012Validator(answer_schema(td, "get", "/api/club/chips")).validate(saved.json())

    r = td.post("/api/structures/build", BUILD)
    assert r.status_code == 200, r.text
    body = r.json()
    Draft202012Validator(answer_schema(td, "post", "/api/structures/build")).validate(body)
    structure = body["structure"]
    assert structure_problem(structure) is None
    assert body["start_stack"] == 5000
    # 40 players and 12 re-entries (0.3 each), 5,000 chips each
    assert body["total_chips"] == 52 * 5000
    end = body["estimate"]
    assert abs(end["end_minutes"] - 240) <= 20 + 10  # one level and one break (docs/structures.md)
    assert end["method"] == "pots_in_play" and end["warnings"] == []
    # the end level is the first whose pot (sb + bb, no antes) times 20 covers the chips in play
    levels = [e for e in structure if e["kind"] == "level"]
    first_end = next(n for n, lv in enumerate(levels, 1) if 20 * (lv["sb"] + lv["bb"]) >= 52 * 5000)
    assert end["end_level"] == first_end
    minutes = 0
    for entry in structure:
        minutes += entry["minutes"]
        if entry is levels[first_end - 1]:
            break
    assert end["end_minutes"] == minutes

    # the plan, counted here: 52 stacks of 4×25, 4×100, 3×500, 3×1000, then each colour-up's chips
    # exchanged per stack into the next chip, rounded up (TDA chip race)
    stack = {25: 4, 100: 4, 500: 3, 1000: 3}
    expected = [(None, {v: n * 52 for v, n in stack.items()})]
    in_play = [25, 100, 500, 1000, 5000]
    for index, entry in enumerate(structure):
        if "colour_up" not in entry:
            continue
        removed = entry["colour_up"]["remove"]
        assert entry["colour_up"]["method"] == "race"
        into = next(c for c in in_play if c > max(removed))
        value = sum(stack.pop(c, 0) * c for c in removed)
        stack[into] = stack.get(into, 0) + math.ceil(value / into)
        in_play = [c for c in in_play if c not in removed]
        expected.append((index, {v: n * 52 for v, n in stack.items() if n}))
    plan = body["plan"]
    assert [(s["at"], {n["value"]: n["count"] for n in s["needed"]}) for s in plan["stages"]] == expected
    assert len(expected) >= 3  # at least two colour-ups in four hours
    owned = {c["value"]: c["count"] for c in CHIP_SET}
    colours = {c["value"]: c["colour"] for c in CHIP_SET}
    for s in plan["stages"]:
        for n in s["needed"]:
            assert (n["owned"], n["colour"]) == (owned[n["value"]], colours[n["value"]])

    # seats: per player 1.3 stacks (rounded up over the field); the most players whose stacks fit
    def fits(players: int) -> bool:
        stacks = players + math.ceil(players * 0.3 - 1e-9)
        return all(
            n * stacks <= owned[v] for _, need in expected for v, n in {v: c // 52 for v, c in need.items()}.items()
        )

    assert fits(plan["seats"]) and not fits(plan["seats"] + 1)
    short = [w for w in plan["warnings"] if w["code"] == "chips_short"]
    assert {w["params"]["value"] for w in short} == {v for _, need in expected for v, n in need.items() if n > owned[v]}
    assert (plan["seats"] < 40) == any(w["code"] == "field_exceeds_seats" for w in plan["warnings"])


def test_too_few_chips_are_named_and_the_seats_counted(td):
    small = [dict(CHIP_SET[0], count=30)] + CHIP_SET[1:]  # 30 white chips only
    assert td.put("/api/club/chips", {"chips": small}).status_code == 200
    plan = td.post("/api/structures/build", BUILD).json()["plan"]
    # 30 white chips, 4 per stack, 1.3 stacks per player: 5 players (7 stacks = 28 chips)
    assert plan["seats"] == 5
    short = {w["params"]["value"]: w for w in plan["warnings"] if w["code"] == "chips_short"}
    assert short[25]["params"] == {"value": 25, "needed": 208, "owned": 30, "at": None}
    assert "208 chips of 25 needed, the club has 30" in short[25]["message"]
    assert plan["warnings"][-1]["params"] == {"seats": 5, "field": 40}


def chips_with(**change) -> dict:
    return {"chips": [dict(CHIP_SET[0], **change)] + CHIP_SET[1:]}


def test_hostile_input_is_refused_naming_the_field(td):
    for body, field in (
        ({"chips": [*CHIP_SET[:2], {"value": 500, "colour": "green", "count": -1}]}, "chips.2.count"),
        ({"chips": [*CHIP_SET[:2], {"value": 500, "colour": "green", "count": 100001}]}, "chips.2.count"),
        ({"chips": [*CHIP_SET[:2], {"value": 500, "colour": "green", "count": "12"}]}, "chips.2.count"),
        (chips_with(value=0), "chips.0.value"),
        (chips_with(value=12.5), "chips.0.value"),
        (chips_with(colour="x" * 31), "chips.0.colour"),
        (chips_with(colour="   "), "chips.0.colour"),
        (chips_with(colour="bad\u0000"), "chips.0.colour"),
        ({"chips": [*CHIP_SET, {"value": 25, "colour": "blue", "count": 1}]}, "chips.5.value"),
        ({"chips": [{"value": v, "colour": "c", "count": 1} for v in range(1, 101)]}, "chips"),
        ({"chips": []}, "chips"),
        ({"chips": CHIP_SET, "owner": "me"}, "owner"),
    ):
        refused(td.put("/api/club/chips", body), field)
    assert td.get("/api/club/chips").json() == {"chips": None}  # nothing was saved

    for change, field in (
        ({"field": -4}, "field"),
        ({"field": "40"}, "field"),
        ({"field": 1}, "field"),
        ({"level_minutes": 0}, "level_minutes"),
        ({"level_minutes": "20"}, "level_minutes"),
        ({"level_minutes": float("nan")}, "level_minutes"),
        ({"target_minutes": 10_000 * 60}, "target_minutes"),
        ({"target_minutes": float("inf")}, "target_minutes"),
        ({"target_minutes": -240}, "target_minutes"),
        ({"reentries": -0.3}, "reentries"),
        ({"reentries": float("nan")}, "reentries"),
        ({"addons": "lots"}, "addons"),
        ({"ante": "big"}, "ante"),
        ({"breaks": {"every_levels": 0, "minutes": 10}}, "breaks.every_levels"),
        ({"breaks": {"every_levels": 4, "minutes": 0}}, "breaks.minutes"),
        ({"start_chips": []}, "start_chips"),
        ({"start_chips": [{"value": 25, "count": 0}]}, "start_chips.0.count"),
        ({"start_chips": [{"value": -25, "count": 4}]}, "start_chips.0.value"),
        ({"start_chips": [{"value": 25, "count": 4}, {"value": 25, "count": 4}]}, "start_chips.1.value"),
        ({"start_chips": [{"value": v, "count": 1} for v in range(1, 101)]}, "start_chips"),
        ({"start_chips": [{"value": 10_000_000, "count": 10_000}]}, "start_chips"),
        ({"colour": "red"}, "colour"),
        ({"start_chips": [{"value": 9_999_999, "count": 1}]}, "start_chips"),  # no usual blinds in it
        ({"start_chips": [{"value": 7, "count": 100}]}, "start_chips"),
    ):
        refused(td.post("/api/structures/build", {**BUILD, **change}), field)
    # NaN and infinities as the JSON bytes a hostile client sends
    for raw in ("NaN", "Infinity", "1e400"):
        text = json.dumps(BUILD).replace('"target_minutes": 240', f'"target_minutes": {raw}')
        r = td.post("/api/structures/build", data=text, headers={"Content-Type": "application/json"})
        refused(r, "target_minutes")


def test_another_clubs_director_neither_reads_nor_writes_this_clubs_chips(server, td):
    assert td.put("/api/club/chips", {"chips": CHIP_SET}).status_code == 200
    r = td.post("/api/clubs", {"name": "Bravo Club"})
    assert r.status_code == 201, r.text
    bravo = server.api()
    setup = {
        "setup_token": r.json()["invitation"]["url"].rsplit("/", 1)[1],
        "username": "td_bravo",
        "password": "bravo pw 123",
    }
    r = bravo.post("/api/auth/setup", setup)
    assert r.status_code == 200, r.text
    bravo.token = r.json()["token"]
    assert bravo.get("/api/club/chips").json() == {"chips": None}  # his own club's: none saved
    assert bravo.put("/api/club/chips", {"chips": CHIP_SET[:2]}).status_code == 200
    assert td.get("/api/club/chips").json() == {"chips": CHIP_SET}  # Alpha's untouched
    plan = bravo.post("/api/structures/build", BUILD).json()["plan"]
    assert "orange" not in json.dumps(plan)  # built with his own set, not Alpha's
    assert bravo.get("/api/club/chips").json() == {"chips": CHIP_SET[:2]}
    for role_api in (server.api(),):  # no token at all
        assert role_api.get("/api/club/chips").status_code == 401
        assert role_api.put("/api/club/chips", {"chips": CHIP_SET}).status_code == 401
        assert role_api.post("/api/structures/build", BUILD).status_code == 401


def test_a_built_stack_and_structure_saved_as_a_custom_preset(td):
    assert td.put("/api/club/chips", {"chips": CHIP_SET}).status_code == 200
    built = td.post("/api/structures/build", {**BUILD, "ante": "bb"}).json()
    tid = td.post("/api/tournaments", {"name": "Built night", "preset": "generic"}).json()["id"]
    for name in ("Anna", "Bert"):
        ok(td, tid, "register_player", {"name": name})
    r = td.command(tid, "edit_settings", {"start_chips": STACK, "start_stack": 4000})
    assert r.status_code == 400 and r.json()["field"] == "payload.start_stack"  # must be the chips' sum
    r = td.command(tid, "edit_settings", {"start_chips": STACK + [{"value": 25, "count": 1}]})
    assert r.status_code == 400 and r.json()["field"] == "payload.start_chips.4.value"
    r = td.command(tid, "edit_settings", {"start_chips": [{"value": 25, "count": 1.5}]})
    assert r.status_code == 400 and r.json()["field"] == "payload.start_chips.0.count"
    ok(td, tid, "edit_settings", {"start_chips": list(reversed(STACK))})
    ok(td, tid, "set_structure", {"structure": built["structure"]})
    view = td.get(f"/api/tournaments/{tid}/view").json()
    assert view["settings"]["start_stack"] == 5000 and view["settings"]["start_chips"] == STACK
    assert view["chips"]["in_play"] == 2 * 5000  # the players' stacks re-counted at the new stack
    saved = td.post("/api/presets", {"name": "Built Monday", "from_tournament": tid})
    assert saved.status_code == 201, saved.text
    preset = td.get(f"/api/presets/{saved.json()['id']}").json()
    assert preset["format"]["start_chips"] == STACK and preset["format"]["start_stack"] == 5000
    assert preset["structure"] == built["structure"]
    schema = json.loads((ROOT / "shared_rules/preset.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator(schema).validate({k: v for k, v in preset.items() if k not in ("based_on",)} | {"id": "built"})
    # a stack typed as a number afterwards: its chips no longer add up to it and are dropped
    ok(td, tid, "edit_settings", {"start_stack": 6000})
    settings = td.get(f"/api/tournaments/{tid}/view").json()["settings"]
    assert settings["start_stack"] == 6000 and settings["start_chips"] is None
    ok(td, tid, "draw_seats", {"tables": 1})
    r = td.command(tid, "edit_settings", {"start_chips": STACK})
    assert r.status_code == 409 and r.json()["error"] == "settings_locked" and r.json()["field"] == "start_chips"
