"""The club's public page and sign-up from the players' phones (docs/sign-up.md).

No login: anyone with the club's address (/c/<slug>, a QR code on the club's wall) sees its
tournaments still to come and signs up. A sign-up is the engine's `sign_up` command (a place or the
waiting list, in commit order: engine/sign_up.py), run through the service like every command, so
it is idempotent by the phone's op id. Its answer carries the player's personal link: a player
token that follows the sign-up into the field, to the seat card and the prize.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, redirect, request
from flask.typing import ResponseReturnValue
from markupsafe import Markup
from marshmallow import fields, validate
from sqlmodel import col, select

from ..auth.access import require_director
from ..documents.qr import qr_svg
from ..engine import Actor
from ..engine.payload import NAME, StrictSchema, Text, not_blank
from ..engine.registration import capacity, field_size
from ..engine.sign_up import sign_up_open
from ..errors import ApiError
from ..floor import floor
from ..read.league import canonical_name
from ..service import UnknownTournament, now_ms
from ..store import Club, Tournament, session_scope
from ..venue.lan import is_loopback_url
from ..words import PRINTOUTS
from . import answer_schemas as out
from .contract import Answer, documented
from .league import link_registration
from .personal_links import personal_token
from .phone_links import phone_link, public_base
from .print_assets import printable
from .schemas import OperationSchema
from .sign_up_mail import mail_sign_up
from .view_schemas import CommandRejected

bp = Blueprint("sign_up", __name__)

LISTED_BEFORE_MS = 6 * 3600 * 1000  # a tournament stays on the page until 6 h after its start
LISTED = 30


class SignUpBody(OperationSchema):
    name = Text(required=True, validate=[NAME, not_blank])
    email = fields.Email(load_default=None, allow_none=True, validate=validate.Length(max=254))
    lang = Text(load_default="de", validate=validate.OneOf(["de", "en"]))
    # A field people never see (the page hides it): a form filled in by a robot fills it.
    website = fields.String(load_default="", validate=validate.Length(max=0, error="Leave this field empty."))


def club_by_slug(slug: str) -> Club:
    with session_scope(floor().db) as session:
        club = session.exec(select(Club).where(Club.slug == slug)).first() if len(slug) <= 60 else None
        if club is None:
            raise ApiError(404, "unknown_club", "There is no club at this address.", "slug")
        session.expunge(club)
        return club


def listing(tid: int, name: str, starts_at: int | None, show_names: bool, now: int) -> dict | None:
    """A tournament as the club's page shows it, from its state; None if it takes no sign-ups."""
    state = floor().service.state(tid)
    if state.sign_up is None:
        return None
    fmt = state.format
    levels = [e for e in state.structure if e.get("kind", "level") == "level"]
    shown = {
        "id": tid,
        "name": name,
        "starts_at": starts_at,
        "status": state.status,
        "preset": state.preset.get("id"),
        "preset_name": state.preset.get("name"),
        "description": state.preset.get("description"),  # the structure in a sentence
        "house_rules": state.preset.get("house_rules"),
        "currency": fmt.get("currency"),
        "buy_in": fmt.get("buy_in", 0),
        "fee": fmt.get("fee", 0),
        "start_stack": state.start_stack,
        "levels": len(levels),
        "level_minutes": levels[0].get("minutes") if levels else None,
        "sign_up": state.sign_up,
        "open_now": sign_up_open(state, now),
        "field": field_size(state),
        "capacity": capacity(state),
        "waiting": len(state.waiting),
    }
    if show_names:  # the club chose to show who signed up (docs/privacy.md)
        shown["names"] = [e.name for e in state.entries.values() if e.status != "released"]
    return shown


@bp.get("/c/<slug>")
def short_link(slug: str) -> ResponseReturnValue:
    """The club's short link (on its wall as a QR code): its public page in the app."""
    return redirect(f"/#/club/{slug}", code=302)


def page_link(slug: str) -> str:
    """The club page's short link: what its wall QR code and the directors' Share button carry."""
    return f"{public_base()}/c/{slug}"


def calendar_link(slug: str) -> str:
    """The club's calendar feed (api/club_calendar.py): https; a phone subscribes to it as webcal://."""
    return f"{public_base()}/api/public/clubs/{slug}/calendar.ics"


@bp.get("/api/clubs/mine/page-qr.svg")
@documented(Answer({"type": "string"}, "image/svg+xml"), errors=(401, 403, 404))
def page_qr() -> ResponseReturnValue:
    """The QR code of the director's club page (SVG, for the wall)"""
    club = _my_club()
    # no-cache, not no-store: the code only changes with the server's public address
    return Response(qr_svg(page_link(club.slug or "")), mimetype="image/svg+xml", headers={"Cache-Control": "no-cache"})


def _my_club() -> Club:
    """The calling director's club, which has a public page. Its page is public: an observer may
    print its code too."""
    caller = require_director()
    with session_scope(floor().db) as session:
        club = session.get(Club, caller.club)
        if club is None or not club.slug:
            raise ApiError(404, "no_club_page", "This club has no public page.", None)
        session.expunge(club)
        return club


