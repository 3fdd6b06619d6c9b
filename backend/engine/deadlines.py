"""Deadlines written in presets as structure points: {"break": 1}, {"level": 6}, {"race_for_chips": 1}."""

from __future__ import annotations

from .clock import clock_at
from .model import TournamentState


def deadline_index(structure: list[dict], deadline: dict) -> int | None:
    """The structure index at which the deadline falls (that entry is already too late)."""
    kind, nth = next(iter(deadline.items()))
    seen = 0
    for i, entry in enumerate(structure):
        if (kind == "break" and entry.get("kind") == "break") or (
            kind == "race_for_chips" and entry.get("kind") == "stop" and entry.get("reason") == "race_for_chips"
        ):
            seen += 1
            if seen == nth:
                return i
        elif kind == "level" and entry.get("kind") == "level":
            seen += 1
            if seen == nth:
                return i + 1  # open through the end of that level
    return None


def is_open(state: TournamentState, deadline: dict | None, now: int) -> bool:
    if not deadline:
        return False
    limit = deadline_index(state.structure, deadline)
    if limit is None:
        return True  # the structure never reaches it
    where = clock_at(state.structure, state.clock.as_dict(), now)
    return not where["finished"] and where["index"] < limit


def is_at(state: TournamentState, point: dict | None, now: int) -> bool:
    """True while the clock stands at the structure point (V-XIII: the add-on during the break)."""
    if not point:
        return False
    kind = next(iter(point))
    index = deadline_index(state.structure, point)
    if index is None:
        return False
    if kind == "level":
        index -= 1  # deadline_index points past the level; "at level n" is during it
    where = clock_at(state.structure, state.clock.as_dict(), now)
    return state.clock.status != "idle" and not where["finished"] and where["index"] == index


def describe(point: dict | None) -> str:
    """Words for a deadline: 'the first break', 'the end of level 6', 'the first race for chips'."""
    if not point:
        return "never"
    kind, nth = next(iter(point.items()))
    ordinal = {1: "first", 2: "second", 3: "third"}.get(nth, f"{nth}th")
    if kind == "level":
        return f"the end of level {nth}"
    return f"the {ordinal} {'break' if kind == 'break' else 'race for chips'}"
