"""The final table's deal at the edge (engine/deal.py decides): the director's preview of a deal's
amounts before he proposes it, and the payout slips to print once prizes are known (a deal's noted).

The preview records nothing: the same checks as `propose_deal`, so what the phone shows is what a
proposal would say. Proposing, answering, applying and undoing are commands (POST /commands)."""

from __future__ import annotations

import time

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from marshmallow import Schema, validate

from ..auth.access import require_tournament
from ..engine import deal, money, refusals
from ..engine.model import Rejection
from ..engine.payouts import shown
from ..errors import ApiError
from ..floor import floor
from ..read.locale_format import money_text, region_of
from ..service import HTTP_FOR_REJECTION
from ..store import Tournament, existing, session_scope
from ..words import PAYOUT_SLIPS
from . import view_schemas as out
from .contract import Answer, documented
from .print_assets import printable
from .schemas import Text

bp = Blueprint("deal", __name__, url_prefix="/api")


@bp.post("/tournaments/<int:tid>/deal/calculate")
@documented(out.DealCalculation, body=deal.DealPayload, errors=(400, 401, 403, 404, 409))
def calculate(tid: int, body: dict) -> ResponseReturnValue:
    """A deal's amounts for the stacks given (nothing is recorded): the phone's preview before propose_deal"""
    require_tournament(tid, {"director"})
    state = floor().service.state(tid)
    result = deal.calculate(state, body)
    if isinstance(result, Rejection):
        refusal = refusals.named(state, "propose_deal", result)
        raise ApiError(
            HTTP_FOR_REJECTION[refusal.kind],
            refusal.error,
            refusal.message,
            refusal.field,
            rule=refusal.rule,
            basis=refusal.basis,
            **({"params": refusal.params} if refusal.params is not None else {}),
        )
    return jsonify(
        {
            "rows": deal.shown_rows(result["rows"]),
            "total": shown(result["total"]),
            "keep": shown(result["keep"]),
            "round_to": None if result["round_to"] is None else shown(result["round_to"]),
        }
    )


class SlipsQuery(Schema):
    class Meta:
        unknown = "raise"

    lang = Text(load_default="de", validate=validate.OneOf(["de", "en"]))
    size = Text(load_default="a4", validate=validate.OneOf(["a4", "receipt"]))


@bp.get("/tournaments/<int:tid>/print/payout-slips")
@documented(Answer({"type": "string"}, "text/html"), query=SlipsQuery, errors=(400, 401, 403, 404))
def payout_slips(tid: int) -> ResponseReturnValue:
    """One payout slip per paid player (an A4 page or an 80 mm receipt each): place, amount, signature, the deal noted"""
    require_tournament(tid, {"director"})
    q = SlipsQuery().load(request.args)
    lang, w = q["lang"], PAYOUT_SLIPS[q["lang"]]
    methods: dict[str, str] = w["methods"]  # type: ignore[assignment]  # the one nested table of words
    noted: str = w["deal"]  # type: ignore[assignment]
    state = floor().service.state(tid)
    with session_scope(floor().db) as session:
        row = existing(session.get(Tournament, tid))
        name, when = row.name, row.starts_at or row.created_at
    region, currency = region_of(state.format), state.format.get("currency")
    agreed = state.deal_prizes
    method = state.deal["method"] if agreed and state.deal else None
    slips = []
    # The paid places and the players still in (a deal pays them before the end): never the whole field.
    candidates = set(money.in_money_out(state)) | state.due | state.paid | set(agreed["amounts"] if agreed else ())
    for entry_id in candidates:
        e = state.entries[entry_id]
        prize = money.prize(state, e)
        if prize <= 0 and e.paid is None:
            continue
        in_deal = agreed is not None and entry_id in agreed["amounts"]
        slips.append(
            {
                "entry_id": entry_id,
                "name": e.name,
                "place": e.place,
                "amount": money_text(shown(prize), currency, lang, region),
                "paid": None if e.paid is None else money_text(shown(e.paid), currency, lang, region),
                "deal": noted.format(method=methods[method]) if in_deal and method else None,
            }
        )
    slips.sort(key=lambda s: (s["place"] is None, s["place"] or 0, s["entry_id"]))
    date = time.strftime("%d.%m.%Y" if lang == "de" else "%Y-%m-%d", time.localtime(when / 1000))
    return printable(
        "payout_slips.html",
        stylesheet="printout.css",
        lang=lang,
        w=w,
        name=name,
        date=date,
        size=q["size"],
        slips=slips,
    )
