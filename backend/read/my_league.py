"""A player's own league standing, for his phone: the leagues his tournament belongs to, his rank
and points, the top 10, and whether he qualifies (V-I.e, N-3.7, P-Satellite).

Computed on request, never per bust: standings are derived from every assigned tournament's
state (league.league_standings) and cached per league under a key made of each tournament's
seq, its played_on and the number of person links, so a phone that asks again after nothing
changed gets the cached table; a changed table is rebuilt at most once per 30 s. Only leagues this
tournament is in are shown.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from sqlalchemy import func
from sqlalchemy.engine import Engine
from sqlmodel import col, select

from ..store import League, LeagueTournament, TournamentEntryPerson, session_scope, stored_id
from . import league as lg

TOP = 10
_cache: dict[int, tuple[tuple, dict, int]] = {}  # league id -> (key, standings, built at ms)
_cache_lock = threading.Lock()


def _key(db: Engine, service: lg.States, league: League) -> tuple:
    with session_scope(db) as session:
        links = [(lt.tournament_id, lt.played_on) for lt in lg.league_tournaments(session, stored_id(league))]
        tids = [tid for tid, _ in links]
        persons = (
            session.exec(
                select(func.count())
                .select_from(TournamentEntryPerson)
                .where(col(TournamentEntryPerson.tournament_id).in_(tids))
            ).one()
            if tids
            else 0
        )
    # outside the session: the service opens its own (SQLite allows one writer at a time)
    seqs = tuple((tid, played_on, service.state(tid).seq) for tid, played_on in links)
    return (seqs, persons, repr(league.points), league.kind)


FRESH_MS = 30_000  # a rebuild reads every tournament of the league: at most one per 30 s
BUILD_WAIT_S = 10.0  # how long a request waits for another's first build before building itself
_building: dict[int, threading.Event] = {}  # league id -> set when its build is done


def cached_standings(
    db: Engine, service: lg.States, league: League, fresh_ms: int = FRESH_MS, now_ms: int | None = None
) -> dict:
    """The league's standings, rebuilt when its tournaments changed but not more than once per
    FRESH_MS, and by one request at a time (the others get the table they would have got a
    moment ago, or, with none built yet since the start, wait for the one being built): 10,000
    phones asking after a bust, or embeds asking right after a restart, must not each rebuild it."""
    now = now_ms if now_ms is not None else int(time.time() * 1000)
    league_id = stored_id(league)
    with _cache_lock:
        hit = _cache.get(league_id)
        building = _building.get(league_id)
        if hit and (now - hit[2] < fresh_ms or building is not None):
            return hit[1]
        if building is None:
            building = _building[league_id] = threading.Event()
            mine = True
        else:
            mine = False
    if not mine:  # nothing built yet and another request builds it: wait for that one
        building.wait(BUILD_WAIT_S)
        with _cache_lock:
            hit = _cache.get(league_id)
        if hit:
            return hit[1]
        return lg.league_standings(db, service, league)  # the other build failed or hangs
    try:
        key = _key(db, service, league)
        body = hit[1] if hit and hit[0] == key else lg.league_standings(db, service, league)
        with _cache_lock:
            _cache[league_id] = (key, body, now)
        return body
    finally:
        with _cache_lock:
            _building.pop(league_id, None)
        building.set()


def _line(line: dict, person_id: int | None) -> dict:
    return {
        "rank": line["rank"],
        "name": line["name"],
        "points": line["points"],
        "tournaments": line["tournaments"],
        "wins": line["wins"],
        "best_place": line["best_place"],
        "me": person_id is not None and line["person_id"] == person_id,
    }


def _mine(lines: list[dict], person_id: int | None) -> dict | None:
    return next((_line(x, person_id) for x in lines if person_id is not None and x["person_id"] == person_id), None)


def _qualification(kind: str, body: dict, person_id: int | None, month: str) -> dict:
    """What qualifies and whether he already does. `line` is the rank that qualifies (V-I.e:
    the month's rank 1; N-3.7, P-Satellite: a tournament win)."""
    q = body["qualification"]
    mine = [x for x in q["qualified"] if person_id is not None and x["person_id"] == person_id]
    out: dict[str, Any] = {
        "for": q["for"],
        "rule": q["rule"],
        "qualified": bool(mine),
        "line": 1 if q["for"] else None,
        "by": None,
    }
    if kind == "v_ranking":
        out["by"], out["period"] = "month", month
    elif q["for"]:
        out["by"] = "tournament_win"
    if "semifinal" in q:
        out["semifinal"] = q["semifinal"]
    return out


def league_entry(league: League, body: dict, person_id: int | None, played_on: str | None) -> dict:
    month = (played_on or "")[:7]
    month_table = next((m for m in body["months"] if m["period"] == month), None)
    return {
        "id": league.id,
        "name": league.name,
        "kind": league.kind,
        "provisional": any(t["provisional"] for t in body["tournaments"]),
        "players": len(body["overall"]),
        "me": _mine(body["overall"], person_id),
        "top": [_line(x, person_id) for x in body["overall"][:TOP]],
        "month": None
        if month_table is None
        else {
            "period": month,
            "provisional": month_table["provisional"],
            "me": _mine(month_table["standings"], person_id),
        },
        "qualification": _qualification(league.kind, body, person_id, month),
    }


def my_leagues(db: Engine, service: lg.States, tournament_id: int, entry_id: int, fresh_ms: int = FRESH_MS) -> dict:
    """The answer of GET /api/tournaments/<tid>/my-league for one entry."""
    with session_scope(db) as session:
        link = session.get(TournamentEntryPerson, (tournament_id, entry_id))
        person_id = link.person_id if link else None
        leagues = lg.leagues_of(session, tournament_id)
        played = {
            lt.league_id: lt.played_on
            for lt in session.exec(select(LeagueTournament).where(LeagueTournament.tournament_id == tournament_id))
        }
    state = service.state(tournament_id)
    return {
        "kind": "my_league",
        "tournament_id": tournament_id,
        "entry_id": entry_id,
        "seq": state.seq,
        "person_id": person_id,
        "leagues": [
            league_entry(row, cached_standings(db, service, row, fresh_ms), person_id, played.get(stored_id(row)))
            for row in leagues
        ],
    }
