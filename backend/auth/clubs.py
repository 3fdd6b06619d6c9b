"""Clubs on one server: a club owns its directors, tournaments, leagues, persons and
custom presets. The server's first setup link creates the first club and its director is the
server's admin; the admin (or `pokerfloor club add`) creates the others, each with an invitation
for its first director; a club's full directors invite the rest (docs/clubs.md)."""

from __future__ import annotations

import re
import unicodedata

from sqlalchemy import func
from sqlmodel import Session, col, select

from ..store import Club, Director, Token, Tournament, TournamentDirector
from .tokens import mint_token, new_token, token_value

INVITE_VALID_MS = 7 * 24 * 3600 * 1000
DEFAULT_CLUB_NAME = "Club"


def slug_of(name: str) -> str:
    """The club's name as its public page's address: "PC Zürich 1" -> "pc-zuerich-1"."""
    folded = unicodedata.normalize("NFKD", name.casefold().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue"))
    ascii_only = folded.replace("ß", "ss").encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_only).strip("-")[:50] or "club"


def free_slug(session: Session, name: str) -> str:
    """slug_of(name), with -2, -3 ... where another club has it."""
    base = slug_of(name)
    taken = set(session.exec(select(Club.slug).where(col(Club.slug).startswith(base))))
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    return slug


def create_club(session: Session, name: str, now: int) -> Club:
    club = Club(name=name, created_at=now, slug=free_slug(session, name))
    session.add(club)
    session.flush()
    return club


def invite(
    session: Session,
    secret: str,
    *,
    club_id: int,
    access: str,
    now: int,
    inviter_id: int | None = None,
    tournament_id: int | None = None,
) -> str:
    """A one-time setup link's token: whoever opens it becomes a director of `club_id` with
    `access` (a limited one runs `tournament_id` from the start). Good for a week."""
    token, row = new_token(secret, role="setup", now=now, tournament_id=tournament_id, table_no=None, entry_id=None)
    row.director_id, row.club_id, row.access = inviter_id, club_id, access
    session.add(row)
    session.flush()
    return token


def is_first_setup(row: Token) -> bool:
    """The link the server prints while it has no director: it creates the first club."""
    return row.club_id is None and row.director_id is None


def invitation_expired(row: Token, now: int) -> bool:
    return not is_first_setup(row) and now - row.created_at > INVITE_VALID_MS


def first_setup_token(session: Session, secret: str, now: int) -> str:
    """The server's first-login link (one live one, shown again on every start until used)."""
    row = session.exec(
        select(Token).where(
            Token.role == "setup",
            col(Token.club_id).is_(None),
            col(Token.director_id).is_(None),
            col(Token.revoked_at).is_(None),
        )
    ).first()
    if row is not None:
        return token_value(secret, row.nonce)
    return mint_token(session, secret, role="setup", now=now)[0]


def runs_tournament(session: Session, director_id: int | None, tournament_id: int, created_by: int | None) -> bool:
    """A limited director runs the tournaments he created and those given to him."""
    return created_by == director_id or session.get(TournamentDirector, (tournament_id, director_id)) is not None


def runs(session: Session, director_id: int) -> list[int]:
    """The tournaments a limited director runs (runs_tournament, for all of them at once)."""
    created = session.exec(select(Tournament.id).where(Tournament.created_by == director_id)).all()
    given = session.exec(select(TournamentDirector.tournament_id).where(TournamentDirector.director_id == director_id))
    return sorted({*created, *given})


def director_json(session: Session | None, d: Director) -> dict:
    body: dict[str, object] = {"id": d.id, "username": d.username, "access": d.access, "admin": d.is_admin}
    if session is not None and d.access == "limited" and d.id is not None:
        body["tournaments"] = runs(session, d.id)
    return body


def club_json(club: Club) -> dict:
    """The club as its directors see it: with its public page's address and privacy settings."""
    return {
        "id": club.id,
        "name": club.name,
        "slug": club.slug,
        "show_names": club.show_names,
        "retention_days": club.retention_days,
    }


def club_summaries(session: Session) -> list[dict]:
    """Every club with how many directors and tournaments it has (the admin's list: no names)."""
    directors = dict(
        session.exec(
            select(Director.club_id, func.count()).where(Director.access != "removed").group_by(col(Director.club_id))
        ).all()
    )
    tournaments = dict(session.exec(select(Tournament.club_id, func.count()).group_by(col(Tournament.club_id))).all())
    return [
        {
            "id": c.id,
            "name": c.name,
            "created_at": c.created_at,
            "directors": directors.get(c.id or 0, 0),
            "tournaments": tournaments.get(c.id or 0, 0),
        }
        for c in session.exec(select(Club).order_by(col(Club.id)))
    ]


def _live(session: Session, role: str, director_id: int) -> list[Token]:
    return list(
        session.exec(
            select(Token).where(Token.role == role, Token.director_id == director_id, col(Token.revoked_at).is_(None))
        )
    )


def session_token_ids(session: Session, director_id: int) -> list[int]:
    """A director's live sign-ins (one per phone)."""
    return [row.id for row in _live(session, "director", director_id) if row.id is not None]


def revoke_rights(session: Session, director_id: int, now: int) -> list[int]:
    """His rights shrink: his sign-ins and the setup links he handed out that nobody used yet are
    revoked (a spare account he invited for himself must not outlive his removal). Returns the
    sign-ins, which the caller drops from the sockets and push subscriptions."""
    revoked = []
    for row in _live(session, "director", director_id) + _live(session, "setup", director_id):
        row.revoked_at = now
        if row.role == "director" and row.id is not None:
            revoked.append(row.id)
    return revoked
