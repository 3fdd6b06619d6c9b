"""The club's statistics for the director (docs/statistics.md): fields and prize pools per night,
re-entry and no-show rates, how long the nights ran against the structure's plan, and the desk's
busiest hours, for one season.

Pure: `night_of` turns one tournament's state and a few of its events into a Night (times in ms,
no time zone); `season_stats` picks a season's nights and adds them up in the club's time zone.
Reading the database, and keeping each night until its tournament changes, is club_nights.py's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo

from ..engine import TournamentState
from ..engine.payouts import exact, shown
from ..engine.structure_builder import estimate_end

# The events a night's facts need besides its state: when the clock started and the winner was
# known, who registered present or as a reservation, who came to the desk, and every bought stack.
NIGHT_EVENTS = (
    "seats_drawn",
    "clock_started",
    "tournament_won",
    "player_registered",
    "player_checked_in",
    "reentered",
    "rebought",
    "addon_bought",
    "alternate_seated",
)
BOUGHT = ("reentered", "rebought", "addon_bought", "alternate_seated")  # each brings its `chips`
NO_SHOW = ("no_show", "absent")  # released at check-in or the draw, or taken out as absent after it
WEEK = 7
PLAYED = ("seated", "running", "finished")  # the seats were drawn


@dataclass(frozen=True)
class LoggedEvent:
    type: str
    payload: dict
    at: int  # the server's time of its commit (ms)


@dataclass(frozen=True)
class Night:
    """One tournament that was played (its seats were drawn), as the statistics count it."""

    tournament_id: int
    name: str
    at: int  # when it was played: its clock's first start, else its seat draw (ms)
    finished: bool
    players: int  # persons in the field: every entry but the released (alternates are persons too)
    reentries: int
    rebuys: int
    addons: int
    pool: Fraction
    currency: str
    reserved: int  # registered in advance (not present), and not called off
    no_shows: int  # of those, the ones who never came
    duration_ms: int | None  # the clock's first start to the winner (finished nights)
    planned_ms: int | None  # the structure's estimated end for the chips the night had
    ended_level: int | None
    planned_level: int | None
    arrivals: tuple[int, ...]  # each buy-in at the desk: a player's arrival, a re-entry (ms)

    @property
    def entries(self) -> int:
        return self.players + self.reentries


def level_number(structure: Sequence[dict], index: int) -> int:
    """The level a structure position is in, counting levels only (a break: the level before it)."""
    return sum(1 for entry in structure[: index + 1] if entry.get("kind") == "level")


def ante_style(structure: Sequence[dict]) -> str:
    """How the structure's antes are paid, for the end estimate: a big-blind ante when every ante
    equals its big blind (one per hand), else one per player."""
    antes = [e for e in structure if e.get("kind") == "level" and e.get("ante")]
    return "bb" if all(e["ante"] == e["bb"] for e in antes) else "per_player"


def planned_end(structure: Sequence[dict], chips: int) -> tuple[int | None, int | None]:
    """(ms, level) from the start to the end of the level the structure builder estimates the
    tournament ends in for these chips in play (engine/structure_builder.py, END_POTS); None when
    the structure never gets there."""
    if chips <= 0:
        return None, None
    end = estimate_end(structure, chips, ante_style(structure))
    if end["end_level"] is None or end["end_minutes"] is None:
        return None, None
    return round(end["end_minutes"] * 60_000), end["end_level"]


def night_of(tournament_id: int, name: str, state: TournamentState, events: Iterable[LoggedEvent]) -> Night | None:
    """The night's facts from its state and its NIGHT_EVENTS in log order; None if it was not
    played (neither drawn nor started)."""
    if state.status not in PLAYED:
        return None
    entries = state.entries
    playing = {e for e, entry in entries.items() if entry.status != "released"}
    drawn = started = won = None
    reserved: set[int] = set()
    came: dict[int, int] = {}  # entry -> when he was first at the desk
    rebought: list[int] = []
    bought_chips = 0
    for event in events:
        p = event.payload
        if event.type == "seats_drawn" and drawn is None:
            drawn = event.at  # the commit's time: older logs' draws carry none of their own
        elif event.type == "clock_started" and started is None:
            started = int(p.get("at") or event.at)
        elif event.type == "tournament_won":
            won = int(p.get("at") or event.at)  # the last one stands (an undone win is followed by another)
        elif event.type == "player_registered":
            if p.get("present", True):
                came.setdefault(p["entry_id"], event.at)
            else:
                reserved.add(p["entry_id"])
        elif event.type == "player_checked_in":
            came.setdefault(p["entry_id"], event.at)
        elif event.type in BOUGHT:
            bought_chips += int(p.get("chips") or 0)
            if event.type == "alternate_seated":
                came.setdefault(p["entry_id"], event.at)
            elif event.type == "reentered":
                rebought.append(event.at)
    reserved = {e for e in reserved if entries[e].out_reason != "withdrawn"}
    no_shows = [e for e in reserved if not entries[e].present and entries[e].out_reason in NO_SHOW]
    finished = state.status == "finished" and won is not None and started is not None
    alternates = sum(1 for e in playing if entries[e].alternate_for is not None)
    chips = state.start_stack * (len(playing) - alternates) + bought_chips
    planned_ms, planned_level = planned_end(state.structure, chips)
    return Night(
        tournament_id=tournament_id,
        name=name,
        at=started if started is not None else drawn if drawn is not None else state.drawn_at or 0,
        finished=finished,
        players=len(playing),
        reentries=sum(entries[e].reentries for e in playing),
        rebuys=sum(entries[e].rebuys for e in playing),
        addons=sum(1 for e in playing if entries[e].addon),
        pool=exact(state.money["pool"]),
        currency=str(state.format.get("currency") or ""),
        reserved=len(reserved),
        no_shows=len(no_shows),
        duration_ms=max(0, won - started) if finished and won is not None and started is not None else None,
        planned_ms=planned_ms,
        ended_level=level_number(state.structure, state.clock.level_index) if finished else None,
        planned_level=planned_level,
        arrivals=tuple(sorted([at for e, at in came.items() if e in playing] + rebought)),
    )


# --- a season, in the club's time zone ---------------------------------------------------------


def local(at_ms: int, zone: ZoneInfo) -> datetime:
    return datetime.fromtimestamp(at_ms / 1000, zone)


def year_of(night: Night, zone: ZoneInfo) -> int:
    return local(night.at, zone).year


def rate(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def mean(values: Sequence[int]) -> int | None:
    return round(sum(values) / len(values)) if values else None


def night_row(night: Night, zone: ZoneInfo) -> dict[str, Any]:
    return {
        "tournament_id": night.tournament_id,
        "name": night.name,
        "date": local(night.at, zone).date().isoformat(),
        "at": night.at,
        "finished": night.finished,
        "players": night.players,
        "entries": night.entries,
        "reentries": night.reentries,
        "rebuys": night.rebuys,
        "addons": night.addons,
        "prize_pool": shown(night.pool),
        "currency": night.currency,
        "reserved": night.reserved,
        "no_shows": night.no_shows,
        "duration_ms": night.duration_ms,
        "planned_ms": night.planned_ms,
        "ended_level": night.ended_level,
        "planned_level": night.planned_level,
    }


def totals(nights: Sequence[Night]) -> dict[str, Any]:
    players = sum(n.players for n in nights)
    entries = sum(n.entries for n in nights)
    reentries = sum(n.reentries for n in nights)
    reserved = sum(n.reserved for n in nights)
    no_shows = sum(n.no_shows for n in nights)
    pools: dict[str, list[Fraction]] = {}
    for n in nights:
        pools.setdefault(n.currency, []).append(n.pool)
    done = [n for n in nights if n.duration_ms is not None]
    planned = [n for n in done if n.planned_ms is not None]
    return {
        "nights": len(nights),
        "players": players,
        "entries": entries,
        "reentries": reentries,
        "rebuys": sum(n.rebuys for n in nights),
        "addons": sum(n.addons for n in nights),
        "average_players": round(players / len(nights), 1) if nights else None,
        "average_entries": round(entries / len(nights), 1) if nights else None,
        "reentry_rate": rate(reentries, players),
        "reserved": reserved,
        "no_shows": no_shows,
        "no_show_rate": rate(no_shows, reserved),
        "prize_pools": [
            {"currency": c, "total": shown(sum(p, Fraction(0))), "average": shown(sum(p, Fraction(0)) / len(p))}
            for c, p in sorted(pools.items(), key=lambda kv: -sum(kv[1], Fraction(0)))
        ],
        "finished": len(done),
        "average_duration_ms": mean([n.duration_ms for n in done if n.duration_ms is not None]),
        "average_planned_ms": mean([n.planned_ms for n in planned if n.planned_ms is not None]),
        "average_over_ms": mean(
            [n.duration_ms - n.planned_ms for n in planned if n.duration_ms is not None and n.planned_ms is not None]
        ),
    }


def busiest_hours(nights: Sequence[Night], zone: ZoneInfo) -> dict[str, Any]:
    """Buy-ins at the desk by weekday (Monday first) and hour of the day, in the club's time."""
    counts = [[0] * 24 for _ in range(WEEK)]
    for night in nights:
        for at in night.arrivals:
            when = local(at, zone)
            counts[when.weekday()][when.hour] += 1
    return {"counts": counts, "total": sum(map(sum, counts))}


def season_stats(nights: Sequence[Night], zone: ZoneInfo, picked: Callable[[Night], bool]) -> dict[str, Any]:
    """The season's rows (oldest night first), its totals and the busiest hours."""
    chosen = sorted((n for n in nights if picked(n)), key=lambda n: (n.at, n.tournament_id))
    return {
        "nights": [night_row(n, zone) for n in chosen],
        "totals": totals(chosen),
        "hours": busiest_hours(chosen, zone),
    }


def years(nights: Iterable[Night], zone: ZoneInfo, this_year: int) -> list[int]:
    """The seasons to pick from: every year with a night, and this one, newest first."""
    return sorted({year_of(n, zone) for n in nights} | {this_year}, reverse=True)
