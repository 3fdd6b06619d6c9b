"""A player's season: every night the club recorded for one person, and what they add up to
(GET /api/tournaments/<tid>/my-history from his link, GET /api/persons/<id>/history for a director).

Identity is the club's `Person` (read/league.py): each registration is linked to one, so the
nights are the person's rows of `tournament_entry_person` (by its person index) and nothing else
is read: no pass over the club's tournaments. Places, prizes, knockouts and headhunter chips come
from each tournament's state (the service's cache), never recomputed; a night still running counts
as it stands (provisional), as the league's standings count it. Computed on request.

Played means: the seats were drawn and the entry did not lose its place at check-in (N-3.6). A
night before its draw is still to come and is left out.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import col, select

from ..engine import TournamentState, money
from ..engine.payouts import shown
from ..store import League, LeagueTournament, Person, Tournament, TournamentEntryPerson, session_scope
from . import league as lg

DRAWN = ("seated", "running", "finished")


@dataclass(frozen=True)
class Played:
    """One (tournament, entry) of the person, with what the night needs from the database."""

    tournament_id: int
    entry_id: int
    name: str
    preset_id: str
    created_at: int
    leagues: tuple[League, ...]  # the leagues with a points table that count this tournament


def night(state: TournamentState, played: Played) -> dict | None:
    """The person's night in one tournament as its state says, None if he did not play it."""
    entry = state.entries.get(played.entry_id)
    if state.status not in DRAWN or entry is None or entry.status == "released":
        return None
    result = lg.result_of(state, entry, None)
    place = None if result.disqualified else result.place
    headhunter = bool(state.preset.get("headhunter"))
    return {
        "tournament_id": played.tournament_id,
        "name": played.name,
        "preset_id": played.preset_id,
        "played_on": lg.night_of(state, played.created_at),
        "status": state.status,
        "provisional": state.status != "finished",
        "entry_id": played.entry_id,
        "place": place,
        "tie": result.tie if place is not None else 1,
        "players": len(state.entries) - len(state.released),
        "still_in": result.still_in,
        "disqualified": result.disqualified,
        "prize": shown(money.prize(state, entry)),
        "currency": str(state.format.get("currency") or ""),
        "knockouts": state.knockouts.get(played.entry_id, 0),
        "reentries": entry.reentries,
        "rebuys": entry.rebuys,
        "hh_chips": state.hh.get(played.entry_id, 0) if headhunter else None,
        "points": [
            {
                "league_id": league.id,
                "name": league.name,
                # N-3.7: a disqualified player gets no points (as the standings count him)
                "points": 0 if result.disqualified else lg.points_for(place, result.tie, league.points),
            }
            for league in played.leagues
        ],
    }


def totals(nights: list[dict], leagues: dict[int, League]) -> dict[str, Any]:
    """What the nights add up to. `nights` newest first."""
    prizes: dict[str, float] = defaultdict(float)
    points: dict[int, dict[str, int]] = {}
    for n in nights:
        if n["prize"]:
            prizes[n["currency"]] += n["prize"]
        for p in n["points"]:
            line = points.setdefault(p["league_id"], {"points": 0, "nights": 0})
            if not n["disqualified"]:
                line["points"] += p["points"]
                line["nights"] += 1
    placed = [n for n in nights if n["place"] is not None]
    best = min(placed, key=lambda n: (n["place"], n["tie"]), default=None)
    headhunter = next((n["hh_chips"] for n in nights if n["hh_chips"] is not None), None)
    return {
        "nights": len(nights),
        "cashes": sum(1 for n in nights if n["prize"] > 0),
        "wins": sum(1 for n in nights if n["place"] == 1),
        "prizes": [{"currency": c, "amount": _whole(a)} for c, a in sorted(prizes.items())],
        "best": None
        if best is None
        else {"place": best["place"], "tie": best["tie"], "tournament_id": best["tournament_id"]},
        "knockouts": sum(n["knockouts"] for n in nights),
        "reentries": sum(n["reentries"] for n in nights),
        "rebuys": sum(n["rebuys"] for n in nights),
        "hh_chips": headhunter,  # the balance after his latest night with headhunter chips (V-VII.r)
        "leagues": [
            {
                "league_id": league_id,
                "name": leagues[league_id].name,
                "kind": leagues[league_id].kind,
                "points": line["points"],
                "nights": line["nights"],
            }
            for league_id, line in sorted(points.items())
        ],
    }


