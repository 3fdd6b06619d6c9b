"""The director edits the tournament's money, chips and room before the seat draw: buy-in, fee,
starting stack, currency, and how many tables of how many seats the room has tonight (a club with
30 seats and 3 dealers). Players already registered are re-priced with one delta each for the
pool, the fees and the chips in play (never a pass over the players)."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate

from . import money
from .catalog import DIRECTOR, applies, command
from .model import Command, Decision, Event, Rejection, TournamentState
from .payload import StrictSchema, Text, cents, not_blank
from .registration import field_size

MONEY = ("buy_in", "fee", "start_stack", "currency")  # the preset's format
ROOM = ("max_tables", "max_per_table")  # the preset's seating (N-3.12, N-2.9)
EDITABLE = MONEY + ROOM
OPEN = ("new", "registering")


def _plain(value: Any) -> Any:
    """150.0 from a phone's number field is stored as 150, like the presets write it."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


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
    max_tables = fields.Integer(
        strict=True, validate=validate.Range(min=1, max=2000, error="Must be a whole number of tables from 1 to 2000.")
    )
    max_per_table = fields.Integer(
        strict=True,
        validate=validate.Range(min=2, max=11, error="Must be a whole number of seats from 2 to 11 (N-2.9, S-#2)."),
    )


@command("edit_settings", payload=EditSettingsPayload, roles=DIRECTOR, emits=("settings_edited",))
def decide_edit_settings(state: TournamentState, cmd: Command) -> Decision | Rejection:
    asked = {k: _plain(cmd.payload[k]) for k in EDITABLE if cmd.payload.get(k) is not None}
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


def current(state: TournamentState, key: str) -> object:
    """A setting as it stands: the format's money and chips, the seating's tables and seats."""
    return state.seating.get(key) if key in ROOM else state.format.get(key)


def view(state: TournamentState) -> dict:
    return {k: current(state, k) for k in EDITABLE}
