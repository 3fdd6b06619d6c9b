"""When to remind the players that the break ends: "back to table 3, seat 7 in 2 minutes".

No command happens at that moment (the clock is an anchor every screen computes from: clock.py),
so the server keeps a timer per tournament (backend/push/reminders.py). This part is pure: from
the clock and the structure, when the next reminder is due and for which break. A reminder is
meant two minutes before the break's end; a break the clock reaches late (resumed, or a server
started, with less left) is still reminded while a minute is left, never after.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine.balancing import active_tables
from ..engine.clock import clock_at, entry_ms
from ..engine.model import TournamentState
from .notice import Notice

BEFORE_END_MS = 2 * 60_000
AT_LEAST_LEFT_MS = 60_000  # less than this left: the players are on their way anyway


class Reminder(NamedTuple):
    due: int  # server time (ms) to send it
    level: int  # the break's entry in the structure (`index` would hide tuple.index)


def next_break_end(state: TournamentState, now: int, done: int | None = None) -> Reminder | None:
    """The next break end to remind of while the clock runs (None when paused, idle, or a stop
    comes first: the clock halts there). `done`: the break already reminded of."""
    clock, structure = state.clock, state.structure
    if clock.status != "running" or clock.anchor_at is None:
        return None
    index = clock.level_index
    start = now - clock.elapsed_ms - max(0, now - clock.anchor_at)  # when entry `index` began
    while index < len(structure):
        entry = structure[index]
        if entry.get("kind") == "stop":
            return None
        length = entry_ms(entry)
        end = start + length
        if entry.get("kind") == "break" and index != done and length > BEFORE_END_MS and end - now >= AT_LEAST_LEFT_MS:
            return Reminder(max(now, end - BEFORE_END_MS), index)
        start, index = end, index + 1
    return None


def minutes_left(state: TournamentState, index: int, now: int) -> int | None:
    """Whole minutes left in break `index` at `now` if the clock stands in it, running, with at
    least a minute and at most the reminder's two left (a second of timer slack): else None."""
    clock = state.clock
    if clock.status != "running":
        return None
    where = clock_at(state.structure, clock.as_dict(), now)
    left = where["remaining_ms"]
    if where["index"] != index or where["status"] != "running" or not AT_LEAST_LEFT_MS <= left <= BEFORE_END_MS + 1_000:
        return None
    return max(1, round(left / 60_000))


def break_ending(state: TournamentState, minutes: int) -> list[Notice]:
    """Every seated player his table and seat (once per break: a pass over the tables is fine).
    Not urgent, and kept a minute: a phone that gets it later than that gets nothing."""
    return [
        Notice(("player", entry_id), "break_ending", {"minutes": minutes, "table": t.table_no, "seat": seat}, keep_s=60)
        for t in active_tables(state)
        for seat, entry_id in sorted(t.seats.items())
    ]
