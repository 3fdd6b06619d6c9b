"""A club's nights for its statistics (club_stats.py), read on request and kept per tournament.

Each night is worked out from the tournament's state (the service's cache, as the league reads it)
and its few NIGHT_EVENTS, then kept under the tournament's last seq: a finished night is read once
per process, and a bust tonight makes only tonight's night be read again, on the next request
(never on the bust itself). One query lists the club's tournaments with their seqs."""

from __future__ import annotations

import threading
import weakref

from sqlalchemy.engine import Engine
from sqlmodel import col, select

from ..store import EventRow, League, LeagueTournament, Tournament, session_scope
from .club_stats import NIGHT_EVENTS, PLAYED, LoggedEvent, Night, night_of
from .league import States

# Per service (one per app: the tests run several apps in one process, with the same tournament ids):
# tournament id -> (its last seq, its night or None while it was not played).
_kept: weakref.WeakKeyDictionary[object, dict[int, tuple[int, Night | None]]] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def _read_night(db: Engine, service: States, tid: int, name: str) -> tuple[int, Night | None]:
    state = service.state(tid)
    if state.status not in PLAYED:
        return state.seq, None
    with session_scope(db) as session:
        rows = session.exec(
            select(EventRow.type, EventRow.payload, EventRow.at)
            .where(
                EventRow.tournament_id == tid,
                col(EventRow.type).in_(NIGHT_EVENTS),
                EventRow.seq <= state.seq,  # the events the state has seen, no later ones
            )
            .order_by(col(EventRow.seq))
        ).all()
    events = [LoggedEvent(type, dict(payload or {}), at) for type, payload, at in rows]
    return state.seq, night_of(tid, name, state, events)


def club_nights(db: Engine, service: States, club_id: int, only: set[int] | None = None) -> list[Night]:
    """The club's played nights (only the tournaments in `only`, when given)."""
    with session_scope(db) as session:
        query = select(Tournament.id, Tournament.name, Tournament.last_seq).where(Tournament.club_id == club_id)
        rows = [(tid, name, seq) for tid, name, seq in session.exec(query) if tid is not None]
    with _lock:
        kept = _kept.setdefault(service, {})
    nights = []
    for tid, name, last_seq in rows:
        if only is not None and tid not in only:
            continue
        hit = kept.get(tid)
        if hit is None or hit[0] != last_seq:
            hit = _read_night(db, service, tid, name)
            with _lock:
                kept[tid] = hit
        if hit[1] is not None:
            nights.append(hit[1])
    return nights


def club_leagues(db: Engine, club_id: int) -> list[tuple[int, str]]:
    """(id, name) of the club's leagues, newest first: each is a season to pick."""
    with session_scope(db) as session:
        rows = session.exec(
            select(League.id, League.name).where(League.club_id == club_id).order_by(col(League.id).desc())
        ).all()
    return [(lid, name) for lid, name in rows if lid is not None]


def league_tournaments(db: Engine, league_id: int) -> set[int]:
    with session_scope(db) as session:
        return set(session.exec(select(LeagueTournament.tournament_id).where(LeagueTournament.league_id == league_id)))
