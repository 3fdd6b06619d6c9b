"""The notices not yet sent, kept in the database (push_outbox) so that no stop or crash loses one.

A command's notices go in with its events, in its transaction (`queue`), as one row claimed by
the worker that committed it; a break reminder's go in with the row that claims it, a refused
command's right after the refusal. The row is deleted once every phone it names was posted to
(`finish`). Meanwhile the worker renews its claim and writes down what it already posted
(`heartbeat`); a worker that stops writes that down and lets its rows go (`release`); another
worker, or the same one restarted, takes up released rows at once and those of a worker that
crashed once its claim lapsed (`claim_due`). Rows exist only while something is unsent: most
commands tell nobody, and a tournament whose phones never subscribed writes none.
"""

from __future__ import annotations

import os
import secrets
import socket
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, delete, exists, insert, or_, select, update

from ..read.notice import Notice
from ..store import session_scope
from ..store.models import PushOutbox, PushSubscription

OUTBOX = PushOutbox.__table__  # type: ignore[attr-defined]
SUBSCRIPTIONS = PushSubscription.__table__  # type: ignore[attr-defined]
# Built once: the command path runs them through the driver (store/driver.py), which wants every value bound.
SUBSCRIBED = select(exists().where(SUBSCRIPTIONS.c.tournament_id == bindparam("tid")))
INSERT = insert(OUTBOX)
TAKEN_AT_ONCE = 50  # rows a sweep takes up; the next sweep takes more


@dataclass(eq=False)
class Batch:
    """One row: the notices of one command (or reminder, or refusal), and what is posted already."""

    tid: int
    key: str
    notices: list[Notice]
    created_at: int
    done: set[tuple[int, int]] = field(default_factory=set)  # (notice's index, subscription id)
    left: int = -1  # deliveries not finished; -1 until the recipients are known
    saved: int = 0  # how many of `done` the row holds

    @property
    def ident(self) -> tuple[int, str]:
        return self.tid, self.key


def dump(notice: Notice) -> dict:
    """A notice as the row keeps it (what differs from the defaults)."""
    found: dict[str, Any] = {"to": list(notice.to), "kind": notice.kind}
    if notice.params:
        found["params"] = notice.params
    if notice.urgent:
        found["urgent"] = True
    if notice.keep_s is not None:
        found["keep_s"] = notice.keep_s
    if notice.region != Notice.region:
        found["region"] = notice.region
    return found


def load(data: dict) -> Notice:
    return Notice(
        tuple(data["to"]),
        data["kind"],
        data.get("params", {}),
        data.get("urgent", False),
        data.get("keep_s"),
        data.get("region", Notice.region),
    )


def worker_name() -> str:
    """This process among the workers: unique for its lifetime (a restarted one is a new worker)."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{secrets.token_hex(4)}"


class Outbox:
    def __init__(self, db: Any, worker: str | None = None):
        self.db = db
        self.worker = worker or worker_name()

    def queue(self, tx: Any, tid: int, key: str, found: list[Notice], now: int) -> Batch | None:
        """In the caller's transaction (a Session, a Connection or the command path's driver):
        the row, claimed by this worker. None when the tournament has no subscribed phone (one
        indexed look), so most tournaments never write a row."""
        if not found or not tx.execute(SUBSCRIBED, {"tid": tid}).scalar_one_or_none():
            return None
        row = {
            "tournament_id": tid,
            "key": key,
            "notices": [dump(n) for n in found],
            "created_at": now,
            "claimed_by": self.worker,
            "claimed_at": now,
            "done": None,
        }
        tx.execute(INSERT, row)
        return Batch(tid, key, list(found), now)

    def command_queue(self, tx: Any, tid: int, seq: int, found: list[Notice], now: int) -> Batch | None:
        """The service's hook: a command's notices, keyed by the seq it left (one row per command)."""
        return self.queue(tx, tid, f"seq:{seq}", found, now)

    def add(self, tid: int, key: str, found: list[Notice], now: int) -> Batch | None:
        """In a transaction of its own (a refused command: nothing else to write with it)."""
        with session_scope(self.db) as session:
            return self.queue(session, tid, key, found, now)

    def finish(self, batch: Batch) -> None:
        """Every phone of the row was posted to (or will never be): it goes."""
        with session_scope(self.db) as session:
            session.execute(delete(OUTBOX).where(*_row(batch)))

    def heartbeat(self, batches: list[Batch], now: int) -> None:
        """This worker lives: its claims renewed, and what it posted since written down, so a crash
        repeats little."""
        with session_scope(self.db) as session:
            session.execute(update(OUTBOX).where(OUTBOX.c.claimed_by == self.worker).values(claimed_at=now))
            _save_done(session, batches)

    def release(self, batches: list[Batch]) -> None:
        """A stop: what each row has posted written down, and every row of this worker free for the
        next one (itself restarted, or another worker), at once."""
        with session_scope(self.db) as session:
            _save_done(session, batches)
            session.execute(
                update(OUTBOX).where(OUTBOX.c.claimed_by == self.worker).values(claimed_by=None, claimed_at=None)
            )

    def claim_due(self, now: int, lease_ms: int, skip: set[tuple[int, str]]) -> list[Batch]:
        """Rows nobody sends: released by a worker that stopped, claimed by one whose claim was not
        renewed for `lease_ms` (it crashed), or this worker's own that it has not been sending for
        as long (`skip` holds those it sends: a request that failed between its commit and the push
        leaves one). Each
        is taken by the worker whose update finds it still free, so one worker sends it."""
        stale = now - lease_ms
        free = or_(
            OUTBOX.c.claimed_by.is_(None),
            OUTBOX.c.claimed_at < stale,
            (OUTBOX.c.claimed_by == self.worker) & (OUTBOX.c.created_at < stale),
        )
        with session_scope(self.db) as session:
            rows = session.execute(
                select(OUTBOX.c.tournament_id, OUTBOX.c.key)
                .where(free)
                .order_by(OUTBOX.c.created_at)
                .limit(TAKEN_AT_ONCE)
            ).all()
        taken = []
        for tid, key in rows:
            if (tid, key) in skip:
                continue
            with session_scope(self.db) as session:
                mine = OUTBOX.c.tournament_id == tid, OUTBOX.c.key == key
                claimed = session.execute(
                    update(OUTBOX).where(*mine, free).values(claimed_by=self.worker, claimed_at=now)
                )
                if claimed.rowcount != 1:  # type: ignore[attr-defined]
                    continue  # another worker was first
                notices, created_at, done = session.execute(
                    select(OUTBOX.c.notices, OUTBOX.c.created_at, OUTBOX.c.done).where(*mine)
                ).one()
            pairs = {(int(i), int(s)) for i, s in done or ()}
            taken.append(Batch(tid, key, [load(n) for n in notices], created_at, pairs, saved=len(pairs)))
        return taken


def _row(batch: Batch) -> tuple:
    return OUTBOX.c.tournament_id == batch.tid, OUTBOX.c.key == batch.key


def _save_done(session: Any, batches: list[Batch]) -> None:
    for batch in batches:
        done = sorted(batch.done)
        if len(done) != batch.saved:
            session.execute(update(OUTBOX).where(*_row(batch)).values(done=[list(p) for p in done]))
            batch.saved = len(done)
