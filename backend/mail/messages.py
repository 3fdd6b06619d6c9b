"""The mails themselves: a sign-up's confirmation (a place, or the waiting list and where on it)
and the news that a place is free. Pure: the facts in, an EmailMessage out."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from email.message import EmailMessage
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .words import MAIL, MONTHS, WEEKDAYS


@dataclass(frozen=True)
class SignUpFacts:
    """What a mail to one sign-up says."""

    to: str
    lang: str
    name: str
    tournament: str
    club: str
    link: str
    starts_at: int | None = None  # ms
    id_check: bool = False  # the preset checks IDs at check-in (N-3.4)
    time_zone: str = "Europe/Zurich"


def when_text(ms: int, lang: str, time_zone: str) -> str:
    """ "Fri 5 Dec 2026, 19:00" / "Fr. 5.12.2026, 19:00" in the club's time zone."""
    try:
        zone: dt.tzinfo = ZoneInfo(time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        zone = dt.UTC
    at = dt.datetime.fromtimestamp(ms / 1000, zone)
    day = WEEKDAYS.get(lang, WEEKDAYS["en"])[at.weekday()]
    if lang == "de":
        return f"{day} {at.day}.{at.month}.{at.year}, {at:%H:%M}"
    return f"{day} {at.day} {MONTHS[at.month - 1]} {at.year}, {at:%H:%M}"


def _words(facts: SignUpFacts) -> dict[str, str]:
    return MAIL.get(facts.lang, MAIL["en"])


def _message(facts: SignUpFacts, subject_key: str, lines: list[str]) -> EmailMessage:
    w = _words(facts)
    message = EmailMessage()
    message["To"] = facts.to
    message["Subject"] = w[subject_key].format(tournament=facts.tournament)
    message["Content-Language"] = facts.lang
    body = [w["greeting"].format(name=facts.name), "", *lines, "", w["link"], facts.link, "", w["cancel"], ""]
    body.append(w["sign_off"].format(club=facts.club))
    message.set_content("\n".join(body) + "\n")
    return message


def _when(facts: SignUpFacts) -> str:
    if facts.starts_at is None:
        return ""
    return _words(facts)["when"].format(date=when_text(facts.starts_at, facts.lang, facts.time_zone))


def _check_in(facts: SignUpFacts) -> str:
    w = _words(facts)
    return w["check_in"].format(id=w["id"] if facts.id_check else "")


def signed_up(facts: SignUpFacts, position: int | None) -> EmailMessage:
    """The confirmation: a place (he pays at check-in), or the waiting list at `position`."""
    w, when = _words(facts), _when(facts)
    if position is None:
        lines = [w["registered"].format(tournament=facts.tournament, when=when), _check_in(facts)]
        return _message(facts, "registered_subject", lines)
    return _message(
        facts, "waiting_subject", [w["waiting"].format(tournament=facts.tournament, when=when, position=position)]
    )


def moved_up(facts: SignUpFacts) -> EmailMessage:
    """A place is free: his now, as a reservation until he checks in and pays."""
    w = _words(facts)
    lines = [w["moved_up"].format(tournament=facts.tournament, when=_when(facts)), _check_in(facts)]
    return _message(facts, "moved_up_subject", lines)
