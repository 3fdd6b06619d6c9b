"""The standings by mail (docs/standings-publish.md): a player asks for it from his phone, and after
each night of his leagues that finishes (its winner known) the standings go to every player of those
leagues who asked, once, in his language, with a one-click unsubscribe.

- GET/PUT /api/tournaments/<tid>/my-standings-mail (player token): his subscription. It belongs to
  the club's person his entry is (store Person): one subscription for every night and league he plays.
- GET /standings-mail/unsubscribe/<token>: a page with a button (a mail scanner opens links, and
  must not unsubscribe him); POST to the same address unsubscribes, also from a mail client's own
  button (RFC 8058 List-Unsubscribe-Post). The token is his person's id, signed with SECRET_KEY.
- `night_over`, after the command that ended a tournament: on a background task, the worker that
  writes the night's StandingsMailed row first queues the mails in the same transaction (the mail
  outbox, backend/mail/sender.py); every other (a retry, another worker, a finish undone and played
  again) finds the row and queues nothing.
"""

from __future__ import annotations

import logging

from flask import Blueprint, Response, has_request_context, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from itsdangerous import BadSignature, URLSafeSerializer
from marshmallow import ValidationError, fields, validate, validates_schema
from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from ..auth.access import Caller, require_tournament
from ..errors import ApiError
from ..floor import PokerFloor, floor
from ..mail.keys import standings_key, standings_keys
from ..mail.sender import withdraw as withdraw_mails
from ..mail.standings import LeagueFacts, StandingsFacts, standings_mail
from ..read import league as lg
from ..read.my_league import cached_standings
from ..read.player_history import vouched_for, vouched_person
from ..read.public_standings import PublicTable, public_table
from ..service import now_ms
from ..store import (
    Club,
    League,
    Person,
    SignUp,
    StandingsMailed,
    StandingsSubscriber,
    Tournament,
    existing,
    session_scope,
)
from ..words import PUBLIC_STANDINGS
from . import answer_schemas as out
from .contract import documented
from .phone_links import staff_base
from .print_assets import asset_url
from .schemas import StrictSchema, Text

log = logging.getLogger(__name__)

bp = Blueprint("standings_mail", __name__)

UNSUBSCRIBE = "/standings-mail/unsubscribe"
_SALT = "standings-mail-unsubscribe"  # a token signed for this and nothing else


class StandingsMailBody(StrictSchema):
    email = Text(required=True, allow_none=True, validate=validate.Length(max=254))
    subscribed = fields.Boolean(required=True, truthy={True}, falsy={False})
    # The mail's language; without it the phone's (Accept-Language), else his sign-up's.
    lang = Text(load_default=None, validate=validate.OneOf(["de", "en"]))

    @validates_schema
    def _an_address_to_send_to(self, data: dict, **_: object) -> None:
        if not data["subscribed"]:
            return
        email = (data.get("email") or "").strip()
        if not email:
            raise ValidationError("Give the address the standings go to.", "email")
        try:
            validate.Email(error="Must be an e-mail address.")(email)
        except ValidationError as err:
            raise ValidationError(err.messages, "email") from None


# --- his subscription, from his phone ----------------------------------------------------------


def _person_of(caller: Caller, tid: int) -> int:
    """The club's person his entry is; a clear refusal while there is none."""
    if caller.entry_id is None:
        raise ApiError(
            409,
            "no_player_yet",
            "You are on the waiting list: the standings mail is for the players of the field. Ask again once you have a place.",
            None,
        )
    state = floor().service.state(tid)
    person_id = vouched_person(floor().db, state, tid, caller.entry_id)
    if person_id is None and not vouched_for(state, caller.entry_id):
        raise ApiError(
            409,
            "not_vouched",
            "Show your ID at the desk first: until then the club cannot tell that this sign-up is you.",
            None,
        )
    if person_id is None:
        raise ApiError(
            409,
            "not_linked",
            "This seat is not linked to one of the club's players, so no league counts it: ask the director.",
            None,
        )
    return person_id


def _signed_up_with(caller: Caller, tid: int) -> SignUp | None:
    """His sign-up's row (the address he gave), from his link or, for a seat card, his entry."""
    signup_no = caller.signup_no
    if signup_no is None:
        signups = floor().service.state(tid).signups
        signup_no = next((no for no, s in signups.items() if s.get("entry_id") == caller.entry_id), None)
    if signup_no is None:
        return None
    with session_scope(floor().db) as session:
        return session.get(SignUp, (tid, signup_no))


