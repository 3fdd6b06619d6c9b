"""Bearer tokens for every role.

A token is HMAC-SHA256(secret, nonce) in base64url (256 bits). The database keeps the nonce
and the token's SHA-256, never the token: a leaked database gives no working token, yet the
server can show a table's QR code again. Revoking sets revoked_at.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import NamedTuple

from sqlalchemy import bindparam, false, func, literal_column, select as core_select
from sqlmodel import Session, select

from ..store.driver import DriverTransaction
from ..store.models import Director, Token, Tournament


class TokenError(Exception):
    pass


def token_value(secret: str, nonce: str) -> str:
    digest = hmac.new(secret.encode(), nonce.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def mint_token(
    session: Session,
    secret: str,
    *,
    role: str,
    now: int,
    tournament_id: int | None = None,
    table_no: int | None = None,
    entry_id: int | None = None,
    director_id: int | None = None,
) -> tuple[str, Token]:
    token, row = new_token(
        secret, role=role, now=now, tournament_id=tournament_id, table_no=table_no, entry_id=entry_id
    )
    row.director_id = director_id
    session.add(row)
    session.flush()
    return token, row


def new_token(
    secret: str, *, role: str, now: int, tournament_id: int | None, table_no: int | None, entry_id: int | None
) -> tuple[str, Token]:
    """A fresh nonce, its token and the row that keeps the nonce and the token's hash."""
    nonce = secrets.token_urlsafe(24)
    token = token_value(secret, nonce)
    row = Token(
        token_hash=_hash(token),
        nonce=nonce,
        role=role,
        tournament_id=tournament_id,
        table_no=table_no,
        entry_id=entry_id,
        created_at=now,
    )
    return token, row


def subject_token(
    session: Session,
    secret: str,
    *,
    role: str,
    now: int,
    tournament_id: int,
    table_no: int | None = None,
    entry_id: int | None = None,
) -> str:
    """The live token for a table, an entry or the display, minted on first use."""
    row = session.exec(
        select(Token).where(
            Token.role == role,
            Token.tournament_id == tournament_id,
            Token.table_no == table_no,
            Token.entry_id == entry_id,
            Token.revoked_at == None,  # noqa: E711 — SQLAlchemy turns `== None` into IS NULL
        )
    ).first()
    if row is not None:
        return token_value(secret, row.nonce)
    return mint_token(
        session, secret, role=role, now=now, tournament_id=tournament_id, table_no=table_no, entry_id=entry_id
    )[0]


Subject = tuple[str, int | None, int | None]  # (role, table_no, entry_id) of one tournament


def subject_tokens(
    session: Session, secret: str, *, now: int, tournament_id: int, subjects: list[Subject]
) -> list[str]:
    """The live tokens of many subjects of one tournament, in their order: one read of the
    tournament's tokens, the missing ones minted in the same transaction. (One lookup per subject
    scanned every token of the tournament: 10,112 players' links took 9 s.)"""
    rows = session.exec(
        select(Token).where(Token.tournament_id == tournament_id, Token.revoked_at == None)  # noqa: E711
    )
    live = {(row.role, row.table_no, row.entry_id): token_value(secret, row.nonce) for row in rows}
    for role, table_no, entry_id in subjects:
        if (role, table_no, entry_id) not in live:  # minted here, flushed with the transaction
            token, row = new_token(
                secret, role=role, now=now, tournament_id=tournament_id, table_no=table_no, entry_id=entry_id
            )
            session.add(row)
            live[(role, table_no, entry_id)] = token
    return [live[subject] for subject in subjects]


def find_token(session: Session, token: str | None) -> Token | None:
    if not token or len(token) > 200:
        return None
    row = session.exec(select(Token).where(Token.token_hash == _hash(token))).first()
    if row is None or row.revoked_at is not None:
        return None
    return row


class LiveToken(NamedTuple):
    """What a live token grants (the row's columns a caller is made of), with its club: a
    director's own, else his tournament's."""

    id: int
    role: str
    tournament_id: int | None
    table_no: int | None
    entry_id: int | None
    director_id: int | None
    club_id: int | None
    access: str | None  # a director's (models.ACCESS)
    admin: bool
    signup_no: int | None  # a player's personal link from his sign-up (engine/sign_up.py)


TOKENS = Token.__table__  # type: ignore[attr-defined]
DIRECTORS = Director.__table__  # type: ignore[attr-defined]
TOURNAMENTS = Tournament.__table__  # type: ignore[attr-defined]
# Built once, run on the driver's cursor (store/driver.py): a phone's token is looked up on its
# first command and again every minute after (auth/access.py), through the ORM ~0.5 ms each. The
# club comes in the same read: the director's row for a director's session, the tournament's for
# the others (each join on a primary key).
LIVE_TOKEN = (
    core_select(
        TOKENS.c.id,
        TOKENS.c.role,
        TOKENS.c.tournament_id,
        TOKENS.c.table_no,
        TOKENS.c.entry_id,
        TOKENS.c.director_id,
        func.coalesce(DIRECTORS.c.club_id, TOURNAMENTS.c.club_id),
        DIRECTORS.c.access,
        func.coalesce(DIRECTORS.c.is_admin, false()),
        TOKENS.c.signup_no,
    )
    .select_from(
        TOKENS.outerjoin(
            DIRECTORS, (DIRECTORS.c.id == TOKENS.c.director_id) & (TOKENS.c.role == literal_column("'director'"))
        ).outerjoin(TOURNAMENTS, TOURNAMENTS.c.id == TOKENS.c.tournament_id)
    )
    .where(TOKENS.c.token_hash == bindparam("token_hash"), TOKENS.c.revoked_at.is_(None))
)


def find_live_token(tx: DriverTransaction, token: str | None) -> LiveToken | None:
    """`find_token` for the hot path: the columns only, on a read of the driver's connection."""
    if not token or len(token) > 200:
        return None
    row = tx.execute(LIVE_TOKEN, {"token_hash": _hash(token)}).first()
    return LiveToken._make((*row[:8], bool(row[8]), row[9])) if row is not None else None


def find_revoked_token(session: Session, token: str | None) -> Token | None:
    """The row of a token the director has revoked, so the phone can be told why it stopped."""
    if not token or len(token) > 200:
        return None
    row = session.exec(select(Token).where(Token.token_hash == _hash(token))).first()
    return row if row is not None and row.revoked_at is not None else None