class PosterQuery(StrictSchema):
    lang = Text(load_default="de", validate=validate.OneOf(["de", "en"]))


@bp.get("/api/clubs/mine/print/page-poster")
@documented(Answer({"type": "string"}, "text/html"), query=PosterQuery, errors=(400, 401, 403, 404))
def page_poster() -> ResponseReturnValue:
    """The club page's A4 poster for the wall: its name, the QR code and the short link"""
    club = _my_club()
    q = PosterQuery().load(request.args)
    w, link = PRINTOUTS[q["lang"]], page_link(club.slug or "")
    warning = w["loopback"].format(url=public_base()) if is_loopback_url(public_base()) else None
    return printable(
        "club_poster.html",
        stylesheet="printout.css",
        lang=q["lang"],
        w=w,
        name=club.name,
        title=w["club_poster"],
        link=link,
        qr=Markup(qr_svg(link)),  # our own SVG
        public_warning=warning,
    )


@bp.get("/api/public/clubs/<slug>")
@documented(out.ClubPage, errors=(404,), auth=False)
def club_page(slug: str) -> ResponseReturnValue:
    """A club's public page: its tournaments still to come, with sign-up (no login)"""
    club = club_by_slug(slug)
    now = now_ms()
    with session_scope(floor().db) as session:
        rows = session.exec(
            select(Tournament.id, Tournament.name, Tournament.starts_at)
            .where(Tournament.club_id == club.id, col(Tournament.starts_at) >= now - LISTED_BEFORE_MS)
            .order_by(col(Tournament.starts_at))
            .limit(LISTED)
        ).all()
    shown = [listing(tid, name, starts_at, club.show_names, now) for tid, name, starts_at in rows if tid is not None]
    return jsonify(
        {
            "club": {"name": club.name, "slug": club.slug, "show_names": club.show_names},
            "link": page_link(club.slug or slug),
            "calendar": calendar_link(club.slug or slug),
            "tournaments": [t for t in shown if t is not None],
            "server_time": now,
        }
    )


def _limited(club_id: int) -> None:
    """Per phone address and per club (docs/privacy.md): a robot cannot fill a tournament."""
    limits = floor().sign_up_limits
    if limits is None:
        return
    per_address, per_club = limits
    address, club = f"a:{request.remote_addr or '?'}", f"c:{club_id}"
    wait = per_address.retry_after(address) or per_club.retry_after(club)
    if wait is not None:
        raise ApiError(
            429, "too_many_sign_ups", f"Too many sign-ups: try again in {wait} seconds.", "name", retry_after=wait
        )
    per_address.failed(address)  # every try counts, not only failures
    per_club.failed(club)


@bp.post("/api/public/tournaments/<int:tid>/sign-up")
@documented(
    out.SignedUp,
    body=SignUpBody,
    errors=(400, 404, 429),
    also={409: CommandRejected},
    auth=False,
)
def sign_up(tid: int, body: dict) -> ResponseReturnValue:
    """Sign up for a tournament from a phone: a place or the waiting list, and a personal link"""
    app = floor()
    try:
        club_id = app.service.club_of(tid)
    except UnknownTournament:
        raise ApiError(404, "unknown_tournament", f"There is no tournament {tid}.", None) from None
    _limited(club_id)
    # The club's person with this name, accents aside ("Jurg Meier" is "Jürg Meier"): one player,
    # one name, so the desk and the league see one person (read/league.py).
    name = canonical_name(app.db, club_id, body["name"])
    answer = app.service.execute(
        tid,
        type="sign_up",
        payload={"name": name},
        actor=Actor("guest"),
        actor_label="guest",
        device_id=body["device_id"],
        op_id=body["op_id"],
        at=None,
    )
    if answer.status_code != 200:
        return jsonify(answer.body), answer.status_code
    result = answer.body["result"]
    signup_no = result["signup_no"]
    now = now_ms()
    # His entry, if he has one: a fresh answer says so itself. Only a replayed answer reads the
    # state (he may have moved up since); reading it for every sign-up made each one queue twice
    # for the tournament's lock in a burst.
    entry_id = result.get("entry_id")
    if answer.replayed:
        entry_id = app.service.state(tid).signups.get(signup_no, {}).get("entry_id")
    # How he is reached goes with his link: his, apart from the log (docs/privacy.md).
    contact = {"email": body["email"], "lang": body["lang"]}
    token, first = personal_token(app, tid, signup_no, entry_id, now, contact)
    if "entry_id" in result:
        link_registration(app, tid, result["entry_id"], None)  # leagues: the entry is this person
    link = phone_link("player", token)
    if first and body["email"] and not answer.replayed:  # the confirmation, once (a replay gets none)
        mail_sign_up(app, tid, signup_no, link, result.get("waiting") if "wait_id" in result else None)
    return jsonify(
        {
            "status": "applied",
            "op_id": body["op_id"],
            "tournament_id": tid,
            "signup_no": signup_no,
            "name": result["name"],
            "waiting": "wait_id" in result,
            "token": token,
            "link": link,
            "server_time": now,
        }
    )
