"""SQLModel tables. The event table is append-only; projections are rebuilt from it."""

from __future__ import annotations

import secrets
from typing import Any, Protocol, TypeVar

from sqlalchemy import JSON, BigInteger, Column, Index, LargeBinary, UniqueConstraint, text
from sqlmodel import Field, SQLModel, select


class Club(SQLModel, table=True):
    """A club on a shared server: it owns its directors, tournaments, leagues, persons
    and custom presets. A director sees and acts in his club only (auth/access.py)."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120)
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))
    # The club's public page (/c/<slug>, docs/sign-up.md): its upcoming tournaments and sign-up.
    slug: str | None = Field(default=None, max_length=60, unique=True)
    # What the public page shows of who signed up: names, or only the counts (docs/privacy.md).
    show_names: bool = False
    # Days after a tournament that its sign-ups' contact data (e-mail) is kept (docs/privacy.md).
    retention_days: int = Field(default=90)
    # The room's screens (docs/club-images.md): the TVs' colours (one of SCREEN_THEMES) and how many
    # seconds each sponsor image stays in the TV's brand slot.
    theme: str = Field(default="night", max_length=10)
    rotate_s: int = Field(default=12)
    # The club's chip set (docs/structures.md): [{value, colour, count}] by value, None until saved.
    chips: list[dict[str, Any]] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


SCREEN_THEMES = ("night", "day", "felt", "royal")


class ClubImage(SQLModel, table=True):
    """A club's logo (one) or sponsor image (a few), as re-encoded by the server from a director's
    upload (documents/club_image.py): kept in the database, so every worker serves it and the backups
    hold it. Served at /media/<club_id>/<id>-<sha256[:12]>.<png|webp> (api/club_images.py)."""

    __tablename__ = "club_image"
    __table_args__ = (Index("ix_club_image_club", "club_id", "kind", "position"),)
    id: int | None = Field(default=None, primary_key=True)
    club_id: int = Field(foreign_key="club.id")
    kind: str = Field(max_length=10)  # logo | sponsor
    name: str = Field(default="", max_length=60)  # the sponsor's name: the TV's alt text
    position: int = Field(default=0)  # the sponsors' order in the rotation, from 0
    mime: str = Field(max_length=20)  # image/png | image/webp
    width: int
    height: int
    sha256: str = Field(max_length=64)  # of `data`
    data: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))


# What a director may do in his club: everything; only the tournaments he runs (created or was
# given, TournamentDirector); read without acting (a second director watching from the bar); nothing
# any more (he left the club: he cannot sign in, his name stays in the audit log).
ACCESS = ("full", "limited", "observer", "removed")


class Director(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    # One name per server, not per club: a director signs in with his name alone.
    username: str = Field(max_length=80, unique=True)
    password_hash: str = Field(max_length=255)
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))
    club_id: int = Field(foreign_key="club.id", index=True)
    access: str = Field(default="full", max_length=10)  # one of ACCESS
    is_admin: bool = False  # the server's admin: creates clubs (the first director)


class Tournament(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120)
    preset_id: str = Field(max_length=60)
    club_id: int = Field(foreign_key="club.id", index=True)
    created_by: int | None = Field(default=None, foreign_key="director.id")
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))
    # When it starts (ms), set with its sign-up (engine/sign_up.py) in the same transaction:
    # the club's public page lists the tournaments still to come by it.
    starts_at: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    # Bumped in the same transaction as the events it numbers: the UPDATE takes the row lock,
    # which serialises writers per tournament on SQLite and PostgreSQL alike.
    last_seq: int = Field(default=0)


class TournamentDirector(SQLModel, table=True):
    """A tournament given to a `limited` director to run (besides those he created himself)."""

    __tablename__ = "tournament_director"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    director_id: int = Field(foreign_key="director.id", primary_key=True, index=True)


class EventRow(SQLModel, table=True):
    __tablename__ = "event"
    __table_args__ = (UniqueConstraint("tournament_id", "seq", name="uq_event_tournament_seq"),)
    id: int | None = Field(default=None, primary_key=True)
    # No index of its own: the unique (tournament_id, seq) index serves lookups by tournament,
    # and every index is one more page written per command.
    tournament_id: int = Field(foreign_key="tournament.id")
    # seq is assigned from tournament.last_seq under that row's lock, so seq order is commit
    # order: a reader that has seen seq N has seen every event before it.
    seq: int
    type: str = Field(max_length=60)
    payload: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    actor: str = Field(default="", max_length=120)
    op_id: str | None = Field(default=None, max_length=64)
    device_id: str | None = Field(default=None, max_length=64)
    at: int = Field(sa_column=Column(BigInteger, nullable=False))  # server time of commit (ms)


def last_change_at() -> Any:
    """When each tournament last changed (its newest event's server time), as a scalar subquery
    correlated with `Tournament` for a select over tournaments (the lobby, the club's calendar)."""
    return (
        select(EventRow.at)
        .where(EventRow.tournament_id == Tournament.id, EventRow.seq == Tournament.last_seq)
        .correlate(Tournament)
        .scalar_subquery()
    )


REJECTED = 400  # receipts with this status or above are refusals, listed for review


class OpReceipt(SQLModel, table=True):
    """The answer given to a command, so a replayed op_id gets the same answer, applied once.
    It also keeps what was asked and by whom, so a director can review rejected commands."""

    __tablename__ = "op_receipt"
    # The review list reads a tournament's refused commands (status >= 400), newest first. A
    # partial index holds those alone: an applied command (nearly all of them) writes no page of
    # it. api/review.py's query states the condition literally, as the index does.
    __table_args__ = (
        Index(
            "ix_op_receipt_rejected",
            "tournament_id",
            "created_at",
            sqlite_where=text(f"status_code >= {REJECTED}"),
            postgresql_where=text(f"status_code >= {REJECTED}"),
        ),
    )
    device_id: str = Field(primary_key=True, max_length=64)
    op_id: str = Field(primary_key=True, max_length=64)
    tournament_id: int = Field(foreign_key="tournament.id")
    status_code: int
    response: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))
    type: str | None = Field(default=None, max_length=60)  # the command type
    payload: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    actor: str | None = Field(default=None, max_length=120)  # as EventRow.actor


