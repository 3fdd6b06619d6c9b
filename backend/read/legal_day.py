"""The club's day under a legal profile (VGS Art. 39 Abs. 2, 3), for engine/legal.py: what one
tournament's log cannot know. A `before` effect (api/effects.py) puts it into the command as
`legal_day`, always overwriting what a client sent.

- The **day** is the calendar day, in the profile's time zone (Europe/Zurich for ch-vgs), of the
  tournament's start time (its registration card) or, without one, of its creation; every
  tournament of the club by the same rule, so two of them always agree on whether they share a day.
- The **venue** is the club: its tournaments under the same profile on that day. A tournament whose
  profile was switched off (with a reason, in its audit log) is not counted.
- The **person** is found as the league finds him (read/league.py): his link to the club's person,
  else his name with spaces, case and accents aside.

Cheap: one query for the club's tournaments of the day (by the club index), their states from the
service's cache, and nothing at all for a tournament without a profile. The person's Startgelder
are a pass over the other tournaments' entries: the law bounds it (at most four tournaments a day,
each at most 20 000 CHF of Startgelder: a few hundred entries), so no index is kept for it."""

from __future__ import annotations

from datetime import datetime, timedelta
from fractions import Fraction
from zoneinfo import ZoneInfo

from sqlalchemy.engine import Engine
from sqlmodel import Session, and_, col, or_, select

from ..engine import TournamentState
from ..engine.legal import paid_by, profile
from ..engine.model import name_fold
from ..engine.payouts import exact, shown
from ..store import Tournament, TournamentEntryPerson, session_scope, stored_id
from .league import States, club_person


def day_bounds(time_zone: str, at_ms: int) -> tuple[int, int]:
    """[start, end) in ms of the calendar day of `at_ms` in the time zone."""
    zone = ZoneInfo(time_zone)
    day = datetime.fromtimestamp(at_ms / 1000, zone).date()
    start = datetime(day.year, day.month, day.day, tzinfo=zone)
    end = datetime.combine(day + timedelta(days=1), start.timetz())
    return int(start.timestamp() * 1000), int(end.timestamp() * 1000)


def legal_day(
    db: Engine,
    service: States,
    club_id: int,
    tournament_id: int,
    now: int,
    name: str | None,
    person_id: int | None,
    entry_id: int | None,
) -> dict | None:
    """{"paid", "pool", "tournaments"} of the club's other tournaments of the day under the same
    profile: the person's Startgelder, all Startgelder, how many started; None without a profile."""
    state = service.state(tournament_id)
    legal = profile(state)
    if legal is None:
        return None
    with session_scope(db) as session:
        own = session.get(Tournament, tournament_id)
        # the same rule as for the others (_of_the_day), so two tournaments agree on their day
        anchor = (own.starts_at if own.starts_at is not None else own.created_at) if own is not None else now
        start, end = day_bounds(str(legal.get("time_zone") or "UTC"), anchor)
        ids = _of_the_day(session, club_id, tournament_id, start, end)
        if entry_id is not None and entry_id in state.entries:
            name = state.entries[entry_id].name
            link = session.get(TournamentEntryPerson, (tournament_id, entry_id))
            person_id = link.person_id if link is not None else person_id
        person = club_person(session, club_id, person_id, name or "") if name or person_id else None
        linked: set[tuple[int, int]] = set()
        if person is not None and ids:
            rows = session.exec(
                select(TournamentEntryPerson).where(
                    TournamentEntryPerson.person_id == person.id, col(TournamentEntryPerson.tournament_id).in_(ids)
                )
            ).all()
            linked = {(r.tournament_id, r.entry_id) for r in rows}
    key = name_fold(name) if name else None
    paid, pool, started = Fraction(0), Fraction(0), 0
    for tid in ids:
        other = service.state(tid)
        if (profile(other) or {}).get("id") != legal["id"]:
            continue
        pool += exact(other.money["pool"])
        started += other.clock.status != "idle"
        paid += sum(
            (paid_by(other, e.entry_id) for e in other.entries.values() if _same(other, tid, e.entry_id, key, linked)),
            Fraction(0),
        )
    return {"paid": shown(paid), "pool": shown(pool), "tournaments": started}


def _of_the_day(session: Session, club_id: int, tournament_id: int, start: int, end: int) -> list[int]:
    """The club's other tournaments of the day: by their start time, or without one by their creation."""
    rows = session.exec(
        select(Tournament).where(
            Tournament.club_id == club_id,
            Tournament.id != tournament_id,
            or_(
                and_(col(Tournament.starts_at) >= start, col(Tournament.starts_at) < end),
                and_(
                    col(Tournament.starts_at).is_(None),
                    col(Tournament.created_at) >= start,
                    col(Tournament.created_at) < end,
                ),
            ),
        )
    ).all()
    return [stored_id(t) for t in rows]


def tournaments_of_the_day(db: Engine, service: States, club_id: int, tournament_id: int, now: int) -> int:
    """How many of the club's other tournaments of the day (by `now`) play under this one's profile:
    the warning when a fifth is created (VGS Art. 39 Abs. 3)."""
    legal = profile(service.state(tournament_id))
    if legal is None:
        return 0
    start, end = day_bounds(str(legal.get("time_zone") or "UTC"), now)
    with session_scope(db) as session:
        ids = _of_the_day(session, club_id, tournament_id, start, end)
    return sum(1 for tid in ids if (profile(service.state(tid)) or {}).get("id") == legal["id"])


def _same(state: TournamentState, tid: int, entry_id: int, key: str | None, linked: set) -> bool:
    return (tid, entry_id) in linked or (key is not None and name_fold(state.entries[entry_id].name) == key)
