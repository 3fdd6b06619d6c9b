"""A player erases what the club keeps to reach him, from his personal link (docs/privacy.md).

His e-mail address goes (the sign-up row keeps when it was erased, and his standings mail's
subscription with its address), and so do the push subscriptions his phones made with this link. Before the draw his registration is cancelled too
(the engine's cancel_sign_up, through the service like every command: the first on the waiting list
moves up). His name stays in the tournament's event log: the results, the prize money and the
league's points are facts of the evening the club must keep (and may publish as results)."""

from __future__ import annotations

import hashlib

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue
from sqlalchemy import delete
from sqlmodel import col

from ..auth.access import Caller, require_tournament
from ..engine.registration import OPEN
from ..floor import floor
from ..mail.keys import sign_up_keys
from ..mail.sender import withdraw as withdraw_mails
from ..service import now_ms
from ..store import PushSubscription, SignUp, session_scope
from . import answer_schemas as out
from .contract import documented
from .schemas import OperationSchema
from .standings_mail import erase_subscription

bp = Blueprint("my_data", __name__, url_prefix="/api")


class EraseBody(OperationSchema):
    """The erase is idempotent by the phone's op id: a retry replays the same cancel."""


def cancel_op_id(op_id: str) -> str:
    """The cancel's op id, from the request's: a repeated erase replays the same cancel."""
    return "erase-" + hashlib.sha256(op_id.encode()).hexdigest()[:32]


@bp.post("/tournaments/<int:tid>/my-data/erase")
@documented(
    out.MyDataErased,
    body=EraseBody,
    errors=(400, 401, 403, 404),
    access=lambda tid: require_tournament(tid, {"player"}),
)
def erase_my_data(tid: int, body: dict, caller: Caller) -> ResponseReturnValue:
    """Erase my e-mail address and push subscriptions (before the draw: and cancel my place); my
    name stays in the tournament's results"""
    app = floor()
    cancelled = False
    if app.service.state(tid).status in OPEN:
        answer = app.service.execute(
            tid,
            type="cancel_sign_up",
            payload={},
            actor=caller.actor(),
            actor_label=caller.label,
            device_id=body["device_id"],
            op_id=cancel_op_id(body["op_id"]),
            at=None,
        )
        cancelled = answer.status_code == 200  # else there was nothing left to cancel
    now = now_ms()
    email_erased = False
    with session_scope(app.db) as session:
        row = session.get(SignUp, (tid, caller.signup_no)) if caller.signup_no is not None else None
        if row is not None:
            email_erased = row.email is not None
            row.email = None
            row.erased_at = row.erased_at or now
            session.add(row)
            withdraw_mails(session, sign_up_keys(tid, row.signup_no))  # and his mails not yet sent
        done = session.execute(delete(PushSubscription).where(col(PushSubscription.token_id) == caller.token_id))
        removed = int(done.rowcount or 0)  # type: ignore[attr-defined]
    email_erased = erase_subscription(tid, caller.entry_id) or email_erased  # the standings mail's address too
    return jsonify(
        {
            "status": "erased",
            "tournament_id": tid,
            "cancelled": cancelled,
            "email_erased": email_erased,
            "push_subscriptions_removed": removed,
            "name_kept": True,
            "message": (
                "Your e-mail address and this link's push subscriptions are erased"
                + (", and your registration is cancelled" if cancelled else "")
                + ". Your name stays in the tournament's results."
            ),
            "server_time": now,
        }
    )