SIGNUP_TOKEN = "signup_no IS NOT NULL AND revoked_at IS NULL"  # a sign-up's live personal link


class Token(SQLModel, table=True):
    """A bearer token, stored only as its SHA-256 (tokens are 256-bit random, so no salt or
    slow hash is needed). The token itself is HMAC(secret, nonce): a director can show a
    table's QR again without the database ever holding a usable token."""

    # One live personal link per sign-up: two tries of one sign-up at once (a phone's retry that
    # overtook its first try, on another worker) both found none and both made one (api/sign_up.py).
    __table_args__ = (
        Index(
            "uq_token_signup",
            "tournament_id",
            "signup_no",
            unique=True,
            sqlite_where=text(SIGNUP_TOKEN),
            postgresql_where=text(SIGNUP_TOKEN),
        ),
    )
    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(max_length=64, unique=True, index=True)
    nonce: str = Field(max_length=64)
    role: str = Field(max_length=16)  # director | dealer | player | display | setup
    tournament_id: int | None = Field(default=None, foreign_key="tournament.id", index=True)
    table_no: int | None = None
    entry_id: int | None = None
    # A player's personal link from his sign-up (engine/sign_up.py): the sign-up's number in the
    # tournament. entry_id is set in the transaction that gives him a place in the field, so the
    # seat card later prints this same token.
    signup_no: int | None = None
    director_id: int | None = Field(default=None, foreign_key="director.id")
    # A setup token (an invitation): the club the new director joins and what he may do there
    # (ACCESS; a limited one runs `tournament_id`). The server's first setup link has no club: it
    # creates the first club.
    club_id: int | None = Field(default=None, foreign_key="club.id")
    access: str | None = Field(default=None, max_length=10)
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))
    revoked_at: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))