def _answer(caller: Caller, tid: int, person_id: int) -> dict:
    with session_scope(floor().db) as session:
        row = session.get(StandingsSubscriber, person_id)
        if row is not None:
            return {"email": row.email, "subscribed": True}
    signed = _signed_up_with(caller, tid)
    given = signed.email if signed is not None and signed.erased_at is None else None
    return {"email": given, "subscribed": False}


@bp.get("/api/tournaments/<int:tid>/my-standings-mail")
@documented(out.MyStandingsMail, errors=(401, 403, 404, 409))
def my_standings_mail(tid: int) -> ResponseReturnValue:
    """Whether I get my leagues' standings by mail after each night, and to which address (player
    token; not yet: the address I signed up with, if any)"""
    caller = require_tournament(tid, {"player"})
    return jsonify(_answer(caller, tid, _person_of(caller, tid)))


@bp.put("/api/tournaments/<int:tid>/my-standings-mail")
@documented(
    out.MyStandingsMail,
    body=StandingsMailBody,
    errors=(400, 401, 403, 404, 409),
    access=lambda tid: require_tournament(tid, {"player"}),
)
def set_my_standings_mail(tid: int, body: dict, caller: Caller) -> ResponseReturnValue:
    """Get my leagues' standings by mail after each night, or no more (player token). Unsubscribing
    deletes the address"""
    person_id = _person_of(caller, tid)
    if body["subscribed"]:
        lang = body["lang"] or request.accept_languages.best_match(["de", "en"]) or _sign_up_lang(caller, tid)
    for attempt in (1, 2):  # two phones of one person at once: the second insert finds the first's row
        try:
            with session_scope(floor().db) as session:  # one short write: nothing else is read inside it
                row = session.get(StandingsSubscriber, person_id)
                if not body["subscribed"]:
                    if row is not None:
                        session.delete(row)
                        withdraw_mails(session, standings_keys(person_id))
                elif row is None:
                    session.add(
                        StandingsSubscriber(
                            person_id=person_id, email=body["email"].strip(), lang=lang, created_at=now_ms()
                        )
                    )
                    session.flush()
                else:
                    if row.email != body["email"].strip():  # nothing waiting goes to the old address
                        withdraw_mails(session, standings_keys(person_id))
                    row.email, row.lang = body["email"].strip(), lang
                    session.add(row)
            break
        except IntegrityError:
            if attempt == 2:
                raise
    return jsonify(_answer(caller, tid, person_id))


def _sign_up_lang(caller: Caller, tid: int) -> str:
    signed = _signed_up_with(caller, tid)
    return signed.lang if signed is not None else "de"


def erase_subscription(tid: int, entry_id: int | None) -> bool:
    """From the personal link's erase (api/my_data.py): his address goes with the rest."""
    if entry_id is None:
        return False
    person_id = vouched_person(floor().db, floor().service.state(tid), tid, entry_id)
    if person_id is None:
        return False  # a link the club does not vouch for erases no person's address
    with session_scope(floor().db) as session:
        done = session.execute(delete(StandingsSubscriber).where(col(StandingsSubscriber.person_id) == person_id))
        withdraw_mails(session, standings_keys(person_id))
        return bool(done.rowcount)  # type: ignore[attr-defined]


# --- unsubscribe from the mail -----------------------------------------------------------------


def _signer(secret: str) -> URLSafeSerializer:
    return URLSafeSerializer(secret, salt=_SALT)


def unsubscribe_link(base: str, secret: str, person_id: int, lang: str) -> str:
    return f"{base}{UNSUBSCRIBE}/{_signer(secret).dumps(person_id)}?lang={lang}"


def masked(email: str) -> str:
    """ "anna.weiss@example.org" → "a***@example.org": whoever holds the link sees whose it is, roughly."""
    local, _, domain = email.partition("@")
    return f"{local[:1]}***@{domain}"


def _page(lang: str, status: int = 200, **shown: object) -> Response:
    html = render_template("unsubscribe.html", lang=lang, w=PUBLIC_STANDINGS[lang], asset_url=asset_url, **shown)
    return Response(html, status=status, mimetype="text/html", headers={"Cache-Control": "no-store"})


