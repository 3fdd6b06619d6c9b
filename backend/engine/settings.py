"""The director edits the tournament's money, chips and room before the seat draw: buy-in, fee,
starting stack, currency, and how many tables of how many seats the room has tonight (a club with
30 seats and 3 dealers). Players already registered are re-priced with one delta each for the
pool, the fees and the chips in play (never a pass over the players)."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate, validates_schema

from . import money
from .catalog import DIRECTOR, applies, command
from .model import Command, Decision, Event, Rejection, TournamentState
from .payload import StrictSchema, Text, cents, nested_error, not_blank
from .registration import field_size

MONEY = ("buy_in", "fee", "start_stack", "currency", "start_chips")  # the preset's format
ROOM = ("max_tables", "max_per_table")  # the preset's seating (N-3.12, N-2.9)
EDITABLE = MONEY + ROOM
OPEN = ("new", "registering")


def plain(value: Any) -> Any:
    """150.0 from a phone's number field is stored as 150, like the presets write it."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


class StackChip(StrictSchema):
    """One denomination of the starting stack in chips (docs/structures.md): 4 chips of 25."""

    value = fields.Integer(
        required=True, strict=True, validate=validate.Range(min=1, max=10_000_000, error="Must be a whole chip value.")
    )
    count = fields.Integer(
        required=True, strict=True, validate=validate.Range(min=1, max=10_000, error="Must be from 1 to 10000 chips.")
    )


MAX_STACK = 1_000_000_000
MAX_DENOMINATIONS = 12  # a stack's chips, and a club's chip set


def value_twice(chips: list[dict], field: str) -> tuple[str, str] | None:
    """The first denomination given twice: (dotted field, reason), or None."""
    seen: set[int] = set()
    for i, chip in enumerate(chips):
        if chip["value"] in seen:
            return f"{field}.{i}.value", f"The value {chip['value']} is given twice."
        seen.add(chip["value"])
    return None


def stack_chips_problem(chips: list[dict], field: str) -> tuple[str, str] | None:
    """Denominations given twice, or a stack past MAX_STACK: (dotted field, reason) or None."""
    twice = value_twice(chips, field)
    if twice:
        return twice
    if sum(c["value"] * c["count"] for c in chips) > MAX_STACK:
        return field, f"The stack is more than {MAX_STACK} chips."
    return None


class EditSettingsPayload(StrictSchema):
    """Before the seat draw (engine/settings.py): what each player pays and gets in chips."""

    buy_in = fields.Float(allow_nan=False, validate=[validate.Range(min=0, max=1_000_000), cents])
    fee = fields.Float(allow_nan=False, validate=[validate.Range(min=0, max=1_000_000), cents])
    start_stack = fields.Integer(
        strict=True,
        validate=validate.Range(
            min=1, max=1_000_000_000, error="Must be a whole number of chips from 1 to 1000000000."
        ),
    )
    currency = Text(validate=[validate.Length(min=1, max=8), not_blank])
    # the starting stack in chips: start_stack becomes its sum (docs/structures.md)
    start_chips = fields.List(fields.Nested(StackChip), validate=validate.Length(min=1, max=MAX_DENOMINATIONS))
    max_tables = fields.Integer(
        strict=True, validate=validate.Range(min=1, max=2000, error="Must be a whole number of tables from 1 to 2000.")
    )
    max_per_table = fields.Integer(
        strict=True,
        validate=validate.Range(min=2, max=11, error="Must be a whole number of seats from 2 to 11 (N-2.9, S-#2)."),
    )

    @validates_schema
    def _stack_adds_up(self, data: dict, **_: object) -> None:
        chips = data.get("start_chips")
        if chips is None:
            return
        problem = stack_chips_problem(chips, "start_chips")
        if problem:
            raise nested_error(*problem)
        total = sum(c["value"] * c["count"] for c in chips)
        if data.get("start_stack") is not None and data["start_stack"] != total:
            raise nested_error("start_stack", f"Must be the sum of start_chips ({total}), or left out.")


@command("edit_settings", payload=EditSettingsPayload, roles=DIRECTOR, emits=("settings_edited",))
def decide_edit_settings(state: TournamentState, cmd: Command) -> Decision | Rejection:
    asked = {k: plain(cmd.payload[k]) for k in EDITABLE if cmd.payload.get(k) is not None}
    if "start_chips" in asked:  # the stack in chips sets the stack, kept by value
        chips = sorted(({"value": c["value"], "count": c["count"]} for c in asked["start_chips"]), key=_value)
        asked.update(start_chips=chips, start_stack=sum(c["value"] * c["count"] for c in chips))
    if not asked:
        return Rejection(
            "nothing_to_change",
            "Change at least one of buy-in, fee, starting stack, currency, tables or seats per table.",
            None,
            "invalid",
        )
    if state.status not in OPEN:
        return Rejection(
            "settings_locked",
            "The seats are drawn: buy-in, fee, starting stack, currency and the tables stay as they are for everyone.",
            next(iter(asked)),
        )
    changes = {k: v for k, v in asked.items() if current(state, k) != v}
    if not changes:
        return Rejection("nothing_to_change", "These are already the tournament's settings.", next(iter(asked)))
    if "start_stack" in changes and "start_chips" not in asked and current(state, "start_chips"):
        changes["start_chips"] = None  # a stack typed as a number: its chips no longer add up to it
    tables = changes.get("max_tables", state.seating.get("max_tables"))
    seats = changes.get("max_per_table", state.max_per_table) * tables if tables else None
    if seats is not None and seats < field_size(state):
        return Rejection(
            "room_too_small",
            f"{field_size(state)} players are registered: {tables} tables of "
            f"{changes.get('max_per_table', state.max_per_table)} seat {seats}. Take registrations back first.",
            next(k for k in ROOM if k in changes) if any(k in changes for k in ROOM) else None,
            params={"field": field_size(state), "seats": seats},
        )
    before = {k: current(state, k) for k in changes}
    return Decision(
        [Event("settings_edited", {"changes": changes, "before": before})],
        {"changed": sorted(changes), "registered": state.money["buy_ins"]},
    )


@applies("settings_edited")
def apply_settings_edited(state: TournamentState, event: Event) -> None:
    changes, before = event.payload["changes"], event.payload["before"]
    counted = state.money["buy_ins"]  # the buy-ins booked so far, at the old price
    m = state.money
    if "buy_in" in changes:
        m["pool"] = money.exact(m["pool"]) + counted * (
            money.exact(changes["buy_in"]) - money.exact(before["buy_in"] or 0)
        )
    if "fee" in changes:
        m["fees"] = money.exact(m["fees"]) + counted * (money.exact(changes["fee"]) - money.exact(before["fee"] or 0))
    if "start_stack" in changes:
        state.chips["in_play"] += counted * (int(changes["start_stack"]) - int(before["start_stack"] or 0))
    state.preset = {
        **state.preset,
        "format": {**state.format, **{k: v for k, v in changes.items() if k in MONEY}},
        "seating": {**state.seating, **{k: v for k, v in changes.items() if k in ROOM}},
    }


def _value(chip: dict) -> int:
    return int(chip["value"])


def current(state: TournamentState, key: str) -> object:
    """A setting as it stands: the format's money and chips, the seating's tables and seats."""
    return state.seating.get(key) if key in ROOM else state.format.get(key)


def view(state: TournamentState) -> dict:
    return {k: current(state, k) for k in EDITABLE}
