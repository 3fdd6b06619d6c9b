"""Persons, leagues and series: points, standings and qualification across tournaments.

Places come from each tournament's state (the service's cache), never recomputed here. A
tournament still running counts provisionally: only players already out have a place. Pure
functions first (points, ranking, qualification), then the database glue.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from ..engine import TournamentState
from ..engine.model import Entry, name_fold
from ..store import League, LeagueTournament, Person, Tournament, TournamentEntryPerson, session_scope, stored_id

KINDS = ("v_ranking", "n_series", "g_tour", "p_satellite", "custom")
# V-XII: 25, 21, 17, 13, 11, 10, 9, 8, 7 "usw." (one less per place, never below the floor).
V_XII = {"table": [25, 21, 17, 13, 11, 10, 9, 8, 7], "then": "minus_one", "floor": 1}
P_FINAL_SEATS = 10  # P-Satellite: at most 10 at the final table; more winners means a semifinal


class States(Protocol):
    """Where a tournament's state comes from (the service, in the app): read/ only reads it."""

    def state(self, tournament_id: int) -> TournamentState: ...


# --- persons ---------------------------------------------------------------------------------


def name_key(name: str) -> str:
    return " ".join(str(name).split()).casefold()


def search_key(name: str) -> str:
    """The name folded for a search: spaces, case and accents aside ("Jürg" finds "Jurg", "ß" "ss")."""
    return name_fold(name)[:80]  # the engine's duplicate check folds alike (engine/model.py)


def canonical_name(db: Engine, club_id: int, typed: str) -> str:
    """The name of the club's one person whose name folds alike, else the name as typed (spaces
    collapsed): a sign-up typed "Jurg Meier" registers "Jürg Meier", and no second person is made."""
    typed = " ".join(typed.split())
    with Session(db) as session:
        names = session.exec(
            select(Person.name).where(Person.club_id == club_id, Person.search_key == search_key(typed)).limit(2)
        ).all()
    return names[0] if len(names) == 1 else typed


def club_person(session: Session, club_id: int, person_id: int | None, name: str) -> Person | None:
    """The club's person: the one given (if he is the club's), else the one with exactly this name
    (spaces and case aside) in the club."""
    if person_id is not None:
        person = session.get(Person, person_id)
        return person if person is not None and person.club_id == club_id else None
    return session.exec(select(Person).where(Person.club_id == club_id, Person.name_key == name_key(name))).first()


def link_entry(
    session: Session, club_id: int, tournament_id: int, entry_id: int, name: str, person_id: int | None, now: int
) -> Person:
    """Link a registered entry to a person of the tournament's club: the given one, else the one
    with exactly this name, else a new person. Idempotent per (tournament, entry)."""
    existing = session.get(TournamentEntryPerson, (tournament_id, entry_id))
    if existing is not None:
        linked = session.get(Person, existing.person_id)
        assert linked is not None  # a link's person is never deleted
        return linked
    person = club_person(session, club_id, person_id, name)
    if person is None and person_id is not None:
        person = club_person(session, club_id, None, name)
    if person is None:
        person = Person(
            club_id=club_id,
            name=" ".join(name.split()),
            name_key=name_key(name),
            search_key=search_key(name),
            created_at=now,
        )
        session.add(person)
        session.flush()
    session.add(TournamentEntryPerson(tournament_id=tournament_id, entry_id=entry_id, person_id=stored_id(person)))
    return person


def person_json(p: Person) -> dict:
    return {"id": p.id, "name": p.name, "created_at": p.created_at}


# --- points ----------------------------------------------------------------------------------


def points_at(place: int, rule: dict | None) -> int:
    """Points for one place. After the table: `minus_one` goes on one less per place (V-XII
    "usw."), `zero` gives nothing; never below `floor`."""
    if not rule:
        return 0
    table, floor = rule.get("table") or [], int(rule.get("floor") or 0)
    if place <= len(table):
        return max(int(table[place - 1]), floor)
    if rule.get("then") == "minus_one" and table:
        return max(int(table[-1]) - (place - len(table)), floor)
    return 0


def points_for(place: int | None, tie: int, rule: dict | None) -> int:
    """A shared place (place p, shared by `tie` players) gets the average of the points of
    places p .. p+tie-1, rounded down. No place (still in, or disqualified): no points."""
    if place is None or not rule:
        return 0
    tie = max(int(tie or 1), 1)
    return sum(points_at(p, rule) for p in range(place, place + tie)) // tie


# --- results of one tournament ---------------------------------------------------------------


@dataclass
class Result:
    entry_id: int
    name: str
    person_id: int | None
    place: int | None
    tie: int
    disqualified: bool
    still_in: bool


def result_of(state: TournamentState, e: Entry, person_id: int | None) -> Result:
    """One entry's result as the tournament's state stands."""
    place = e.place
    if state.status == "finished" and place is None and not e.disqualified and state.winner == e.entry_id:
        place = 1
    return Result(
        e.entry_id,
        e.name,
        person_id,
        place,
        e.tie if place is not None else 1,
        bool(e.disqualified),
        place is None and not e.disqualified,
    )


