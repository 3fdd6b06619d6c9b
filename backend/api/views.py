"""GET the current view: after any gap a phone asks for what it missed.
The TV's own reads (display token or director): its display view, and the seating list by name,
a page at a time (GET /seating?page=&per_page=), sorted once per seq and never pushed."""

from __future__ import annotations

import threading

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from marshmallow import Schema, fields, validate

from ..auth.access import Caller, current_caller, require_tournament
from ..engine import TournamentState
from ..floor import floor
from ..read.views import render, seating_by_name
from ..realtime import player_key
from ..service import now_ms
from . import answer_schemas as answers, view_schemas as out
from .auth import me_json
from .contract import documented
from .personal_links import relink

bp = Blueprint("views", __name__, url_prefix="/api")


def view_key(caller: Caller) -> tuple:
    if caller.role == "director":
        return ("director",)
    if caller.role == "dealer":
        return ("table", caller.table_no)
    if caller.role == "player":
        return player_key(caller)
    return ("public",)


@bp.get("/tournaments/<int:tid>/view")
@documented([out.DirectorView, out.TableView, out.PlayerView, out.SignUpView, out.PublicView], errors=(401, 403, 404))
def role_view(tid: int) -> ResponseReturnValue:
    """The caller's role view: director, dealer (table), player (or his sign-up while he waits), else public"""
    caller = require_tournament(tid)
    key = view_key(caller)
    if key[0] == "signup" and relink(floor(), tid, key[1]) is not None:
        key = ("player", floor().service.state(tid).signups[key[1]]["entry_id"])  # he has a place now
    state = floor().service.state(tid)
    return jsonify(render(state, key, now_ms()))


@bp.get("/me/first")
@documented(answers.FirstScreen, errors=(401,))
def first_screen() -> ResponseReturnValue:
    """A link's first screen in one answer: who it is (as /me) and, for a link bound to a tournament,
    its role view and the public view (as /view and /public). A phone's first scan asks it while the
    app's code still loads (pwa/index.html's boot script, docs/first-scan.md): one round trip, not three."""
    caller = current_caller()
    views = []
    tid = caller.tournament_id
    if caller.role != "director" and tid is not None:
        key = view_key(caller)
        if key[0] == "signup" and relink(floor(), tid, key[1]) is not None:
            key = ("player", floor().service.state(tid).signups[key[1]]["entry_id"])  # he has a place now
        state, now = floor().service.state(tid), now_ms()
        views = [render(state, k, now) for k in dict.fromkeys([key, ("public",)])]
    return jsonify({"me": me_json(caller), "views": views})


@bp.get("/tournaments/<int:tid>/public")
@documented(out.PublicView, errors=(401, 403, 404))
def public(tid: int) -> ResponseReturnValue:
    """The public view: clock, structure, counts, payouts"""
    require_tournament(tid)
    state = floor().service.state(tid)
    return jsonify(render(state, ("public",), now_ms()))


DISPLAY_ROLES = {"display", "director"}  # the wall list: the TV and the director, not every phone


@bp.get("/tournaments/<int:tid>/display")
@documented(out.DisplayView, errors=(401, 403, 404))
def display(tid: int) -> ResponseReturnValue:
    """The TV's display view: the last moves for its ticker (display token or director)"""
    require_tournament(tid, DISPLAY_ROLES)
    state = floor().service.state(tid)
    return jsonify(render(state, ("display",), now_ms()))


class SeatingQuery(Schema):
    class Meta:
        unknown = "raise"

    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100_000))
    per_page = fields.Integer(load_default=60, validate=validate.Range(min=1, max=200))


_seating_cache: dict[int, tuple[int, list[dict]]] = {}
_seating_lock = threading.Lock()


def cached_seating(state: TournamentState) -> list[dict]:
    """The seating list by name, sorted once per seq (10,000 names: one sort per change, not per TV)."""
    with _seating_lock:
        hit = _seating_cache.get(state.tournament_id)
    if hit and hit[0] == state.seq:
        return hit[1]
    rows = seating_by_name(state)
    with _seating_lock:
        _seating_cache[state.tournament_id] = (state.seq, rows)
    return rows


@bp.get("/tournaments/<int:tid>/seating")
@documented(out.SeatingPage, query=SeatingQuery, errors=(400, 401, 403, 404))
def seating(tid: int) -> ResponseReturnValue:
    """The seating list by family name, a page at a time (display token or director)"""
    require_tournament(tid, DISPLAY_ROLES)
    q = SeatingQuery().load(request.args)
    state = floor().service.state(tid)
    rows = cached_seating(state)
    page, per_page = q["page"], q["per_page"]
    pages = max(1, -(-len(rows) // per_page))
    start = (page - 1) * per_page
    return jsonify(
        {
            "kind": "seating",
            "tournament_id": tid,
            "seq": state.seq,
            "server_time": now_ms(),
            "total": len(rows),
            "page": page,
            "per_page": per_page,
            "pages": pages,
            "rows": [
                {k: r[k] for k in ("name", "listed_as", "table_no", "seat")} for r in rows[start : start + per_page]
            ],
        }
    )
