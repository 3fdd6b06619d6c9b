"""Printouts (directors only): seat cards (8 per A4 page, with cut lines) and one QR sheet per
table for the dealer, plus the TV's QR. Opened by the PWA as a blob, like the results page.
This module only gathers the data; the HTML is in backend/templates (autoescaped: every name is
escaped there). The tokens ride in the QR codes' URL fragments."""

from __future__ import annotations

import time

from flask import Blueprint, Response, request
from flask.typing import ResponseReturnValue
from markupsafe import Markup
from marshmallow import Schema, fields, validate
from sqlmodel import Session, col, select

from ..auth.access import require_tournament
from ..auth.tokens import mint_token, token_value
from ..documents.qr import qr_svg
from ..engine import TournamentState
from ..engine.balancing import active_tables
from ..errors import ApiError
from ..floor import floor
from ..service import now_ms
from ..store import Token, Tournament, existing, session_scope
from ..venue import printed
from ..venue.lan import is_loopback_url
from ..words import PRINTOUTS
from .contract import Answer, documented
from .phone_links import phone_link, public_base, staff_base
from .print_assets import printable
from .schemas import Text
from .views import cached_seating

bp = Blueprint("printouts", __name__, url_prefix="/api")

CARDS_PER_PAGE = 8  # 2 × 4 on A4
# A QR code takes ~9 ms and ~10 KB: one printout stays under a few MB and seconds; a bigger
# field prints a range of tables at a time (from_table / to_table).
MAX_CARDS = 600
MAX_SHEETS = 100


class PrintQuery(Schema):
    class Meta:
        unknown = "raise"

    lang = Text(load_default="de", validate=validate.OneOf(["de", "en"]))
    table = fields.Integer(load_default=None, validate=validate.Range(min=1, max=5000))
    from_table = fields.Integer(load_default=None, validate=validate.Range(min=1, max=5000))
    to_table = fields.Integer(load_default=None, validate=validate.Range(min=1, max=5000))


def _chosen_tables(state: TournamentState, q: dict) -> list:
    """The active tables asked for (one `table`, a range, or all), sorted; 404 for a table not in play."""
    if q["table"] is not None and (q["table"] not in state.tables or state.tables[q["table"]].broken):
        raise ApiError(404, "unknown_table", f"There is no table {q['table']} in play.", "table")
    low = q["table"] or q["from_table"] or 1
    high = q["table"] or q["to_table"] or 10**9
    if low > high:
        raise ApiError(400, "validation", "to_table: Must not be below from_table.", "to_table")
    return sorted((t for t in active_tables(state) if low <= t.table_no <= high), key=lambda t: t.table_no)


def _too_many(what: str, n: int, most: int) -> ApiError:
    return ApiError(
        409,
        "too_many",
        f"{n} {what} are too many for one printout (at most {most}): print a range "
        "of tables at a time (from_table, to_table) or one table.",
        "table",
    )


def _links(session: Session, tid: int, role: str, subjects: list) -> dict:
    """subject (entry id or table no) → its QR link: live tokens read in one query, the
    missing ones minted (not one query per player: a field may have thousands)."""
    key = "entry_id" if role == "player" else "table_no"
    secret = floor().config.SECRET_KEY
    rows = session.exec(
        select(Token).where(Token.role == role, Token.tournament_id == tid, col(Token.revoked_at).is_(None))
    ).all()
    nonces = {getattr(r, key): r.nonce for r in rows}
    out = {}
    for subject in subjects:
        if subject in nonces:
            token = token_value(secret, nonces[subject])
        else:
            token = mint_token(session, secret, role=role, now=now_ms(), tournament_id=tid, **{key: subject})[0]
        out[subject] = phone_link(role, token)
    return out


def _qr(url: str) -> Markup:
    """A QR code (our own SVG, safe as markup), yielding first: under gevent sleep(0) lets other
    requests run between codes, so a long printout never stalls the room's phones."""
    time.sleep(0)
    return Markup(qr_svg(url))


def _loopback_warning(w: dict, base: str) -> str | None:
    """For every page whose codes no phone could open: printing them wastes a night's paper."""
    return w["loopback"].format(url=base) if is_loopback_url(base) else None


def _trust_url() -> str | None:
    """With the venue's own CA a dealer phone must trust it before the table QR opens."""
    config = floor().config
    return config.TRUST_URL if config.LOCAL_HTTPS else None


def _remember_bases() -> None:
    """The addresses this printout's codes carry: a server that moves says they are stale."""
    printed.record(floor().config.VAR_DIR, staff_base(), public_base())


def _name(tid: int) -> str:
    with session_scope(floor().db) as session:
        return existing(session.get(Tournament, tid)).name


