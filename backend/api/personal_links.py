"""A player's personal link from his sign-up: one player token from the waiting list to the prize.

The token is made once per sign-up (its row keeps the sign-up's number) and is the seat card's token
too: it carries the entry once he has a place in the field, so every player screen, socket room and
push notice keyed by the entry reaches the phone that signed up. A sign-up that waits has no entry
yet: its link shows the waiting list (read/views.py signup_view) until a promotion links it
(`link_signups`, run after the promoting command; `relink` mends a link a crash left unlinked).
"""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from ..auth.tokens import mint_token, token_value
from ..floor import PokerFloor
from ..store import SignUp, Token, session_scope


def _signup_token(session: Session, tid: int, signup_no: int) -> Token | None:
    return session.exec(
        select(Token).where(
            Token.role == "player",
            Token.tournament_id == tid,
            Token.signup_no == signup_no,
            Token.revoked_at == None,  # noqa: E711 — SQLAlchemy turns `== None` into IS NULL
        )
    ).first()


def personal_token(
    app: PokerFloor, tid: int, signup_no: int, entry_id: int | None, now: int, contact: dict | None = None
) -> tuple[str, bool]:
    """The sign-up's token, made on its first answer; a replayed sign-up gets the same one. Kept in
    one transaction with the sign-up's `contact` row (SignUp's other fields): one commit per
    sign-up, not two (on SQLite each commit waits for the disk while no other phone is served).

    Two tries of one sign-up at once (a phone's retry that overtook its first try, on another
    worker) both found no token and no contact row and both wrote them: two links to one sign-up,
    and a 500 on the contact row's key. The unique index on the live token's sign-up (migration
    0011) and that key let one write win; the other rolls back and reads what the winner wrote.
    Also says whether this call wrote the contact row (the first answer: its confirmation is mailed)."""
    for attempt in (1, 2):
        try:
            first = False
            with session_scope(app.db) as session:
                token = _token_of(app, session, tid, signup_no, entry_id, now)
                if contact is not None and session.get(SignUp, (tid, signup_no)) is None:
                    session.add(SignUp(tournament_id=tid, signup_no=signup_no, created_at=now, **contact))
                    first = True
            return token, first
        except IntegrityError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def _token_of(app: PokerFloor, session: Session, tid: int, signup_no: int, entry_id: int | None, now: int) -> str:
    secret = app.config.SECRET_KEY
    row = _signup_token(session, tid, signup_no)
    if row is not None:
        if row.entry_id is None and entry_id is not None:
            row.entry_id = entry_id
        return token_value(secret, row.nonce)
    token, row = mint_token(session, secret, role="player", now=now, tournament_id=tid, entry_id=entry_id)
    row.signup_no = signup_no
    session.flush()  # the unique index speaks now, inside the retry
    return token


def link_signups(app: PokerFloor, tid: int, entry_ids: list[int]) -> None:
    """Entries that came from the waiting list: their sign-ups' links now lead to the entry. Every
    worker forgets the caller it kept for such a link and its open sockets are dropped, so the
    phone reconnects as the entry's (the player view) at once."""
    state = app.service.state(tid)
    wanted = {}
    for signup_no, found in state.signups.items():
        if found.get("entry_id") in entry_ids:
            wanted[signup_no] = found["entry_id"]
    if not wanted:
        return
    changed = []
    with session_scope(app.db) as session:
        for signup_no, entry_id in wanted.items():
            row = _signup_token(session, tid, signup_no)
            if row is not None and row.entry_id != entry_id:
                row.entry_id = entry_id
                changed.append(row.id)
    for token_id in changed:
        if token_id is not None:
            app.realtime.drop_token(token_id)


def relink(app: PokerFloor, tid: int, signup_no: int) -> int | None:
    """The entry a waiting link leads to now, linking its token if a crash left it unlinked."""
    found = app.service.state(tid).signups.get(signup_no) or {}
    entry_id = found.get("entry_id")
    if entry_id is not None:
        link_signups(app, tid, [entry_id])
    return entry_id


def signup_token(app: PokerFloor, tid: int, signup_no: int) -> str | None:
    """The sign-up's personal token (for a mail that carries his link), None if it has none."""
    with session_scope(app.db) as session:
        row = _signup_token(session, tid, signup_no)
        return token_value(app.config.SECRET_KEY, row.nonce) if row is not None else None
