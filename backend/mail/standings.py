"""The standings mail after a finished night (docs/standings-publish.md): for each of the night's
leagues the player is in, his rank and the top of the table (names as the club publishes them, his
own line "you"), the public page if there is one, and the one-click unsubscribe (RFC 8058). Pure:
the facts in, an EmailMessage out."""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage

from ..read.public_standings import PublicTable, Row
from .words import STANDINGS

TOP = 10  # lines of each table in the mail; his own follows when he is further down


@dataclass(frozen=True)
class LeagueFacts:
    name: str
    table: PublicTable
    link: str | None  # the public page, when the league is published


@dataclass(frozen=True)
class StandingsFacts:
    to: str
    lang: str
    name: str  # his own name (the greeting): the club's person, as entered
    person_id: int
    tournament: str
    club: str
    leagues: list[LeagueFacts]
    unsubscribe: str  # the one-click link (a signed token: api/standings_mail.py)


def _value(row: Row, counts_points: bool, w: dict[str, str]) -> str:
    if counts_points:
        return w["point"] if row.points == 1 else w["points"].format(n=row.points)
    return w["win"] if row.wins == 1 else w["wins"].format(n=row.wins)


def _line(row: Row, mine: bool, counts_points: bool, w: dict[str, str]) -> str:
    name = w["you"] if mine else row.name
    value = _value(row, counts_points, w)
    return f"{row.rank:>3}. {name} – {value}" if name else f"{row.rank:>3}. {value}"


def _league(facts: StandingsFacts, league: LeagueFacts, w: dict[str, str]) -> list[str]:
    table = league.table
    mine = next((row for row in table.rows if row.person_id == facts.person_id), None)
    lines = [w["league"].format(league=league.name, players=table.players)]
    if table.provisional:
        lines.append(w["provisional"])
    if mine is not None:
        lines.append(w["you_line"].format(rank=mine.rank, value=_value(mine, table.counts_points, w)))
    lines.append("")
    top = table.rows[:TOP]
    lines += [_line(row, row is mine, table.counts_points, w) for row in top]
    if mine is not None and mine not in top:
        lines += ["    …", _line(mine, True, table.counts_points, w)]
    if league.link:
        lines += ["", w["whole"].format(link=league.link)]
    return lines


def standings_mail(facts: StandingsFacts) -> EmailMessage:
    w = STANDINGS.get(facts.lang, STANDINGS["en"])
    message = EmailMessage()
    message["To"] = facts.to
    message["Subject"] = w["subject"].format(tournament=facts.tournament)
    message["Content-Language"] = facts.lang
    # RFC 8058: a mail client's own "unsubscribe" posts to the link, no page to open.
    message["List-Unsubscribe"] = f"<{facts.unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    body = [w["greeting"].format(name=facts.name), "", w["lead"].format(tournament=facts.tournament)]
    for league in facts.leagues:
        body += ["", *_league(facts, league, w)]
    body += [
        "",
        "--",
        w["why"],
        w["unsubscribe"].format(link=facts.unsubscribe),
        "",
        w["sign_off"].format(club=facts.club),
    ]
    message.set_content("\n".join(body) + "\n")
    return message
