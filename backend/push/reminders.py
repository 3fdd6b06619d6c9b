"""Timed notices: "the break ends in 2 minutes", sent when no command happens.

Each worker keeps, per tournament, one sleeping task towards the next break's reminder
(read/reminders.py works out when). A command that moves the clock (pause, resume, time added,
a jump, a new structure) plans it anew; a task whose plan was replaced finds so when it wakes and
ends. When it is time, the task reads the tournament as it stands now (another worker may have
paused the clock meanwhile), and the worker whose row goes into `push_reminder` first sends it:
each break is reminded once however many workers keep timers. Its notices go into the outbox in
that same transaction, so a stop right after the claim loses none. A worker that starts picks up
the tournaments whose players subscribed in the last two days.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from ..engine.model import TournamentState
from ..read.notice import Notice
from ..read.notices import in_region
from ..read.reminders import Reminder, break_ending, minutes_left, next_break_end
from ..service import TournamentService, UnknownTournament, now_ms
from ..store import session_scope
from ..store.models import PushReminder, PushSubscription, Token, Tournament
from .outbox import Batch, Outbox

log = logging.getLogger(__name__)

PICK_UP_MS = 2 * 24 * 3600 * 1000  # a restarted worker looks at tournaments this recent


class BreakReminders:
    def __init__(
        self,
        service: TournamentService,
        db: Any,
        tell: Callable[[int, Batch], None],
        outbox: Outbox,
        *,
        spawn: Callable[..., Any],
        sleep: Callable[[float], None],
        clock: Callable[[], int] = now_ms,
    ):
        self._service, self._db, self._tell, self._outbox = service, db, tell, outbox
        self._spawn, self._sleep, self._clock = spawn, sleep, clock
        self._seen: dict[int, tuple] = {}  # the clock and structure last planned from
        self._planned: dict[int, Reminder] = {}
        self._plan_no: dict[int, int] = {}  # a task that wakes under an older number ends
        self._done: dict[int, int] = {}  # the break last reminded of (here or by another worker)

    def watch(self, tid: int, state: TournamentState) -> None:
        """After every command: only a changed clock or structure plans anew (a comparison)."""
        seen = (state.clock, id(state.structure))
        if self._seen.get(tid) != seen:
            self._seen[tid] = seen
            self._plan(tid, state)

    def pick_up(self) -> None:
        """At start: the recent tournaments with subscribed players get their timers (their states
        read on a task of their own: a long log takes a while to replay)."""
        since = self._clock() - PICK_UP_MS
        with session_scope(self._db) as session:
            tids = session.exec(
                select(Tournament.id)
                .where(
                    col(Tournament.created_at) >= since,
                    col(Tournament.id).in_(
                        select(PushSubscription.tournament_id)
                        .join(Token, col(Token.id) == PushSubscription.token_id)
                        .where(col(Token.role) == "player", col(Token.revoked_at).is_(None))
                    ),
                )
                .order_by(col(Tournament.id))
            ).all()
        for tid in tids:
            self._spawn(self._pick_up_one, tid)

    def _pick_up_one(self, tid: int) -> None:
        try:
            self.watch(tid, self._service.state(tid))
        except UnknownTournament:
            pass
        except Exception:
            log.exception("the break reminders of tournament %s were not picked up", tid)

    def _plan(self, tid: int, state: TournamentState) -> None:
        found = next_break_end(state, self._clock(), self._done.get(tid))
        if found == self._planned.get(tid):
            return
        number = self._plan_no[tid] = self._plan_no.get(tid, 0) + 1
        if found is None:
            self._planned.pop(tid, None)
            return
        self._planned[tid] = found
        self._spawn(self._wait, tid, found, number)

    def _wait(self, tid: int, reminder: Reminder, number: int) -> None:
        self._sleep(max(0.0, (reminder.due - self._clock()) / 1000))
        if self._plan_no.get(tid) != number:
            return  # the clock moved meanwhile: a newer plan stands
        try:
            self._fire(tid, reminder)
        except Exception:
            log.exception("the break reminder of tournament %s failed", tid)

    def _fire(self, tid: int, reminder: Reminder) -> None:
        self._planned.pop(tid, None)
        state = self._service.state(tid)  # as it stands now, whichever worker changed it
        now = self._clock()
        minutes = minutes_left(state, reminder.level, now)
        again = next_break_end(state, now, self._done.get(tid))
        if minutes is not None or (again is not None and again.level == reminder.level and again.due <= now):
            self._done[tid] = reminder.level  # its time came: never planned again, sent or not
        if minutes is not None:
            found = in_region(state, break_ending(state, minutes))
            batch = claim(self._db, self._outbox, tid, f"break_end:{reminder.level}", found, now)
            if batch is not None:
                self._tell(tid, batch)
        self._seen[tid] = (state.clock, id(state.structure))
        self._plan(tid, state)  # the next break, or this one later if the clock moved


def claim(db: Any, outbox: Outbox, tid: int, key: str, found: list[Notice], now: int) -> Batch | None:
    """The timed notice `key`, if this worker is the one to send it (its row went in first): its
    notices in the outbox, in the claim's transaction. None: another worker's, or nobody subscribed."""
    try:
        with session_scope(db) as session:
            session.add(PushReminder(tournament_id=tid, key=key, sent_at=now))
            session.flush()
            return outbox.queue(session, tid, key, found, now)
    except IntegrityError:
        return None
