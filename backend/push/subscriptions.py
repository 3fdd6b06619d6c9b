"""Who gets a notice: the push subscriptions of the live tokens that see its view.

A subscription is made with one token and reaches what that token's views show: a player's seat
(role player, his entry), a dealer's table (role dealer, its table) or, for a director, the
floor of the tournament he subscribed for. A revoked token's subscriptions are deleted with it
(`forget_token`) and never read meanwhile (the join on a live token).
"""

from __future__ import annotations

import fnmatch
from typing import NamedTuple
from urllib.parse import urlsplit

from sqlalchemy import and_, delete, or_
from sqlmodel import Session, col, select

from ..auth.access import Caller
from ..store.models import PushSubscription, Token

LINK_PATHS = {"player": "player", "dealer": "dealer"}


class Recipient(NamedTuple):
    id: int
    endpoint: str
    p256dh: str
    auth: str
    lang: str
    token_id: int
    role: str
    nonce: str
    audience: tuple  # the view key it was found for


def endpoint_allowed(endpoint: str, allowed: tuple[str, ...]) -> bool:
    """Whether the server may post to this address: the phone names it, so it must be one of the
    push services (an https origin in PUSH_SERVICES; `*.` for any subdomain), never an address
    inside the venue's network that a forged subscription would make the server call."""
    try:
        parts = urlsplit(endpoint)
        port = parts.port  # a port past 65535 raises
    except ValueError:
        return False
    if parts.scheme not in ("https", "http") or not parts.hostname or parts.username or parts.password:
        return False
    origin = f"{parts.scheme}://{parts.hostname}" + (f":{port}" if port else "")
    return any(fnmatch.fnmatchcase(origin, pattern) for pattern in allowed)


class EndpointTaken(Exception):
    """The endpoint is another live token's subscription, and the keys sent are not its keys."""


def save(
    session: Session,
    caller: Caller,
    tournament_id: int,
    *,
    endpoint: str,
    p256dh: str,
    auth: str,
    lang: str,
    now: int,
) -> PushSubscription:
    """One row per endpoint (a phone's browser): subscribing again, with another language or for
    another tournament, replaces what it had. Another token takes it over only with the phone's
    own keys: the endpoint alone is no proof (it passes through the push service, logs, a shared
    screen), and taking it would silently end the owner's notices (EndpointTaken)."""
    row = session.exec(select(PushSubscription).where(PushSubscription.endpoint == endpoint)).first()
    if row is None:
        row = PushSubscription(endpoint=endpoint, token_id=caller.token_id, tournament_id=tournament_id,
                               p256dh=p256dh, auth=auth, lang=lang, created_at=now)  # fmt: skip
    else:
        if row.token_id != caller.token_id and (row.p256dh, row.auth) != (p256dh, auth) and _held(session, row):
            raise EndpointTaken(endpoint)
        row.token_id, row.tournament_id, row.p256dh, row.auth, row.lang = (
            caller.token_id, tournament_id, p256dh, auth, lang)  # fmt: skip
    session.add(row)
    return row


def _held(session: Session, row: PushSubscription) -> bool:
    """Whether the row's token is live (a revoked token's rows go with it; one left over is free)."""
    token = session.get(Token, row.token_id)
    return token is not None and token.revoked_at is None


def remove(session: Session, caller: Caller, endpoint: str) -> bool:
    """The phone opted out: only its own token's subscription goes."""
    done = session.execute(
        delete(PushSubscription).where(
            col(PushSubscription.endpoint) == endpoint, col(PushSubscription.token_id) == caller.token_id
        )
    )
    return bool(done.rowcount)  # type: ignore[attr-defined]


def forget(session: Session, subscription_id: int) -> None:
    """The push service says the subscription is gone (404/410): never try it again."""
    session.execute(delete(PushSubscription).where(col(PushSubscription.id) == subscription_id))


def forget_token(session: Session, token_ids: list[int]) -> None:
    """A revoked token's subscriptions go with it."""
    if token_ids:
        session.execute(delete(PushSubscription).where(col(PushSubscription.token_id).in_(token_ids)))


def recipients(session: Session, tournament_id: int, audiences: set[tuple]) -> list[Recipient]:
    """The subscriptions of the live tokens that see these views of the tournament."""
    players = sorted(k[1] for k in audiences if k[0] == "player")
    tables = sorted(k[1] for k in audiences if k[0] == "table")
    who: list = []
    if players:
        who.append(and_(col(Token.role) == "player", col(Token.entry_id).in_(players)))
    if tables:
        who.append(and_(col(Token.role) == "dealer", col(Token.table_no).in_(tables)))
    if ("director",) in audiences:
        who.append(col(Token.role) == "director")
    if not who:
        return []
    rows = session.exec(
        select(PushSubscription, Token)
        .where(
            PushSubscription.token_id == Token.id,
            PushSubscription.tournament_id == tournament_id,
            col(Token.revoked_at).is_(None),
            or_(*who),
        )
        .order_by(col(PushSubscription.id))
    ).all()
    found = []
    for sub, token in rows:
        audience = (
            ("player", token.entry_id)
            if token.role == "player"
            else ("table", token.table_no)
            if token.role == "dealer"
            else ("director",)
        )
        assert sub.id is not None and token.id is not None
        found.append(
            Recipient(sub.id, sub.endpoint, sub.p256dh, sub.auth, sub.lang, token.id, token.role, token.nonce, audience)
        )
    return found