class CustomPreset(SQLModel, table=True):
    """A preset a director saved (e.g. an edited structure); exposed as id `custom-<id>`."""

    __tablename__ = "custom_preset"
    id: int | None = Field(default=None, primary_key=True)
    club_id: int = Field(foreign_key="club.id", index=True)
    name: str = Field(max_length=120)
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_by: int | None = Field(default=None, foreign_key="director.id")
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))


class Person(SQLModel, table=True):
    """One player across tournaments (leagues add up his results). `name_key` is the name
    with spaces collapsed and case folded: exact-name matching links a new entry to him, within his
    club (two clubs' "Anna Weiß" are two persons)."""

    # The unique (club_id, name_key) index serves the lookup by name within a club.
    __table_args__ = (
        UniqueConstraint("club_id", "name_key", name="uq_person_club_name_key"),
        Index("ix_person_club_search_key", "club_id", "search_key"),
    )
    id: int | None = Field(default=None, primary_key=True)
    club_id: int = Field(foreign_key="club.id")
    name: str = Field(max_length=80)
    name_key: str = Field(max_length=80)
    # The name accent-folded as well (read/league.py search_key): a sign-up typed "Jurg Meier"
    # finds "Jürg Meier". Not unique: two persons may fold alike.
    search_key: str | None = Field(default=None, max_length=80)
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))


class SignUp(SQLModel, table=True):
    """How a player who signed up from his phone is reached, kept apart from the event log so it
    can be erased (on his request, or `Club.retention_days` after the tournament): the name he
    signed up with is in the log, his e-mail only here."""

    __tablename__ = "sign_up"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    signup_no: int = Field(primary_key=True)
    email: str | None = Field(default=None, max_length=254)
    lang: str = Field(default="de", max_length=5)
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))
    erased_at: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))


class TournamentEntryPerson(SQLModel, table=True):
    """Which person an entry of a tournament is (written by the API after register_player)."""

    __tablename__ = "tournament_entry_person"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    entry_id: int = Field(primary_key=True)
    person_id: int = Field(foreign_key="person.id", index=True)


class League(SQLModel, table=True):
    """A ranking or series: tournaments assigned to it, points by place, qualification by kind."""

    id: int | None = Field(default=None, primary_key=True)
    club_id: int = Field(foreign_key="club.id", index=True)
    name: str = Field(max_length=120)
    kind: str = Field(max_length=20)  # v_ranking | n_series | g_tour | p_satellite | custom
    points: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    created_by: int | None = Field(default=None, foreign_key="director.id")
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))
    # Its standings published for anyone (docs/standings-publish.md): at /s/<public_id>, an
    # unguessable address the directors may replace (the old one stops at once); off by default.
    public_id: str = Field(default_factory=lambda: new_public_id(), max_length=32, unique=True)
    published: bool = False
    public_names: str = Field(default="initials", max_length=10)  # one of PUBLIC_NAMES
    # The websites that may show the page in a frame (CSP frame-ancestors): https origins.
    embed_origins: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


def new_public_id() -> str:
    """128 random bits, URL-safe (22 characters): nobody finds a league's page by trying."""
    return secrets.token_urlsafe(16)


# How names leave the club on the public standings and in the standings mail: as entered, as
# initials ("Jürg Meier" → "J. M."), or not at all (rank and points only).
PUBLIC_NAMES = ("full", "initials", "hidden")


class LeagueTournament(SQLModel, table=True):
    __tablename__ = "league_tournament"
    league_id: int = Field(foreign_key="league.id", primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True, index=True)
    played_on: str = Field(max_length=10)  # YYYY-MM-DD: the month and half-year it counts for
    added_at: int = Field(sa_column=Column(BigInteger, nullable=False))


