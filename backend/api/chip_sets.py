"""The club's chip set and the structure builder (docs/structures.md).

A club keeps one chip set: its denominations, their colours and how many of each it owns. Any director
of the club reads it; a director with full access changes it (it is the club's, like its screens). The
builder (engine/structure_builder.py) turns the night's numbers into a blind structure, and the chip
plan (engine/chip_plan.py) counts the chips it needs at the start and after every colour-up against
the club's set. Building changes nothing: the director applies the structure with `set_structure`, the
stack's chips with `edit_settings` (`start_chips`), and may save both as a custom preset."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue
from marshmallow import ValidationError, fields, validate, validates_schema

from ..auth.access import Caller, require_club_director, require_director
from ..engine.chip_plan import chip_plan
from ..engine.payload import StrictSchema, Text, nested_error, not_blank
from ..engine.settings import MAX_DENOMINATIONS, StackChip, plain, stack_chips_problem, value_twice
from ..engine.structure_builder import ANTES, NoBlinds, build_structure
from ..errors import ApiError
from ..floor import floor
from ..store import Club, existing, session_scope
from . import answer_schemas as out
from .contract import documented

bp = Blueprint("chip_sets", __name__, url_prefix="/api")

MAX_BUILD_STACK = 100_000_000  # chips of one stack the builder plans with (a club's 10,000 is 10^4)


class Number(fields.Float):
    """A JSON number: "20" (a string), true, NaN and infinities are refused."""

    def _deserialize(self, value: object, attr: str | None, data: object, **kwargs: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValidationError("Must be a number.")
        return super()._deserialize(value, attr, data, **kwargs)


def _number(low: float, high: float, **kw: object) -> Number:
    return Number(allow_nan=False, validate=validate.Range(min=low, max=high), **kw)  # type: ignore[arg-type]


class ChipRow(StrictSchema):
    """One denomination the club owns: 300 white chips of 25."""

    value = fields.Integer(
        required=True, strict=True, validate=validate.Range(min=1, max=10_000_000, error="Must be a whole chip value.")
    )
    colour = Text(required=True, validate=[validate.Length(min=1, max=30), not_blank])
    count = fields.Integer(
        required=True, strict=True, validate=validate.Range(min=0, max=100_000, error="Must be from 0 to 100000 chips.")
    )


class ChipSetSchema(StrictSchema):
    """The club's whole chip set, as the director counted it (replaces the one before)."""

    chips = fields.List(fields.Nested(ChipRow), required=True, validate=validate.Length(min=1, max=MAX_DENOMINATIONS))

    @validates_schema
    def _unique(self, data: dict, **_: object) -> None:
        twice = value_twice(data.get("chips") or [], "chips")
        if twice:
            raise nested_error(*twice)


class BreaksSchema(StrictSchema):
    every_levels = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=20))
    minutes = _number(1, 120, required=True)


def _stack(**kw: object) -> fields.List:
    return fields.List(fields.Nested(StackChip), validate=validate.Length(min=1, max=MAX_DENOMINATIONS), **kw)  # type: ignore[arg-type]


class BuildSchema(StrictSchema):
    """The night's numbers: the expected field (players), the starting stack in chips, the level length,
    how long the tournament should take (breaks included), antes, breaks, and the re-entries, rebuys and
    add-ons expected per player (0.3: three in ten players re-enter once)."""

    field = fields.Integer(required=True, strict=True, validate=validate.Range(min=2, max=5000))
    start_chips = _stack(required=True)
    rebuy_chips = _stack(load_default=None, allow_none=True)  # missing: the starting stack's
    addon_chips = _stack(load_default=None, allow_none=True)
    level_minutes = _number(1, 240, required=True)
    target_minutes = _number(30, 24 * 60, required=True)
    ante = Text(load_default="none", validate=validate.OneOf(ANTES))
    breaks = fields.Nested(BreaksSchema, load_default=None, allow_none=True)
    reentries = _number(0, 10, load_default=0)
    rebuys = _number(0, 10, load_default=0)
    addons = _number(0, 10, load_default=0)
    colour_up = Text(load_default="race", validate=validate.OneOf(["race", "round_up"]))

    @validates_schema
    def _stacks(self, data: dict, **_: object) -> None:
        for name in ("start_chips", "rebuy_chips", "addon_chips"):
            chips = data.get(name)
            if not chips:
                continue
            problem = stack_chips_problem(chips, name)
            if problem:
                raise nested_error(*problem)
            if sum(c["value"] * c["count"] for c in chips) > MAX_BUILD_STACK:
                raise nested_error(name, f"The stack is more than {MAX_BUILD_STACK} chips.")


def chip_set_json(club: Club) -> dict:
    return {"chips": club.chips}


@bp.get("/club/chips")
@documented(out.ClubChips, errors=(401, 403))
def get_chips() -> ResponseReturnValue:
    """The club's chip set: denominations, colours and counts (null until saved; any director of the club)"""
    caller = require_director()
    with session_scope(floor().db) as session:
        return jsonify(chip_set_json(existing(session.get(Club, caller.club))))


@bp.put("/club/chips")
@documented(out.ClubChips, body=ChipSetSchema, errors=(400, 401, 403), access=require_club_director)
def put_chips(body: dict, caller: Caller) -> ResponseReturnValue:
    """Save the club's chip set, replacing the one before (a director with full access)"""
    chips = sorted(
        ({"value": c["value"], "colour": c["colour"].strip(), "count": c["count"]} for c in body["chips"]),
        key=lambda c: c["value"],
    )
    with session_scope(floor().db) as session:
        club = existing(session.get(Club, caller.club))
        club.chips = chips
        session.add(club)
        session.flush()
        return jsonify(chip_set_json(club))


def _director_reading() -> Caller:
    return require_director(act=False)  # building changes nothing: an observer may try it too


@bp.post("/structures/build")
@documented(out.BuiltStructure, body=BuildSchema, errors=(400, 401, 403), access=_director_reading)
def build(body: dict, caller: Caller) -> ResponseReturnValue:
    """Build a blind structure for the night's numbers, with the chips it needs against the club's set"""
    with session_scope(floor().db) as session:
        chip_set = existing(session.get(Club, caller.club)).chips
    body = {k: plain(v) for k, v in body.items()}
    if body["breaks"]:
        body["breaks"] = {k: plain(v) for k, v in body["breaks"].items()}
    try:
        built = build_structure({**body, "chip_set": chip_set})
    except NoBlinds as problem:
        raise ApiError(400, "validation", f"start_chips: {problem}", "start_chips") from None
    plan = chip_plan(chip_set, body["start_chips"], body, built["structure"])
    return jsonify(
        {
            "structure": built["structure"],
            "start_stack": built["start_stack"],
            "total_chips": built["total_chips"],
            "estimate": {**built["estimate"], "warnings": built["warnings"]},
            "plan": plan,
        }
    )
