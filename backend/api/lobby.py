"""The lobby TV (docs/screens.md): a display link with `?layout=lobby` shows its club's tournaments
of tonight side by side. The club is the display token's tournament's; never another club's."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue
from sqlmodel import and_, col, or_, select

from ..auth.access import require_role
from ..floor import floor
from ..read.lobby import ACTIVE_MS, LOBBY_MAX, START_WINDOW_MS, lobby_entry, tonight
from ..service import now_ms
from ..store import Tournament, last_change_at, session_scope
from . import view_schemas as out
from .contract import documented

bp = Blueprint("lobby", __name__, url_prefix="/api/display")

# Candidates read from the database before any state is loaded (a club with years of tournaments
# loads only tonight's few).
CANDIDATES = 20


@bp.get("/lobby")
@documented(out.Lobby, errors=(401, 403))
def lobby() -> ResponseReturnValue:
    """The caller's club's tournaments of tonight (display token or director), at most 6"""
    caller = require_role("display", "director")
    club_id = caller.club
    now = now_ms()
    with session_scope(floor().db) as session:
        last = last_change_at()
        rows = session.exec(
            select(Tournament.id, Tournament.starts_at, last)
            .where(
                Tournament.club_id == club_id,
                or_(
                    last >= now - ACTIVE_MS,
                    and_(
                        col(Tournament.starts_at) >= now - START_WINDOW_MS,
                        col(Tournament.starts_at) <= now + START_WINDOW_MS,
                    ),
                ),
            )
            .order_by(col(Tournament.id).desc())
            .limit(CANDIDATES)
        ).all()
    service = floor().service
    shown = []
    for tid, starts_at, last_at in sorted(rows, key=lambda r: (r[1] or 0, r[0] or 0)):
        if tid is None:  # a column that is never NULL, typed Optional by SQLModel
            continue
        entry = service.render(tid, None, lobby_entry)
        if tonight(entry["status"], last_at, starts_at, now):
            shown.append(entry)
        if len(shown) >= LOBBY_MAX:
            break
    return jsonify({"server_time": now, "tournaments": shown})
