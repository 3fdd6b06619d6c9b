"""Exports (directors only): results and standings as CSV for Excel, and a printable results
page (A4; its HTML is backend/templates/results.html). CSV is UTF-8 with a BOM, `;`-separated,
CRLF: what German Excel opens with a double click, umlauts intact."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, current_app, request

from ..auth.access import require_director, require_tournament
from ..engine import money
from ..engine.payouts import shown
from ..errors import ApiError
from ..read import league as lg
from ..read.locale_format import money_text, region_of
from ..store import Tournament, session_scope
from ..words import LEAGUE_POINTS, RESULTS, RESULTS_CSV, STANDINGS_CSV
from .contract import LANG, Answer, documented, query_param
from .league import club_league
from .print_assets import printable
from .schemas import text_problem

bp = Blueprint("exports", __name__, url_prefix="/api")


def _app():
    return current_app.extensions["pokerfloor"]


def _cell(value):
    """Text a spreadsheet would run as a formula (a player named "=HYPERLINK(…)") gets a leading
    apostrophe (OWASP CSV injection)."""
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _csv(rows: list[list], filename: str) -> Response:
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=";", lineterminator="\r\n")
    writer.writerows([[_cell(v) for v in row] for row in rows])
    body = "\ufeff" + buf.getvalue()
    return Response(
        body.encode("utf-8"),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
    )


def _money(value) -> str:
    """German Excel reads a decimal comma; whole amounts stay plain."""
    if value is None:
        return ""
    return str(value).replace(".", ",") if isinstance(value, float) else str(value)


def _rows(tid: int):
    """(state, leagues, [(Result, Entry, prize, {league_id: points})]) for one tournament."""
    state = _app().service.state(tid)
    with session_scope(_app().db) as session:
        persons = lg.persons_of(session, tid)
        leagues = lg.leagues_of(session, tid)
        name = session.get(Tournament, tid).name
    rows = []
    for r in lg.results(state, persons):
        e = state.entries[r.entry_id]
        prize = shown(money.prize(state, e))
        pts = {lge.id: (None if r.disqualified else lg.points_for(r.place, r.tie, lge.points)) for lge in leagues}
        rows.append((r, e, prize, pts))
    return state, name, leagues, rows


def _lang() -> str:
    lang = request.args.get("lang", "de")
    if lang not in RESULTS_CSV:
        raise ApiError(400, "validation", "lang: Must be one of: de, en.", "lang")
    return lang


@bp.get("/tournaments/<int:tid>/results.csv")
@documented(Answer({"type": "string"}, "text/csv"), query=[LANG], errors=(400, 401, 403, 404))
def results_csv(tid: int):
    """Results as CSV (UTF-8 BOM, ';')"""
    require_tournament(tid, {"director"})
    lang = _lang()
    _state, _name, leagues, rows = _rows(tid)
    yes, no = ("ja", "nein") if lang == "de" else ("yes", "no")
    out = [RESULTS_CSV[lang] + [LEAGUE_POINTS[lang].format(league=lge.name) for lge in leagues]]
    for r, e, prize, pts in rows:
        out.append(
            [
                r.place,
                r.tie if r.place is not None else None,
                r.name,
                _money(prize),
                _money(shown(e.paid)) if e.paid is not None else None,
                e.rebuys,
                yes if e.addon else no,
                e.reentries,
                yes if r.disqualified else no,
            ]
            + [pts[lge.id] for lge in leagues]
        )
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
def standings_csv(league_id: int):
    """Standings as CSV (UTF-8 BOM, ';')"""
    caller = require_director()
    lang = _lang()
    period = request.args.get("period", "overall")
    if text_problem(period, 20):  # it names the file (a header): no control characters
        raise ApiError(400, "validation", f"period: {text_problem(period, 20)}", "period")
    with session_scope(_app().db) as session:
        row = club_league(session, league_id, caller.club_id)
    body = lg.league_standings(_app().db, _app().service, row)
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
    head = STANDINGS_CSV[lang]
    out = [head] + [[x["rank"], x["name"], x["points"], x["tournaments"], x["wins"], x["best_place"]] for x in lines]
    return _csv(out, f"standings-{league_id}-{period}.csv")


@bp.get("/tournaments/<int:tid>/results.html")
@documented(Answer({"type": "string"}, "text/html"), query=[LANG], errors=(400, 401, 403, 404))
def results_html(tid: int):
    """Printable results page (A4)"""
    require_tournament(tid, {"director"})
    lang = _lang()
    t = RESULTS[lang]
    state, name, leagues, rows = _rows(tid)
    currency, region = state.format.get("currency", ""), region_of(state.format)
    head = [t["place"], t["name"], t["prize"], t["paid"], t["extra"]] + [f"{t['points']} {lge.name}" for lge in leagues]
    classes = ["n", "", "n", "n", "n"] + ["n"] * len(leagues)  # "n": a number, right-aligned
    body_rows = []
    for r, e, prize, pts in rows:
        if r.disqualified:
            place = t["dq"]
        elif r.place is None:
            place = t["in"]
        else:
            place = f"{r.place}." if r.tie == 1 else f"{r.place}.–{r.place + r.tie - 1}."
        cells = [
            place,
            r.name,
            money_text(prize, currency, lang, region) if prize else "",
            money_text(shown(e.paid), currency, lang, region) if e.paid is not None else "",
            f"{e.rebuys} / {1 if e.addon else 0} / {e.reentries}",
        ] + ["" if pts[lge.id] is None else str(pts[lge.id]) for lge in leagues]
        body_rows.append(list(zip(classes, cells, strict=True)))
    return printable(
        "results.html",
        lang=lang,
        stylesheet="results.css",
        t=t,
        name=name,
        entries=len(state.entries) - len(state.released),
        pool=money_text(shown(money.pool(state)), currency, lang, region),
        provisional=state.status != "finished",
        head=list(zip(classes, head, strict=True)),
        rows=body_rows,
    )