def _printout(template: str, tid: int, lang: str, title: str, **data: object) -> Response:
    """A printout's page: its template (backend/templates) fills the frame of printout.html."""
    w = PRINTOUTS[lang]
    return printable(template, stylesheet="printout.css", lang=lang, w=w, name=_name(tid), title=w[title], **data)


@bp.get("/tournaments/<int:tid>/print/seat-cards")
@documented(Answer({"type": "string"}, "text/html"), query=PrintQuery, errors=(400, 401, 403, 404, 409))
def seat_cards(tid: int) -> ResponseReturnValue:
    """Printable seat cards with the players' QR codes (A4, 8 per page)"""
    require_tournament(tid, {"director"}, act=True)  # the codes are credentials: no observer
    q = PrintQuery().load(request.args)
    state = floor().service.state(tid)
    if not state.tables:
        raise ApiError(
            409, "not_drawn", "The seats are not drawn yet: draw the seats first, then print the seat cards."
        )
    seated = [
        (t.table_no, seat, entry_id) for t in _chosen_tables(state, q) for seat, entry_id in sorted(t.seats.items())
    ]
    if len(seated) > MAX_CARDS:
        raise _too_many("seat cards", len(seated), MAX_CARDS)
    with session_scope(floor().db) as session:
        urls = _links(session, tid, "player", [e for _, _, e in seated])
    cards = [
        {
            "entry_id": entry_id,
            "name": state.entries[entry_id].name,
            "table_no": table_no,
            "seat": seat,
            "qr": _qr(urls[entry_id]),
        }
        for table_no, seat, entry_id in seated
    ]
    _remember_bases()
    return _printout(
        "seat_cards.html",
        tid,
        q["lang"],
        "seat_cards",
        pages=[cards[i : i + CARDS_PER_PAGE] for i in range(0, len(cards), CARDS_PER_PAGE)],
        warning=_loopback_warning(PRINTOUTS[q["lang"]], public_base()),
    )


@bp.get("/tournaments/<int:tid>/print/table-sheets")
@documented(Answer({"type": "string"}, "text/html"), query=PrintQuery, errors=(400, 401, 403, 404, 409))
def table_sheets(tid: int) -> ResponseReturnValue:
    """Printable dealer QR sheet per table, and the display's"""
    require_tournament(tid, {"director"}, act=True)  # a dealer's code records busts: no observer
    q = PrintQuery().load(request.args)
    state = floor().service.state(tid)
    numbers = [t.table_no for t in _chosen_tables(state, q)]
    if len(numbers) > MAX_SHEETS:
        raise _too_many("table sheets", len(numbers), MAX_SHEETS)
    with session_scope(floor().db) as session:
        urls = _links(session, tid, "dealer", numbers)
        display = _links(session, tid, "display", [None])[None]
    whole_room = q["table"] is None and q["from_table"] is None and q["to_table"] is None
    trust_url, w = _trust_url(), PRINTOUTS[q["lang"]]
    _remember_bases()
    return _printout(
        "table_sheets.html",
        tid,
        q["lang"],
        "table_sheets",
        sheets=[{"table_no": n, "qr": _qr(urls[n])} for n in numbers],
        display_qr=_qr(display) if whole_room else None,  # the TV's sheet comes with the whole room's only
        staff_warning=_loopback_warning(w, staff_base()),
        public_warning=_loopback_warning(w, public_base()),
        trust_url=trust_url,
        trust_qr=_qr(trust_url) if trust_url else None,
    )


class SeatingListQuery(Schema):
    class Meta:
        unknown = "raise"

    lang = Text(load_default="de", validate=validate.OneOf(["de", "en"]))


@bp.get("/tournaments/<int:tid>/print/seating-list")
@documented(Answer({"type": "string"}, "text/html"), query=SeatingListQuery, errors=(400, 401, 403, 404, 409))
def seating_list(tid: int) -> ResponseReturnValue:
    """Everyone seated, sorted by name (the list people look for on the wall), two columns per A4
    page; no QR codes, so a field of 10,000 prints in one go (about 110 pages)."""
    require_tournament(tid, {"director"})
    q = SeatingListQuery().load(request.args)
    state = floor().service.state(tid)
    if not state.tables:
        raise ApiError(
            409, "not_drawn", "The seats are not drawn yet: draw the seats first, then print the seating list."
        )
    w = PRINTOUTS[q["lang"]]
    rows = cached_seating(state)
    when = time.strftime("%H:%M", time.localtime(now_ms() / 1000))
    return _printout(
        "seating_list.html",
        tid,
        q["lang"],
        "seating_list",
        rows=rows,
        seated=w["seated"].format(n=len(rows), time=when),
    )