def results(state: TournamentState, persons: dict[int, int]) -> list[Result]:
    """Every entry of a tournament, ranked: placed players by place, then those still in,
    then the disqualified."""
    out = [
        result_of(state, e, persons.get(e.entry_id))
        for e in state.entries.values()
        if e.status != "released"  # lost the seat when check-in closed (N-3.6): never played
    ]
    out.sort(key=lambda r: (r.disqualified, r.place is None, r.place or 0, r.name.casefold()))
    return out


def winners(rs: list[Result]) -> list[Result]:
    return [r for r in rs if r.place == 1]


# --- standings -------------------------------------------------------------------------------


@dataclass
class Line:
    key: str
    person_id: int | None
    name: str
    points: int = 0
    tournaments: int = 0
    wins: int = 0
    best: int | None = None
    places: list = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "person_id": self.person_id,
            "name": self.name,
            "points": self.points,
            "tournaments": self.tournaments,
            "wins": self.wins,
            "best_place": self.best,
        }


def period_keys(played_on: str) -> tuple[str, str]:
    """'2026-03-14' -> ('2026-03', '2026-H1'): month and half-year (V-I.d.1)."""
    year, month = played_on[:4], int(played_on[5:7])
    return played_on[:7], f"{year}-H{1 if month <= 6 else 2}"


def rank(lines: list[Line]) -> list[dict]:
    """Most points first; equal points: more wins, then the better best place. Lines equal in
    all three share the rank (1, 2, 2, 4)."""

    def sort_key(line: Line) -> tuple[int, int, int]:
        return (-line.points, -line.wins, line.best or 10**9)

    ordered = sorted(lines, key=lambda line: (*sort_key(line), line.name.casefold()))
    out: list[dict] = []
    last, last_rank = None, 0
    for i, line in enumerate(ordered, start=1):
        k = sort_key(line)
        if k != last:
            last, last_rank = k, i
        out.append({"rank": last_rank, **line.as_dict()})
    return out


def standings(league: dict, tournaments: list[dict]) -> dict:
    """`tournaments`: [{"id", "name", "played_on", "status", "results": [Result]}], any order.
    Returns overall, per-month and per-half-year tables and the qualifications."""
    rule = league.get("points")
    buckets: dict[str, dict[str, Line]] = {"overall": {}}
    for t in sorted(tournaments, key=lambda t: (t["played_on"], t["id"])):
        month, half = period_keys(t["played_on"])
        for r in t["results"]:
            if r.disqualified:  # N-3.7: no prize, and no points either
                continue
            key = f"p{r.person_id}" if r.person_id is not None else f"n:{name_key(r.name)}"
            pts = points_for(r.place, r.tie, rule)
            for bucket in ("overall", month, half):
                line = buckets.setdefault(bucket, {}).setdefault(key, Line(key, r.person_id, r.name))
                line.tournaments += 1
                line.points += pts
                if r.place is not None:
                    line.wins += r.place == 1 and r.tie == 1
                    line.best = r.place if line.best is None else min(line.best, r.place)
    months = sorted(k for k in buckets if len(k) == 7 and k[4] == "-" and "H" not in k)
    halves = sorted(k for k in buckets if "-H" in k)
    provisional = {t["played_on"][:7] for t in tournaments if t["status"] != "finished"}
    provisional_halves = {period_keys(t["played_on"])[1] for t in tournaments if t["status"] != "finished"}
    out: dict[str, Any] = {
        "overall": rank(list(buckets["overall"].values())),
        "months": [
            {"period": m, "provisional": m in provisional, "standings": rank(list(buckets[m].values()))} for m in months
        ],
        "half_years": [
            {"period": h, "provisional": h in provisional_halves, "standings": rank(list(buckets[h].values()))}
            for h in halves
        ],
    }
    out["qualification"] = qualification(league["kind"], tournaments, out)
    return out


def qualification(kind: str, tournaments: list[dict], table: dict) -> dict:
    """Who qualifies for what, by the league's kind. Only finished tournaments (or months with
    every tournament finished) qualify anyone."""

    def who(r: Result) -> dict:
        return {"person_id": r.person_id, "name": r.name}

    if kind == "v_ranking":  # V-I.e: each month's winner plays the yearly Champions Trophy
        qualified = []
        for month in table["months"]:
            if month["provisional"] or not month["standings"]:
                continue
            for line in month["standings"]:
                if line["rank"] == 1 and line["points"] > 0:
                    qualified.append({"person_id": line["person_id"], "name": line["name"], "period": month["period"]})
        return {"for": "champions_trophy", "rule": "V-I.e", "qualified": qualified}
    if kind in ("n_series", "p_satellite"):
        qualified = []
        for t in sorted(tournaments, key=lambda t: (t["played_on"], t["id"])):
            if t["status"] != "finished":
                continue
            for r in winners(t["results"]):
                qualified.append({**who(r), "tournament_id": t["id"]})
        if kind == "n_series":  # N-3.7: the winner of each Monday tournament plays the series final free
            return {"for": "series_final", "rule": "N-3.7", "qualified": qualified}
        # P-Satellite: each qualifier table's winner reaches the final; more than 10: a semifinal
        return {
            "for": "final",
            "rule": "P-Satellite",
            "qualified": qualified,
            "semifinal": len(qualified) > P_FINAL_SEATS,
        }
    return {"for": None, "rule": None, "qualified": []}  # G-Spielform, custom: points only


