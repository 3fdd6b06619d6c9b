"""Persons and leagues (directors only): search persons, create leagues, assign tournaments,
standings per month, half-year and overall, and who qualifies (V-XII, V-I.d.1, V-I.e, N-3.7,
P-Satellite, G-Spielform)."""

from __future__ import annotations

import itertools
import re

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from marshmallow import ValidationError, fields, validate, validates_schema
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from ..auth.access import Caller, require_director, require_tournament
from ..errors import ApiError
from ..floor import PokerFloor, floor
from ..presets import find_preset
from ..read import league as lg
from ..read.locale_format import fold, name_matches
from ..service import now_ms
from ..store import League, LeagueTournament, Person, Tournament, existing, session_scope, stored_id
from . import answer_schemas as out
from .contract import documented, query_param
from .schemas import ID, StrictSchema, Text, not_blank, text_problem

bp = Blueprint("league", __name__, url_prefix="/api")

DEFAULT_PRESET = {"v_ranking": "v-ranking"}  # the kinds whose rulebook has a points table (V-XII)


class PointsSchema(StrictSchema):
    table = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=0, max=10000)),
        required=True,
        validate=validate.Length(min=1, max=200),
    )
    then = Text(load_default="minus_one", validate=validate.OneOf(["minus_one", "zero"]))
    floor = fields.Integer(load_default=0, strict=True, validate=validate.Range(min=0, max=10000))


class CreateLeagueSchema(StrictSchema):
    name = Text(required=True, validate=[validate.Length(min=1, max=120), not_blank])
    kind = Text(required=True, validate=validate.OneOf(lg.KINDS))
    points = fields.Nested(PointsSchema, load_default=None, allow_none=True)
    points_preset = Text(load_default=None, allow_none=True, validate=validate.Length(min=1, max=60))

    @validates_schema
    def _one_source(self, data: dict, **_: object) -> None:
        if data.get("points") is not None and data.get("points_preset") is not None:
            raise ValidationError("Give either points or points_preset, not both.", "points")
        if data["kind"] in ("g_tour", "custom") and data.get("points") is None and data.get("points_preset") is None:
            raise ValidationError("G-Spielform names no points table: give one ({table, then, floor}).", "points")


def _date(value: str) -> None:
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        raise ValidationError("Must be a date YYYY-MM-DD.")
    try:
        from datetime import date

        date.fromisoformat(value)
    except ValueError as err:
        raise ValidationError("Must be a real date YYYY-MM-DD.") from err


class AddTournamentSchema(StrictSchema):
    tournament_id = fields.Integer(required=True, strict=True, validate=ID)
    played_on = Text(load_default=None, allow_none=True, validate=_date)


def club_league(session: Session, league_id: int, club_id: int | None) -> League:
    """One of the club's leagues (another club's is answered as missing)."""
    found = session.get(League, league_id)
    if found is None or found.club_id != club_id:
        raise ApiError(404, "unknown_league", f"There is no league {league_id}.", "league_id")
    return found


@bp.get("/persons")
@documented(out.Person(many=True), query=[query_param("q", {"type": "string"})], errors=(401, 403))
def search_persons() -> ResponseReturnValue:
    """Search persons by name (accents and ß folded)"""
    caller = require_director()
    q = request.args.get("q", "")
    problem = text_problem(q, 80)
    if problem:
        raise ApiError(400, "validation", f"q: {problem}", "q")
    q = fold(q)
    with session_scope(floor().db) as session:
        query = select(Person).where(Person.club_id == caller.club_id).order_by(col(Person.name_key))
        if not q:
            return jsonify([lg.person_json(p) for p in session.exec(query.limit(50))])
        # accents and ß folded (weiss → Weiß, kraehen → Krähen) like the desk's search: in Python,
        # a club's people are a few thousand rows at most
        found = (p for p in session.exec(query) if name_matches(p.name, q))
        return jsonify([lg.person_json(p) for p in itertools.islice(found, 50)])


@bp.get("/leagues")
@documented(out.League(many=True), errors=(401, 403))
def list_leagues() -> ResponseReturnValue:
    """The club's leagues"""
    caller = require_director()
    with session_scope(floor().db) as session:
        rows = session.exec(select(League).where(League.club_id == caller.club_id).order_by(col(League.id))).all()
        return jsonify(
            [lg.league_json(r, [lt.tournament_id for lt in lg.league_tournaments(session, stored_id(r))]) for r in rows]
        )


