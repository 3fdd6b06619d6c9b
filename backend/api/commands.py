"""Commands up: validate, hand to the service (it commits, then pushes views), answer."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from ..auth.access import Caller, require_tournament
from ..floor import floor
from . import view_schemas as out
from .contract import Body, documented
from .schemas import load_command

bp = Blueprint("commands", __name__, url_prefix="/api")


@bp.post("/tournaments/<int:tid>/commands")
@documented(
    out.CommandApplied,
    body=Body("AnyCommand", load_command),
    errors=(401,),
    also={code: [out.CommandRejected, "Error"] for code in (400, 403, 404, 409)},
    access=lambda tid: require_tournament(tid),
)
def post_command(tid: int, body: dict, caller: Caller) -> ResponseReturnValue:
    """Send a command (idempotent by device_id + op_id): applied, or rejected with a reason"""
    # commits, then its follow-ups (effects, views, notices, the review list: api/follow_ups.py)
    answer = floor().service.execute(
        tid,
        type=body["type"],
        payload=body["payload"],
        actor=caller.actor(),
        actor_label=caller.label,
        device_id=body["device_id"],
        op_id=body["op_id"],
        at=body["at"],
    )
    return jsonify(answer.body), answer.status_code
