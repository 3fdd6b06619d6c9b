"""Commands at one table: the first button, new hands, moving a player (docs/seating.md)."""
from __future__ import annotations

from .balancing import forbidden_seats
from .hands import next_positions
from .model import Command, Decision, Event, Rejection, TournamentState


def _table(state: TournamentState, cmd: Command, field: str = "table_no"):
    table_no = cmd.payload.get(field)
    table = state.tables.get(table_no) if isinstance(table_no, int) else None
    if table is None:
        return None, Rejection("unknown_table", f"There is no table {table_no}.", field, "not_found")
    if table.broken:
        return None, Rejection("table_broken", f"Table {table_no} has been broken up.", field,
                               params={"table": table_no})
    if cmd.actor.role == "dealer" and cmd.actor.table_no != table_no:
        return None, Rejection("not_your_table", f"This phone belongs to table {cmd.actor.table_no}.",
                               field, "forbidden", params={"own_table": cmd.actor.table_no})
    return table, None


def decide_set_button(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """The first button by high card (N-1.3, S-01), or a redraw (V-III.i, V-IV.d)."""
    table, problem = _table(state, cmd)
    if problem:
        return problem
    seat = cmd.payload.get("seat")
    if seat not in table.seats:
        return Rejection("empty_seat", f"Seat {seat} at table {table.table_no} is empty.", "seat")
    return Decision([Event("button_set", {"table_no": table.table_no, "seat": seat})], {})


def decide_new_hand(state: TournamentState, cmd: Command) -> Decision | Rejection:
    table, problem = _table(state, cmd)
    if problem:
        return problem
    if len(table.seats) < 2:
        return Rejection("too_few_players", f"Table {table.table_no} has fewer than 2 players.", "table_no",
                         params={"table": table.table_no})
    positions = next_positions(table)
    if positions is None:
        return Rejection("no_button", "Set the button first (high card).", "table_no")
    if state.hand_for_hand["active"] and table.table_no in state.hand_for_hand["done"]:
        return Rejection("hand_for_hand_wait",
                         "Hand-for-hand: wait until every table has finished its hand.", "table_no")
    return Decision([Event("hand_started", {"table_no": table.table_no, "hand_no": table.hand_no + 1,
                                            "button": positions["button"], "sb": positions["sb"],
                                            "bb": positions["bb"], "at": cmd.now})],
                    {"hand_no": table.hand_no + 1, **positions})


def decide_move(state: TournamentState, cmd: Command) -> Decision | Rejection:
    p = cmd.payload
    entry = state.entries.get(p.get("entry_id"))
    if entry is None:
        return Rejection("unknown_entry", f"There is no player #{p.get('entry_id')}.", "entry_id", "not_found")
    if entry.status != "active" or entry.table_no is None:
        return Rejection("not_seated", f"{entry.name} is not seated (out or not drawn yet).", "entry_id")
    dest, problem = _table(state, cmd, "to_table")
    if problem:
        return problem
    seat = p.get("to_seat")
    if not isinstance(seat, int) or not 1 <= seat <= dest.max_seats:
        return Rejection("no_such_seat", f"Table {dest.table_no} has seats 1 to {dest.max_seats}.", "to_seat")
    if seat in dest.seats:
        other = state.entries[dest.seats[seat]].name
        return Rejection("seat_taken", f"Seat {seat} at table {dest.table_no} is taken by {other}.", "to_seat")
    if not p.get("force") and seat in forbidden_seats(dest, state.preset.get("seating", {})):
        return Rejection("between_button_and_small_blind",
                         f"Seat {seat} at table {dest.table_no} is between the button and the small blind "
                         "(N-2.10); choose another seat.", "to_seat")
    return Decision([Event("player_moved", {
        "entry_id": entry.entry_id, "from_table": entry.table_no, "from_seat": entry.seat,
        "to_table": dest.table_no, "to_seat": seat, "reason": p.get("reason", "director"), "at": cmd.now})],
        {"entry_id": entry.entry_id, "to_table": dest.table_no, "to_seat": seat})


def apply_table_event(state: TournamentState, event: Event) -> None:
    p = event.payload
    if event.type == "button_set":
        table = state.tables[p["table_no"]]
        table.button, table.sb, table.bb, table.hand_no = p["seat"], None, None, 0
    elif event.type == "hand_started":
        table = state.tables[p["table_no"]]
        table.button, table.sb, table.bb, table.hand_no = p["button"], p["sb"], p["bb"], p["hand_no"]
    elif event.type == "player_moved":
        move_entry(state, p["entry_id"], p["to_table"], p["to_seat"])
        remember_moves(state, [p], p.get("reason", "director"), p.get("at"))


def move_entry(state: TournamentState, entry_id: int, table_no: int, seat: int) -> None:
    from .entries import forget_count
    entry = state.entries[entry_id]
    forget_count(state, entry.table_no)  # his chips left one table and reached another
    forget_count(state, table_no)
    if entry.table_no in state.tables:
        state.tables[entry.table_no].seats.pop(entry.seat, None)
    state.tables[table_no].seats[seat] = entry_id
    entry.table_no, entry.seat = table_no, seat


def remember_moves(state: TournamentState, moves: list[dict], reason: str, at) -> None:
    """Keep the last 200 moves with names, so dealers' phones can say who comes and goes."""
    for m in moves:
        move = {**{k: m[k] for k in ("entry_id", "from_table", "from_seat", "to_table", "to_seat")},
                "name": state.entries[m["entry_id"]].name, "reason": reason, "at": at}
        state.recent_moves.append(move)
        state.entries[m["entry_id"]].last_move = move
    del state.recent_moves[:-200]
