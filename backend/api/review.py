"""For directors: the audit log (who did what and when) and the rejected commands to review.

Both read one tournament's rows newest first through an index and stop after a page, so a
10,000-player tournament costs the same per request as a small one."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from marshmallow import Schema, fields, validate
from sqlalchemy import literal_column
from sqlmodel import Session, col, func, select

from ..auth.access import require_tournament
from ..floor import floor
from ..read.audit import actor_text, describe_command, describe_event, director_ids, touches
from ..read.locale_format import region_of
from ..store import Director, EventRow, session_scope, stored_id
from ..store.models import REJECTED, OpReceipt
from . import answer_schemas as out
from .contract import documented
from .schemas import Text

bp = Blueprint("review", __name__, url_prefix="/api")

# With a filter, one request reads at most this many events; the answer's next_before lets the
# phone go on ("load more") without the server ever scanning the whole log at once.
FILTER_SCAN = 2000
ID = validate.Range(min=1, max=2**31 - 1)


class ListQuery(Schema):
    class Meta:
        unknown = "raise"

    lang = Text(load_default="de", validate=validate.OneOf(["de", "en"]))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


class AuditQuery(ListQuery):
    before = fields.Integer(load_default=None, validate=ID)
    table = fields.Integer(load_default=None, validate=ID)
    entry = fields.Integer(load_default=None, validate=ID)


def _namer(entries: dict) -> Callable[[object], str]:

    def name_of(entry_id: object) -> str:
        entry = entries.get(entry_id) if isinstance(entry_id, int) else None
        return entry.name if entry else (f"#{entry_id}" if entry_id is not None else "?")

    return name_of


def _directors(session: Session, labels: Iterable[str | None]) -> dict[int, str]:
    ids = director_ids(labels)
    if not ids:
        return {}
    return {stored_id(d): d.username for d in session.exec(select(Director).where(col(Director.id).in_(ids)))}


@bp.get("/tournaments/<int:tid>/audit")
@documented(out.AuditPage, query=AuditQuery, errors=(400, 401, 403, 404))
def audit(tid: int) -> ResponseReturnValue:
    """The event log newest first: who did what and when"""
    require_tournament(tid, {"director"})
    q = AuditQuery().load(request.args)
    filtered = q["table"] is not None or q["entry"] is not None
    with session_scope(floor().db) as session:
        query = select(EventRow).where(EventRow.tournament_id == tid)
        if q["before"] is not None:
            query = query.where(EventRow.seq < q["before"])
        rows = session.exec(
            query.order_by(col(EventRow.seq).desc()).limit(FILTER_SCAN if filtered else q["limit"])
        ).all()
        picked = [r for r in rows if touches(r.payload or {}, q["table"], q["entry"])][: q["limit"]]
        directors = _directors(session, {r.actor for r in picked})
    state = floor().service.state(tid)
    name_of = _namer(state.entries)
    lang = q["lang"]
    if len(picked) == q["limit"]:
        next_before = picked[-1].seq
    elif filtered and len(rows) == FILTER_SCAN:
        next_before = rows[-1].seq  # nothing more matched in this stretch: look further back
    else:
        next_before = None
    items = [
        {
            "seq": r.seq,
            "at": r.at,
            "type": r.type,
            "actor": r.actor,
            "actor_text": actor_text(r.actor, lang, directors, name_of),
            "device_id": r.device_id,
            "op_id": r.op_id,
            "text": describe_event(r.type, r.payload or {}, lang, name_of, state.preset),
        }
        for r in picked
    ]
    return jsonify({"items": items, "next_before": next_before if next_before and next_before > 1 else None})


def rejected_receipts(tid: int) -> tuple:
    """A tournament's refused commands: the partial index ix_op_receipt_rejected holds exactly
    these. Its condition is written literally: a generic plan of a prepared statement (PostgreSQL
    after a few runs) cannot prove that a bound parameter is 400."""
    return (OpReceipt.tournament_id == tid, OpReceipt.status_code >= literal_column(str(REJECTED)))


@bp.get("/tournaments/<int:tid>/rejections")
@documented(out.Rejections, query=ListQuery, errors=(400, 401, 403, 404))
def rejections(tid: int) -> ResponseReturnValue:
    """Rejected commands to review, newest first"""
    require_tournament(tid, {"director"})
    q = ListQuery().load(request.args)
    rejected = rejected_receipts(tid)
    with session_scope(floor().db) as session:
        rows = session.exec(
            select(OpReceipt).where(*rejected).order_by(col(OpReceipt.created_at).desc()).limit(q["limit"])
        ).all()
        count = session.exec(select(func.count()).select_from(OpReceipt).where(*rejected)).one()
        directors = _directors(session, {r.actor for r in rows})
    state = floor().service.state(tid)
    name_of = _namer(state.entries)
    region = region_of(state.format)
    lang = q["lang"]
    items = []
    for r in rows:
        who = actor_text(r.actor, lang, directors, name_of) if r.actor else None
        what = describe_command(r.type, r.payload, lang, name_of, region) if r.type else None
        answer = r.response or {}
        items.append(
            {
                "op_id": r.op_id,
                "device_id": r.device_id,
                "at": r.created_at,
                "type": r.type,
                "actor": r.actor,
                "actor_text": who,
                "what": what,
                "text": f"{who}: {what}" if who and what else (what or who or ""),
                "error": answer.get("error"),
                "why": answer.get("message"),
                "field": answer.get("field"),
                "params": answer.get("params"),
            }
        )
    return jsonify({"count": count, "items": items})
