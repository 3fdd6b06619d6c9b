"""Exports (directors only): results and standings as CSV for Excel, and a printable results
page (A4; its HTML is backend/templates/results.html). CSV is UTF-8 with a BOM, `;`-separated,
CRLF: what German Excel opens with a double click, umlauts intact."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import date

from flask import Blueprint, Response, request
from flask.typing import ResponseReturnValue

from ..auth.access import require_director, require_tournament
from ..documents.registration_csv import split_name
from ..engine import money
from ..engine.model import TournamentState
from ..engine.payouts import shown
from ..errors import ApiError
from ..floor import floor
from ..read import league as lg
from ..read.locale_format import money_text, region_of
from ..store import Club, Tournament, existing, session_scope
from ..words import LEAGUE_POINTS, RESULTS, RESULTS_CSV, STANDINGS_CSV
from .contract import LANG, Answer, documented, query_param
from .league import club_league
from .print_assets import printable
from .schemas import text_problem

bp = Blueprint("exports", __name__, url_prefix="/api")


def _cell(value: object) -> object:
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


def _money(value: float | None) -> str:
    """German Excel reads a decimal comma; whole amounts stay plain."""
    if value is None:
        return ""
    return str(value).replace(".", ",") if isinstance(value, float) else str(value)


@dataclass
class Night:
    """One tournament's results as the exports show them: what it was (name, club, day) and one
    row per entry, with only the columns this tournament has."""

    state: TournamentState
    name: str
    club: str
    day: date
    leagues: list  # the leagues that count points for it (a series without points has no column)
    rows: list[tuple]  # (Result, Entry, prize, {league_id: points})
    columns: list[str]  # of COLUMNS, in order


# The columns a tournament may have, in order; `_columns` keeps those it has.
COLUMNS = ("prize", "paid", "rebuys", "addon", "reentries", "knockouts", "hh")


def _columns(state: TournamentState, prizes: list) -> list[str]:
    """A freeze-out has no rebuy column, a night without money no prize column (zeros say
    nothing): the preset's format decides; payouts show once one was handed over, knockouts once
    a dealer named an eliminator."""
    fmt = state.format
    has = {
        "prize": money.pool(state) > 0 or any(prizes),
        "paid": bool(state.paid),  # once a prize was handed over
        "rebuys": bool(fmt.get("rebuy")),
        "addon": bool(fmt.get("addon")),
        "reentries": bool(fmt.get("reentry")),
        "knockouts": bool(state.preset.get("headhunter")) or any(state.knockouts.values()),
        "hh": bool(state.preset.get("headhunter")),
    }
    return [c for c in COLUMNS if has[c]]


def _night(tid: int) -> Night:
    state = floor().service.state(tid)
    with session_scope(floor().db) as session:
        persons = lg.persons_of(session, tid)
        leagues = [lge for lge in lg.leagues_of(session, tid) if lge.points]
        tournament = existing(session.get(Tournament, tid))
        club = session.get(Club, tournament.club_id)
        name, club_name, created_at = tournament.name, club.name if club else "", tournament.created_at
    rows = []
    for r in lg.results(state, persons):
        e = state.entries[r.entry_id]
        prize = shown(money.prize(state, e))
        pts = {lge.id: (None if r.disqualified else lg.points_for(r.place, r.tie, lge.points)) for lge in leagues}
        rows.append((r, e, prize, pts))
    day = date.fromisoformat(lg.night_of(state, created_at))
    return Night(state, name, club_name, day, leagues, rows, _columns(state, [row[2] for row in rows]))


def _lang() -> str:
    lang = request.args.get("lang", "de")
    if lang not in RESULTS_CSV:
        raise ApiError(400, "validation", "lang: Must be one of: de, en.", "lang")
    return lang


def _day_text(day: date, lang: str, form: str) -> str:
    words = RESULTS[lang]
    return words[form].format(
        weekday=words["weekdays"][day.weekday()],
        day=day.day,
        month=words["months"][day.month - 1] if form == "date" else day.month,
        year=day.year,
    )


@bp.get("/tournaments/<int:tid>/results.csv")
@documented(Answer({"type": "string"}, "text/csv"), query=[LANG], errors=(400, 401, 403, 404))
def results_csv(tid: int) -> ResponseReturnValue:
    """Results as CSV (UTF-8 BOM, ';')"""
    require_tournament(tid, {"director"})
    lang = _lang()
    night = _night(tid)
    head = RESULTS_CSV[lang]
    yes, no = RESULTS[lang]["yes"], RESULTS[lang]["no"]
    day = _day_text(night.day, lang, "csv_date")
    out = [
        [head[c] for c in ("place", "tie", "name", "first", "last", *night.columns, "disqualified")]
        + [head["date"], head["tournament"], head["club"]]
        + [LEAGUE_POINTS[lang].format(league=lge.name) for lge in night.leagues]
    ]
    for r, e, prize, pts in night.rows:
        cells = {
            "prize": _money(prize),
            "paid": _money(shown(e.paid)) if e.paid is not None else None,
            "rebuys": e.rebuys,
            "addon": yes if e.addon else no,
            "reentries": e.reentries,
            "knockouts": night.state.knockouts.get(e.entry_id, 0),
            "hh": night.state.hh.get(e.entry_id, 0),
        }
        out.append(
            [r.place, r.tie if r.place is not None else None, r.name, *split_name(r.name)]
            + [cells[c] for c in night.columns]
            + [yes if r.disqualified else no, day, night.name, night.club]
            + [pts[lge.id] for lge in night.leagues]
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
def standings_csv(league_id: int) -> ResponseReturnValue:
    """Standings as CSV (UTF-8 BOM, ';')"""
    caller = require_director()
    lang = _lang()
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
    lang = _lang()
    t = RESULTS[lang]
    night = _night(tid)
    state = night.state
    currency, region = state.format.get("currency", ""), region_of(state.format)
    head = (
        [("n", t["place"]), ("name", t["name"])]
        + [("n", t[c]) for c in night.columns]
        + [("n", f"{t['points']} {lge.name}") for lge in night.leagues]  # "n": a number, right-aligned
    )
    body_rows = []
    for r, e, prize, pts in night.rows:
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
            + [("n", cells[c]) for c in night.columns]
            + [("n", "" if pts[lge.id] is None else str(pts[lge.id])) for lge in night.leagues]
        )
    has_money = "prize" in night.columns
    return printable(
        "results.html",
        lang=lang,
        stylesheet="results.css",
        t=t,
        name=night.name,
        club=night.club,
        day=_day_text(night.day, lang, "date"),
        entries=len(state.entries) - len(state.released),
        pool=money_text(shown(money.pool(state)), currency, lang, region) if has_money else None,
        provisional=state.status != "finished",
        head=head,
        rows=body_rows,
    )
