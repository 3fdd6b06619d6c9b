"""A league's standings as they leave the club (docs/standings-publish.md): the public page and the
standings mail show the overall table with each name as the club chose, full, as initials or not at
all. Pure: the standings (read/league.py, cached by read/my_league.py) in, plain rows out."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

PUBLIC_ROWS = 500  # a page (and a mail) shows at most this many lines; a club league has far fewer
AT_THE_TABLES = ("seated", "running")  # drawn and not finished (engine/model.py TournamentState.status)


def initials(name: str) -> str:
    """ "Jürg Meier" → "J. M.", "Anna-Lena von Arx" → "A.-L. v. A.": the first letter of each part,
    as written (a "von" stays small)."""
    words = []
    for word in unicodedata.normalize("NFC", name).split():
        parts = [p for p in word.split("-") if p]
        if parts:
            words.append("-".join(f"{p[0]}." for p in parts))
    return " ".join(words) or "?"


def shown_name(name: str, mode: str) -> str | None:
    """The name as the club publishes it; None when names are hidden (rank and points only)."""
    if mode == "full":
        return name
    if mode == "initials":
        return initials(name)
    return None


@dataclass(frozen=True)
class Row:
    rank: int
    name: str | None  # as shown; None: hidden
    points: int
    nights: int
    wins: int
    person_id: int | None  # for the mail's "you"; never shown


@dataclass(frozen=True)
class PublicTable:
    rows: list[Row]
    more: int  # lines left out past PUBLIC_ROWS
    players: int
    counts_points: bool  # a league without a points table ranks by wins: no column of zeros
    provisional: bool  # a night of the league is still running: its players still in have no place yet
    nights: int
    last_night: dict | None  # {"name", "played_on"} of the latest finished night


def public_table(body: dict, names: str, counts_points: bool) -> PublicTable:
    """The overall standings of `body` (league_standings' answer) with names shown per `names`."""
    overall = body["overall"]
    rows = [
        Row(
            line["rank"],
            shown_name(line["name"], names),
            line["points"],
            line["tournaments"],
            line["wins"],
            line["person_id"],
        )
        for line in overall[:PUBLIC_ROWS]
    ]
    finished = [t for t in body["tournaments"] if not t["provisional"]]
    last = max(finished, key=lambda t: (t["played_on"], t["id"]), default=None)
    return PublicTable(
        rows=rows,
        more=max(0, len(overall) - PUBLIC_ROWS),
        players=len(overall),
        counts_points=counts_points,
        # A night the league holds ahead of time (registration still open) is neither played nor
        # being played: the page and the mail say "provisional" only while one is at the tables.
        provisional=any(t["status"] in AT_THE_TABLES for t in body["tournaments"]),
        nights=sum(t["status"] in AT_THE_TABLES or t["status"] == "finished" for t in body["tournaments"]),
        last_night=None if last is None else {"name": last["name"], "played_on": last["played_on"]},
    )
