"""Where a moved player sits, who moves, and when tables must be balanced (docs/seating.md).

Pure: the service passes a seed for anything decided by lot. Costs are per table involved
(plus one pass over the table counts), never per player in the tournament.
"""

from __future__ import annotations

import random

from .census import FULLEST, SHORTEST, census, push, size_heaps, top
from .hands import hands_until_big_blind, next_occupied, next_positions, seats_between, upcoming_button_and_sb
from .model import Table, TournamentState


def forbidden_seats(table: Table, profile: dict) -> set[int]:
    """Empty seats a newcomer may not take: between the next hand's button and small blind
    (N-2.10, V-III.c, TDA 11A)."""
    upcoming = upcoming_button_and_sb(table)
    if upcoming is None or not profile.get("forbid_between_button_and_small_blind", True):
        return set()
    button, sb = upcoming
    forbidden = {s for s in seats_between(table, button, sb) if s not in table.seats}
    if profile.get("forbid_small_blind") and sb not in table.seats:
        forbidden.add(sb)  # a dead small-blind seat would make the newcomer post the SB (S-#5, S-#6)
    return forbidden


def worst_seat(table: Table, profile: dict) -> tuple[int, str] | None:
    """The allowed empty seat that reaches the big blind soonest (TDA 11A), with the reason;
    without a known button the lowest-numbered empty seat."""
    empty = [s for s in range(1, table.max_seats + 1) if s not in table.seats]
    if not empty:
        return None
    forbidden = forbidden_seats(table, profile)
    allowed = [s for s in empty if s not in forbidden]
    if not allowed:
        return None
    upcoming = upcoming_button_and_sb(table)
    if upcoming is None:
        return min(allowed), "no_button"
    # Soonest to the big blind; on a tie the first seat clockwise from the small blind.
    clockwise = lambda s: (s - upcoming[1]) % table.max_seats  # noqa: E731
    hands, _, seat = min((hands_until_big_blind(table, s), clockwise(s), s) for s in allowed)
    return seat, ("next_big_blind" if hands == 1 else f"big_blind_in_{hands}")


def who_moves(state: TournamentState, source: Table, dest: Table, seed: int) -> tuple[int, str]:
    """(entry_id, reason code) of the player who leaves `source` for `dest`."""
    profile = state.preset.get("seating", {})
    rule = profile.get("who_moves", "next_big_blind")
    positions = next_positions(source)
    if rule == "next_big_blind" and positions:
        return source.seats[positions["bb"]], "next_big_blind"
    if rule == "utg_next_hand" and positions:
        return source.seats[positions["utg"]], "utg_next_hand"
    if rule == "same_relative_position" and positions:
        target = worst_seat(dest, profile)
        dest_upcoming = next_positions(dest)
        if target and dest_upcoming:
            offset = 1 + sum(1 for s in seats_between(dest, dest_upcoming["button"], target[0]) if s in dest.seats)
            seat = positions["button"]
            for _ in range(offset):
                seat = next_occupied(source, seat)
            return source.seats[seat], "same_relative_position"
    occupied = sorted(source.seats)
    chosen = random.Random(seed).choice(occupied)  # by lot (S-#6), or no button known
    return source.seats[chosen], "lot" if rule == "lot" else "lot_no_button"


def threshold(profile: dict, tables: int) -> int:
    for rule in sorted(profile.get("balance_threshold_from_tables", []), key=lambda r: r["tables_at_most"]):
        if tables <= rule["tables_at_most"]:
            return int(rule["threshold"])
    return int(profile.get("balance_threshold", 2))


def active_tables(state: TournamentState) -> list[Table]:
    return [t for t in state.tables.values() if not t.broken]


def balance_plan(
    counts: dict[int, int],
    limit: int,
    most: int | None = None,
    lot: random.Random | None = None,
    heaps: tuple[list[tuple[int, int]], list[tuple[int, int]]] | None = None,
) -> list[tuple[int, int]]:
    """Single moves (from, to) until no two tables differ by more than `limit` (or `most` moves).
    Fullest first, to the shortest (lowest number on ties). Among equally full tables the lowest
    number gives up the player, or the one `lot` draws (G-Sitzordnung: `fuller_table_ties: "lot"`)."""
    counts = dict(counts)
    moves: list[tuple[int, int]] = []
    if len(counts) < 2:
        return moves
    # Two heaps instead of two passes over the tables per move (20 moves at 1,100 tables were 44,000
    # key calls per push): the census's (copies we may change) or built here. An entry is current
    # while its count is the table's count in this plan; others are dropped when they reach the top.
    heaps = heaps or size_heaps(counts)
    fullest_first, shortest_first = heaps
    while most is None or len(moves) < most:
        full = top(fullest_first, counts, FULLEST)[1]
        if lot is not None:
            full = lot.choice(sorted(n for n in counts if counts[n] == counts[full]))
        short = top(shortest_first, counts, SHORTEST)[1]
        if counts[full] - counts[short] <= limit:
            break
        moves.append((full, short))
        counts[full] -= 1
        counts[short] += 1
        push(heaps, full, counts[full])
        push(heaps, short, counts[short])
    return moves


def halt_setting(state: TournamentState) -> tuple[int, str] | None:
    """(players short of the fullest table that halt a table, the rule), or None: V-III.h stops a
    table two short, TDA 11D one three short (`seating.halt_short_table`)."""
    halt = state.seating.get("halt_short_table")
    if not halt:
        return None
    short = int(halt.get("short_of_fullest", 3)) if isinstance(halt, dict) else 3
    rule = (state.preset.get("cite") or {}).get("halt_short_table") or ("V-III.h" if short == 2 else "TDA 11D")
    return short, rule


def fullest(state: TournamentState) -> int:
    """Players at the fullest table in play (census.py: kept up to date per command)."""
    return census(state).fullest()


def halt_of(state: TournamentState, table: Table, top: int | None = None) -> dict | None:
    """{"short", "rule"} while `table` must hold its next hand until it is balanced (V-III.h,
    TDA 11D), else None (not short enough, or the director let it play on)."""
    setting = halt_setting(state)
    if setting is None or table.broken:
        return None
    top = fullest(state) if top is None else top
    short = top - len(table.seats)
    if short < setting[0] or table.halt_override == (len(table.seats), top):
        return None
    return {"short": short, "rule": setting[1]}


def halted_tables(state: TournamentState) -> dict[int, dict]:
    """Every halted table (a pass over the tables; empty at once where the preset never halts)."""
    if halt_setting(state) is None:
        return {}
    top = fullest(state)
    out = {}
    for t in state.tables.values():
        halt = halt_of(state, t, top)
        if halt:
            out[t.table_no] = halt
    return out
