"""Director setup, login and logout; who-am-I for every role."""

from __future__ import annotations

from functools import cache
from typing import cast

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from sqlalchemy import CursorResult, update
from sqlmodel import Session, col, select

from ..auth import clubs, hash_password, mint_token, verify_password
from ..auth.access import Caller, current_caller
from ..auth.plain_http import refuse_staff_over_plain_http
from ..auth.tokens import find_token
from ..errors import ApiError
from ..floor import floor
from ..push import subscriptions
from ..service import now_ms
from ..store import Club, Director, Token, TournamentDirector, existing, session_scope, stored_id
from . import answer_schemas as out
from .contract import documented
from .schemas import InvitationCheckSchema, LoginSchema, SetupSchema

bp = Blueprint("auth", __name__, url_prefix="/api")


@cache
def unknown_user_hash() -> str:
    """What an unknown name's password is checked against; made at the first such login, not at
    import (argon2's 0.15 s on every worker's and every test server's start)."""
    return hash_password("no such director")


def _session_for(session: Session, director: Director) -> dict:
    app = floor()
    token, _ = mint_token(session, app.config.SECRET_KEY, role="director", now=now_ms(), director_id=director.id)
    club = existing(session.get(Club, director.club_id))
    return {"token": token, "director": clubs.director_json(session, director), "club": clubs.club_json(club)}


def _setup_row(session: Session, token: str) -> Token:
    """The live setup token (the first setup link, or an invitation not expired), else a 401."""
    row = find_token(session, token)
    if row is None or row.role != "setup" or clubs.invitation_expired(row, now_ms()):
        raise ApiError(
            401,
            "invalid_setup_token",
            "This setup link has already been used, has expired or is not valid.",
            "setup_token",
        )
    return row


@bp.post("/auth/setup")
@documented(out.Session, body=SetupSchema, errors=(400, 401, 403, 409), auth=False)
def setup(body: dict) -> ResponseReturnValue:
    """The first director account, or another one from an invitation (a one-time setup link)"""
    refuse_staff_over_plain_http("setup")
    with session_scope(floor().db) as session:
        row = _setup_row(session, body["setup_token"])
        username = body["username"].strip()
        if session.exec(select(Director).where(Director.username == username)).first():
            raise ApiError(409, "username_taken", f"The user name {username} is taken.", "username")
        # A setup link works once: claim it with a conditional UPDATE, so two phones racing
        # with the same link cannot both create a director.
        claimed = session.execute(
            update(Token).where(col(Token.id) == row.id, col(Token.revoked_at).is_(None)).values(revoked_at=now_ms())
        )
        if cast(CursorResult, claimed).rowcount != 1:  # an UPDATE's result is a CursorResult, which counts
            raise ApiError(
                401,
                "invalid_setup_token",
                "This first-login link has already been used or is not valid.",
                "setup_token",
            )
        if clubs.is_first_setup(row):  # the server's first director: the first club, and its admin
            club_id = stored_id(
                clubs.create_club(session, (body["club_name"] or clubs.DEFAULT_CLUB_NAME).strip(), now_ms())
            )
            access, admin = "full", session.exec(select(Director).where(Director.is_admin)).first() is None
        else:
            club_id, access, admin = existing(row.club_id), row.access or "full", False  # an invitation: its club
        director = Director(
            username=username,
            password_hash=hash_password(body["password"]),
            created_at=now_ms(),
            club_id=club_id,
            access=access,
            is_admin=admin,
        )
        session.add(director)
        session.flush()
        if access == "limited" and row.tournament_id is not None:  # invited to run this tournament
            session.add(TournamentDirector(tournament_id=row.tournament_id, director_id=stored_id(director)))
            session.flush()
        return jsonify(_session_for(session, director))


@bp.post("/auth/invitation")
@documented(out.InvitationInfo, body=InvitationCheckSchema, errors=(400, 401, 403), auth=False)
def invitation_info(body: dict) -> ResponseReturnValue:
    """What a setup link leads to, before it is used: the server's first setup (which names the
    first club) or an invitation into a club, with the access it gives"""
    refuse_staff_over_plain_http("setup")
    with session_scope(floor().db) as session:
        row = _setup_row(session, body["setup_token"])
        if clubs.is_first_setup(row):
            return jsonify({"first_setup": True, "club": None, "access": "full", "tournament_id": None})
        club = session.get(Club, row.club_id)
        return jsonify(
            {
                "first_setup": False,
                "club": clubs.club_json(existing(club)),
                "access": row.access or "full",
                "tournament_id": row.tournament_id,
            }
        )


@bp.post("/auth/login")
@documented(out.Session, body=LoginSchema, errors=(400, 401, 403, 429), auth=False)
def login(body: dict) -> ResponseReturnValue:
    """Director login: a session token"""
    refuse_staff_over_plain_http("director")
    key = f"{body['username'].strip().casefold()}|{request.remote_addr or '?'}"
    wait = floor().login_throttle.retry_after(key)
    if wait is not None:
        raise ApiError(
            429,
            "too_many_attempts",
            f"Too many wrong passwords: try again in {wait} seconds.",
            "password",
            retry_after=wait,
        )
    with session_scope(floor().db) as session:
        director = session.exec(select(Director).where(Director.username == body["username"].strip())).first()
        # An unknown name costs the same argon2 work as a wrong password: timing tells nothing.
        known = verify_password(director.password_hash if director else unknown_user_hash(), body["password"])
        if director is None or not known:
            floor().login_throttle.failed(key)
            raise ApiError(401, "bad_credentials", "Wrong user name or password.", "password")
        floor().login_throttle.succeeded(key)
        if director.access == "removed":  # told only to whoever knows the password
            raise ApiError(
                403, "director_removed", "Your club removed this account: ask one of its directors.", "username"
            )
        return jsonify(_session_for(session, director))


@bp.post("/auth/logout")
@documented(out.LoggedOut, errors=(401,))
def logout() -> ResponseReturnValue:
    """Ends a director's session. A table, seat or display QR is shared by the phones that
    scanned it: logging out of one only forgets it there (the director revokes QR codes)."""
    caller = current_caller()
    if caller.role != "director":
        return jsonify({"ok": True, "revoked": False})
    with session_scope(floor().db) as session:
        existing(session.get(Token, caller.token_id)).revoked_at = now_ms()
        subscriptions.forget_token(session, [caller.token_id])  # a signed-out phone hears nothing more
    floor().realtime.drop_token(caller.token_id)
    return jsonify({"ok": True, "revoked": True})


@bp.get("/me")
@documented(out.Me, errors=(401,))
def me() -> ResponseReturnValue:
    """The caller's role and what it is bound to"""
    return jsonify(me_json(current_caller()))


def me_json(caller: Caller) -> dict:
    """/api/me's answer (also the first part of /api/me/first's)."""
    director = club = None
    if caller.role == "director":
        with session_scope(floor().db) as session:
            director = clubs.director_json(session, existing(session.get(Director, caller.director_id)))
            club = clubs.club_json(existing(session.get(Club, caller.club_id)))
    return {
        "role": caller.role,
        "tournament_id": caller.tournament_id,
        "table_no": caller.table_no,
        "entry_id": caller.entry_id,
        "signup_no": caller.signup_no,
        "director": director,
        "club": club,
    }


@bp.get("/health")
@documented(out.Health, auth=False)
def health() -> ResponseReturnValue:
    """Liveness and server time"""
    return jsonify({"ok": True, "server_time": now_ms()})
