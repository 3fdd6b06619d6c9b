"""Seat draw. The service supplies a random seed; the drawn seats go into the event,
so replay never draws again."""

from __future__ import annotations

import math
import random

from marshmallow import fields, validate

from .catalog import DIRECTOR, applies, command
from .check_in import release
from .model import Command, Decision, Event, Rejection, Table, TournamentState
from .payload import SEAT, StrictSchema
from .suggestions import break_fit


def players_to_draw(state: TournamentState) -> int:
    """Who a draw seats now: the field, less the reservations moved up from the waiting list who
    have not paid (N-3.6: the draw gives their places up). A pass over the absent players only."""
    unpaid = sum(1 for e in state.absent if not state.buy_in_counted(state.entries[e]))
    return state.players_left - unpaid


def draw_plan(state: TournamentState) -> dict | None:
    """How many tables a draw should use, and why: the fewest that seat everyone (N-2.9, S-#2,
    G-Sitzordnung: so many at a table at most), never more than the room has (N-3.12). That is
    the count the break rule keeps: one table more is often broken at once (TDA 11C; S-#5 breaks
    once the others hold 10 each), which `one_more_breaks` says. Sizes as even as the draw deals."""
    players = players_to_draw(state)
    if players < 2:
        return None
    cite = state.preset.get("cite") or {}
    per_table, fit = state.max_per_table, break_fit(state)
    tables = max(1, math.ceil(players / per_table))
    limit = state.seating.get("max_tables")
    if limit:
        tables = min(tables, int(limit))
    sizes = [players // tables + (1 if i < players % tables else 0) for i in range(tables)]
    return {
        "players": players,
        "tables": tables,
        "sizes": sizes,
        "per_table": per_table,
        "per_table_rule": cite.get("max_per_table"),
        "break_fit": fit,
        "break_rule": cite.get("break_table") or "TDA 11C",
        "max_tables": int(limit) if limit else None,
        "max_tables_rule": cite.get("max_tables"),
        "fits": players <= tables * per_table,
        "one_more_breaks": tables + 1 >= 3 and players <= tables * fit,
    }


def redraw_refusal(state: TournamentState) -> Rejection | None:
    """Seats may be drawn again until the game begins: the clock never started, no hand dealt, nobody
    out (a wrong table count found before the first card; the seat cards are printed anew)."""
    if state.status != "seated":  # "running" from the clock's start on (engine/apply.py)
        return Rejection("already_drawn", "Seats have already been drawn and the clock has started.", "tables")
    if state.out_groups or any(t.hand_no for t in state.tables.values()):
        return Rejection(
            "already_drawn", "Seats cannot be drawn again once hands are dealt or a player is out.", "tables"
        )
    return None


class DrawSeatsPayload(StrictSchema):
    tables = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=2000))
    accessible_seats = fields.List(
        fields.Integer(strict=True, validate=SEAT),
        load_default=None,
        validate=validate.Length(max=30),
    )


