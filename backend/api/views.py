"""GET the current view: after any gap a phone asks for what it missed."""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from ..auth.access import Caller, require_tournament
from ..service import now_ms
from ..views import render

bp = Blueprint("views", __name__, url_prefix="/api")


def view_key(caller: Caller) -> tuple:
    if caller.role == "director":
        return ("director",)
    if caller.role == "dealer":
        return ("table", caller.table_no)
    if caller.role == "player":
        return ("player", caller.entry_id)
    return ("public",)


@bp.get("/tournaments/<int:tid>/view")
def role_view(tid: int):
    caller = require_tournament(tid)
    state = current_app.extensions["pokerfloor"].service.state(tid)
    return jsonify(render(state, view_key(caller), now_ms()))


@bp.get("/tournaments/<int:tid>/public")
def public(tid: int):
    require_tournament(tid)
    state = current_app.extensions["pokerfloor"].service.state(tid)
    return jsonify(render(state, ("public",), now_ms()))