# --- database glue ---------------------------------------------------------------------------


def day_of(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%d")


def night_of(state: TournamentState, created_at: int) -> str:
    """The day a tournament was played: the day its seats were drawn (a tournament created a week
    ahead for registration is played on the night), else the day it was created."""
    return day_of(state.drawn_at or created_at)


def league_json(league: League, tournament_ids: list[int] | None = None) -> dict:
    out: dict[str, Any] = {
        "id": league.id,
        "name": league.name,
        "kind": league.kind,
        "points": league.points,
        "created_at": league.created_at,
    }
    if tournament_ids is not None:
        out["tournaments"] = tournament_ids
    return out


def persons_of(session: Session, tournament_id: int) -> dict[int, int]:
    rows = session.exec(select(TournamentEntryPerson).where(TournamentEntryPerson.tournament_id == tournament_id))
    return {row.entry_id: row.person_id for row in rows}


def tournament_results(db: Engine, service: States, tournament_id: int) -> list[Result]:
    with session_scope(db) as session:
        persons = persons_of(session, tournament_id)
    return results(service.state(tournament_id), persons)


def league_tournaments(session: Session, league_id: int) -> list[LeagueTournament]:
    return list(
        session.exec(
            select(LeagueTournament)
            .where(LeagueTournament.league_id == league_id)
            .order_by(col(LeagueTournament.played_on), col(LeagueTournament.tournament_id))
        )
    )


def leagues_of(session: Session, tournament_id: int) -> list[League]:
    rows = session.exec(
        select(League)
        .join(LeagueTournament, col(LeagueTournament.league_id) == col(League.id))
        .where(LeagueTournament.tournament_id == tournament_id)
        .order_by(col(League.id))
    )
    return list(rows)


def league_standings(db: Engine, service: States, league: League) -> dict:
    with session_scope(db) as session:
        links = league_tournaments(session, stored_id(league))
        names = (
            {
                t.id: t.name
                for t in session.exec(
                    select(Tournament).where(col(Tournament.id).in_([lt.tournament_id for lt in links]))
                )
            }
            if links
            else {}
        )
        persons = {lt.tournament_id: persons_of(session, lt.tournament_id) for lt in links}
        ids = {pid for entries in persons.values() for pid in entries.values()}
        person_names = (
            {p.id: p.name for p in session.exec(select(Person).where(col(Person.id).in_(ids)))} if ids else {}
        )
    tournaments = []
    for lt in links:
        state = service.state(lt.tournament_id)
        rs = results(state, persons[lt.tournament_id])
        for r in rs:  # a person is shown by his one name, however an entry spelt it
            r.name = person_names.get(r.person_id, r.name)
        tournaments.append(
            {
                "id": lt.tournament_id,
                "name": names.get(lt.tournament_id, ""),
                "played_on": lt.played_on,
                "status": state.status,
                "results": rs,
            }
        )
    body = standings({"kind": league.kind, "points": league.points}, tournaments)
    body["tournaments"] = [
        {
            "id": t["id"],
            "name": t["name"],
            "played_on": t["played_on"],
            "status": t["status"],
            "provisional": t["status"] != "finished",
        }
        for t in tournaments
    ]
    return body


def carried_headhunter_chips(
    db: Engine, service: States, club_id: int, tournament_id: int, name: str, person_id: int | None
) -> int:
    """A person's headhunter chips from the latest earlier tournament with headhunter chips that
    was played to its end: they add up across tournament days and never expire (V-VII.r). A
    tournament never drawn (a cancelled night, a test) or not finished is no game day: it hands out
    nothing, and the day before it counts. 0 for a new person."""
    with session_scope(db) as session:
        person = club_person(session, club_id, person_id, name)
        if person is None:
            return 0
        links = session.exec(
            select(TournamentEntryPerson)
            .where(TournamentEntryPerson.person_id == person.id, TournamentEntryPerson.tournament_id != tournament_id)
            .order_by(col(TournamentEntryPerson.tournament_id).desc(), col(TournamentEntryPerson.entry_id).desc())
        ).all()
    for link in links:
        state = service.state(link.tournament_id)
        entry = state.entries.get(link.entry_id)
        # A registration taken back or lost at check-in never played: his chips stay where they were.
        played = entry is not None and entry.status != "released"
        if state.preset.get("headhunter") and state.status == "finished" and played and link.entry_id in state.hh:
            return max(0, state.hh[link.entry_id])
    return 0