@command("draw_seats", payload=DrawSeatsPayload, roles=DIRECTOR, emits=("seats_drawn",))
def decide_draw(state: TournamentState, cmd: Command) -> Decision | Rejection:
    tables = cmd.payload.get("tables")
    if not isinstance(tables, int) or isinstance(tables, bool) or tables < 1:
        return Rejection(
            "invalid_tables", "The number of tables must be a whole number of at least 1.", "tables", "invalid"
        )
    redraw = state.status == "seated"
    if state.status != "registering":
        if state.status == "new":
            return Rejection("no_players", "Register players before drawing seats.", "tables")
        problem = redraw_refusal(state)
        if problem:
            return problem
    limit = state.seating.get("max_tables")
    if limit is not None and tables > int(limit):
        rule = (state.preset.get("cite") or {}).get("max_tables")  # N-3.12, P-Satellite; None: a setting
        at = "at one table" if limit == 1 else f"at {limit} tables at most"
        return Rejection(
            "max_tables",
            f"This tournament plays {at}{f' ({rule})' if rule else ''}: {tables} tables cannot be drawn.",
            "tables",
            params={
                "tables": tables,
                "max": int(limit),
                **({"rule": rule} if rule else {}),
                **_max_tables_variant(limit, rule),
            },
        )
    # N-3.6, N-3.4: a reservation moved up from the waiting list who never checked in (nor paid in
    # advance) loses the place when the seats are drawn; he was never a paid buy-in.
    no_shows: list[int] = []
    players: list[int] = []
    for e in state.entries.values():
        if e.status == "active":
            (players if state.buy_in_counted(e) else no_shows).append(e.entry_id)
    no_shows.sort()
    players.sort()
    if len(players) < 2:
        return Rejection("too_few_players", "A seat draw needs at least 2 players.", "tables")
    if tables > len(players):
        return Rejection(
            "too_many_tables", f"{tables} tables for {len(players)} players would leave a table empty.", "tables"
        )
    per_table = state.max_per_table
    if math.ceil(len(players) / tables) > per_table:
        need = math.ceil(len(players) / per_table)
        return Rejection(
            "too_few_tables",
            f"{len(players)} players need at least {need} tables: at most {per_table} "
            f"players sit at a table{state.cite('max_per_table')}.",
            "tables",
            params={"players": len(players), "need": need, "per_table": per_table},
        )
    rng = random.Random(cmd.seed)  # deterministic given the service's seed
    # S-#3: players who need an accessible seat are dealt first, one per table in turn, and
    # take the accessible seats; everyone else draws from the remaining seats.
    accessible_seats = [
        s
        for s in cmd.payload.get("accessible_seats") or state.seating.get("accessible_seats", [1])
        if 1 <= s <= per_table
    ]
    needs = [e for e in players if state.entries[e].accessible]
    others = [e for e in players if not state.entries[e].accessible]
    rng.shuffle(needs)
    rng.shuffle(others)
    by_table: dict[int, list[int]] = {n: [] for n in range(1, tables + 1)}
    for i, entry_id in enumerate(needs + others):
        by_table[i % tables + 1].append(entry_id)
    seats = []
    for table_no, entry_ids in by_table.items():
        flagged = [e for e in entry_ids if state.entries[e].accessible][: len(accessible_seats)]
        chosen = dict(zip(flagged, accessible_seats, strict=False))  # fewer flagged players than seats
        free = [s for s in range(1, per_table + 1) if s not in chosen.values()]
        rest = [e for e in entry_ids if e not in chosen]
        chosen.update(zip(rest, rng.sample(free, len(rest)), strict=True))
        seats += [{"entry_id": e, "table_no": table_no, "seat": chosen[e]} for e in entry_ids]
    payload = {"max_seats": per_table, "tables": tables, "seats": seats, "at": cmd.now}
    if redraw:  # the tables of the first draw that are left over are closed
        payload["redraw_of"] = len(state.tables)
    result: dict = {"tables": [{"table_no": n, "players": len(ids)} for n, ids in by_table.items()]}
    if no_shows:
        payload["released"] = no_shows
        result["released"] = [{"entry_id": e, "name": state.entries[e].name} for e in no_shows]
    return Decision([Event("seats_drawn", payload)], result)


def _max_tables_variant(limit: int, rule: str | None) -> dict:
    """The phone's wording: one table or several, with the rule id or as the preset's own setting."""
    variant = "_".join(part for part in ("one" if limit == 1 else "", "" if rule else "setting") if part)
    return {"variant": variant} if variant else {}


@applies("seats_drawn", seating=True, views="custom")
def apply_drawn(state: TournamentState, event: Event) -> None:
    p = event.payload
    for entry_id in p.get("released", ()):
        release(state, entry_id)
    old = state.tables
    state.tables = {n: Table(n, p["max_seats"]) for n in range(1, p["tables"] + 1)}
    if "redraw_of" in p:  # drawn again before the start: nothing of the first draw's tables stays
        for n, table in old.items():
            if n not in state.tables:
                state.tables[n] = Table(n, table.max_seats, broken=True)
        for entry in state.entries.values():
            entry.last_move = None
        state.chip_counts.clear()
        state.break_order = []
        state.recent_moves = []
        state.last_bust = {}
    for s in p["seats"]:
        entry = state.entries[s["entry_id"]]
        entry.table_no, entry.seat = s["table_no"], s["seat"]
        state.tables[s["table_no"]].seats[s["seat"]] = s["entry_id"]
    state.status = "seated" if state.clock.status == "idle" else "running"
    state.drawn_at = p.get("at")  # older logs have no time: no lower bound for busts then
