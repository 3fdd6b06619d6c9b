"""A club's season: the calendar year's tournaments that were played (their seats drawn), by the
day they were played (league.night_of: the results' day too). Read on request for the season's
workbook (api/workbooks.py), never pushed.

A tournament is played on or after the day it was created, so only those created before the year
ends are read; and one created more than CREATED_AHEAD_DAYS before the year began is taken as not
of this year without loading it (a tournament is announced weeks, not a year, ahead): a club with
years of tournaments loads this year's few."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.engine import Engine
from sqlmodel import col, select

from ..engine import TournamentState
from ..store import Tournament, session_scope
from .league import States, night_of

CREATED_AHEAD_DAYS = 366
DAY_MS = 86_400_000


@dataclass
class Played:
    tournament_id: int
    name: str
    played_on: str  # YYYY-MM-DD
    state: TournamentState


def year_bounds_ms(year: int) -> tuple[int, int]:
    start = datetime(year, 1, 1, tzinfo=UTC)
    end = datetime(year + 1, 1, 1, tzinfo=UTC)
    return int(start.timestamp() * 1000), int(end.timestamp() * 1000)


def season(db: Engine, service: States, club_id: int, year: int, only: list[int] | None = None) -> list[Played]:
    """The club's tournaments played in `year`, by day and id; `only`: of these ids (a limited
    director's)."""
    start, end = year_bounds_ms(year)
    with session_scope(db) as session:
        query = select(Tournament.id, Tournament.name, Tournament.created_at).where(
            Tournament.club_id == club_id,
            col(Tournament.created_at) < end,
            col(Tournament.created_at) >= start - CREATED_AHEAD_DAYS * DAY_MS,
        )
        if only is not None:
            query = query.where(col(Tournament.id).in_(only))
        rows = session.exec(query).all()
    played = []
    for tid, name, created_at in rows:
        if tid is None:  # a column that is never NULL, typed Optional by SQLModel
            continue
        state = service.state(tid)
        if state.drawn_at is None:
            continue  # never played (announced, or cancelled before the draw): no results
        day = night_of(state, created_at)
        if day.startswith(f"{year:04d}-"):
            played.append(Played(tid, name, day, state))
    return sorted(played, key=lambda p: (p.played_on, p.tournament_id))
