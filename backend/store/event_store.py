"""The append-only event log and the op receipts."""

from __future__ import annotations

import json
from typing import Any, cast

from sqlalchemy import CursorResult, update
from sqlmodel import Session, col, select

from ..engine import Event
from .models import EventRow, OpReceipt, Tournament


class ConcurrentWrite(Exception):
    """Another writer appended first; the caller reloads and decides again."""


def append(
    session: Session,
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
    # An UPDATE's result is a CursorResult (it has the rowcount); Session.execute is typed as returning Result.
    bumped = cast(
        CursorResult[Any],
        session.execute(
            update(Tournament)
            .where(col(Tournament.id) == tournament_id, col(Tournament.last_seq) == expected_seq)
            .values(last_seq=new_seq)
        ),
    )
    if bumped.rowcount != 1:
        raise ConcurrentWrite(tournament_id)
    for offset, ev in enumerate(events, start=1):
        session.add(
            EventRow(
                tournament_id=tournament_id,
                seq=expected_seq + offset,
                type=ev.type,
                payload=ev.payload,
                actor=actor,
                op_id=op_id,
                device_id=device_id,
                at=at,
            )
        )
    session.flush()
    return new_seq


def load(session: Session, tournament_id: int, after_seq: int = 0) -> list[tuple[int, Event]]:
    rows = session.exec(
        select(EventRow)
        .where(col(EventRow.tournament_id) == tournament_id, col(EventRow.seq) > after_seq)
        .order_by(col(EventRow.seq))
    )
    return [(r.seq, Event(r.type, r.payload)) for r in rows]


def find_receipt(session: Session, device_id: str, op_id: str) -> OpReceipt | None:
    return session.get(OpReceipt, (device_id, op_id))


RECEIPT_PAYLOAD_LIMIT = 4000  # characters of JSON: a bust or a count, not a whole structure


def _small(payload: dict | None) -> dict | None:
    """The asked payload, kept only while it is small (the review list needs who and what)."""
    if payload is None or len(json.dumps(payload, default=str)) <= RECEIPT_PAYLOAD_LIMIT:
        return payload
    return {"_truncated": True}


def save_receipt(
    session: Session,
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
    session.add(
        OpReceipt(
            device_id=device_id,
            op_id=op_id,
            tournament_id=tournament_id,
            status_code=status_code,
            response=response,
            created_at=at,
            type=type,
            payload=_small(payload),
            actor=actor,
        )
    )
    session.flush()
