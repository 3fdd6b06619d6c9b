"""Several directors: a signed-in director invites another one with a one-time setup link.

The link is an ordinary `setup` token (as `pokerfloor init` prints for the first director):
the setup page creates the account and the token is spent. Invitations expire after a week."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify
from sqlmodel import select

from ..auth.access import require_director
from ..auth.tokens import mint_token
from ..qr import qr_svg
from ..service import now_ms
from ..store import Director, session_scope
from . import answer_schemas as out
from .contract import documented
from .phone_links import phone_link

bp = Blueprint("directors", __name__, url_prefix="/api")


@bp.get("/directors")
@documented(out.Director(many=True), errors=(401, 403))
def list_directors():
    """Director accounts"""
    require_director()
    with session_scope(current_app.extensions["pokerfloor"].db) as session:
        rows = session.exec(select(Director).order_by(Director.id)).all()
    return jsonify([{"id": d.id, "username": d.username} for d in rows])


@bp.post("/directors/invite")
@documented(out.Invitation, status=201, errors=(401, 403))
def invite():
    """A one-time setup link for another director"""
    caller = require_director()
    floor = current_app.extensions["pokerfloor"]
    with session_scope(floor.db) as session:
        # director_id records who invited (audit); the account is created by the setup page.
        token, _ = mint_token(
            session, floor.config.SECRET_KEY, role="setup", now=now_ms(), director_id=caller.director_id
        )
    url = phone_link("setup", token)
    return jsonify({"url": url, "qr_svg": qr_svg(url)}), 201
