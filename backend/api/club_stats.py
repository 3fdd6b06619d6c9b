"""The club's statistics for its directors (docs/statistics.md): GET /api/club/stats.

A season is a calendar year in the club's time zone (`season=2026`) or one of the club's leagues
(`season=league-3`). The server keeps no time zone per club: the director's phone sends its own
(`tz`, an IANA name such as Europe/Zurich; the phone is in the club's room), else the server's
MAIL_TIME_ZONE is used. Full directors and observers read the whole club; a limited director the
tournaments he runs, as his list of tournaments shows them."""

from __future__ import annotations

import functools
import re
from zoneinfo import ZoneInfo, available_timezones

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from marshmallow import Schema, ValidationError, validate

from ..auth import clubs
from ..auth.access import require_director
from ..errors import ApiError
from ..floor import floor
from ..read import club_stats as cs
from ..read.club_nights import club_leagues, club_nights, league_tournaments
from ..store import session_scope
from . import answer_schemas as out
from .contract import documented
from .schemas import Text

bp = Blueprint("club_stats", __name__, url_prefix="/api")

SEASON = re.compile(r"^(?:(?P<year>\d{4})|league-(?P<league>[1-9]\d{0,8}))$")


@functools.cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones() | {"UTC"})


def _zone(value: str) -> None:
    if value not in _zones():
        raise ValidationError("Must be a time zone such as Europe/Zurich (IANA).")


class StatsQuery(Schema):
    class Meta:
        unknown = "raise"

    season = Text(
        load_default=None,
        validate=validate.Regexp(SEASON, error="Must be a year (2026) or one of the club's leagues (league-3)."),
    )
    tz = Text(load_default=None, validate=[validate.Length(max=64), _zone])


@bp.get("/club/stats")
@documented(out.ClubStats, query=StatsQuery, errors=(400, 401, 403))
def club_stats() -> ResponseReturnValue:
    """The club's statistics for a season: fields, prize pools, re-entry and no-show rates, durations
    against the plan, the busiest hours, and the seasons to pick from (any director of the club; a
    limited one's own tournaments)"""
    caller = require_director()
    q = StatsQuery().load(request.args)
    parts = floor()
    zone = ZoneInfo(q["tz"] or parts.config.MAIL_TIME_ZONE)
    only = None
    if caller.access == "limited":
        with session_scope(parts.db) as session:
            only = set(clubs.runs(session, caller.director))
    nights = club_nights(parts.db, parts.service, caller.club, only)
    leagues = club_leagues(parts.db, caller.club)
    this_year = cs.local(parts.service.clock(), zone).year
    season = q["season"] or str(this_year)
    match = SEASON.match(season)
    assert match is not None  # the schema checked it
    if match["league"]:
        league_id = int(match["league"])
        if league_id not in {lid for lid, _ in leagues}:
            raise ApiError(400, "unknown_season", f"season: the club has no league {league_id}.", "season")
        in_league = league_tournaments(parts.db, league_id)
        stats = cs.season_stats(nights, zone, lambda n: n.tournament_id in in_league)
    else:
        year = int(match["year"])
        stats = cs.season_stats(nights, zone, lambda n: cs.year_of(n, zone) == year)
    seasons = [{"id": str(y), "kind": "year", "name": str(y)} for y in cs.years(nights, zone, this_year)]
    seasons += [{"id": f"league-{lid}", "kind": "league", "name": name} for lid, name in leagues]
    return jsonify(
        {
            "season": season,
            "seasons": seasons,
            "time_zone": zone.key,
            "scope": "own" if only is not None else "club",
            **stats,
        }
    )
