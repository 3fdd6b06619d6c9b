"""The addresses QR codes carry, one place for every link a phone opens.

Staff (director, dealers) and the public (players' seat cards, the TV) may get different bases:
with the venue's own CA (`serve --https`) staff phones trust it once and use HTTPS, while a
player's phone, which never installs a CA, opens the plain-HTTP address under /p.
"""

from __future__ import annotations

from flask import request

from ..config import Config
from ..floor import floor

PUBLIC_ROLES = ("player", "display")
PATHS = {"dealer": "dealer", "player": "player", "display": "display", "setup": "setup"}


def _config() -> Config:
    return floor().config


def staff_base() -> str:
    return _config().PUBLIC_URL or request.host_url.rstrip("/")


def public_base() -> str:
    return _config().PLAYER_URL or staff_base()


def phone_link(role: str, token: str) -> str:
    """The URL a QR code holds; the token rides in the fragment, so it never reaches a log."""
    base = public_base() if role in PUBLIC_ROLES else staff_base()
    return f"{base}/#/{PATHS[role]}/{token}"