class PushSubscription(SQLModel, table=True):
    """A phone's Web Push subscription, made with one token: it gets what that token's
    views would show (a player his seat, a dealer his table, a director the floor's attention
    items for `tournament_id`). The endpoint is the push service's address for that phone's
    browser; p256dh and auth are the phone's keys that encrypt what is sent to it (RFC 8291)."""

    __tablename__ = "push_subscription"
    id: int | None = Field(default=None, primary_key=True)
    endpoint: str = Field(max_length=1000, unique=True)
    token_id: int = Field(foreign_key="token.id", index=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    p256dh: str = Field(max_length=120)
    auth: str = Field(max_length=40)
    lang: str = Field(max_length=5)  # de | en: the phone's language for the texts
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))


class PushReminder(SQLModel, table=True):
    """A timed notice that went out (a break's end): no command makes it, every worker
    keeps a timer, and the worker whose row goes in first sends it, so it is sent once."""

    __tablename__ = "push_reminder"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    key: str = Field(max_length=40, primary_key=True)  # e.g. break_end:7 (the structure's entry)
    sent_at: int = Field(sa_column=Column(BigInteger, nullable=False))


class PushOutbox(SQLModel, table=True):
    """Notices for locked phones not yet sent (docs/push.md): written in the transaction of the
    command that made them, deleted once every phone they are for was posted to. `claimed_by` is
    the worker sending them (its claim lapses `claimed_at` + the lease after its last sign of
    life); `done` the (notice, subscription) pairs already posted, kept when a worker stops so the
    next one sends the rest and nothing twice."""

    __tablename__ = "push_outbox"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    key: str = Field(max_length=80, primary_key=True)  # seq:<n> (a command's), refused:…, break_end:<i>
    notices: list[Any] = Field(sa_column=Column(JSON, nullable=False))
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))
    claimed_by: str | None = Field(default=None, max_length=60)
    claimed_at: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    done: list[Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


class StandingsSubscriber(SQLModel, table=True):
    """A person who asked for his leagues' standings by mail after each night (from his player's
    page). A row is a subscription: unsubscribing deletes it, address and all (docs/privacy.md)."""

    __tablename__ = "standings_subscriber"
    person_id: int = Field(foreign_key="person.id", primary_key=True)
    email: str = Field(max_length=254)
    lang: str = Field(default="de", max_length=5)
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))


class StandingsMailed(SQLModel, table=True):
    """A finished night whose standings mail went out: the worker whose row goes in first sends
    it, so it goes once, whatever retries, undone and replayed finishes or other workers do."""

    __tablename__ = "standings_mailed"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    sent_at: int = Field(sa_column=Column(BigInteger, nullable=False))
    recipients: int = Field(default=0)


class MailOutbox(SQLModel, table=True):
    """A mail not yet taken by the mail server (docs/mail.md): written when it is decided (the
    standings mail in the transaction that claims the night), deleted once the server took it or
    refused it for good. `next_at` is when it may be tried (later after each failure);
    `claimed_by` the worker sending it now, whose claim lapses after the lease (it crashed).
    `key` makes queueing it twice a no-op (the standings: one per night and person)."""

    __tablename__ = "mail_outbox"
    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=120, unique=True)
    message: bytes = Field(sa_column=Column(LargeBinary, nullable=False))  # as the SMTP server gets it
    created_at: int = Field(sa_column=Column(BigInteger, nullable=False))
    next_at: int = Field(sa_column=Column(BigInteger, nullable=False, index=True))
    attempts: int = Field(default=0)
    claimed_by: str | None = Field(default=None, max_length=60)
    claimed_at: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    last_error: str | None = Field(default=None, max_length=200)


T = TypeVar("T")


class HasId(Protocol):
    id: int | None


def stored_id(row: HasId) -> int:
    """The id of a row read from the database or flushed to it. SQLModel types every id as
    optional, for the rows not yet added; this one has it."""
    if row.id is None:
        raise ValueError(f"{type(row).__name__} has no id before it is flushed")
    return row.id


def existing(row: T | None) -> T:
    """A row the caller already knows is there (a tournament past its access check, the caller's
    own token or club): SQLModel's get says it may be missing."""
    if row is None:
        raise LookupError("a row known to exist is missing")
    return row