@bp.post("/leagues")
@documented(out.League, status=201, body=CreateLeagueSchema, errors=(400, 401, 403), access=require_director)
def create_league(body: dict, caller: Caller) -> ResponseReturnValue:
    """Create a league or series"""
    points = body["points"]
    preset_id = body["points_preset"] or (DEFAULT_PRESET.get(body["kind"]) if points is None else None)
    if preset_id:
        with session_scope(floor().db) as session:
            preset = find_preset(session, str(floor().config.PRESETS_DIR), preset_id, caller.club_id)
        if preset is None:
            raise ApiError(400, "unknown_preset", f"There is no preset '{preset_id}'.", "points_preset")
        points = preset.get("points")
        if not points and body["points_preset"]:
            raise ApiError(400, "no_points", f"The preset '{preset_id}' has no points table.", "points_preset")
    with session_scope(floor().db) as session:
        row = League(
            club_id=caller.club,
            name=body["name"].strip(),
            kind=body["kind"],
            points=points,
            created_by=caller.director_id,
            created_at=now_ms(),
        )
        session.add(row)
        session.flush()
        return jsonify(lg.league_json(row, [])), 201


@bp.get("/leagues/<int:league_id>")
@documented(out.League, errors=(401, 403, 404))
def get_league(league_id: int) -> ResponseReturnValue:
    """One league"""
    caller = require_director()
    with session_scope(floor().db) as session:
        row = club_league(session, league_id, caller.club_id)
        links = lg.league_tournaments(session, league_id)
        return jsonify(lg.league_json(row, [lt.tournament_id for lt in links]))


@bp.post("/leagues/<int:league_id>/tournaments")
@documented(
    out.League, body=AddTournamentSchema, errors=(400, 401, 403, 404), access=lambda league_id: require_director()
)
def add_tournament(league_id: int, body: dict, caller: Caller) -> ResponseReturnValue:
    """Assign a tournament (and the day it counts for)"""
    tid = body["tournament_id"]
    require_tournament(tid, {"director"})  # one of the club's, and one he runs if he is limited
    state = floor().service.state(tid)
    with session_scope(floor().db) as session:
        row = club_league(session, league_id, caller.club_id)
        tournament = existing(session.get(Tournament, tid))
        link = session.get(LeagueTournament, (league_id, tid))
        played_on = body["played_on"] or (link.played_on if link else lg.night_of(state, tournament.created_at))
        if link is None:
            session.add(
                LeagueTournament(league_id=league_id, tournament_id=tid, played_on=played_on, added_at=now_ms())
            )
        else:
            link.played_on = played_on
        session.flush()
        links = lg.league_tournaments(session, league_id)
        return jsonify(lg.league_json(row, [lt.tournament_id for lt in links]))


@bp.get("/leagues/<int:league_id>/standings")
@documented(out.Standings, errors=(401, 403, 404))
def get_standings(league_id: int) -> ResponseReturnValue:
    """Standings overall, per month and half-year, and qualification"""
    caller = require_director()
    with session_scope(floor().db) as session:
        row = club_league(session, league_id, caller.club_id)
    return jsonify({"league": lg.league_json(row), **lg.league_standings(floor().db, floor().service, row)})


def check_person(db: Engine, club_id: int, person_id: int | None) -> None:
    """A registration naming a person must name one of the tournament's club (checked before the command)."""
    if person_id is None:
        return
    with session_scope(db) as session:
        person = session.get(Person, person_id)
        if person is None or person.club_id != club_id:
            raise ApiError(400, "unknown_person", f"There is no person {person_id}.", "payload.person_id")


def link_registration(app: PokerFloor, tid: int, entry_id: int, person_id: int | None) -> None:
    """After a committed register_player: link the entry to its person (given, same name, or new).
    Its own small transaction; a replayed op_id finds the link already there."""
    name = app.service.state(tid).entries[entry_id].name
    for attempt in (1, 2):  # two phones creating the same new person at once: the second one links to it
        try:
            with session_scope(app.db) as session:
                lg.link_entry(session, app.service.club_of(tid), tid, entry_id, name, person_id, now_ms())
            return
        except IntegrityError:
            if attempt == 2:
                raise
