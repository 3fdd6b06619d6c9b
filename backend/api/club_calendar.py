"""The club's calendar feed: its tournaments as an iCalendar file a phone subscribes to
(webcal://…/api/public/clubs/<slug>/calendar.ics; docs/exports.md). Public like the club's page
(api/sign_up.py) and made of what that page shows: the tournaments the club opened for sign-up,
with start, name, buy-in and the link to the page; never who signed up. Another club's
tournaments never appear: the slug names one club."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
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
from ..store import Tournament, last_change_at, session_scope
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
# Feeds kept per worker, each at most as long as a proxy may keep it (Cache-Control below).
CACHED_MS = 300_000
FEEDS_KEPT = 200


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


def _feed(club_name: str, rows: Sequence[Any], lang: str, link: str, now: int) -> str:
    """The feed's text: an event per tournament the club opened for sign-up."""
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
                location=club_name,
                url=link,
                modified_ms=changed,
            )
        )
    return calendar(club_name, CALENDAR[lang]["feed"].format(club=club_name), events, now, REFRESH_MINUTES)


@bp.get("/api/public/clubs/<slug>/calendar.ics")
@documented(Answer({"type": "string"}, "text/calendar"), query=CalendarQuery, errors=(400, 404), auth=False)
def club_calendar(slug: str) -> ResponseReturnValue:
    """The club's tournaments as a calendar to subscribe to (iCalendar, RFC 5545; no login)"""
    lang = CalendarQuery().load(request.args)["lang"]
    club = club_by_slug(slug)
    now = now_ms()
    with session_scope(floor().db) as session:
        last_change = last_change_at()
        rows = session.exec(
            select(Tournament.id, Tournament.name, Tournament.starts_at, last_change)
            .where(Tournament.club_id == club.id, col(Tournament.starts_at) >= now - SHOWN_BEFORE_MS)
            .order_by(col(Tournament.starts_at), col(Tournament.id))
            .limit(FEED_MAX)
        ).all()
    link = page_link(club.slug or slug)
    # Calendar apps poll every subscriber's feed; a feed is made again only when one of its
    # tournaments changed (its last event), the club was renamed, or the cached one is older than
    # a proxy may keep it. Otherwise up to FEED_MAX tournaments' states would be read per request.
    feeds = floor().calendar_feeds
    key = (club.id, club.name, lang, link, tuple(tuple(row) for row in rows))
    cached = feeds.get(key)
    if cached is not None and now - cached[0] < CACHED_MS:
        body = cached[1]
    else:
        body = _feed(club.name, rows, lang, link, now)
        feeds[key] = (now, body)
        while len(feeds) > FEEDS_KEPT:
            feeds.pop(next(iter(feeds)))  # the oldest made
    return Response(
        body.encode("utf-8"),
        content_type="text/calendar; charset=utf-8",
        headers={
            "Content-Disposition": f'inline; filename="{club.slug or "club"}.ics"',
            # a calendar app asks every REFRESH_MINUTES; a proxy may keep it a few minutes
            "Cache-Control": "public, max-age=300",
        },
    )
