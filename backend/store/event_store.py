"""The append-only event log and the op receipts.

A command's transaction runs these on every command, so they are SQLAlchemy Core statements on
the tables, built once, not ORM units of work: the ORM's identity map and flush cost several
times the database's own work here (40 % of a command's CPU). Each takes
what executes a Core statement in a transaction: the service's command path passes a
store/driver.py DriverTransaction (the same statements on the driver's cursor), other callers a
Session or a Connection.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple, cast

from sqlalchemy import CursorResult, bindparam, insert, select, update
from sqlalchemy.engine import Connection
from sqlmodel import Session

from ..engine import Event
from .driver import DriverTransaction
from .models import EventRow, OpReceipt, Tournament

EVENTS = EventRow.__table__  # type: ignore[attr-defined]
RECEIPTS = OpReceipt.__table__  # type: ignore[attr-defined]
TOURNAMENTS = Tournament.__table__  # type: ignore[attr-defined]
Executor = Connection | Session | DriverTransaction

# Built once: constructing a statement costs as much as running it from the compiled cache.
BUMP_SEQ = (
    update(TOURNAMENTS)
    .where(TOURNAMENTS.c.id == bindparam("tid"), TOURNAMENTS.c.last_seq == bindparam("expected_seq"))
    .values(last_seq=bindparam("new_seq"))
)
INSERT_EVENTS = insert(EVENTS)
LAST_SEQ = select(TOURNAMENTS.c.last_seq).where(TOURNAMENTS.c.id == bindparam("tid"))
LAST_SEQ_LOCKED = LAST_SEQ.with_for_update()
FIND_RECEIPT = select(RECEIPTS.c.tournament_id, RECEIPTS.c.status_code, RECEIPTS.c.response, RECEIPTS.c.type).where(
    RECEIPTS.c.device_id == bindparam("device_id"), RECEIPTS.c.op_id == bindparam("op_id")
)
INSERT_RECEIPT = insert(RECEIPTS)
LOAD_EVENTS = (
    select(EVENTS.c.seq, EVENTS.c.type, EVENTS.c.payload)
    .where(EVENTS.c.tournament_id == bindparam("tid"), EVENTS.c.seq > bindparam("after_seq"))
    .order_by(EVENTS.c.seq)
)


class ConcurrentWrite(Exception):
    """Another writer appended first; the caller reloads and decides again."""


def append(
    db: Executor,
    tournament_id: int,
    expected_seq: int,
    events: list[Event],
    *,
    actor: str,
    at: int,
    op_id: str | None = None,
    device_id: str | None = None,
) -> int:
    """Append events after `expected_seq`; returns the new last seq."""
    new_seq = expected_seq + len(events)
    # An UPDATE's result is a CursorResult (it has the rowcount); execute is typed as returning Result.
    bumped = cast(
        CursorResult[Any],
        db.execute(BUMP_SEQ, {"tid": tournament_id, "expected_seq": expected_seq, "new_seq": new_seq}),
    )
    if bumped.rowcount != 1:
        raise ConcurrentWrite(tournament_id)
    rows = [
        {
            "tournament_id": tournament_id,
            "seq": expected_seq + offset,
            "type": ev.type,
            "payload": ev.payload,
            "actor": actor,
            "op_id": op_id,
            "device_id": device_id,
            "at": at,
        }
        for offset, ev in enumerate(events, start=1)
    ]
    if rows:  # a command may be applied with no event (an import whose every line is refused)
        db.execute(INSERT_EVENTS, rows)
    return new_seq


def last_seq(db: Executor, tournament_id: int, *, lock: bool = False) -> int | None:
    """The tournament's last seq (None: no such tournament). `lock` takes its row lock for the
    transaction (FOR UPDATE on PostgreSQL; SQLite's BEGIN IMMEDIATE already holds the write lock)."""
    return db.execute(LAST_SEQ_LOCKED if lock else LAST_SEQ, {"tid": tournament_id}).scalar_one_or_none()


def load(db: Executor, tournament_id: int, after_seq: int = 0) -> list[tuple[int, Event]]:
    rows = db.execute(LOAD_EVENTS, {"tid": tournament_id, "after_seq": after_seq})
    return [(seq, Event(type, payload)) for seq, type, payload in rows]


class Receipt(NamedTuple):
    tournament_id: int
    status_code: int
    response: dict
    type: str | None


def find_receipt(db: Executor, device_id: str, op_id: str) -> Receipt | None:
    row = db.execute(FIND_RECEIPT, {"device_id": device_id, "op_id": op_id}).first()
    return Receipt(*row) if row else None


def lock_and_find_receipt(
    db: Executor, tournament_id: int, device_id: str, op_id: str
) -> tuple[int | None, Receipt | None]:
    """What a command's transaction reads first: the tournament's last seq under its row lock,
    then the op's receipt. Both are sent before either answer is read (one round trip on
    PostgreSQL's pipeline, store/driver.py); the receipt is still read after the lock is held,
    so a retry racing its own first attempt finds the receipt that attempt committed."""
    locked = db.execute(LAST_SEQ_LOCKED, {"tid": tournament_id})
    found = db.execute(FIND_RECEIPT, {"device_id": device_id, "op_id": op_id})
    last = locked.scalar_one_or_none()
    row = found.first()
    return last, (Receipt(*row) if row else None)


RECEIPT_PAYLOAD_LIMIT = 4000  # characters of JSON: a bust or a count, not a whole structure


def _small(payload: dict | None) -> dict | None:
    """The asked payload, kept only while it is small (the review list needs who and what)."""
    if payload is None or len(json.dumps(payload, default=str)) <= RECEIPT_PAYLOAD_LIMIT:
        return payload
    return {"_truncated": True}


def save_receipt(
    db: Executor,
    *,
    device_id: str,
    op_id: str,
    tournament_id: int,
    status_code: int,
    response: dict,
    at: int,
    type: str | None = None,
    payload: dict | None = None,
    actor: str | None = None,
) -> None:
    db.execute(
        INSERT_RECEIPT,
        {
            "device_id": device_id,
            "op_id": op_id,
            "tournament_id": tournament_id,
            "status_code": status_code,
            "response": response,
            "created_at": at,
            "type": type,
            "payload": _small(payload),
            "actor": actor,
        },
    )
