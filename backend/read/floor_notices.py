"""The floor's news for locked phones: what a bust (or a player leaving) just made necessary.

The director's attention bar shows these as long as they stand (pwa/src/views/director/tournament/attention.ts);
a push says so once, when the command that made them comes in: a table now halted (V-III.h,
TDA 11D: its dealer holds the next hand), the tables now out of balance (the dealer of the table
that gives a player holds his next hand until the floor comes), a table now to break (TDA 11C /
S-#5), a complete chip count that does not add up (the chip check). "Now" is the point: a bust at a
table already short tells nobody again.

From the census (census.py, kept per command): a few heap looks and the tables the command
touched, never a pass over 1,100 tables.
"""

from __future__ import annotations

from collections import Counter

from ..engine.balancing import balance_plan, halt_of, halt_setting, threshold
from ..engine.breaking import final_stage
from ..engine.census import census
from ..engine.chips import chips_view
from ..engine.model import Event, TournamentState
from ..engine.suggestions import break_fit, move_lot, table_to_break
from .notice import Notice

LEAVING = ("player_busted", "players_busted", "player_left")


def tables_lost(events: list[Event]) -> Counter[int]:
    """How many players each table lost to the command's busts and departures."""
    lost: Counter[int] = Counter()
    for event in events:
        if event.type not in LEAVING:
            continue
        p = event.payload
        items = p["busts"] if event.type == "players_busted" else [p]
        for item in [*items, *p.get("absent_out", ())]:
            if item.get("table_no") is not None:
                lost[item["table_no"]] += 1
    return lost


def floor_notices(state: TournamentState, events: list[Event]) -> list[Notice]:
    lost = tables_lost(events)
    found = _chip_alarm(state, events)
    if not lost or state.status not in ("seated", "running") or final_stage(state):
        return found  # the final table is formed by its own procedure, and says so itself
    tables = census(state)
    if len(tables.sizes) < 2:
        return found
    found += _break(state, tables.sizes, sum(lost.values()))
    top = tables.fullest()
    halted = _halted(state, lost, top)
    found += halted
    limit = threshold(state.seating, len(tables.sizes))
    halted_tables = {h.to for h in halted}
    short = [
        n
        for n, k in sorted(lost.items())
        if n in tables.sizes
        and ("table", n) not in halted_tables
        # out of balance by this command: the gap to the fullest table just passed the limit
        and top - tables.sizes[n] > limit >= top - tables.sizes[n] - k
    ]
    if short:
        # who gives the player: the balancing round's own choice (its lot seeded as the director's)
        plan = balance_plan(dict(tables.sizes), limit, most=20, lot=move_lot(state), heaps=tables.heaps())
        for n in short:
            source = next((src for src, dst in plan if dst == n), None)
            if source is None:
                continue
            diff = tables.sizes[source] - tables.sizes[n]
            found.append(
                Notice(("director",), "balance", {"table": n, "from_table": source, "diff": diff}, urgent=True)
            )
            found.append(Notice(("table", source), "hold_for_move", {"table": n}, urgent=True))
    return found


def _halted(state: TournamentState, lost: Counter[int], top: int) -> list[Notice]:
    """V-III.h (two short) / TDA 11D (three short of the fullest): play stops at that table."""
    setting = halt_setting(state)
    if setting is None:
        return []
    found = []
    for n, k in sorted(lost.items()):
        table = state.tables.get(n)
        halt = halt_of(state, table, top) if table is not None else None
        if halt is None or halt["short"] - k >= setting[0]:
            continue  # not halted, or halted already before this command
        params = {"table": n, "short": halt["short"], "rule": halt["rule"]}
        found.append(Notice(("table", n), "halted", params, urgent=True))
        found.append(Notice(("director",), "table_halted", params, urgent=True))
    return found


def _break(state: TournamentState, sizes: dict[int, int], out: int) -> list[Notice]:
    """TDA 11C / S-#5: the players left now fit at one table fewer (never down to the final table;
    the same table as the floor's suggestion: the break order's first, else the highest number)."""
    after = len(sizes) - 1
    if after < 2 or not state.players_left <= after * break_fit(state) < state.players_left + out:
        return []
    params = {"table": table_to_break(state, sizes), "players": state.players_left, "tables": after}
    return [Notice(("director",), "break_table", params, urgent=True)]


def _chip_alarm(state: TournamentState, events: list[Event]) -> list[Notice]:
    """A count that completes (or redoes) the chip check and it does not add up."""
    counted = [e for e in events if e.type == "chips_counted"]
    if not counted:
        return []
    view = chips_view(state, counted[-1].payload["at"])
    if not view["alarm"]:
        return []
    params = {"difference": view["difference"], "counted": view["counted"], "in_play": view["in_play"]}
    return [Notice(("director",), "chip_alarm", params, urgent=True)]
