"""Check-in in seconds (docs/sign-up.md): the player shows his personal link as a QR code on his phone,
the desk scans it and sees who he is, what to collect and whether his ID is still to be seen.

The QR code is the link the phone already holds (its bearer token in `#/player/<token>`), drawn by the
server like every other QR code (documents/qr.py), so the player's app carries no QR encoder. The scan
answers only for a live player link of the desk's own tournament: any other text (another tournament's
link, a replaced one, a dealer's or a director's, garbage) is the same 404, so a scan tells nothing
about other tournaments or what a token is.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Response, jsonify
from flask.typing import ResponseReturnValue
from marshmallow import validate

from ..auth.access import Caller, bearer_token, require_tournament
from ..auth.tokens import find_token
from ..documents.qr import qr_svg
from ..engine import TournamentState
from ..engine.payload import StrictSchema, Text
from ..engine.sign_up import entry_status, signup_status
from ..errors import ApiError
from ..floor import floor
from ..store import Token, session_scope
from . import answer_schemas as out
from .contract import Answer, documented
from .phone_links import phone_link

bp = Blueprint("desk_scan", __name__, url_prefix="/api")

LINK_MAX = 300  # a link of the longest public base and a token fits with room to spare
LINK_TOKEN = re.compile(r"#/player/([A-Za-z0-9_-]{16,200})")
BARE_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,200}")


class ScanBody(StrictSchema):
    # multiline: a reader may hand over a trailing line break with the text
    link = Text(required=True, multiline=True, validate=validate.Length(min=1, max=LINK_MAX))


@bp.get("/tournaments/<int:tid>/my-qr.svg")
@documented(Answer({"type": "string"}, "image/svg+xml"), errors=(401, 403, 404))
def my_qr(tid: int) -> ResponseReturnValue:
    """The player's own link as a QR code (SVG), to show at the desk for check-in"""
    require_tournament(tid, {"player"})
    token = bearer_token() or ""  # require_tournament has checked it
    # The phone keeps its copy (IndexedDB) for the desk without a network; no shared cache may.
    return Response(
        qr_svg(phone_link("player", token)), mimetype="image/svg+xml", headers={"Cache-Control": "private, no-store"}
    )


def scanned_token(text: str) -> str | None:
    """The token in what the camera read: a whole link (any base: the venue's HTTPS or plain HTTP
    address, /p/ or not) or the bare token."""
    text = text.strip()
    found = LINK_TOKEN.search(text)
    if found:
        return found.group(1)
    return text if BARE_TOKEN.fullmatch(text) else None


def _unknown() -> ApiError:
    return ApiError(404, "unknown_player_link", "This is no player link of this tournament.", "link")


def player_link_row(tid: int, text: str) -> Token:
    token = scanned_token(text)
    with session_scope(floor().db) as session:
        row = find_token(session, token)  # None for a revoked one
        if row is None or row.role != "player" or row.tournament_id != tid:
            raise _unknown()
        session.expunge(row)
        return row


def _waiting_flags(state: TournamentState, wait_id: int | None) -> dict[str, Any]:
    waiting = state.waiting.get(wait_id, {}) if wait_id is not None else {}
    return {"prepaid": bool(waiting.get("prepaid")), "id_checked": bool(waiting.get("id_checked"))}


def scan_answer(state: TournamentState, row: Token) -> dict[str, Any]:
    """Who the link is and what the desk does with him now."""
    if row.signup_no is not None:  # a sign-up's link: from the waiting list on (engine/sign_up.py)
        found = signup_status(state, row.signup_no)
        if found["status"] == "unknown":
            raise _unknown()
    elif row.entry_id is not None and row.entry_id in state.entries:  # a seat card's
        found = entry_status(state, row.entry_id)
    else:
        raise _unknown()
    entry_id = found.get("entry_id")
    entry = state.entries.get(entry_id) if entry_id is not None else None
    signup = state.signups.get(row.signup_no, {}) if row.signup_no is not None else {}
    wait_id = signup.get("wait_id") if found["status"] == "waiting" else None
    flags = {"prepaid": entry.prepaid, "id_checked": entry.id_checked} if entry else _waiting_flags(state, wait_id)
    fmt = state.format
    price = (fmt.get("buy_in") or 0) + (fmt.get("fee") or 0)
    may_check_in = found["status"] in ("registered", "promoted")
    return {
        "entry_id": entry_id,
        "wait_id": wait_id,
        "signup_no": row.signup_no,
        "name": found.get("name") or (entry.name if entry else ""),
        "status": found["status"],
        "position": found.get("position"),
        "prepaid": flags["prepaid"],
        # N-3.4: the preset checks IDs and his was not seen yet
        "id_check_needed": bool(fmt.get("id_check")) and not flags["id_checked"],
        "pays_at_check_in": bool(entry.pays_at_check_in) if entry else False,
        # N-3.1: what the desk takes from him at check-in (as the desk's own check-in asks: all but prepaid)
        "amount": price if may_check_in and not flags["prepaid"] else 0,
        "price": price,
        "currency": fmt.get("currency"),
    }


@bp.post("/tournaments/<int:tid>/desk/scan")
@documented(
    out.DeskScan,
    body=ScanBody,
    errors=(400, 401, 403, 404),
    access=lambda tid: require_tournament(tid, {"director"}, act=True),
)
def desk_scan(tid: int, body: dict, caller: Caller) -> ResponseReturnValue:
    """The desk scanned a player's QR code: who he is, where his registration stands, what to collect"""
    row = player_link_row(tid, body["link"])
    state = floor().service.state(tid)
    return jsonify(scan_answer(state, row))
