"""Breaking a table and forming the final table (TDA 10B/11C, V-III.d/i, V-IV, S-#5, G-Final)."""

from __future__ import annotations

import random

from marshmallow import fields, validate

from .balancing import active_tables, forbidden_seats
from .catalog import DIRECTOR, applies, command
from .census import census
from .chips import forget_count
from .model import Command, Decision, Event, Rejection, Table, TournamentState
from .payload import TABLE_NO, StrictSchema, TablePayload


def _random_seat(table: Table, taken: set[int], profile: dict, rng: random.Random) -> int:
    free = [s for s in range(1, table.max_seats + 1) if s not in table.seats and s not in taken]
    allowed = [s for s in free if s not in forbidden_seats(table, profile)] or free
    return rng.choice(allowed)


def spread(state: TournamentState, players: list[int], targets: list[Table], rng: random.Random) -> list[dict]:
    """Seat `players` by random draw (TDA 10B) at `targets`, always at the table with the fewest
    players (ties by lot), never between the button and the small blind where a seat is left."""
    profile = state.seating
    counts = {t.table_no: len(t.seats) for t in targets}
    taken: dict[int, set[int]] = {t.table_no: set() for t in targets}
    by_no = {t.table_no: t for t in targets}
    moves = []
    order = list(players)
    rng.shuffle(order)
    for entry_id in order:
        open_tables = [n for n in counts if counts[n] < by_no[n].max_seats]
        fewest = min(counts[n] for n in open_tables)
        table_no = rng.choice(sorted(n for n in open_tables if counts[n] == fewest))
        seat = _random_seat(by_no[table_no], taken[table_no], profile, rng)
        taken[table_no].add(seat)
        counts[table_no] += 1
        entry = state.entries[entry_id]
        moves.append(
            {
                "entry_id": entry_id,
                "from_table": entry.table_no,
                "from_seat": entry.seat,
                "to_table": table_no,
                "to_seat": seat,
            }
        )
    return moves


def _redraws(state: TournamentState, moves: list[dict]) -> list[int]:
    """Tables that get two or more new players redraw the button (V-III.i)."""
    limit = state.seating.get("redraw_button_when_new_players")
    if not limit:
        return []
    arrivals: dict[int, int] = {}
    for m in moves:
        arrivals[m["to_table"]] = arrivals.get(m["to_table"], 0) + 1
    # Newcomers by balancing since the table's last hand count too.
    return sorted(n for n, k in arrivals.items() if k + state.tables[n].arrivals >= limit)


class BreakOrderPayload(StrictSchema):
    tables = fields.List(
        fields.Integer(strict=True, validate=TABLE_NO),
        required=True,
        validate=validate.Length(min=1, max=5000),
    )


