"""Commands up: validate, hand to the service (it commits, then pushes views), answer."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from ..auth.access import require_tournament
from ..floor import floor
from . import view_schemas as out
from .auth import json_body
from .contract import documented
from .schemas import load_command

bp = Blueprint("commands", __name__, url_prefix="/api")


@bp.post("/tournaments/<int:tid>/commands")
@documented(
    out.CommandApplied,
    body="AnyCommand",
    errors=(401,),
    also={code: [out.CommandRejected, "Error"] for code in (400, 403, 404, 409)},
)
def post_command(tid: int) -> ResponseReturnValue:
    """Send a command (idempotent by device_id + op_id): applied, or rejected with a reason"""
    caller = require_tournament(tid)
    data = load_command(json_body())
    # commits, then its follow-ups (effects, views, notices, the review list: api/follow_ups.py)
    answer = floor().service.execute(
        tid,
        type=data["type"],
        payload=data["payload"],
        actor=caller.actor(),
        actor_label=caller.label,
        device_id=data["device_id"],
        op_id=data["op_id"],
        at=data["at"],
    )
    return jsonify(answer.body), answer.status_code
