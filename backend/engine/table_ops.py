"""Commands at one table: the first button, new hands, moving a player (docs/seating.md)."""

from __future__ import annotations

from marshmallow import fields, validate

from . import hand_for_hand
from .balancing import forbidden_seats, fullest, halt_of
from .catalog import DIRECTOR, STAFF, applies, command
from .chips import forget_count
from .hands import next_positions
from .model import Command, Decision, Event, Rejection, Table, TournamentState, find_table
from .payload import ID, SEAT, TABLE_NO, StrictSchema, TablePayload, Text


class SetButtonPayload(TablePayload):
    seat = fields.Integer(required=True, strict=True, validate=SEAT)


@command("set_button", payload=SetButtonPayload, roles=STAFF, emits=("button_set",))
def decide_set_button(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """The first button by high card (N-1.3, S-01), or a redraw (V-III.i, V-IV.d)."""
    table, problem = find_table(state, cmd)
    if problem:
        return problem
    seat = cmd.payload.get("seat")
    if seat not in table.seats:
        return Rejection("empty_seat", f"Seat {seat} at table {table.table_no} is empty.", "seat")
    return Decision([Event("button_set", {"table_no": table.table_no, "seat": seat})], {})


@command("new_hand", payload=TablePayload, roles=STAFF, emits=("hand_started",))
def decide_new_hand(state: TournamentState, cmd: Command) -> Decision | Rejection:
    table, problem = find_table(state, cmd)
    if problem:
        return problem
    if len(table.seats) < 2:
        return Rejection(
            "too_few_players",
            f"Table {table.table_no} has fewer than 2 players.",
            "table_no",
            params={"table": table.table_no},
        )
    positions = next_positions(table)
    if positions is None:
        return _no_button(state, table)
    wait = hand_for_hand.wait_rejection(state, table.table_no)  # N-2.13, V-V.b: all tables start together
    if wait:
        return wait
    halt = halt_of(state, table)
    if halt:  # V-III.h, TDA 11D: the short table holds its next hand until it is balanced
        return Rejection(
            "table_halted",
            f"Table {table.table_no} is {halt['short']} players short of the fullest table: hold the "
            f"next hand until the director balances the tables ({halt['rule']}).",
            "table_no",
            params={"table": table.table_no, "short": halt["short"], "rule": halt["rule"]},
        )
    return Decision(
        [
            Event(
                "hand_started",
                {
                    "table_no": table.table_no,
                    "hand_no": table.hand_no + 1,
                    "button": positions["button"],
                    "sb": positions["sb"],
                    "bb": positions["bb"],
                    "at": cmd.now,
                },
            )
        ],
        {"hand_no": table.hand_no + 1, **positions},
    )


def redraw_rule(state: TournamentState, reason: str) -> str | None:
    """The rule that asks for a new button: V-III.i (two or more new players), or at the final table
    the preset's `cite.final_table_button` (S-#4: the button is drawn at the start of the final
    table), else the final table's own rule (V-IV, N-2.9…; None where the preset names none)."""
    cite = state.preset.get("cite") or {}
    if reason == "new_players":
        return cite.get("redraw_button") or "V-III.i"
    return cite.get("final_table_button") or cite.get("final_table")


def _no_button(state: TournamentState, table: Table) -> Rejection:
    if table.redraw is None:
        return Rejection(
            "no_button",
            f"Set the button at table {table.table_no} first (high card).",
            "table_no",
            params={"table": table.table_no},
        )
    rule = redraw_rule(state, table.redraw)
    why = (
        f"Two or more new players joined table {table.table_no}"
        if table.redraw == "new_players"
        else f"Table {table.table_no} is one of the last two tables"
        if table.redraw == "two_tables"
        else f"Table {table.table_no} is the final table"
    )
    cited = f" ({rule})" if rule else ""
    return Rejection(
        "no_button",
        f"{why}: draw for the button by high card before the next hand{cited}.",
        "table_no",
        params={
            "variant": table.redraw + ("" if rule else "_setting"),
            "table": table.table_no,
            **({"rule": rule} if rule else {}),
        },
    )


@command("override_halt", payload=TablePayload, roles=DIRECTOR, emits=("table_halt_overridden",))
def decide_override_halt(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """The director lets a short table play on (V-III.h, TDA 11D) until its count or the fullest
    table's changes."""
    table, problem = find_table(state, cmd)
    if problem:
        return problem
    halt = halt_of(state, table)
    if halt is None:
        return Rejection(
            "not_halted", f"Table {table.table_no} is not halted.", "table_no", params={"table": table.table_no}
        )
    return Decision(
        [
            Event(
                "table_halt_overridden",
                {"table_no": table.table_no, "players": len(table.seats), "fullest": fullest(state), "at": cmd.now},
            )
        ],
        {"table_no": table.table_no},
    )


class TableNotePayload(TablePayload):
    text = Text(required=True, allow_none=True, max_length=140)  # null or "": the note is taken away


@command("set_table_note", payload=TableNotePayload, roles=DIRECTOR, emits=("table_note_set",))
def decide_set_table_note(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """The director's short note to a table's dealer ("Seat 4 leaves at 22:00"), shown on that
    table's phone until he changes or clears it."""
    table, problem = find_table(state, cmd)
    if problem:
        return problem
    text = (cmd.payload.get("text") or "").strip() or None
    return Decision([Event("table_note_set", {"table_no": table.table_no, "text": text})], {"table_no": table.table_no})


@applies("table_note_set", public=False, views=("table",))
def apply_table_note_set(state: TournamentState, event: Event) -> None:
    state.tables[event.payload["table_no"]].note = event.payload["text"]


class MovePlayerPayload(StrictSchema):
    entry_id = fields.Integer(required=True, strict=True, validate=ID)
    to_table = fields.Integer(required=True, strict=True, validate=TABLE_NO)
    to_seat = fields.Integer(required=True, strict=True, validate=SEAT)
    reason = Text(load_default="director", validate=validate.Length(max=40))
    force = fields.Boolean(load_default=False)


@command("move_player", payload=MovePlayerPayload, roles=DIRECTOR, emits=("player_moved",))
def decide_move(state: TournamentState, cmd: Command) -> Decision | Rejection:
    p = cmd.payload
    entry_id = p.get("entry_id")
    entry = state.entries.get(entry_id) if isinstance(entry_id, int) else None
    if entry is None:
        return Rejection("unknown_entry", f"There is no player #{entry_id}.", "entry_id", "not_found")
    if entry.status != "active" or entry.table_no is None:
        return Rejection("not_seated", f"{entry.name} is not seated (out or not drawn yet).", "entry_id")
    dest, problem = find_table(state, cmd, "to_table")
    if problem:
        return problem
    seat = p.get("to_seat")
    if not isinstance(seat, int) or not 1 <= seat <= dest.max_seats:
        return Rejection("no_such_seat", f"Table {dest.table_no} has seats 1 to {dest.max_seats}.", "to_seat")
    if seat in dest.seats:
        other = state.entries[dest.seats[seat]].name
        return Rejection("seat_taken", f"Seat {seat} at table {dest.table_no} is taken by {other}.", "to_seat")
    if not p.get("force") and seat in forbidden_seats(dest, state.preset.get("seating", {})):
        return Rejection(
            "between_button_and_small_blind",
            f"Seat {seat} at table {dest.table_no} is between the button and the small blind; choose another seat.",
            "to_seat",
        )  # the preset's rule id is added (refusals.py)
    payload = {
        "entry_id": entry.entry_id,
        "from_table": entry.table_no,
        "from_seat": entry.seat,
        "to_table": dest.table_no,
        "to_seat": seat,
        "reason": p.get("reason", "director"),
        "at": cmd.now,
    }
    limit = state.seating.get("redraw_button_when_new_players")
    if limit and dest.table_no != entry.table_no and dest.arrivals + 1 >= limit and dest.button is not None:
        payload["redraw_button"] = True  # V-III.i: the second newcomer before a hand: a new high-card draw
    return Decision(
        [Event("player_moved", payload)],
        {
            "entry_id": entry.entry_id,
            "to_table": dest.table_no,
            "to_seat": seat,
            "redraw_button": bool(payload.get("redraw_button")),
        },
    )


@applies("button_set", public=False, views="custom")
def apply_button_set(state: TournamentState, event: Event) -> None:
    p = event.payload
    table = state.tables[p["table_no"]]
    table.button, table.sb, table.bb, table.hand_no = p["seat"], None, None, 0
    table.arrivals, table.redraw = 0, None
    table.button_epoch += 1


@applies("hand_started", public=False, views="custom")
def apply_hand_started(state: TournamentState, event: Event) -> None:
    p = event.payload
    table = state.tables[p["table_no"]]
    table.button, table.sb, table.bb, table.hand_no = p["button"], p["sb"], p["bb"], p["hand_no"]
    table.arrivals = 0
    hand_for_hand.hand_started(state, table.table_no)


@applies("player_moved", public=False, seating=True, views="custom")
def apply_player_moved(state: TournamentState, event: Event) -> None:
    p = event.payload
    move_entry(state, p["entry_id"], p["to_table"], p["to_seat"])
    remember_moves(state, [p], p.get("reason", "director"), p.get("at"))
    if p.get("redraw_button"):
        reset_button(state.tables[p["to_table"]], "new_players")


@applies("table_halt_overridden", public=False, views=("table",))
def apply_halt_overridden(state: TournamentState, event: Event) -> None:
    p = event.payload
    state.tables[p["table_no"]].halt_override = (p["players"], p["fullest"])


def reset_button(table: Table, why: str) -> None:
    """The button is drawn again by high card before the next hand (V-III.i, V-IV.d, S-#4)."""
    table.button, table.sb, table.bb, table.hand_no = None, None, None, 0
    table.arrivals, table.redraw = 0, why
    table.button_epoch += 1


def move_entry(state: TournamentState, entry_id: int, table_no: int, seat: int) -> None:
    entry = state.entries[entry_id]
    forget_count(state, entry.table_no)  # his chips left one table and reached another
    forget_count(state, table_no)
    if entry.table_no in state.tables and entry.seat is not None:
        state.tables[entry.table_no].seats.pop(entry.seat, None)
    if entry.table_no != table_no:
        state.tables[table_no].arrivals += 1  # V-III.i counts the newcomers before the next hand
    state.tables[table_no].seats[seat] = entry_id
    entry.table_no, entry.seat = table_no, seat


def remember_moves(state: TournamentState, moves: list[dict], reason: str, at: int | None) -> None:
    """Keep the last 200 moves with names, so dealers' phones can say who comes and goes."""
    for m in moves:
        move = {
            **{k: m[k] for k in ("entry_id", "from_table", "from_seat", "to_table", "to_seat")},
            "name": state.entries[m["entry_id"]].name,
            "reason": reason,
            "at": at,
        }
        state.recent_moves.append(move)
        state.entries[m["entry_id"]].last_move = move
    del state.recent_moves[:-200]
