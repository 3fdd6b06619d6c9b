"""One tournament's results as a typed table: the CSV (api/exports.py), the .xlsx files
(api/workbooks.py) and The Hendon Mob's file (api/hendon_mob.py) are written from it, so they
always agree. Only the columns the tournament has; numbers are numbers, the day a date."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from flask import request

from ..documents.registration_csv import split_name
from ..documents.workbook import Column, Sheet
from ..engine import money
from ..engine.model import TournamentState
from ..engine.payouts import shown
from ..errors import ApiError
from ..floor import floor
from ..read import league as lg
from ..read.locale_format import currency_unit
from ..store import Club, Tournament, existing, session_scope
from ..words import LEAGUE_POINTS, RESULTS, RESULTS_CSV


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

    @property
    def currency(self) -> str:
        return str(self.state.format.get("currency") or "")


# The columns a tournament may have, in order; `_columns` keeps those it has, each with its kind.
COLUMNS = {
    "prize": "money",
    "paid": "money",
    "rebuys": "int",
    "addon": "text",
    "reentries": "int",
    "knockouts": "int",
    "hh": "int",
}


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


def night(tid: int) -> Night:
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


def lang_asked() -> str:
    lang = request.args.get("lang", "de")
    if lang not in RESULTS_CSV:
        raise ApiError(400, "validation", "lang: Must be one of: de, en.", "lang")
    return lang


def day_text(day: date, lang: str, form: str) -> str:
    words = RESULTS[lang]
    return words[form].format(
        weekday=words["weekdays"][day.weekday()],
        day=day.day,
        month=words["months"][day.month - 1] if form == "date" else day.month,
        year=day.year,
    )


def results_sheet(n: Night, lang: str, title: str | None = None) -> Sheet:
    """The results as the CSV has them, typed: place, shared by how many, the name (whole and
    split), the night's columns, disqualified, the day, the tournament, the club, league points."""
    head = RESULTS_CSV[lang]
    yes, no = RESULTS[lang]["yes"], RESULTS[lang]["no"]
    columns = (
        [Column(head["place"], "int"), Column(head["tie"], "int")]
        + [Column(head[k]) for k in ("name", "first", "last")]
        + [Column(head[c], COLUMNS[c]) for c in n.columns]
        + [Column(head["disqualified"]), Column(head["date"], "date"), Column(head["tournament"]), Column(head["club"])]
        + [Column(LEAGUE_POINTS[lang].format(league=lge.name), "int") for lge in n.leagues]
    )
    rows = []
    for r, e, prize, pts in n.rows:
        cells = {
            "prize": prize,
            "paid": shown(e.paid) if e.paid is not None else None,
            "rebuys": e.rebuys,
            "addon": yes if e.addon else no,
            "reentries": e.reentries,
            "knockouts": n.state.knockouts.get(e.entry_id, 0),
            "hh": n.state.hh.get(e.entry_id, 0),
        }
        rows.append(
            [r.place, r.tie if r.place is not None else None, r.name, *split_name(r.name)]
            + [cells[c] for c in n.columns]
            + [yes if r.disqualified else no, n.day, n.name, n.club]
            + [pts[lge.id] for lge in n.leagues]
        )
    return Sheet(title or n.name, columns, rows, unit=currency_unit(n.currency))
