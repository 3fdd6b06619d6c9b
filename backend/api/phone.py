"""Reads for the player's phone and the director's pictures, computed on request (never per bust):
- GET /api/tournaments/<tid>/my-league (player token): his league standing (backend/read/my_league.py).
- GET /api/tournaments/<tid>/stacks (director): the latest counted stacks, for the chip histogram.
"""

from __future__ import annotations

import threading

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from ..auth.access import require_tournament
from ..engine import TournamentState
from ..floor import floor
from ..read.my_league import my_leagues
from ..service import now_ms
from . import view_schemas as out
from .contract import documented

bp = Blueprint("phone", __name__, url_prefix="/api")

_stacks_cache: dict[int, tuple[int, list[int]]] = {}
_stacks_lock = threading.Lock()


@bp.get("/tournaments/<int:tid>/my-league")
@documented(out.MyLeague, errors=(401, 403, 404))
def my_league(tid: int) -> ResponseReturnValue:
    """A player's league standing: his rank, points, the top 10, qualification (player token)"""
    caller = require_tournament(tid, {"player"})
    assert caller.entry_id is not None  # a player's token is his entry's
    body = my_leagues(floor().db, floor().service, tid, caller.entry_id, floor().config.LEAGUE_REFRESH_MS)
    return jsonify({**body, "server_time": now_ms()})


def counted_stacks(state: TournamentState) -> list[int]:
    """Every stack of the dealers' latest count per table (seats counted 0 are empty), sorted.
    Cached per tournament by seq: one pass over the counts per change, not per request."""
    with _stacks_lock:
        hit = _stacks_cache.get(state.tournament_id)
    if hit and hit[0] == state.seq:
        return hit[1]
    stacks = sorted(
        int(v) for count in state.chip_counts.values() for v in (count.get("stacks") or {}).values() if int(v) > 0
    )
    with _stacks_lock:
        _stacks_cache[state.tournament_id] = (state.seq, stacks)
    return stacks


@bp.get("/tournaments/<int:tid>/stacks")
@documented(out.Stacks, errors=(401, 403, 404))
def stacks(tid: int) -> ResponseReturnValue:
    """The latest counted stacks, sorted (director), for the chip histogram"""
    require_tournament(tid, {"director"})
    state = floor().service.state(tid)
    counts = state.chip_counts
    return jsonify(
        {
            "kind": "stacks",
            "tournament_id": tid,
            "seq": state.seq,
            "server_time": now_ms(),
            "stacks": counted_stacks(state),
            "tables_counted": len(counts),
            "counted_at": max((c.get("at") or 0 for c in counts.values()), default=None) or None,
            "average_stack": state.chips["in_play"] // state.players_left if state.players_left else 0,
        }
    )
