"""Commands up: validate, hand to the service, answer only after the commit, push views."""

from __future__ import annotations

import logging

from flask import Blueprint, current_app, jsonify

from ..auth.access import require_tournament
from ..league import carried_headhunter_chips
from . import view_schemas as out
from .auth import json_body
from .contract import documented
from .league import check_person, link_registration
from .registration_import import link_entries
from .schemas import load_command

bp = Blueprint("commands", __name__, url_prefix="/api")
log = logging.getLogger(__name__)


@bp.post("/tournaments/<int:tid>/commands")
@documented(
    out.CommandApplied,
    body="AnyCommand",
    errors=(401,),
    also={code: [out.CommandRejected, "Error"] for code in (400, 403, 404, 409)},
)
def post_command(tid: int):
    """Send a command (idempotent by device_id + op_id): applied, or rejected with a reason"""
    caller = require_tournament(tid)
    data = load_command(json_body())
    app = current_app.extensions["pokerfloor"]
    if data["type"] == "register_player":
        payload = data["payload"]
        check_person(app.db, payload.get("person_id"))
        if not payload.get("hh_carried") and app.service.state(tid).preset.get("headhunter"):
            # Headhunter chips follow the person from one tournament day to the next (V-VII.r).
            payload["hh_carried"] = carried_headhunter_chips(
                app.db, app.service, tid, payload["name"], payload.get("person_id")
            )
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
        link_people(app, tid, data, answer.body["result"])
    if answer.body.get("status") == "rejected":
        # The directors' "To review" list refetches: a dealer's refused bust is seen at once.
        app.realtime.socketio.emit("review", {"tournament_id": tid}, to=f"t:{tid}:director")
    if answer.changed:
        # Answer the phone first; the views go out right after, on their own greenlet.
        app.realtime.publish_soon(tid, answer.changed, answer.seq, answer.base_seq)
    return jsonify(answer.body), answer.status_code


def link_people(app, tid: int, data: dict, result: dict) -> None:
    """After the commit, the new entries are linked to their persons (leagues). The command is
    applied and acknowledged whatever happens here: a failure is logged, never answered as a 500
    that a phone would retry forever and whose retries replay the stored 200 into the same failure
    (issue 14). A replay of the op_id links again (link_registration links once)."""
    try:
        if data["type"] in ("register_player", "seat_alternate") and "entry_id" in result:
            # not when he went onto the waiting list (N-3.3)
            link_registration(app, tid, result["entry_id"], data["payload"].get("person_id"))
        if data["type"] in ("close_check_in", "promote_waiting"):
            link_entries(app, tid, [p["entry_id"] for p in result["promoted"]])
    except Exception:
        log.exception("linking persons after %s in tournament %s failed", data["type"], tid)
