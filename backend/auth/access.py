"""Who is calling: the bearer token decides the role and what it may reach."""

from __future__ import annotations

import time
from dataclasses import dataclass

from flask import Flask, g, request

from ..engine import Actor
from ..errors import ApiError
from ..floor import floor, floor_of
from ..store import session_scope
from ..store.driver import driver_log
from ..store.models import ACCESS
from .clubs import runs_tournament
from .plain_http import refuse_staff_over_plain_http
from .tokens import find_live_token, find_revoked_token

SESSION_ROLES = {"director", "dealer", "player", "display"}
DIRECTING = tuple(a for a in ACCESS if a != "removed")  # the accesses that may sign in
READING = ("GET", "HEAD")


@dataclass(frozen=True)
class Caller:
    role: str
    token_id: int
    tournament_id: int | None = None
    table_no: int | None = None
    entry_id: int | None = None
    director_id: int | None = None
    club_id: int | None = None  # a director's club, else his tournament's
    access: str | None = None  # a director's: full | limited | observer (store.models.ACCESS)
    admin: bool = False  # the server's admin (creates clubs)
    # A player's personal link from his sign-up: entry_id is None while he waits (engine/sign_up.py).
    signup_no: int | None = None

    @property
    def label(self) -> str:
        if self.role == "director":
            return f"director:{self.director_id}"
        if self.role == "dealer":
            return f"dealer:table{self.table_no}"
        if self.role == "player":
            return f"player:{self.entry_id}" if self.entry_id is not None else f"signup:{self.signup_no}"
        return self.role

    @property
    def club(self) -> int:
        """The caller's club: every session token has one (a director's own, a QR code's tournament's)."""
        if self.club_id is None:
            raise LookupError(f"a {self.role} token without a club")
        return self.club_id

    @property
    def director(self) -> int:
        """A director's id (only a director's token has one)."""
        if self.director_id is None:
            raise LookupError(f"a {self.role} token is no director's")
        return self.director_id

    def actor(self) -> Actor:
        return Actor(self.role, self.table_no, self.entry_id, signup_no=self.signup_no)


CACHED_CALLERS = 50_000
# Also without the revocation channel (a worker misconfigured without Redis) a revoked token
# stops within this time.
CALLER_TTL_S = 60.0


def caller_for(token: str | None) -> Caller | None:
    """The caller a valid token stands for. A token never changes what it grants, only whether
    it is revoked: known callers are kept in memory (a DB round trip less per command), and every
    revocation goes through `forget_token` on every worker (realtime.drop_token)."""
    if not token or len(token) > 200:
        return None
    parts = floor()
    cache = parts.callers
    hit = cache.get(token)
    if hit is not None and time.monotonic() - hit[1] < CALLER_TTL_S:
        return hit[0]
    epoch = parts.revocations
    with driver_log(parts.db).transaction(write=False) as tx:
        row = find_live_token(tx, token)
    if row is None or row.role not in SESSION_ROLES:
        return None
    if row.role == "director" and row.access not in DIRECTING:
        return None  # a director who left the club: his sessions were revoked, this one too
    caller = Caller(row.role, row.id, *row[2:])  # LiveToken's columns after (id, role) are Caller's
    if parts.revocations == epoch:  # no revocation while we read: the row is still good
        if len(cache) >= CACHED_CALLERS:
            cache.clear()  # rare: a fresh start is cheaper than bookkeeping for an LRU
        cache[token] = (caller, time.monotonic())
    return caller


def forget_token(app: Flask, token_id: int) -> None:
    """A revoked token stops working at once on this worker."""
    parts = floor_of(app)
    parts.revocations += 1
    cache = parts.callers
    for token in [t for t, (c, _) in cache.items() if c.token_id == token_id]:
        cache.pop(token, None)


