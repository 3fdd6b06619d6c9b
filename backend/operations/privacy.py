"""Retention of the sign-ups' contact data (docs/privacy.md): an e-mail address is kept to write
to the player about that tournament, and erased `Club.retention_days` after its start. A serving
process sweeps every PRIVACY_SWEEP_MINUTES (on a background task, like the automatic backups);
`pokerfloor privacy sweep` does the same from the shell or a timer. The name in the event log
stays: it is the tournament's results and money."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from sqlmodel import col, select

from ..mail.keys import sign_up_keys
from ..mail.sender import withdraw as withdraw_mails
from ..store import Club, SignUp, Tournament, session_scope

if TYPE_CHECKING:
    from flask import Flask
    from sqlalchemy.engine import Engine

log = logging.getLogger(__name__)

DAY_MS = 24 * 3600 * 1000


def sweep(engine: Engine, now: int) -> int:
    """Erase the e-mail addresses kept past their club's retention; returns how many."""
    with session_scope(engine) as session:
        rows = session.exec(
            select(SignUp, Tournament.starts_at, Tournament.created_at, Club.retention_days)
            .join(Tournament, col(Tournament.id) == col(SignUp.tournament_id))
            .join(Club, col(Club.id) == col(Tournament.club_id))
            .where(col(SignUp.email).is_not(None))
        ).all()
        erased = 0
        for row, starts_at, created_at, days in rows:
            start = starts_at if starts_at is not None else created_at  # no start set: since it was made
            if start + days * DAY_MS <= now:
                row.email = None
                row.erased_at = row.erased_at or now
                session.add(row)
                withdraw_mails(session, sign_up_keys(row.tournament_id, row.signup_no))  # none waits for it
                erased += 1
    return erased


def _sweep_loop(app: Flask) -> None:
    from ..floor import floor_of
    from ..service import now_ms

    floor = floor_of(app)
    minutes = floor.config.PRIVACY_SWEEP_MINUTES
    while True:
        try:
            erased = sweep(floor.db, now_ms())
            if erased:
                log.info("privacy: %d e-mail addresses erased (past their club's retention)", erased)
        except Exception:  # the next sweep tries again; the server keeps serving
            log.exception("privacy: the retention sweep failed")
        floor.realtime.sleep(minutes * 60)


def start_privacy_sweeps(app: Flask) -> object | None:
    """Called once by `serve`: the retention sweep now and every PRIVACY_SWEEP_MINUTES (0: off)."""
    from ..floor import floor_of

    floor = floor_of(app)
    if floor.config.PRIVACY_SWEEP_MINUTES <= 0:
        return None
    return floor.realtime.socketio.start_background_task(_sweep_loop, app)


def privacy_command(action: str) -> int:
    """`pokerfloor privacy sweep`: erase what is past its retention now, say how much."""
    from ..service import now_ms
    from .club_command import _engine

    if action != "sweep":
        raise SystemExit(f"unknown privacy action {action!r}")
    _, engine = _engine()
    try:
        erased = sweep(engine, now_ms())
    finally:
        engine.dispose()
    print(f"privacy sweep: {erased} e-mail address{'es' if erased != 1 else ''} erased (past their club's retention)")
    return 0
