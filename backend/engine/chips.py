"""Chip accounting: chips in play, the dealers' counts, and the check of one against the other.

Chips in play are the start stacks plus every rebuy, add-on and re-entry stack, less the chips of
players who leave; a dealer's count replaces that table's previous one, and the totals move by
the difference (never a pass over the players). Any rule that moves chips onto or off a table
(registration, entries, moves, breaking, busts, undo) calls `forget_count` for it: this module
imports no rule (only the model and the clock's arithmetic), so each of them can import it.
"""

from __future__ import annotations

import math

from marshmallow import fields, validate, validates_schema

from .catalog import STAFF, applies, command
from .census import census
from .clock import clock_at
from .model import Command, Decision, Event, Rejection, TournamentState, find_table
from .payload import MAX_CHIPS, TABLE_NO, StrictSchema, Text, nested_error


class ChipCountPayload(StrictSchema):
    table_no = fields.Integer(required=True, strict=True, validate=TABLE_NO)
    stacks = fields.Dict(
        keys=Text(max_length=10), values=fields.Raw(), required=True, validate=validate.Length(min=1, max=30)
    )

    @validates_schema
    def _whole_chips(self, data: dict, **_: object) -> None:
        for key, chips in (data.get("stacks") or {}).items():
            if not (key.isascii() and key.isdigit() and 1 <= int(key) <= 30):
                raise nested_error(f"stacks.{key}", "Seats are numbers from 1 to 30.")
            if not isinstance(chips, int) or isinstance(chips, bool) or not 0 <= chips <= MAX_CHIPS:
                raise nested_error(
                    f"stacks.{key}",
                    "Must be a whole number of chips, 0 or more "
                    "(chips in play are start stacks, rebuys and add-ons: N-3.9, V-XIII).",
                )


@command("chip_count", payload=ChipCountPayload, roles=STAFF, emits=("chips_counted",))
def decide_chip_count(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """A dealer's count of every stack at the table; it replaces the table's previous count."""
    table, problem = find_table(state, cmd)
    if problem:
        return problem
    table_no = table.table_no
    raw = cmd.payload.get("stacks")
    if not isinstance(raw, dict) or not raw:
        return Rejection("no_stacks", "Count every stack at the table.", "stacks", "invalid", params={})
    stacks: dict[int, int] = {}
    for key, chips in raw.items():
        seat = int(key) if str(key).isdigit() else None
        if seat is None or not 1 <= seat <= table.max_seats:
            return Rejection(
                "no_such_seat",
                f"Table {table_no} has seats 1 to {table.max_seats}.",
                f"stacks.{key}",
                "invalid",
                params={"table": table_no, "seats": table.max_seats},
            )
        if not isinstance(chips, int) or isinstance(chips, bool) or chips < 0:
            return Rejection(
                "invalid_chips", "A stack is a whole number of chips, 0 or more.", f"stacks.{key}", "invalid", params={}
            )
        if chips and seat not in table.seats:
            return Rejection(
                "seat_empty",
                f"Seat {seat} at table {table_no} is empty; only 0 can be counted there.",
                f"stacks.{key}",
                params={"seat": seat, "table": table_no},
            )
        stacks[seat] = chips
    for seat, entry_id in sorted(table.seats.items()):
        if seat not in stacks:
            return Rejection(
                "seat_missing",
                f"Seat {seat} ({state.entries[entry_id].name}) has no count.",
                f"stacks.{seat}",
                params={"seat": seat, "name": state.entries[entry_id].name},
            )
    total = sum(stacks.values())
    return Decision(
        [
            Event(
                "chips_counted",
                {
                    "table_no": table_no,
                    "stacks": {str(s): c for s, c in sorted(stacks.items())},
                    "total": total,
                    "at": cmd.now,
                },
            )
        ],
        {"table_no": table_no, "total": total},
    )


def forget_count(state: TournamentState, table_no: int | None) -> None:
    """Chips went in or out of a table: its last count no longer says anything."""
    old = state.chip_counts.pop(table_no, None) if table_no is not None else None
    if old is not None:
        state.chips["counted"] -= old["total"]


@applies("chips_counted", public=False, views=("table",))
def apply_chips_counted(state: TournamentState, event: Event) -> None:
    p = event.payload
    forget_count(state, p["table_no"])
    state.chip_counts[p["table_no"]] = {"total": p["total"], "at": p["at"], "stacks": p["stacks"]}
    state.chips["counted"] += p["total"]
    table = state.tables.get(p["table_no"])
    seats = table.seats if table else {}
    state.last_counts[p["table_no"]] = {
        "at": p["at"],
        "chips": {seats[int(s)]: c for s, c in p["stacks"].items() if int(s) in seats},
    }


def last_count(state: TournamentState, table_no: int) -> dict | None:
    """The table's latest count as its dealer's next count starts from it, also after chips moved
    since (a bust, a move, a new player): each player still at the table with the stack counted
    for him then, at the seat he holds now. None before the first count."""
    count, table = state.last_counts.get(table_no), state.tables.get(table_no)
    if count is None or table is None:
        return None
    chips = count["chips"]
    stacks = {str(seat): chips[e] for seat, e in sorted(table.seats.items()) if e in chips}
    return {"at": count["at"], "stacks": stacks} if stacks else None


# ------------------------------------------------------------------ the chip check


def _colour_up_passed(state: TournamentState, now: int) -> int | None:
    """The structure index the clock stands at, if a colour-up notice lies behind it."""
    structure = state.structure
    first = next((i for i, e in enumerate(structure) if "colour_up" in e), None)
    if first is None or state.clock.status == "idle":
        return None
    where = clock_at(structure, state.clock.as_dict(), now)
    return where["index"] if where["index"] > first else None


def tolerance(state: TournamentState, now: int) -> int:
    """Exact until the first colour-up. After it (a race, N-2.19, or rounding up, V-VII.a, S-#10)
    each stack may have changed by less than the smallest chip still in play, estimated as the
    greatest common divisor of the current blinds and ante."""
    index = _colour_up_passed(state, now)
    if index is None:
        return 0
    level = next((e for e in state.structure[index:] if e.get("kind") == "level"), None) or next(
        (e for e in reversed(state.structure[:index]) if e.get("kind") == "level"), None
    )
    if level is None:
        return 0
    chip = math.gcd(level["sb"], level["bb"], level.get("ante", 0) or 0)
    return chip * state.players_left


def chips_view(state: TournamentState, now: int) -> dict:
    in_play, counted = state.chips["in_play"], state.chips["counted"]
    tables_total = census(state).occupied  # tables in play with players (kept per command)
    counted_tables = len(state.chip_counts)
    allowed = tolerance(state, now)
    difference = counted - in_play
    complete = counted_tables > 0 and counted_tables >= tables_total
    unknown = state.chips["unknown_removals"]
    # With chips gone of players who left uncounted, only a surplus is certain to be wrong.
    alarm = complete and (difference > allowed if unknown else abs(difference) > allowed)
    return {
        "in_play": in_play,
        "counted": counted if counted_tables else None,
        # Which tables have a current count, so the director knows which one to recount.
        "tables": [{"table_no": n, "counted": c["total"], "at": c["at"]} for n, c in sorted(state.chip_counts.items())],
        "difference": difference if complete else None,
        "tables_counted": counted_tables,
        "tables_total": tables_total,
        "tolerance": allowed,
        "unknown_removals": unknown,
        "alarm": alarm,
    }
