"""The night's cash box for the director (backend/read/cash_box.py): as JSON for the Money section's
cash card, and as a printable page with a payout slip per prize (A4)."""

from __future__ import annotations

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from marshmallow import Schema, validate

from ..auth.access import require_tournament
from ..floor import floor
from ..read.cash_box import cash_box
from ..read.locale_format import money_text, number_text, region_of
from ..store import Tournament, existing, session_scope
from ..words import CASH_BOX
from . import answer_schemas as out
from .contract import Answer, documented
from .print_assets import printable
from .schemas import Text

bp = Blueprint("cash", __name__, url_prefix="/api")


class CashQuery(Schema):
    class Meta:
        unknown = "raise"

    lang = Text(load_default="de", validate=validate.OneOf(["de", "en"]))


@bp.get("/tournaments/<int:tid>/cash-box")
@documented(out.CashBox, errors=(401, 403, 404))
def cash_box_json(tid: int) -> ResponseReturnValue:
    """The night's cash box: buy-ins at the desk and in advance, paid out, the house's share, the slips"""
    require_tournament(tid, {"director"})
    return jsonify(cash_box(floor().service.state(tid)))


@bp.get("/tournaments/<int:tid>/print/cash-box")
@documented(Answer({"type": "string"}, "text/html"), query=CashQuery, errors=(400, 401, 403, 404))
def cash_box_page(tid: int) -> ResponseReturnValue:
    """Printable cash box of the night with a payout slip per prize (A4)"""
    require_tournament(tid, {"director"})
    lang = CashQuery().load(request.args)["lang"]
    state = floor().service.state(tid)
    box = cash_box(state)
    region = region_of(state.format)
    with session_scope(floor().db) as session:
        name = existing(session.get(Tournament, tid)).name

    def amount(value: float) -> str:
        return money_text(value, box["currency"], lang, region)

    return printable(
        "cash_box.html",
        stylesheet="printout.css",
        lang=lang,
        w=CASH_BOX[lang],
        name=name,
        box=box,
        amount=amount,
        count=lambda n: number_text(n, lang, region),
    )