@command("set_break_order", payload=BreakOrderPayload, roles=DIRECTOR, emits=("break_order_set",))
def decide_break_order(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """The order tables are broken in, announced in advance (TDA 11C, V-III.d)."""
    order = cmd.payload.get("tables")
    if not isinstance(order, list) or len(set(order)) != len(order):
        return Rejection("invalid_order", "List each table once.", "tables", "invalid")
    for n in order:
        if n not in state.tables or state.tables[n].broken:
            return Rejection("unknown_table", f"Table {n} is not in play.", "tables", "not_found")
    return Decision([Event("break_order_set", {"tables": order})], {})


@command(
    "break_table",
    payload=TablePayload,
    roles=DIRECTOR,
    emits=("clock_paused", "final_table_formed", "hand_for_hand_stopped", "table_broken"),
)
def decide_break(state: TournamentState, cmd: Command) -> Decision | Rejection:
    table_no = cmd.payload.get("table_no")
    table = state.tables.get(table_no) if isinstance(table_no, int) else None
    if table is None:
        return Rejection("unknown_table", f"There is no table {table_no}.", "table_no", "not_found")
    if table.broken:
        return Rejection("table_broken", f"Table {table_no} is already broken.", "table_no")
    others = [t for t in active_tables(state) if t.table_no != table_no]
    if not others:
        return Rejection("last_table", "The last table cannot be broken.", "table_no")
    if len(others) == 1:
        # Down to one table is the final table: formed at the preset's size, by its own procedure
        # (N-2.9 redraw, V-IV clock stopped and free seats filled, S-#2, G-Final), never earlier.
        size, rule = final_size(state), final_rule(state)
        if state.players_left > size:
            return Rejection(
                "final_table_not_yet",
                f"{state.players_left} players are left; breaking table {table_no} would seat them at "
                f"one table, but the final table is formed at {size}{_cited(rule)}. Keep both tables.",
                "table_no",
                params={"table": table_no, "players": state.players_left, "size": size, **_rule_params(rule)},
            )
        return decide_final_table(
            state, Command("form_final_table", {"table_no": others[0].table_no}, cmd.actor, cmd.now, cmd.at, cmd.seed)
        )
    free = sum(t.max_seats - len(t.seats) for t in others)
    if free < len(table.seats):
        return Rejection(
            "no_room", f"The other tables have {free} free seats for {len(table.seats)} players.", "table_no"
        )
    moves = spread(state, sorted(table.seats.values()), others, random.Random(cmd.seed))
    return Decision(
        [
            Event(
                "table_broken",
                {"table_no": table_no, "moves": moves, "redraw_button": _redraws(state, moves), "at": cmd.now},
            )
        ],
        {"moved": len(moves)},
    )


def final_size(state: TournamentState) -> int:
    return int(state.seating.get("final_table", {}).get("size", state.max_per_table))


def final_rule(state: TournamentState) -> str | None:
    """The final table's rule: the preset's `cite.final_table` (N-2.9, V-IV, G-Final, S-#2, P-Satellite);
    None where the preset names none (generic: the size is its own setting)."""
    return (state.preset.get("cite") or {}).get("final_table")


def _cited(rule: str | None) -> str:
    return f" ({rule})" if rule else ""


def _rule_params(rule: str | None) -> dict:
    """The rule for the phone's wording, or the variant that words a setting without one."""
    return {"rule": rule} if rule else {"variant": "setting"}


def final_stage(state: TournamentState) -> tuple[int, int] | None:
    """(tables, size) the field should be redrawn onto now, or None: the final table at its size
    (N-2.9, V-IV.a, S-#2, P-Satellite), or first two tables from `two_tables_at` (G-Final)."""
    final = state.seating.get("final_table", {})
    size = int(final.get("size", state.max_per_table))
    tables = len(census(state).sizes)
    if state.players_left <= size:
        return (1, size) if tables > 1 else None
    two_at = final.get("two_tables_at")
    if two_at and state.players_left <= two_at and tables > 2:
        return 2, size
    return None


def _redraw(state: TournamentState, targets: list[Table], seats_per_table: int, rng: random.Random) -> list[dict]:
    """Everyone draws a new seat (N-2.9, S-#4, G-Final: by lot), tables as even as possible."""
    everyone = sorted(e for t in active_tables(state) for e in t.seats.values())
    rng.shuffle(everyone)
    moves = []
    for i, target in enumerate(targets):
        group = everyone[i :: len(targets)]
        seats = rng.sample(range(1, max(target.max_seats, seats_per_table) + 1), len(group))
        moves += [
            {
                "entry_id": e,
                "from_table": state.entries[e].table_no,
                "from_seat": state.entries[e].seat,
                "to_table": target.table_no,
                "to_seat": s,
            }
            for e, s in zip(group, seats, strict=True)
        ]
    return moves


class FinalTablePayload(StrictSchema):
    table_no = fields.Integer(load_default=None, allow_none=True, strict=True, validate=TABLE_NO)


@command(
    "form_final_table",
    payload=FinalTablePayload,
    roles=DIRECTOR,
    emits=("clock_paused", "final_table_formed", "hand_for_hand_stopped"),
)
def decide_final_table(state: TournamentState, cmd: Command) -> Decision | Rejection:
    final = state.seating.get("final_table", {})
    stage = final_stage(state)
    if stage is None:
        size = int(final.get("size", state.max_per_table))
        if state.players_left > size:
            rule = final_rule(state)
            return Rejection(
                "too_many_players",
                f"{state.players_left} players are left; the final table is formed at {size}{_cited(rule)}.",
                None,
                params={"players": state.players_left, "size": size, **_rule_params(rule)},
            )
        return Rejection("already_one_table", "Everyone already sits at one table.", None)
    count, size = stage
    tables = active_tables(state)
    rng = random.Random(cmd.seed)
    chosen = cmd.payload.get("table_no")
    if chosen is not None and (chosen not in state.tables or state.tables[chosen].broken):
        return Rejection("unknown_table", f"Table {chosen} is not in play.", "table_no", "not_found")
    if count == 1 and final.get("seating") == "fill_free_seats":
        # V-IV: the feature table keeps its players; the others fill its free seats, no new draw.
        target = state.tables[chosen] if chosen else max(tables, key=lambda t: (len(t.seats), -t.table_no))
        movers = sorted(e for t in tables if t is not target for e in t.seats.values())
        targets, moves = [target], spread(state, movers, [target], rng)
    else:
        by_number = sorted(tables, key=lambda t: t.table_no)
        first = state.tables[chosen] if chosen else by_number[0]
        targets = [first] + [t for t in by_number if t is not first][: count - 1]
        moves = _redraw(state, targets, size, rng)
    kept = {t.table_no for t in targets}
    events = [
        Event(
            "final_table_formed",
            {
                "table_no": targets[0].table_no,
                "tables": sorted(kept),
                "max_seats": max(targets[0].max_seats, size),
                "moves": moves,
                "broken": sorted(t.table_no for t in tables if t.table_no not in kept),
                "at": cmd.now,
            },
        )
    ]
    stop = final.get("stop_clock") or state.preset.get("clock", {}).get("stop_for_table_merge")
    if count == 1 and stop and state.clock.status == "running":
        from .clock import decide_pause  # the merge stops the clock (V-IV.b)

        paused = decide_pause(state, Command("pause_clock", {"reason": "table_merge"}, cmd.actor, cmd.now))
        if isinstance(paused, Decision):  # a running clock always pauses
            events += paused.events
    if count == 1 and state.hand_for_hand["active"]:
        # One table: nobody to wait for. Hand-for-hand ends with the final table (N-2.13, V-V.b).
        events.append(Event("hand_for_hand_stopped", {"at": cmd.now, "reason": "final_table"}))
    return Decision(events, {"table_no": targets[0].table_no, "tables": sorted(kept), "moved": len(moves)})


@applies("break_order_set", public=False)
def apply_break_order_set(state: TournamentState, event: Event) -> None:
    state.break_order = list(event.payload["tables"])


@applies("table_broken", public=False, seating=True, views="custom")
def apply_table_broken(state: TournamentState, event: Event) -> None:
    from .hand_for_hand import tables_changed
    from .table_ops import move_entry, remember_moves, reset_button

    p = event.payload
    remember_moves(state, p["moves"], "table_broken", p.get("at"))
    table = state.tables[p["table_no"]]
    for m in p["moves"]:
        move_entry(state, m["entry_id"], m["to_table"], m["to_seat"])
    table.broken, table.button, table.sb, table.bb = True, None, None, None
    for n in p["redraw_button"]:
        reset_button(state.tables[n], "new_players")  # V-III.i
    tables_changed(state, p.get("at"))


@applies("final_table_formed", seating=True, views="custom")  # public: the final table is a moment
def apply_final_table_formed(state: TournamentState, event: Event) -> None:
    from .hand_for_hand import tables_changed
    from .table_ops import remember_moves, reset_button

    p = event.payload
    kept = p.get("tables", [p["table_no"]])
    # G-Final: from 16 the last two tables are drawn ("die letzten 2 Tische"), not yet the final table.
    two_tables = len(kept) > 1
    remember_moves(state, p["moves"], "two_tables_formed" if two_tables else "final_table_formed", p.get("at"))
    for n in set(kept) | set(p["broken"]):
        forget_count(state, n)
    # Everyone stands up first: a redraw may give a seat someone else still holds.
    for m in p["moves"]:
        state.tables[m["from_table"]].seats.pop(m["from_seat"], None)
    for n in kept:
        state.tables[n].max_seats = max(state.tables[n].max_seats, p["max_seats"])
    for m in p["moves"]:
        entry = state.entries[m["entry_id"]]
        state.tables[m["to_table"]].seats[m["to_seat"]] = m["entry_id"]
        entry.table_no, entry.seat = m["to_table"], m["to_seat"]
    for n in p["broken"]:
        state.tables[n].broken = True
    for n in kept:  # a new button by high card (V-IV.d, S-#4; G-Final's two tables too)
        reset_button(state.tables[n], "two_tables" if two_tables else "final_table")
    if two_tables:
        tables_changed(state, p.get("at"), redrawn=True)  # G-Final: two new tables start together
    elif p.get("at") is not None:
        state.moments["final_table"] = p["at"]  # the room's moment (engine/moments.py)
