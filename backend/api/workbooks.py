"""Excel workbooks (.xlsx) for the club's treasurer and league manager (docs/exports.md), next to
the CSV exports and with their access: a tournament's results (a director who may see it), a
league's standings and the season's workbook (any director of the club; a limited director's
season holds only the tournaments he runs)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from flask import Blueprint, Response, request
from flask.typing import ResponseReturnValue
from marshmallow import fields, validate

from ..auth import clubs
from ..auth.access import require_director, require_tournament
from ..documents.workbook import XLSX, Column, Money, Sheet, workbook
from ..engine.payload import StrictSchema, Text
from ..engine.payouts import exact
from ..floor import floor
from ..read import league as lg
from ..read.cash_box import cash_box
from ..read.locale_format import currency_unit
from ..read.season import season
from ..service import now_ms
from ..store import session_scope
from ..words import RESULTS, STANDINGS_CSV, WORKBOOKS
from .contract import Answer, documented
from .league import club_league
from .results_sheet import Night, night, results_sheet

bp = Blueprint("workbooks", __name__, url_prefix="/api")

XLSX_ANSWER = Answer({"type": "string", "format": "binary"}, XLSX)
FIRST_YEAR, LAST_YEAR = 2000, 2100


class WorkbookQuery(StrictSchema):
    lang = Text(load_default="de", validate=validate.OneOf(["de", "en"]))


class SeasonQuery(WorkbookQuery):
    year = fields.Integer(
        load_default=None,
        validate=validate.Range(min=FIRST_YEAR, max=LAST_YEAR),
        metadata={"description": "the calendar year (default: this year)"},
    )


def _xlsx(body: bytes, filename: str) -> Response:
    return Response(
        body,
        mimetype=XLSX,
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
    )


@bp.get("/tournaments/<int:tid>/results.xlsx")
@documented(XLSX_ANSWER, query=WorkbookQuery, errors=(400, 401, 403, 404))
def results_xlsx(tid: int) -> ResponseReturnValue:
    """Results as an Excel workbook (.xlsx)"""
    require_tournament(tid, {"director"})
    lang = WorkbookQuery().load(request.args)["lang"]
    return _xlsx(workbook([results_sheet(night(tid), lang)], lang), f"results-{tid}.xlsx")


def _period_title(period: str, lang: str) -> str:
    """'2026-03' → 'März 2026', '2026-H1' → '1. Halbjahr 2026' / 'H1 2026'."""
    year, _, part = period.partition("-")
    if part.startswith("H"):
        return str(WORKBOOKS[lang]["half"]).format(half=part[1:], year=year)
    return f"{RESULTS[lang]['months'][int(part) - 1]} {year}"


def _standings_sheet(title: str, lines: list[dict], with_points: bool, lang: str) -> Sheet:
    head = STANDINGS_CSV[lang]
    keys = [k for k in head if k != "points" or with_points]  # a series without points: no column of zeros
    columns = [Column(head[k], "text" if k == "name" else "int") for k in keys]
    return Sheet(title, columns, [[line[k] for k in keys] for line in lines])


@bp.get("/leagues/<int:league_id>/standings.xlsx")
@documented(XLSX_ANSWER, query=WorkbookQuery, errors=(400, 401, 403, 404))
def standings_xlsx(league_id: int) -> ResponseReturnValue:
    """Standings as an Excel workbook: overall, each half-year and month, the tournaments"""
    caller = require_director()
    lang = WorkbookQuery().load(request.args)["lang"]
    words = WORKBOOKS[lang]
    with session_scope(floor().db) as session:
        row = club_league(session, league_id, caller.club_id)
    body = lg.league_standings(floor().db, floor().service, row)
    points = bool(row.points)
    sheets = [_standings_sheet(words["overall"], body["overall"], points, lang)]
    for period in body["half_years"] + body["months"]:
        sheets.append(_standings_sheet(_period_title(period["period"], lang), period["standings"], points, lang))
    played = [
        [date.fromisoformat(t["played_on"]), t["name"], words["running" if t["provisional"] else "finished"]]
        for t in body["tournaments"]
    ]
    columns = [Column(words["date"], "date"), Column(words["tournament"]), Column(words["status"])]
    sheets.append(Sheet(words["tournaments"], columns, played))
    return _xlsx(workbook(sheets, lang), f"standings-{league_id}.xlsx")


SUMMARY_COUNTS = ("players", "buy_ins", "rebuys", "addons", "reentries")
SUMMARY_MONEY = ("pool", "house", "paid_out", "still_to_pay")
CASH_KEYS = {"pool": "prize_pool", "house": "house", "paid_out": "paid_out", "still_to_pay": "still_to_pay"}


def _summary(nights: list[Night], year: int, lang: str) -> Sheet:
    """One row per tournament: what came in and went out (the night's cash box), and the winner;
    below them a total per currency (numbers, no formulas)."""
    words = WORKBOOKS[lang]
    columns = (
        [Column(words["date"], "date"), Column(words["tournament"]), Column(words["status"])]
        + [Column(words[k], "int") for k in SUMMARY_COUNTS]
        + [Column(words[k], "money") for k in SUMMARY_MONEY]
        + [Column(words["winner"])]
    )
    rows: list[list] = []
    totals: dict[str, dict[str, Any]] = {}  # per currency unit
    for n in nights:
        box, unit = cash_box(n.state), currency_unit(n.currency)
        counts = {"players": len(n.rows), **{k: box[k] for k in SUMMARY_COUNTS[1:]}}
        amounts = {k: exact(box[CASH_KEYS[k]]) for k in SUMMARY_MONEY}
        winners = " / ".join(r.name for r, *_ in n.rows if r.place == 1)
        status = words["finished" if n.state.status == "finished" else "running"]
        rows.append(
            [n.day, n.name, status]
            + [counts[k] for k in SUMMARY_COUNTS]
            + [Money(float(amounts[k]), unit) for k in SUMMARY_MONEY]
            + [winners]
        )
        total = totals.setdefault(unit, {**dict.fromkeys(SUMMARY_COUNTS, 0), **dict.fromkeys(SUMMARY_MONEY, exact(0))})
        for k in SUMMARY_COUNTS:
            total[k] += counts[k]
        for k in SUMMARY_MONEY:
            total[k] += amounts[k]
    total_rows = [
        [None, str(words["total"]).format(currency=unit).strip(), None]
        + [t[k] for k in SUMMARY_COUNTS]
        + [Money(float(t[k]), unit) for k in SUMMARY_MONEY]
        + [None]
        for unit, t in totals.items()
    ]
    return Sheet(str(words["summary"]).format(year=year), columns, rows, totals=total_rows)


@bp.get("/club/season.xlsx")
@documented(XLSX_ANSWER, query=SeasonQuery, errors=(400, 401, 403))
def season_xlsx() -> ResponseReturnValue:
    """The season (a calendar year) as one workbook: a summary, then each tournament's results"""
    caller = require_director()
    q = SeasonQuery().load(request.args)
    lang = q["lang"]
    year = q["year"] or datetime.fromtimestamp(now_ms() / 1000, tz=UTC).year
    only = None
    if caller.access == "limited":
        with session_scope(floor().db) as session:
            only = clubs.runs(session, caller.director)
    played = season(floor().db, floor().service, caller.club, year, only)
    nights = [night(p.tournament_id) for p in played]
    sheets = [_summary(nights, year, lang)]
    sheets += [results_sheet(n, lang, title=f"{n.day:%m-%d} {n.name}") for n in nights]
    return _xlsx(workbook(sheets, lang), f"season-{year}.xlsx")
