"""The mails to a sign-up (backend/mail/): its confirmation after the first answer to the sign-up
(api/sign_up.py), and "a place is free for you" when it moves up from the waiting list (the
`link_promoted` effect, once per command). Only to an address he gave and has not erased; a
failure is logged and never reaches the command (the mail is sent on a background task)."""

from __future__ import annotations

import logging

from ..engine.model import TournamentState
from ..floor import PokerFloor
from ..mail import messages
from ..mail.keys import sign_up_key
from ..mail.messages import SignUpFacts
from ..store import Club, SignUp, Tournament, existing, session_scope
from .personal_links import signup_token
from .phone_links import phone_link

log = logging.getLogger(__name__)


def _facts(app: PokerFloor, state: TournamentState, tid: int, signup_no: int, link: str) -> SignUpFacts | None:
    """Whom to write and what about; None without an address (never given, or erased)."""
    with session_scope(app.db) as session:
        row = session.get(SignUp, (tid, signup_no))
        if row is None or not row.email or row.erased_at is not None:
            return None
        tournament = existing(session.get(Tournament, tid))
        club = existing(session.get(Club, tournament.club_id))
        to, lang, title, club_name, starts_at = row.email, row.lang, tournament.name, club.name, tournament.starts_at
    found = state.signups.get(signup_no) or {}
    entry = state.entries.get(found["entry_id"]) if found.get("entry_id") is not None else None
    return SignUpFacts(
        to=to,
        lang=lang,
        name=found.get("name") or (entry.name if entry else ""),
        tournament=title,
        club=club_name,
        link=link,
        starts_at=starts_at,
        id_check=bool(state.format.get("id_check")) and not (entry is not None and entry.id_checked),
        time_zone=app.config.MAIL_TIME_ZONE,
    )


def mail_sign_up(app: PokerFloor, tid: int, signup_no: int, link: str, position: int | None) -> None:
    """His confirmation: a place, or the waiting list at `position`."""
    if not app.mailer.enabled:
        return
    try:
        facts = _facts(app, app.service.state(tid), tid, signup_no, link)
        if facts is not None:
            app.mailer.send(messages.signed_up(facts, position), key=sign_up_key(tid, signup_no))
    except Exception:
        log.exception("the sign-up mail of tournament %s, sign-up %s failed", tid, signup_no)


def mail_promoted(app: PokerFloor, tid: int, entry_ids: list[int]) -> None:
    """The sign-ups that moved up as reservations (he is not at the desk): a place is free for
    him, check in and pay. Those promoted at the desk (present) stand in front of the director."""
    if not app.mailer.enabled or not entry_ids:
        return
    state = app.service.state(tid)
    for signup_no, found in state.signups.items():
        entry_id = found.get("entry_id")
        if entry_id not in entry_ids or state.entries[entry_id].present:
            continue
        try:
            token = signup_token(app, tid, signup_no)
            facts = _facts(app, state, tid, signup_no, phone_link("player", token)) if token else None
            if facts is not None:
                app.mailer.send(messages.moved_up(facts), key=sign_up_key(tid, signup_no))
        except Exception:
            log.exception("the moved-up mail of tournament %s, sign-up %s failed", tid, signup_no)
