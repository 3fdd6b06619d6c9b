"""What the API does around a command beyond the engine, named in the command's declaration
(`effects=` in engine/catalog.py): work that needs the database outside the tournament's own log.

`before` runs before the service decides (it may refuse with a 400, or fill in the payload);
`after` runs once the command is committed and applied, and never fails the command: it is
acknowledged whatever happens there (a failure is logged, not answered as a 500 that a phone would
retry forever, each retry replaying the stored 200 into the same failure)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from ..floor import PokerFloor
from ..legal_profiles import find_profile
from ..read.league import carried_headhunter_chips
from ..read.legal_day import legal_day
from ..store import Tournament, existing, session_scope
from .league import check_person, link_registration
from .personal_links import link_signups
from .registration_import import link_entries
from .sign_up_mail import mail_promoted

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Effect:
    before: Callable[[PokerFloor, int, dict], None] | None = None  # may fill in the payload
    after: Callable[[PokerFloor, int, dict, dict], None] | None = None  # also gets the result
    # Like `after`, but only on the command's first answer, never on a replayed op_id: what
    # reaches a person (a mail) must not go out again when a phone sends the command twice.
    once: Callable[[PokerFloor, int, dict, dict], None] | None = None


def _check_person(app: PokerFloor, tid: int, payload: dict) -> None:
    check_person(
        app.db, app.service.club_of(tid), payload.get("person_id")
    )  # a 400 naming person_id when there is no such person


def _link_person(app: PokerFloor, tid: int, payload: dict, result: dict) -> None:
    if "entry_id" in result:  # not when he went onto the waiting list (N-3.3)
        link_registration(app, tid, result["entry_id"], payload.get("person_id"))


def _carry_headhunter_chips(app: PokerFloor, tid: int, payload: dict) -> None:
    """Headhunter chips follow the person from one tournament day to the next (V-VII.r)."""
    if not payload.get("hh_carried") and app.service.state(tid).preset.get("headhunter"):
        payload["hh_carried"] = carried_headhunter_chips(
            app.db, app.service, app.service.club_of(tid), tid, payload["name"], payload.get("person_id")
        )


def _legal_day(app: PokerFloor, tid: int, payload: dict) -> None:
    """The law's day (VGS Art. 39 Abs. 2, 3): the person's Startgelder and the club's in its other
    tournaments of the day, and how many of them started (read/legal_day.py). Always the server's:
    `legal_day` is no field of any payload schema, so a phone cannot send it, and it is set here anew."""
    payload.pop("legal_day", None)
    entry_id = payload.get("entry_id")
    day = legal_day(
        app.db,
        app.service,
        app.service.club_of(tid),
        tid,
        app.service.clock(),
        payload.get("name"),
        payload.get("person_id"),
        entry_id if isinstance(entry_id, int) else None,
    )
    if day is not None:
        payload["legal_day"] = day


def _legal_profile(app: PokerFloor, tid: int, payload: dict) -> None:
    """set_legal_profile: the profile's limits from shared_rules/legal/, never a phone's."""
    payload["limits"] = find_profile(str(app.config.LEGAL_DIR), payload.get("profile"))


def _link_imported(app: PokerFloor, tid: int, payload: dict, result: dict) -> None:
    link_entries(app, tid, [r["entry_id"] for r in result["imported"]])


def _link_promoted(app: PokerFloor, tid: int, payload: dict, result: dict) -> None:
    entry_ids = [p["entry_id"] for p in result["promoted"]]
    link_entries(app, tid, entry_ids)
    link_signups(app, tid, entry_ids)  # a sign-up's personal link now leads to his place


def _mail_promoted(app: PokerFloor, tid: int, payload: dict, result: dict) -> None:
    mail_promoted(app, tid, [p["entry_id"] for p in result["promoted"]])  # "a place is free for you"


def _list_tournament(app: PokerFloor, tid: int, payload: dict, result: dict) -> None:
    """The club's public page lists tournaments by their start (api/sign_up.py)."""
    with session_scope(app.db) as session:
        tournament = existing(session.get(Tournament, tid))
        tournament.starts_at = result["starts_at"]


EFFECTS: dict[str, Effect] = {
    "link_person": Effect(before=_check_person, after=_link_person),  # leagues: the entry is this person
    "carry_headhunter_chips": Effect(before=_carry_headhunter_chips),
    "link_promoted": Effect(after=_link_promoted, once=_mail_promoted),  # entries promoted from the waiting list
    "link_imported": Effect(after=_link_imported),  # entries registered from a CSV file
    "list_tournament": Effect(after=_list_tournament),  # on the club's public page by its start
    "legal_day": Effect(before=_legal_day),  # the club's day under the law (engine/legal.py)
    "legal_profile": Effect(before=_legal_profile),  # the limits a profile's id stands for
}


def run_before(app: PokerFloor, tid: int, effects: tuple[str, ...], payload: dict) -> None:
    for name in effects:
        before = EFFECTS[name].before
        if before is not None:
            before(app, tid, payload)


def run_after(
    app: PokerFloor,
    tid: int,
    effects: tuple[str, ...],
    type: str,
    payload: dict,
    result: dict,
    replayed: bool = False,
) -> None:
    for name in effects:
        effect = EFFECTS[name]
        for after in (effect.after, None if replayed else effect.once):
            if after is None:
                continue
            try:
                after(app, tid, payload, result)
            except Exception:
                log.exception("%s after %s in tournament %s failed", name, type, tid)
