"""The one transactional entry point: load state, decide, append, apply, commit.

Every command runs in one transaction that (1) locks the tournament row, (2) looks up the op
receipt, (3) lets the engine decide, (4) appends the events and the receipt and applies them to
the cached state. Only after the commit does the caller get an answer, so an acknowledged
command is durable, and a replayed op_id gets the stored answer and changes nothing; if
anything fails the transaction rolls back and the cache is dropped.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, TypeVar

from sqlalchemy.engine import Engine
from sqlalchemy.orm.attributes import set_committed_value

from . import engine as rules
from .engine import Actor, Command, Event, Rejection, TournamentState
from .store import Tournament, event_store, session_scope
from .store.driver import driver_log

T = TypeVar("T")
log = logging.getLogger(__name__)

HTTP_FOR_REJECTION = {"conflict": 409, "forbidden": 403, "not_found": 404, "invalid": 400}


def now_ms() -> int:
    return time.time_ns() // 1_000_000


@dataclass
class Answer:
    status_code: int
    body: dict
    changed: set = field(default_factory=set)  # view keys to push after the commit
    state: TournamentState | None = None  # the state this command left: the views are rendered from it
    seq: int = 0  # the tournament's seq after this command, and before it
    base_seq: int = 0
    notices: Any = None  # what locked phones are told (read/notices.py), as kept for the sender
    replayed: bool = False  # the stored answer to an op_id seen before: nothing new happened
    won: bool = False  # this command ended the tournament: its winner is known (the standings mail)


@dataclass(frozen=True)
class Committed:
    """A command as the service answered it (applied, refused, or the stored answer to an op_id
    seen before), for what the app does once it is committed."""

    tournament_id: int
    type: str
    payload: dict
    actor: Actor
    actor_label: str
    answer: Answer


class UnknownTournament(Exception):
    pass


@dataclass(frozen=True)
class Owner:
    """Whose a tournament is: its club, and the director who created it. Neither ever changes."""

    club_id: int
    created_by: int | None


ChangedViews = Callable[[TournamentState, list[Event]], set]
Notices = Callable[[TournamentState, list[Event]], list]
# Keeps a command's notices in its own transaction (db, tournament, seq, notices, now) and returns
# what the answer carries to the sender (push/outbox.py in the app: nothing told is lost to a stop).
QueueNotices = Callable[[Any, int, int, list, int], Any]


# Before the command is decided (outside the tournament's lock): may refuse it by raising, or fill
# in its payload (tournament, type, payload). After its commit: what the app does with the answer,
# before it is sent (the views, notices, the review list: backend/api/follow_ups.py in the app).
BeforeCommand = Callable[[int, str, dict], None]
AfterCommit = Callable[[Committed], None]


def nothing_before(tournament_id: int, type: str, payload: dict) -> None:
    return None


def nothing_after(done: Committed) -> None:
    return None


def no_views(state: TournamentState, events: list[Event]) -> set:
    return set()


def no_notices(state: TournamentState, events: list[Event]) -> list:
    return []


def keep_in_memory(db: Any, tournament_id: int, seq: int, found: list, now: int) -> list:
    return found


class TournamentService:
    """`changed_views` (backend/read/changes.py in the app) names the views a command's events
    changed, and `notices` (backend/read/notices.py) what locked phones are told, both worked out
    inside its transaction from the state it left; the service itself knows nothing of either.
    `before_command` and `after_commit` are the app's work around every command (set once the
    app's parts exist): `execute` runs them, so every caller gets the same."""

    def __init__(
        self,
        db: Engine,
        clock: Callable[[], int] = now_ms,
        changed_views: ChangedViews = no_views,
        notices: Notices = no_notices,
        queue_notices: QueueNotices = keep_in_memory,
        states_kept: int = 1000,
    ):
        self.db = db
        self.log = driver_log(db)  # the command path's statements on the driver's connection
        self.clock = clock
        self.changed_views = changed_views
        self.notices = notices
        self.queue_notices = queue_notices
        self.before_command: BeforeCommand = nothing_before
        self.after_commit: AfterCommit = nothing_after
        # The states read lately, oldest first: a season page, the club's statistics or a league
        # reads every night a club ever played, and a server runs for months. Past `states_kept`
        # the least recently used go (a tournament in play is read at every command and stays).
        self._states: OrderedDict[int, TournamentState] = OrderedDict()
        self.states_kept = states_kept
        self._owners: dict[int, Owner] = {}
        self._read_at: dict[int, float] = {}  # when the last read of a state in `state()` began (monotonic)
        self._locks: dict[int, threading.Lock] = {}
        self._locks_guard = threading.Lock()

    def _lock(self, tournament_id: int) -> threading.Lock:
        # Under gevent these locks are cooperative (monkey-patched): one command per
        # tournament at a time in this process; the database serialises across processes.
        lock = self._locks.get(tournament_id)  # a tournament's lock, once made, stays
        if lock is None:
            with self._locks_guard:
                lock = self._locks.setdefault(tournament_id, threading.Lock())
        return lock

    def _catch_up(self, db: event_store.Executor, tid: int, last_seq: int) -> TournamentState:
        """The cached state brought up to the tournament's last_seq (replaying what is new)."""
        state = self._states.get(tid)
        if state is None or state.seq > last_seq:
            state = TournamentState(tid)
        if state.seq < last_seq:
            for seq, event in event_store.load(db, tid, state.seq):
                rules.apply(state, event, seq)
        self._states[tid] = state
        self._states.move_to_end(tid)
        if len(self._states) > self.states_kept:
            self._forget_oldest()
        return state

    def _forget_oldest(self) -> None:
        """Drop the least recently read states beyond `states_kept`, but none whose tournament a
        command or a render holds right now (it works on that very object)."""
        for tid in list(islice(self._states, len(self._states) - self.states_kept)):
            lock = self._locks.get(tid)
            if lock is None or not lock.locked():
                del self._states[tid]
                self._read_at.pop(tid, None)

    def exists(self, tournament_id: int) -> bool:
        return self.owner(tournament_id) is not None

    def owner(self, tournament_id: int) -> Owner | None:
        """The tournament's club and creator, None if there is no such tournament. Tournaments are
        never deleted and never change hands, so one seen before is kept (no read per request)."""
        found = self._owners.get(tournament_id)
        if found is None:
            with session_scope(self.db) as session:
                row = session.get(Tournament, tournament_id)
                if row is None:
                    return None
                found = self._owners[tournament_id] = Owner(row.club_id, row.created_by)
        return found

    def club_of(self, tournament_id: int) -> int:
        """The club of a tournament known to exist (UnknownTournament if it does not)."""
        owner = self.owner(tournament_id)
        if owner is None:
            raise UnknownTournament(tournament_id)
        return owner.club_id

    def state(self, tournament_id: int, seen_after: float | None = None) -> TournamentState:
        """The tournament's state, caught up with the log. `seen_after` (a `time.monotonic()`):
        the caller needs everything committed before that moment, so the cached state will do
        when a read that began after it has caught it up. The phones of a room coming back at once
        (a Caddy reload, the venue's Wi-Fi) queue here one after another under the lock: each
        reading the log in turn made a tournament's 40 joins 40 round trips; now the first one's
        read serves those that joined the room before it began (realtime: a socket joins its
        rooms first, so what is committed after the read reaches it as an emit)."""
        with self._lock(tournament_id):
            state = self._states.get(tournament_id)
            if state is not None and seen_after is not None and self._read_since(tournament_id, seen_after):
                return state
            began = time.monotonic()
            state = self._read(tournament_id)
            self._read_at[tournament_id] = began
            return state

    def _read_since(self, tournament_id: int, moment: float) -> bool:
        """Whether the cached state was last caught up by a read that began at or after `moment`."""
        return self._read_at.get(tournament_id, -1.0) >= moment

    def _read(self, tournament_id: int) -> TournamentState:
        with self.log.transaction() as db:
            last_seq = event_store.last_seq(db, tournament_id)
            if last_seq is None:
                raise UnknownTournament(tournament_id)
            return self._catch_up(db, tournament_id, last_seq)

    def render(self, tournament_id: int, state: TournamentState | None, render: Callable[[TournamentState], T]) -> T:
        """`render(state)` with no command half-way through the state: under the tournament's lock,
        from the state a command left while it is still the cached one (no second read); after a
        failed command dropped it, from the state caught up from the log."""
        with self._lock(tournament_id):
            if state is None or self._states.get(tournament_id) is not state:
                state = self._read(tournament_id)
            return render(state)

    def create_tournament(self, name: str, preset: dict, director_id: int | None, club_id: int) -> Tournament:
        now = self.clock()
        with session_scope(self.db) as session:
            tournament = Tournament(
                name=name, preset_id=preset["id"], club_id=club_id, created_by=director_id, created_at=now, last_seq=0
            )
            session.add(tournament)
            session.flush()
            assert tournament.id is not None  # the flush assigned it
            last_seq = event_store.append(
                session.connection(),
                tournament.id,
                0,
                [Event("tournament_created", {"name": name, "preset": preset})],
                actor=f"director:{director_id}",
                at=now,
            )
            # what the append wrote, known to the ORM as stored (no UPDATE, no second read)
            set_committed_value(tournament, "last_seq", last_seq)
        return tournament

    def execute(
        self,
        tournament_id: int,
        *,
        type: str,
        payload: dict,
        actor: Actor,
        actor_label: str,
        device_id: str,
        op_id: str,
        at: int | None,
    ) -> Answer:
        """Decide, commit, then run what follows the commit (outside the tournament's lock). The
        answer stands once committed: a failure after the commit is logged, never raised (a phone
        told "failed" would retry an applied command forever, replaying the same answer)."""
        self.before_command(tournament_id, type, payload)
        with self._lock(tournament_id):
            try:
                answer = self._execute(tournament_id, type, payload, actor, actor_label, device_id, op_id, at)
            except Exception:
                self._states.pop(tournament_id, None)  # never keep a half-applied cache
                raise
        try:
            self.after_commit(Committed(tournament_id, type, payload, actor, actor_label, answer))
        except Exception:
            log.exception("after %s in tournament %s (committed, answered as such)", type, tournament_id)
        return answer

    def _execute(
        self,
        tournament_id: int,
        type: str,
        payload: dict,
        actor: Actor,
        actor_label: str,
        device_id: str,
        op_id: str,
        at: int | None,
    ) -> Answer:
        now = self.clock()
        with self.log.transaction() as db:  # one transaction, committed when the block ends
            # Lock first, then look for the receipt: a retry racing its own first attempt on
            # another worker waits here and then finds the receipt instead of deciding again.
            last_seq, receipt = event_store.lock_and_find_receipt(db, tournament_id, device_id, op_id)
            if last_seq is None:
                raise UnknownTournament(tournament_id)
            if receipt is not None:
                if receipt.tournament_id != tournament_id:
                    return Answer(
                        409,
                        {
                            "status": "rejected",
                            "op_id": op_id,
                            "error": "op_id_reused",
                            "message": "This op_id was already used for another tournament.",
                            "field": "op_id",
                            "server_time": now,
                        },
                    )
                if receipt.type and receipt.type != type:  # older receipts have no type: trust them
                    return Answer(
                        409,
                        {
                            "status": "rejected",
                            "op_id": op_id,
                            "error": "op_id_reused",
                            "message": f"This op_id was already used for a {receipt.type} command.",
                            "field": "op_id",
                            "server_time": now,
                        },
                    )
                return Answer(receipt.status_code, {**receipt.response, "server_time": now}, replayed=True)
            state = self._catch_up(db, tournament_id, last_seq)
            command = Command(type=type, payload=payload, actor=actor, now=now, at=at, seed=secrets.randbits(64))
            decision = rules.decide(state, command)
            if isinstance(decision, Rejection):
                code = HTTP_FOR_REJECTION[decision.kind]
                body: dict[str, Any] = {
                    "status": "rejected",
                    "op_id": op_id,
                    "error": decision.error,
                    "message": decision.message,
                    "field": decision.field,
                    # the rulebook id it applies (null when none), and what it rests on
                    "rule": decision.rule,
                    "basis": decision.basis,
                }
                if decision.params is not None:
                    body["params"] = decision.params  # stored in the receipt: a replay answers the same
                event_store.save_receipt(
                    db,
                    device_id=device_id,
                    op_id=op_id,
                    tournament_id=tournament_id,
                    status_code=code,
                    response=body,
                    at=now,
                    type=type,
                    payload=payload,
                    actor=actor_label,
                )  # what was asked, for the review list
                return Answer(code, {**body, "server_time": now})
            seq = event_store.append(
                db,
                tournament_id,
                state.seq,
                decision.events,
                actor=actor_label,
                at=now,
                op_id=op_id,
                device_id=device_id,
            )
            body = {"status": "applied", "op_id": op_id, "seq": seq, "result": decision.result}
            event_store.save_receipt(
                db,
                device_id=device_id,
                op_id=op_id,
                tournament_id=tournament_id,
                status_code=200,
                response=body,
                at=now,
                type=type,
                actor=actor_label,
            )
            # Applied to the cache inside the transaction: if applying (or the commit) fails, the
            # transaction rolls back and execute() drops the cache, so the answer "nothing was
            # applied" is true and the log never holds an event that cannot be applied.
            for offset, event in enumerate(decision.events, start=1):
                rules.apply(state, event, seq - len(decision.events) + offset)
            changed = self.changed_views(state, decision.events)
            told = self.notices(state, decision.events)
            if told:
                told = self.queue_notices(db, tournament_id, seq, told, now)
        won = any(event.type == "tournament_won" for event in decision.events)
        return Answer(200, {**body, "server_time": now}, changed, state, seq, seq - len(decision.events), told, won=won)
