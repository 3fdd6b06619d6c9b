"""Commands up: validate, hand to the service, answer only after the commit, push views."""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from ..auth.access import require_tournament
from .auth import json_body
from ..league import carried_headhunter_chips
from .league import check_person, link_registration
from .registration_import import link_entries
from .schemas import load_command

bp = Blueprint("commands", __name__, url_prefix="/api")


@bp.post("/tournaments/<int:tid>/commands")
def post_command(tid: int):
    caller = require_tournament(tid)
    data = load_command(json_body())
    app = current_app.extensions["pokerfloor"]
    if data["type"] == "register_player":
        payload = data["payload"]
        check_person(app.db, payload.get("person_id"))
        if not payload.get("hh_carried") and app.service.state(tid).preset.get("headhunter"):
            # Headhunter chips follow the person from one tournament day to the next (V-VII.r).
            payload["hh_carried"] = carried_headhunter_chips(app.db, app.service, tid, payload["name"],
                                                             payload.get("person_id"))
    answer = app.service.execute(tid, type=data["type"], payload=data["payload"], actor=caller.actor(),
                                 actor_label=caller.label, device_id=data["device_id"],
                                 op_id=data["op_id"], at=data["at"])
    if data["type"] in ("register_player", "seat_alternate") and answer.status_code == 200:
        if "entry_id" in answer.body["result"]:  # not when he went onto the waiting list (N-3.3)
            link_registration(app, tid, answer.body["result"]["entry_id"], data["payload"].get("person_id"))
    if data["type"] in ("close_check_in", "promote_waiting") and answer.status_code == 200:
        link_entries(app, tid, [p["entry_id"] for p in answer.body["result"]["promoted"]])
    if answer.body.get("status") == "rejected":
        # The directors' "To review" list refetches: a dealer's refused bust is seen at once.
        app.realtime.socketio.emit("review", {"tournament_id": tid}, to=f"t:{tid}:director")
    if answer.changed:
        # Answer the phone first; the views go out right after, on their own greenlet.
        app.realtime.publish_soon(tid, answer.changed, answer.seq, answer.base_seq)
    return jsonify(answer.body), answer.status_code