def revoked_error(token: str) -> ApiError | None:
    """A link the director replaced says what it was, so a dealer knows the phone was reassigned."""
    with session_scope(floor().db) as session:
        row = find_revoked_token(session, token)
        if row is None or row.role not in ("dealer", "player", "display"):
            return None
        if row.role == "dealer":
            message = (
                f"This phone no longer runs table {row.table_no}: the director issued a new QR code "
                "for this table. Ask the director for it; entries not yet sent were not applied."
            )
        else:
            message = "The director has replaced this QR code; ask the director for the new one."
        return ApiError(401, "revoked", message, role=row.role, table_no=row.table_no, revoked_at=row.revoked_at)


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def current_caller() -> Caller:
    if "caller" not in g:
        token = bearer_token()
        if not token:
            raise ApiError(401, "unauthorized", "Sign in or scan a QR code first (no token sent).")
        caller = caller_for(token)
        if caller is None:
            raise revoked_error(token) or ApiError(
                401, "unauthorized", "This link or login is no longer valid; ask the director for a new one."
            )
        refuse_staff_over_plain_http(caller.role)
        g.caller = caller
    return g.caller


def _refuse_observer(caller: Caller, act: bool | None) -> None:
    """An observer reads and never acts. `act` None: what the request's method says."""
    if caller.access == "observer" and (act if act is not None else request.method not in READING):
        raise ApiError(
            403,
            "observer",
            "You follow this club as an observer: you can watch, not act. Ask one of its directors.",
        )


def require_director(act: bool | None = None) -> Caller:
    """A director of a club (any access); an observer only where nothing is changed."""
    caller = current_caller()
    if caller.role != "director":
        raise ApiError(403, "forbidden", "Only a tournament director may do this.")
    _refuse_observer(caller, act)
    return caller


def require_club_director() -> Caller:
    """A director with full access: he invites, sets who may do what, assigns tournaments."""
    caller = require_director()
    if caller.access != "full":
        raise ApiError(403, "forbidden", "Only a director with full access to the club may do this.")
    return caller


def require_admin() -> Caller:
    caller = require_director()
    if not caller.admin:
        raise ApiError(403, "forbidden", "Only the server's admin may manage clubs.")
    return caller


def _missing(tournament_id: int) -> ApiError:
    return ApiError(404, "unknown_tournament", f"There is no tournament {tournament_id}.", "tournament_id")


def director_refusal(caller: Caller, tournament_id: int) -> ApiError | None:
    """Why a director may not see this tournament, None if he may: it must be of his club, and one
    he runs if he is limited. Another club's tournament is answered as missing (404): that it
    exists is no other club's business. Also used by the socket (realtime's subscribe)."""
    parts = floor()
    owner = parts.service.owner(tournament_id)
    if owner is None or owner.club_id != caller.club_id:
        return _missing(tournament_id)
    if caller.access != "limited":
        return None
    with session_scope(parts.db) as session:
        runs = runs_tournament(session, caller.director_id, tournament_id, owner.created_by)
    if not runs:
        return ApiError(
            403,
            "not_your_tournament",
            "You run only the tournaments you created or were given; ask a director of the club.",
        )
    return None


def require_role(*roles: str) -> Caller:
    """The caller, if it has one of `roles` (the club's screens: a TV's link or a director)."""
    caller = current_caller()
    if caller.role not in roles:
        raise ApiError(403, "forbidden", f"A {caller.role} may not do this.")
    return caller


def require_tournament(tournament_id: int, roles: set[str] | None = None, act: bool | None = None) -> Caller:
    """The caller may reach this tournament (and has one of `roles`, if given). A director: one of
    his club's (one he runs, if limited; reading only, if an observer); a dealer, player or TV: the
    tournament of its QR code."""
    caller = current_caller()
    if not 0 < tournament_id < 2**62 or not floor().service.exists(tournament_id):
        raise _missing(tournament_id)
    if caller.role == "director":
        refusal = director_refusal(caller, tournament_id)
        if refusal is not None:
            raise refusal
        _refuse_observer(caller, act)
    elif caller.tournament_id != tournament_id:
        # A QR code knows one tournament: any other, of its club or another, answers as missing
        # (whether a tournament exists is no business of another club's phone).
        raise _missing(tournament_id)
    return require_role(*roles) if roles is not None else caller
