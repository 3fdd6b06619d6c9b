"""The keys of the mails in the outbox (docs/mail.md): a standings mail's makes queueing it twice a
no-op; each key family has a LIKE pattern by which an erase or an unsubscribe withdraws what waits."""

from __future__ import annotations

import secrets


def sign_up_key(tid: int, signup_no: int) -> str:
    """A mail to a sign-up (its confirmation, "a place is free"): one of several, each its own."""
    return f"sign-up:{tid}:{signup_no}:{secrets.token_hex(6)}"


def sign_up_keys(tid: int, signup_no: int) -> str:
    """Every waiting mail to that sign-up."""
    return f"sign-up:{tid}:{signup_no}:%"


def standings_key(tid: int, person_id: int) -> str:
    """A night's standings to one person: queued once."""
    return f"standings:{tid}:{person_id}"


def standings_keys(person_id: int) -> str:
    """His waiting standings mails, of every night."""
    return f"standings:%:{person_id}"