def _whole(amount: float) -> int | float:
    """Sums of prizes as the prizes are written: whole amounts without decimals."""
    return int(amount) if float(amount).is_integer() else round(amount, 2)


def history(service: lg.States, person: dict | None, played: list[Played]) -> dict[str, Any]:
    nights = [n for p in played if (n := night(service.state(p.tournament_id), p)) is not None]
    nights.sort(key=lambda n: (n["played_on"], n["tournament_id"], n["entry_id"]), reverse=True)
    leagues = {league.id: league for p in played for league in p.leagues if league.id is not None}
    return {
        "kind": "player_history",
        "person": person,
        "nights": nights,
        "totals": totals(nights, leagues),
        "provisional": any(n["provisional"] for n in nights),
    }


def _played(db: Engine, club_id: int, links: list[tuple[int, int]]) -> list[Played]:
    """The rows the nights need, in three queries whatever the number of nights: the tournaments
    (only the club's) and the leagues with points that count them."""
    tids = sorted({tid for tid, _ in links})
    if not tids:
        return []
    with session_scope(db) as session:
        tournaments = {
            t.id: t
            for t in session.exec(select(Tournament).where(col(Tournament.id).in_(tids), Tournament.club_id == club_id))
        }
        counted: dict[int, list[League]] = defaultdict(list)
        for lt, league in session.exec(
            select(LeagueTournament, League)
            .join(League, col(League.id) == col(LeagueTournament.league_id))
            .where(col(LeagueTournament.tournament_id).in_(tids), League.club_id == club_id)
            .order_by(col(League.id))
        ):
            if league.points:  # a series without points (N-3.7) qualifies winners, it counts none
                counted[lt.tournament_id].append(league)
    return [
        Played(tid, entry_id, t.name, t.preset_id, t.created_at, tuple(counted[tid]))
        for tid, entry_id in links
        if (t := tournaments.get(tid)) is not None
    ]


def person_history(db: Engine, service: lg.States, club_id: int, person_id: int) -> dict[str, Any] | None:
    """The person's history, None if he is no person of this club."""
    with session_scope(db) as session:
        person = session.get(Person, person_id)
        if person is None or person.club_id != club_id:
            return None
        links = [
            (row.tournament_id, row.entry_id)
            for row in session.exec(select(TournamentEntryPerson).where(TournamentEntryPerson.person_id == person_id))
        ]
        who = {"id": person.id, "name": person.name}
    return history(service, who, _played(db, club_id, links))


def vouched_for(state: TournamentState, entry_id: int) -> bool:
    """Whether the club vouches that this entry is the person it is linked to: the director
    registered him at the desk, or the desk saw the ID of one who signed up online. A name typed on
    the club's public page is linked to the club's person by its spelling alone (read/league.py
    canonical_name), so a stranger who signs up as "anna  WEISS" must not read Anna's season or
    change her standings mail until the desk has seen who he is."""
    entry = state.entries.get(entry_id)
    return entry is not None and (entry_id not in state.signup_of or entry.id_checked)


def vouched_person(db: Engine, state: TournamentState, tournament_id: int, entry_id: int) -> int | None:
    """The club's person this entry is, if the club vouches for the link (`vouched_for`)."""
    if not vouched_for(state, entry_id):
        return None
    with session_scope(db) as session:
        link = session.get(TournamentEntryPerson, (tournament_id, entry_id))
        return link.person_id if link is not None else None


def entry_history(db: Engine, service: lg.States, club_id: int, tournament_id: int, entry_id: int | None) -> dict:
    """A player link's history: his person's, or, for an entry linked to no person, this one night
    (a link still on the waiting list has no entry: nothing yet)."""
    if entry_id is None:
        return history(service, None, [])
    person_id = vouched_person(db, service.state(tournament_id), tournament_id, entry_id)
    if person_id is not None:
        found = person_history(db, service, club_id, person_id)
        if found is not None:
            return found
    return history(service, None, _played(db, club_id, [(tournament_id, entry_id)]))