@bp.route(f"{UNSUBSCRIBE}/<token>", methods=["GET", "POST"])
def unsubscribe(token: str) -> ResponseReturnValue:
    """GET asks (a button), POST unsubscribes: the mail client's one-click post (RFC 8058) or the
    button. Both answer a page in the mail's language."""
    asked = request.args.get("lang")
    lang = asked if asked in ("de", "en") else request.accept_languages.best_match(["de", "en"], default="de")
    try:
        person_id = _signer(floor().config.SECRET_KEY).loads(token) if len(token) <= 100 else None
    except BadSignature:
        person_id = None
    if not isinstance(person_id, int):
        return _page(lang, 404, state="bad_link")
    with session_scope(floor().db) as session:
        row = session.get(StandingsSubscriber, person_id)
        if row is None:
            return _page(lang, state="not_subscribed")
        email = masked(row.email)
        if request.method == "POST":
            session.delete(row)
            withdraw_mails(session, standings_keys(person_id))
            log.info("standings mail: person %s unsubscribed by the mail's link", person_id)
            return _page(lang, state="unsubscribed", email=email)
    return _page(lang, state="ask", email=email)


# --- after a night: the mail -------------------------------------------------------------------


def night_over(app: PokerFloor, tid: int) -> None:
    """The command that ended the tournament was committed: mail the standings on a background
    task (never on the command's path). Links on the server's public address, else the one the
    command came by."""
    if not app.mailer.enabled:
        return
    base = staff_base() if has_request_context() else app.config.PUBLIC_URL
    app.realtime.socketio.start_background_task(_mail_night, app, tid, base)


def _fresh_table(app: PokerFloor, league: League, tid: int) -> PublicTable:
    """The league's standings with tonight's result in: the cached table if it has it, else built."""
    body = cached_standings(app.db, app.service, league, fresh_ms=0)
    if not any(t["id"] == tid and not t["provisional"] for t in body["tournaments"]):
        body = lg.league_standings(app.db, app.service, league)  # another request was building it
    return public_table(body, league.public_names, counts_points=bool(league.points))


def _mail_night(app: PokerFloor, tid: int, base: str) -> None:
    try:
        with session_scope(app.db) as session:
            leagues = lg.leagues_of(session, tid)
            tournament = existing(session.get(Tournament, tid))
            club = existing(session.get(Club, tournament.club_id))
            done = session.get(StandingsMailed, tid) is not None
        if not leagues or done:
            return
        tables = [(league, _fresh_table(app, league, tid)) for league in leagues]
        players = {row.person_id for _, table in tables for row in table.rows if row.person_id is not None}
        with session_scope(app.db) as session:
            subscribed = session.exec(
                select(StandingsSubscriber, Person.name)
                .join(Person, col(Person.id) == col(StandingsSubscriber.person_id))
                .where(col(StandingsSubscriber.person_id).in_(players), Person.club_id == club.id)
            ).all()
        mails = []
        for sub, name in subscribed:
            his = [
                LeagueFacts(league.name, table, f"{base}/s/{league.public_id}" if league.published else None)
                for league, table in tables
                if any(row.person_id == sub.person_id for row in table.rows)
            ]
            facts = StandingsFacts(
                to=sub.email,
                lang=sub.lang,
                name=name,
                person_id=sub.person_id,
                tournament=tournament.name,
                club=club.name,
                leagues=his,
                unsubscribe=unsubscribe_link(base, app.config.SECRET_KEY, sub.person_id, sub.lang),
            )
            mails.append((sub.person_id, sub.email, standings_mail(facts)))
        # The night's row and its mails in one transaction: whoever writes the row first sends,
        # and what it wrote stays in the outbox until the mail server has it (a restart, a crash
        # or a mail server down for hours loses none of them).
        try:
            with session_scope(app.db) as session:
                claim = StandingsMailed(tournament_id=tid, sent_at=now_ms())
                session.add(claim)
                session.flush()
                # Read again inside the claim: who unsubscribed (or gave another address) since the
                # mails were written gets none (the withdraw that came first found nothing to withdraw).
                still = session.exec(
                    select(StandingsSubscriber.person_id, StandingsSubscriber.email).where(
                        col(StandingsSubscriber.person_id).in_([person_id for person_id, _, _ in mails])
                    )
                ).all()
                current = {(person_id, email) for person_id, email in still}
                queued = [(person_id, message) for person_id, email, message in mails if (person_id, email) in current]
                for person_id, message in queued:
                    app.mailer.queue(session, message, key=standings_key(tid, person_id))
                claim.recipients = len(queued)
        except IntegrityError:
            return  # another worker, a retry, or a finish undone and played again was first
        app.mailer.poke()
        log.info("standings mail of tournament %s: %d players", tid, len(queued))
    except Exception:
        log.exception("the standings mail of tournament %s failed", tid)
