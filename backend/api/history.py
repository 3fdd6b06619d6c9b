"""A player's season (docs/season.md): his nights in the club and their totals, computed on
request from the tournaments' states (backend/read/player_history.py).

- GET /api/tournaments/<tid>/my-history (player token): the person linked to his entry. An entry
  linked to no person gets this one night; a sign-up still waiting for a place has no night yet.
- GET /api/persons/<person_id>/history (a director of the person's club, any access: like the
  persons' search, a limited director or an observer reads it too).
"""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from ..auth.access import require_director, require_tournament
from ..errors import ApiError
from ..floor import floor
from ..read import player_history as seasons
from ..service import now_ms
from . import answer_schemas as out
from .contract import documented

bp = Blueprint("history", __name__, url_prefix="/api")


@bp.get("/tournaments/<int:tid>/my-history")
@documented(out.PlayerHistory, errors=(401, 403, 404))
def my_history(tid: int) -> ResponseReturnValue:
    """A player's season: his nights in the club, places, prizes, points (player token)"""
    caller = require_tournament(tid, {"player"})
    parts = floor()
    body = seasons.entry_history(parts.db, parts.service, parts.service.club_of(tid), tid, caller.entry_id)
    return jsonify({**body, "server_time": now_ms()})


@bp.get("/persons/<int:person_id>/history")
@documented(out.PlayerHistory, errors=(401, 403, 404))
def person_history(person_id: int) -> ResponseReturnValue:
    """A person's season: his nights in the club, places, prizes, points (director)"""
    caller = require_director()
    parts = floor()
    body = seasons.person_history(parts.db, parts.service, caller.club, person_id)
    if body is None:  # another club's person is answered as missing
        raise ApiError(404, "unknown_person", f"There is no person {person_id}.", "person_id")
    return jsonify({**body, "server_time": now_ms()})
