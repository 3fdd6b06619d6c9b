"""The server's clubs, for its admin: list them, create one with an invitation for its
first director, invite a club's director again (the first link was lost). The admin manages
clubs, not their data: he sees a club's name and how many directors and tournaments it has.
A club's full directors set what its public page shows and how long it keeps sign-ups' e-mails."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from ..auth import clubs
from ..auth.access import Caller, require_admin, require_club_director
from ..errors import ApiError
from ..floor import floor
from ..service import now_ms
from ..store import Club, existing, session_scope, stored_id
from . import answer_schemas as out
from .contract import documented
from .directors import new_invitation
from .schemas import ClubPageSettingsSchema, CreateClubSchema

bp = Blueprint("clubs", __name__, url_prefix="/api")


@bp.get("/clubs")
@documented(out.ClubSummary(many=True), errors=(401, 403))
def list_clubs() -> ResponseReturnValue:
    """The clubs on this server (the admin only)"""
    require_admin()
    with session_scope(floor().db) as session:
        return jsonify(clubs.club_summaries(session))


@bp.post("/clubs")
@documented(out.NewClub, status=201, body=CreateClubSchema, errors=(400, 401, 403), access=require_admin)
def create_club(body: dict, caller: Caller) -> ResponseReturnValue:
    """A new club, with the setup link for its first director"""
    with session_scope(floor().db) as session:
        club = clubs.create_club(session, body["name"].strip(), now_ms())
        invitation = new_invitation(session, caller.director_id, stored_id(club), "full")
        summary = {**clubs.club_json(club), "created_at": club.created_at, "directors": 0, "tournaments": 0}
        return jsonify({"club": summary, "invitation": invitation}), 201


@bp.post("/clubs/<int:club_id>/invite")
@documented(out.Invitation, status=201, errors=(401, 403, 404))
def invite_to_club(club_id: int) -> ResponseReturnValue:
    """Another setup link for a club's director (full access)"""
    admin = require_admin()
    with session_scope(floor().db) as session:
        club = session.get(Club, club_id)
        if club is None:
            raise ApiError(404, "unknown_club", f"There is no club {club_id}.", "club_id")
        return jsonify(new_invitation(session, admin.director_id, club_id, "full")), 201


@bp.patch("/clubs/mine/page")
@documented(out.Club, body=ClubPageSettingsSchema, errors=(400, 401, 403), access=require_club_director)
def set_club_page(body: dict, caller: Caller) -> ResponseReturnValue:
    """The club's public page: whether it shows who signed up, and how many days after a tournament
    its sign-ups' e-mail addresses are kept (a director with full access; docs/privacy.md)"""
    with session_scope(floor().db) as session:
        club = existing(session.get(Club, caller.club))
        for key in ("show_names", "retention_days"):
            if key in body:
                setattr(club, key, body[key])
        session.add(club)
        session.flush()
        return jsonify(clubs.club_json(club))
