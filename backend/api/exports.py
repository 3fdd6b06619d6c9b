"""Exports (directors only): results and standings as CSV for Excel, and a printable results
page (A4; its HTML is backend/templates/results.html). CSV is UTF-8 with a BOM, `;`-separated,
CRLF: what German Excel opens with a double click, umlauts intact."""

from __future__ import annotations

import csv
import io
from datetime import date

from flask import Blueprint, Response, request
from flask.typing import ResponseReturnValue

from ..auth.access import require_director, require_tournament
from ..documents.cells import formula_safe
from ..engine import money
from ..engine.payouts import shown
from ..errors import ApiError
from ..floor import floor
from ..read import league as lg
from ..read.locale_format import money_text, region_of
from ..store import session_scope
from ..words import RESULTS, STANDINGS_CSV
from .contract import LANG, Answer, documented, query_param
from .league import club_league
from .print_assets import printable
from .results_sheet import day_text, lang_asked, night, results_sheet
from .schemas import text_problem

bp = Blueprint("exports", __name__, url_prefix="/api")


def _csv(rows: list[list], filename: str) -> Response:
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=";", lineterminator="\r\n")
    writer.writerows([[formula_safe(v) for v in row] for row in rows])
    body = "\ufeff" + buf.getvalue()
    return Response(
        body.encode("utf-8"),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
    )


def _money(value: float | None) -> str:
    """German Excel reads a decimal comma; whole amounts stay plain."""
    if value is None:
        return ""
    return str(value).replace(".", ",") if isinstance(value, float) else str(value)


def _csv_value(kind: str, value: object, lang: str) -> object:
    """A typed cell as the CSV writes it: German Excel's decimal comma, the day as the club writes it."""
    if kind == "money":
        return _money(value)  # type: ignore[arg-type]
    if kind == "date" and isinstance(value, date):
        return day_text(value, lang, "csv_date")
    return value


@bp.get("/tournaments/<int:tid>/results.csv")
@documented(Answer({"type": "string"}, "text/csv"), query=[LANG], errors=(400, 401, 403, 404))
def results_csv(tid: int) -> ResponseReturnValue:
    """Results as CSV (UTF-8 BOM, ';')"""
    require_tournament(tid, {"director"})
    lang = lang_asked()
    sheet = results_sheet(night(tid), lang)
    out: list[list] = [[c.header for c in sheet.columns]]
    out += [[_csv_value(c.kind, v, lang) for c, v in zip(sheet.columns, row, strict=True)] for row in sheet.rows]
    return _csv(out, f"results-{tid}.csv")


@bp.get("/leagues/<int:league_id>/standings.csv")
@documented(
    Answer({"type": "string"}, "text/csv"),
    errors=(400, 401, 403, 404),
    query=[
        LANG,
        query_param(
            "period", {"type": "string", "default": "overall"}, description="overall, YYYY-MM, YYYY-H1 or YYYY-H2"
        ),
    ],
)
def standings_csv(league_id: int) -> ResponseReturnValue:
    """Standings as CSV (UTF-8 BOM, ';')"""
    caller = require_director()
    lang = lang_asked()
    period = request.args.get("period", "overall")
    if text_problem(period, 20):  # it names the file (a header): no control characters
        raise ApiError(400, "validation", f"period: {text_problem(period, 20)}", "period")
    with session_scope(floor().db) as session:
        row = club_league(session, league_id, caller.club_id)
    body = lg.league_standings(floor().db, floor().service, row)
    if period == "overall":
        lines = body["overall"]
    else:
        found = [p for p in body["months"] + body["half_years"] if p["period"] == period]
        if not found:
            raise ApiError(
                404,
                "unknown_period",
                f"No tournament of this league counts for '{period}' (use YYYY-MM, YYYY-H1, YYYY-H2 or overall).",
                "period",
            )
        lines = found[0]["standings"]
    # A series without a points table (N-3.7: it qualifies winners) has no column of zeros.
    keys = [k for k in STANDINGS_CSV[lang] if k != "points" or row.points]
    out = [[STANDINGS_CSV[lang][k] for k in keys]] + [[x[k] for k in keys] for x in lines]
    return _csv(out, f"standings-{league_id}-{period}.csv")


@bp.get("/tournaments/<int:tid>/results.html")
@documented(Answer({"type": "string"}, "text/html"), query=[LANG], errors=(400, 401, 403, 404))
def results_html(tid: int) -> ResponseReturnValue:
    """Printable results page (A4)"""
    require_tournament(tid, {"director"})
    lang = lang_asked()
    t = RESULTS[lang]
    n = night(tid)
    state = n.state
    currency, region = state.format.get("currency", ""), region_of(state.format)
    head = (
        [("n", t["place"]), ("name", t["name"])]
        + [("n", t[c]) for c in n.columns]
        + [("n", f"{t['points']} {lge.name}") for lge in n.leagues]  # "n": a number, right-aligned
    )
    body_rows = []
    for r, e, prize, pts in n.rows:
        if r.disqualified:
            place = t["dq"]
        elif r.place is None:
            place = t["in"]
        else:
            place = f"{r.place}." if r.tie == 1 else f"{r.place}.–{r.place + r.tie - 1}."
        cells = {
            "prize": money_text(prize, currency, lang, region) if prize else "",
            "paid": money_text(shown(e.paid), currency, lang, region) if e.paid is not None else "",
            "rebuys": str(e.rebuys or ""),
            "addon": "✓" if e.addon else "",
            "reentries": str(e.reentries or ""),
            "knockouts": str(state.knockouts.get(e.entry_id) or ""),
            "hh": str(state.hh.get(e.entry_id, 0)),
        }
        body_rows.append(
            [("n", place), ("name", r.name)]
            + [("n", cells[c]) for c in n.columns]
            + [("n", "" if pts[lge.id] is None else str(pts[lge.id])) for lge in n.leagues]
        )
    has_money = "prize" in n.columns
    return printable(
        "results.html",
        lang=lang,
        stylesheet="results.css",
        t=t,
        name=n.name,
        club=n.club,
        day=day_text(n.day, lang, "date"),
        entries=len(state.entries) - len(state.released),
        pool=money_text(shown(money.pool(state)), currency, lang, region) if has_money else None,
        provisional=state.status != "finished",
        head=head,
        rows=body_rows,
    )
