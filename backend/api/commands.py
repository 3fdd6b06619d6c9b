"""Commands up: validate, hand to the service, answer only after the commit, push views."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from ..auth.access import require_tournament
from ..engine import COMMANDS
from ..floor import floor
from ..read.notices import refused
from . import view_schemas as out
from .auth import json_body
from .contract import documented
from .effects import run_after, run_before
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
    app = floor()
    effects = COMMANDS[data["type"]].effects  # the declaration's work around the command (api/effects.py)
    run_before(app, tid, effects, data["payload"])
    answer = app.service.execute(
        tid,
        type=data["type"],
        payload=data["payload"],
        actor=caller.actor(),
        actor_label=caller.label,
        device_id=data["device_id"],
        op_id=data["op_id"],
        at=data["at"],
    )
    if answer.status_code == 200:
        run_after(app, tid, effects, data["type"], data["payload"], answer.body["result"])
    if answer.body.get("status") == "rejected":
        # The directors' "To review" list refetches: a dealer's refused bust is seen at once.
        app.realtime.socketio.emit("review", {"tournament_id": tid}, to=f"t:{tid}:director")
        if caller.role == "dealer" and not answer.replayed:  # and a director's phone in a pocket hears of it
            app.pusher.tell(tid, [refused(caller.label, answer.body.get("message", ""))])
    if answer.changed:
        # Answer the phone first; the views go out right after, on their own greenlet.
        app.realtime.publish_soon(tid, answer)
    if answer.notices:
        app.pusher.tell(tid, answer.notices)  # locked phones: on the push queue, after the answer
    if answer.state is not None:
        app.reminders.watch(tid, answer.state)  # a clock moved: the break reminder with it
    return jsonify(answer.body), answer.status_code
