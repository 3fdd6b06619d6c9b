"""Staff tokens never travel in clear once the venue runs HTTPS.

`serve --https` keeps a plain-HTTP listener for players' phones and the trust page and marks each
request it carries with PLAIN_HTTP in the WSGI environ; HTTP routes (auth.access, api.auth) and the
Socket.IO connect handler refuse staff roles there.
"""

from __future__ import annotations

from flask import request

from ..errors import ApiError
from ..floor import floor

STAFF_ROLES = ("director", "dealer", "setup")
PLAIN_HTTP = "pokerfloor.plain_http"  # set by serve's plain-HTTP listener next to HTTPS


def refuse_staff_over_plain_http(role: str) -> None:
    """Once the venue runs HTTPS, a director's or dealer's token never travels in clear: the
    plain-HTTP listener (kept for players' phones and the trust page) refuses staff."""
    if role in STAFF_ROLES and request.environ.get(PLAIN_HTTP):
        config = floor().config
        raise ApiError(
            403,
            "https_required",
            f"Staff phones use the secure address {config.PUBLIC_URL}: open the app there "
            f"(first time on this phone: trust the server at {config.TRUST_URL}).",
            secure_url=config.PUBLIC_URL,
            trust_url=config.TRUST_URL,
        )
