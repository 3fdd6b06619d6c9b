"""The club's calendar feed: its tournaments as an iCalendar file a phone subscribes to
(webcal://…/api/public/clubs/<slug>/calendar.ics; docs/exports.md). Public like the club's page
(api/sign_up.py) and made of what that page shows: the tournaments the club opened for sign-up,
with start, name, buy-in and the link to the page; never who signed up. Another club's
tournaments never appear: the slug names one club."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Response, request
from flask.typing import ResponseReturnValue
from marshmallow import EXCLUDE, validate
from sqlmodel import col, select

from ..documents.calendar_feed import CalendarEvent, calendar
from ..engine.legal import planned_minutes
from ..engine.payload import StrictSchema, Text
from ..floor import floor
from ..read.locale_format import money_text, region_of
from ..service import now_ms
from ..store import EventRow, Tournament, session_scope
from ..words import CALENDAR
from .contract import Answer, documented
from .phone_links import public_base
from .sign_up import club_by_slug, listing, page_link

bp = Blueprint("club_calendar", __name__)

# A subscribed calendar drops an event the feed no longer has: last month's nights stay in it.
SHOWN_BEFORE_MS = 31 * 86_400_000
FEED_MAX = 100
# A calendar needs an end; the night's real end is unknown: the structure's planned length, within these.
MINUTES_MIN, MINUTES_MAX = 60, 8 * 60
REFRESH_MINUTES = 60


class CalendarQuery(StrictSchema):
    lang = Text(load_default="de", validate=validate.OneOf(["de", "en"]))

    class Meta:
        # A subscribed URL is fetched by apps we do not control; one that adds a parameter of its
        # own (a cache buster) still gets the feed.
        unknown = EXCLUDE


def _description(shown: dict, lang: str, link: str) -> str:
    words = CALENDAR[lang]
    region = region_of({"currency": shown["currency"]})
    lines = []
    if shown["buy_in"]:
        amount = money_text(shown["buy_in"], shown["currency"], lang, region)
        fee = money_text(shown["fee"], shown["currency"], lang, region) if shown["fee"] else None
        lines.append(
            words["buy_in_fee"].format(amount=amount, fee=fee) if fee else words["buy_in"].format(amount=amount)
        )
    if shown["levels"] and shown["level_minutes"]:
        lines.append(words["levels"].format(levels=shown["levels"], minutes=shown["level_minutes"]))
    if shown["description"]:
        lines.append(str(shown["description"]))
    lines.append(words["sign_up"].format(link=link))
    return "\n".join(lines)


@bp.get("/api/public/clubs/<slug>/calendar.ics")
@documented(Answer({"type": "string"}, "text/calendar"), query=CalendarQuery, errors=(400, 404), auth=False)
def club_calendar(slug: str) -> ResponseReturnValue:
    """The club's tournaments as a calendar to subscribe to (iCalendar, RFC 5545; no login)"""
    lang = CalendarQuery().load(request.args)["lang"]
    club = club_by_slug(slug)
    now = now_ms()
    with session_scope(floor().db) as session:
        last_change = (
            select(EventRow.at)
            .where(EventRow.tournament_id == Tournament.id, EventRow.seq == Tournament.last_seq)
            .correlate(Tournament)
            .scalar_subquery()
        )
        rows = session.exec(
            select(Tournament.id, Tournament.name, Tournament.starts_at, last_change)
            .where(Tournament.club_id == club.id, col(Tournament.starts_at) >= now - SHOWN_BEFORE_MS)
            .order_by(col(Tournament.starts_at), col(Tournament.id))
            .limit(FEED_MAX)
        ).all()
    link = page_link(club.slug or slug)
    host = urlsplit(public_base()).hostname or "pokerfloor"
    events = []
    for tid, name, starts_at, changed in rows:
        if tid is None or starts_at is None:
            continue
        shown = listing(tid, name, starts_at, False, now)
        if shown is None:
            continue  # no sign-up: the club did not publish it
        minutes = planned_minutes(floor().service.state(tid).structure)
        minutes = min(max(minutes, MINUTES_MIN), MINUTES_MAX)
        events.append(
            CalendarEvent(
                uid=f"tournament-{tid}@{host}",
                start_ms=starts_at,
                end_ms=starts_at + int(minutes * 60_000),
                summary=name,
                description=_description(shown, lang, link),
                location=club.name,
                url=link,
                modified_ms=changed,
            )
        )
    body = calendar(club.name, CALENDAR[lang]["feed"].format(club=club.name), events, now, REFRESH_MINUTES)
    return Response(
        body.encode("utf-8"),
        content_type="text/calendar; charset=utf-8",
        headers={
            "Content-Disposition": f'inline; filename="{club.slug or "club"}.ics"',
            # a calendar app asks every REFRESH_MINUTES; a proxy may keep it a few minutes
            "Cache-Control": "public, max-age=300",
        },
    )
