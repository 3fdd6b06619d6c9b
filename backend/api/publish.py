"""Standings that publish themselves (docs/standings-publish.md): a league's public page and the
directors' settings for it.

- GET /s/<public_id>: the league's overall standings as a small server-rendered page (no script,
  no login), names as the club chose, German or English. Framed only by the websites the directors
  named (CSP frame-ancestors on this page alone). It reads the cached standings
  (read/my_league.cached_standings): a thousand embeds build the table once per FRESH_MS.
- /api/leagues/<id>/publish: on or off, how names are shown, the websites that may frame it, a
  new address; and how many of the league's players get the standings mail (api/standings_mail.py).
"""

from __future__ import annotations

import re

from flask import Blueprint, Response, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate
from sqlalchemy import func
from sqlmodel import Session, col, select

from ..auth.access import Caller, require_club_director, require_director
from ..documents.qr import qr_svg
from ..floor import floor
from ..mail.words import MONTHS
from ..read.my_league import cached_standings
from ..read.public_standings import public_table
from ..store import Club, League, LeagueTournament, StandingsSubscriber, TournamentEntryPerson, session_scope
from ..store.models import PUBLIC_NAMES, new_public_id
from ..words import PUBLIC_STANDINGS
from . import answer_schemas as out
from .contract import Answer, documented
from .league import club_league
from .phone_links import staff_base
from .print_assets import asset_url
from .schemas import StrictSchema, Text

bp = Blueprint("publish", __name__)

MAX_ORIGINS = 5
# One website: https, a host name or IPv4 address, perhaps a port. Nothing else may reach the
# page's Content-Security-Policy: no path, no wildcard, no quote, space or semicolon.
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_ORIGIN = re.compile(rf"https://(?P<host>{_LABEL}(?:\.{_LABEL})+)(?::(?P<port>[0-9]{{1,5}}))?/?")
ORIGIN_EXAMPLE = "https://club.example.ch"


def embed_origin(value: str) -> str:
    """A website allowed to frame the page, as CSP's frame-ancestors names it: `https://host[:port]`
    (a default port and one final slash dropped). Anything else is refused with the reason."""
    typed = value.strip().lower()
    if "*" in typed:
        raise ValidationError(f"Must name one website, no wildcard (e.g. {ORIGIN_EXAMPLE}).")
    if not typed.startswith("https://"):
        raise ValidationError(f"Must start with https:// (e.g. {ORIGIN_EXAMPLE}); other pages cannot be trusted.")
    found = _ORIGIN.fullmatch(typed) if len(typed) <= 200 else None
    if found is None:
        raise ValidationError(
            f"Must be a website's address alone: https://, its host and perhaps a port, no path (e.g. {ORIGIN_EXAMPLE})."
        )
    port = found["port"]
    if port is not None and not 0 < int(port) < 65536:
        raise ValidationError("The port must be between 1 and 65535.")
    keep_port = port is not None and int(port) != 443
    return f"https://{found['host']}" + (f":{int(port)}" if keep_port else "")


class PublishBody(StrictSchema):
    published = fields.Boolean(required=True, truthy={True}, falsy={False})
    names = Text(required=True, validate=validate.OneOf(PUBLIC_NAMES))
    origins = fields.List(
        Text(validate=validate.Length(max=200)), required=True, validate=validate.Length(max=MAX_ORIGINS)
    )


class PageQuery(Schema):
    class Meta:
        unknown = EXCLUDE  # an embed's address may carry a site's tracking parameters

    lang = Text(load_default=None, validate=validate.OneOf(["de", "en"]))


def public_link(league: League) -> str:
    """The page's address: the server's public one (PUBLIC_URL), else the one the director used."""
    return f"{staff_base()}/s/{league.public_id}"


def embed_snippet(link: str, title: str) -> str:
    title = title.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    return (
        f'<iframe src="{link}" title="{title}" width="100%" height="640" '
        'style="border:0;max-width:720px" loading="lazy"></iframe>'
    )


def subscribers(session: Session, league_id: int) -> int:
    """How many of the league's players (a person with an entry in one of its nights) get its mail."""
    count = session.exec(
        select(func.count(func.distinct(StandingsSubscriber.person_id)))
        .join(TournamentEntryPerson, col(TournamentEntryPerson.person_id) == col(StandingsSubscriber.person_id))
        .join(LeagueTournament, col(LeagueTournament.tournament_id) == col(TournamentEntryPerson.tournament_id))
        .where(LeagueTournament.league_id == league_id)
    ).one()
    return int(count)


def settings_json(session: Session, league: League) -> dict:
    link = public_link(league)
    return {
        "league_id": league.id,
        "published": league.published,
        "names": league.public_names,
        "origins": list(league.embed_origins or []),
        "link": link,
        "embed": embed_snippet(link, league.name),
        "subscribers": subscribers(session, league.id or 0),
    }


@bp.get("/api/leagues/<int:league_id>/publish")
@documented(out.PublishSettings, errors=(401, 403, 404))
def get_publish(league_id: int) -> ResponseReturnValue:
    """The league's public page: on or off, names, the websites that may frame it, its address and
    the iframe to paste; and how many of its players get the standings mail"""
    caller = require_director()
    with session_scope(floor().db) as session:
        return jsonify(settings_json(session, club_league(session, league_id, caller.club_id)))


