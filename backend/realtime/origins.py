"""Which web pages may open a socket: the app's own, nobody else's (docs/security-headers.md).

A browser always sends Origin with a websocket handshake and cannot forge it, so a foreign page
(evil.example opening a socket to the club's server) is refused here. Allowed: the origins of
the configured addresses (PUBLIC_URL, PLAYER_URL, the other LAN addresses) and the request's
own origin (scheme and Host), because in venue mode one server answers on several addresses at
once: staff over HTTPS, players over plain HTTP on another port, a director on 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from ..config import Config

DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(url: str) -> str:
    """scheme://host[:port] as a browser writes it in Origin (no default port, lower case)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return ""
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if not scheme or not host:
        return ""
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    return f"{scheme}://{host}" if port in (None, DEFAULT_PORTS.get(scheme)) else f"{scheme}://{host}:{port}"


def own_origin(environ: dict, trusted_proxies: int) -> str:
    """The origin this request was sent to, with the scheme a trusted proxy reports (as ProxyFix
    reads it: the socket middleware sees the environ before ProxyFix has rewritten it)."""
    scheme = environ.get("wsgi.url_scheme", "http")
    forwarded = environ.get("HTTP_X_FORWARDED_PROTO", "")
    if trusted_proxies and forwarded:
        values = [v.strip() for v in forwarded.split(",")]
        if len(values) >= trusted_proxies:
            scheme = values[-trusted_proxies]
    host = environ.get("HTTP_HOST", "")
    return origin_of(f"{scheme}://{host}") if host else ""


def origin_checker(config: Config) -> Callable[[str, dict], bool]:
    """python-engineio's cors_allowed_origins as a callable (origin, environ) -> bool."""
    urls = [config.PUBLIC_URL, config.PLAYER_URL, *getattr(config, "OTHER_URLS", [])]
    configured = {origin_of(u) for u in urls if u} - {""}
    trusted = config.TRUSTED_PROXIES

    def allowed(origin: str, environ: dict) -> bool:
        wanted = origin_of(origin or "")
        return bool(wanted) and (wanted in configured or wanted == own_origin(environ, trusted))

    return allowed
