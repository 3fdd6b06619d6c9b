"""A club's directors: a full director invites another one with a one-time setup link (full,
limited to the tournaments he runs, or an observer who reads and never acts), changes what one
may do, and gives tournaments to the limited ones.

The link is an ordinary `setup` token (as `pokerfloor init` prints for the first director):
the setup page creates the account and the token is spent. Invitations expire after a week.
Rights that shrink sign the director out on every phone (his sessions are revoked, his sockets
dropped on every worker, the invitations he handed out and nobody used yet are void): nothing he
joined with the old rights keeps reaching him. The table and seat QR codes he opened or printed
stay valid: they belong to the tables and players, whose phones use them; a director replaces one
under QR → New QR when it should leave someone's hands."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue
from sqlmodel import Session, col, select

from ..auth import clubs
from ..auth.access import Caller, require_club_director, require_director, require_tournament
from ..documents.qr import qr_svg
from ..errors import ApiError
from ..floor import floor
from ..push import subscriptions
from ..service import now_ms
from ..store import Club, Director, TournamentDirector, existing, session_scope, stored_id
from ..store.models import ACCESS
from . import answer_schemas as out
from .contract import documented
from .phone_links import phone_link
from .schemas import AccessSchema, InviteSchema, RunsSchema

bp = Blueprint("directors", __name__, url_prefix="/api")

# How much each access may do (ACCESS is ordered from most to least): a change to a lower rank
# signs the director out.
RANK = {access: len(ACCESS) - i for i, access in enumerate(ACCESS)}


def new_invitation(
    session: Session, inviter_id: int | None, club_id: int, access: str, tournament_id: int | None = None
) -> dict:
    """A one-time setup link into `club_id` with `access`, as the phone shows it (link, QR, what it gives)."""
    token = clubs.invite(
        session,
        floor().config.SECRET_KEY,
        club_id=club_id,
        access=access,
        now=now_ms(),
        inviter_id=inviter_id,  # who invited (audit); the account is made by the setup page
        tournament_id=tournament_id,
    )
    url = phone_link("setup", token)
    return {
        "url": url,
        "qr_svg": qr_svg(url),
        "club": clubs.club_json(existing(session.get(Club, club_id))),
        "access": access,
        "tournament_id": tournament_id,
        "expires_at": now_ms() + clubs.INVITE_VALID_MS,
    }


@bp.get("/directors")
@documented(out.Director(many=True), errors=(401, 403))
def list_directors() -> ResponseReturnValue:
    """The directors of the caller's club"""
    caller = require_director()
    with session_scope(floor().db) as session:
        rows = session.exec(select(Director).where(Director.club_id == caller.club_id).order_by(col(Director.id)))
        return jsonify([clubs.director_json(session, d) for d in rows])


@bp.post("/directors/invite")
# no body at all is a full director (as before clubs)
@documented(
    out.Invitation,
    status=201,
    body=InviteSchema,
    body_required=False,
    errors=(400, 401, 403, 404),
    access=require_club_director,
)
def invite(body: dict, caller: Caller) -> ResponseReturnValue:
    """A one-time setup link for another director of the caller's club"""
    tid = body["tournament_id"]
    if tid is not None:
        require_tournament(tid, {"director"})  # one of this club's
    with session_scope(floor().db) as session:
        return jsonify(new_invitation(session, caller.director_id, caller.club, body["access"], tid)), 201


def sign_out(session: Session, director_id: int) -> list[int]:
    """Revoke a director's sessions and the invitations he handed out; the caller drops the
    sessions from the sockets after the commit."""
    ids = clubs.revoke_rights(session, director_id, now_ms())
    subscriptions.forget_token(session, ids)
    return ids


def _club_director(session: Session, caller: Caller, director_id: int) -> Director:
    found = session.get(Director, director_id)
    if found is None or found.club_id != caller.club_id:
        raise ApiError(404, "unknown_director", f"There is no director {director_id} in your club.", "director_id")
    return found


@bp.post("/directors/<int:director_id>/access")
@documented(
    out.Director,
    body=AccessSchema,
    errors=(400, 401, 403, 404, 409),
    access=lambda director_id: require_club_director(),
)
def set_access(director_id: int, body: dict, caller: Caller) -> ResponseReturnValue:
    """What another director of the club may do: full, limited (the tournaments he runs), observer
    (reads only) or removed (cannot sign in). Less than before signs him out on every phone."""
    with session_scope(floor().db) as session:
        target = _club_director(session, caller, director_id)
        if target.id == caller.director_id:
            raise ApiError(409, "own_access", "You cannot change your own access; ask another director.", "director_id")
        if target.is_admin and body["access"] != "full":
            raise ApiError(409, "admin_access", "The server's admin keeps full access to his club.", "access")
        lower = RANK[body["access"]] < RANK[target.access]
        dropped = sign_out(session, director_id) if lower else []
        kept = [] if lower else clubs.session_token_ids(session, director_id)
        target.access = body["access"]
        session.flush()
        shown = clubs.director_json(session, target)
    for token_id in dropped:
        floor().realtime.drop_token(token_id)
    for token_id in kept:  # more access: at once, on every worker, without signing out
        floor().realtime.refresh_token(token_id)
    return jsonify(shown)


def _tournament_directors(session: Session, caller: Caller, tid: int) -> dict:
    """The club's directors who may run this tournament (full ones; limited ones given it)."""
    rows = session.exec(
        select(Director).where(Director.club_id == caller.club_id, col(Director.access).in_(["full", "limited"]))
    )
    created_by = existing(floor().service.owner(tid)).created_by
    found = []
    for d in rows:
        if d.access == "full":
            found.append(clubs.director_json(None, d))
        elif clubs.runs_tournament(session, d.id, tid, created_by):
            found.append(clubs.director_json(session, d))
    return {"tournament_id": tid, "directors": found}


@bp.get("/tournaments/<int:tid>/directors")
@documented(out.TournamentDirectors, errors=(401, 403, 404))
def tournament_directors(tid: int) -> ResponseReturnValue:
    """Who may run this tournament"""
    caller = require_tournament(tid, {"director"})
    with session_scope(floor().db) as session:
        return jsonify(_tournament_directors(session, caller, tid))


def _full_director_of(tid: int) -> Caller:
    """A director with full access to the club whose tournament this is."""
    caller = require_club_director()
    require_tournament(tid, {"director"})
    return caller


@bp.post("/tournaments/<int:tid>/directors")
@documented(
    out.TournamentDirectors,
    body=RunsSchema,
    errors=(400, 401, 403, 404, 409),
    access=_full_director_of,
)
def give_tournament(tid: int, body: dict, caller: Caller) -> ResponseReturnValue:
    """Give a limited director this tournament to run, or take it back (he is signed out then)"""
    dropped: list[int] = []
    with session_scope(floor().db) as session:
        target = _club_director(session, caller, body["director_id"])
        if target.access != "limited":
            raise ApiError(409, "not_limited", f"{target.username} is not limited to some tournaments.", "director_id")
        link = session.get(TournamentDirector, (tid, target.id))
        if body["runs"] and link is None:
            session.add(TournamentDirector(tournament_id=tid, director_id=stored_id(target)))
        elif not body["runs"] and link is not None:
            session.delete(link)
            dropped = sign_out(session, stored_id(target))
        session.flush()
        shown = _tournament_directors(session, caller, tid)
    for token_id in dropped:
        floor().realtime.drop_token(token_id)
    return jsonify(shown)