@bp.put("/api/leagues/<int:league_id>/publish")
@documented(
    out.PublishSettings,
    body=PublishBody,
    errors=(400, 401, 403, 404),
    access=lambda league_id: require_club_director(),
)
def set_publish(league_id: int, body: dict, caller: Caller) -> ResponseReturnValue:
    """Publish the league's standings or not, with names full, as initials or hidden, framed by
    these websites only (https origins, at most 5; a director with full access)"""
    origins: list[str] = []
    for i, typed in enumerate(body["origins"]):
        try:
            origin = embed_origin(typed)
        except ValidationError as err:
            raise ValidationError({"origins": {str(i): err.messages}}) from None
        if origin not in origins:
            origins.append(origin)
    with session_scope(floor().db) as session:
        league = club_league(session, league_id, caller.club_id)
        league.published, league.public_names, league.embed_origins = body["published"], body["names"], origins
        session.add(league)
        session.flush()
        return jsonify(settings_json(session, league))


@bp.post("/api/leagues/<int:league_id>/publish/new-address")
@documented(out.PublishSettings, errors=(401, 403, 404))
def new_address(league_id: int) -> ResponseReturnValue:
    """A new public address for the league's page: the old one (leaked, or on a site that should
    not have it) stops at once (a director with full access)"""
    caller = require_club_director()
    with session_scope(floor().db) as session:
        league = club_league(session, league_id, caller.club_id)
        league.public_id = new_public_id()
        session.add(league)
        session.flush()
        return jsonify(settings_json(session, league))


@bp.get("/api/leagues/<int:league_id>/publish/qr.svg")
@documented(Answer({"type": "string"}, "image/svg+xml"), errors=(401, 403, 404))
def publish_qr(league_id: int) -> ResponseReturnValue:
    """The QR code of the league's public page (SVG)"""
    caller = require_director()
    with session_scope(floor().db) as session:
        league = club_league(session, league_id, caller.club_id)
    # no-store: a new address makes the old picture wrong at once
    return Response(qr_svg(public_link(league)), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


# --- the public page ---------------------------------------------------------------------------


def page_lang(asked: str | None) -> str:
    return asked or request.accept_languages.best_match(["de", "en"], default="de")


def date_text(day: str, lang: str) -> str:
    """ "2026-03-14" → "14.3.2026" / "14 Mar 2026"."""
    year, month, dom = int(day[:4]), int(day[5:7]), int(day[8:10])
    return f"{dom}.{month}.{year}" if lang == "de" else f"{dom} {MONTHS[month - 1]} {year}"


PAGE_CSP = "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors {ancestors}"
PAGE_MAX_AGE_S = 30  # what a proxy or browser may keep: the cached standings are as old at most


def _published(public_id: str) -> tuple[League, str] | None:
    if not 10 <= len(public_id) <= 32:
        return None
    with session_scope(floor().db) as session:
        found = session.exec(
            select(League, Club.name)
            .join(Club, col(Club.id) == col(League.club_id))
            .where(League.public_id == public_id, League.published == True)  # noqa: E712  (SQL, not Python)
        ).first()
        if found is None:
            return None
        league, club_name = found
        session.expunge(league)
        return league, club_name


def _missing(lang: str) -> Response:
    """Off, replaced or never there: one answer, framed by nobody (as every other page)."""
    html = render_template("public_missing.html", lang=lang, w=PUBLIC_STANDINGS[lang], asset_url=asset_url)
    return Response(
        html,
        status=404,
        mimetype="text/html",
        headers={
            "Content-Security-Policy": PAGE_CSP.format(ancestors="'none'"),
            "X-Frame-Options": "DENY",
            "Cache-Control": "no-store",
        },
    )


@bp.get("/s/<public_id>")
def public_standings(public_id: str) -> ResponseReturnValue:
    """The league's public standings page. Framed by the directors' websites only: frame-ancestors
    names them; X-Frame-Options (which can only say DENY or SAMEORIGIN) is left off when there are
    any, since a browser that knows frame-ancestors ignores it and one that does not would block
    them (api/security_headers.py leaves this page's alone)."""
    lang = page_lang(PageQuery().load(request.args)["lang"])
    found = _published(public_id)
    if found is None:
        return _missing(lang)
    league, club_name = found
    body = cached_standings(floor().db, floor().service, league, floor().config.LEAGUE_REFRESH_MS)
    table = public_table(body, league.public_names, counts_points=bool(league.points))
    w = PUBLIC_STANDINGS[lang]
    night = table.last_night
    last = night and w["last_night"].format(name=night["name"], date=date_text(night["played_on"], lang))
    html = render_template(
        "standings.html",
        lang=lang,
        w=w,
        league=league.name,
        club=club_name,
        table=table,
        names_shown=league.public_names != "hidden",
        nights=w["one_night"] if table.nights == 1 else w["nights_played"].format(n=table.nights),
        last=last,
        asset_url=asset_url,
    )
    origins = list(league.embed_origins or [])
    headers = {
        "Content-Security-Policy": PAGE_CSP.format(ancestors=" ".join(["'self'", *origins])),
        "Cache-Control": f"public, max-age={PAGE_MAX_AGE_S}",
        "Vary": "Accept-Language",
    }
    if not origins:
        headers["X-Frame-Options"] = "SAMEORIGIN"  # says what frame-ancestors says, for old browsers
    return Response(html, mimetype="text/html", headers=headers)
