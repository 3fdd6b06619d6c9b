"""Security headers on every answer the app gives (docs/security-headers.md).

One after_request hook: API JSON, the PWA's files, printouts, errors. A page that brings its
own Content-Security-Policy (the trust page, the printouts) keeps it; every other page and file
gets the app's, and a JSON answer the short set of an API answer (API_HEADERS). Printouts and
the results page are opened by the PWA as blob: pages, which inherit the app's policy, so they
too must live without inline script or style.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from flask import Flask, Response, request

from ..config import Config
from ..floor import floor_of
from ..service import now_ms

# The app's own policy. Preact sets styles through the CSSOM, which CSP does not govern. The built
# index.html has two inline scripts, the boot script of the first scan (pwa/boot/firstScreen.js) and
# its first paint (pwa/boot/firstPaint.js), and one inline style, the app's stylesheet (it comes with
# the page: docs/first-scan.md), each allowed by its hash alone; no style attribute and no other
# inline script or style runs. A blob:
# manifest is a link's own on WebKit (pwa/src/homeScreen.ts: the home-screen app starts at that link).
APP_CSP = (
    "default-src 'self'; script-src 'self'{scripts}; style-src 'self'{styles}; img-src 'self' data: blob:; "
    "connect-src 'self'{sockets}; font-src 'self'; manifest-src 'self' blob:; worker-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)

# Screen Wake Lock (dealer, TV), fullscreen and the camera (the desk scans players' QR codes:
# pwa/src/views/director/desk/QrScanner.tsx) are used, by the app itself; nothing else a page could ask for.
PERMISSIONS_POLICY = (
    "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), "
    "bluetooth=(), screen-wake-lock=(self), fullscreen=(self)"
)

# Answers that carry a token, or a link holding one: no cache (browser, proxy) may keep them.
TOKEN_ENDPOINTS = frozenset(
    {
        "auth.login",
        "auth.setup",
        "directors.invite",
        "tournaments.links",
        "tournaments.qr_display",
        "tournaments.qr_table",
        "tournaments.qr_player",
        "desk_scan.my_qr",
        "printouts.seat_cards",
        "printouts.table_sheets",
    }
)

# Pages a website may frame: each sends its own frame-ancestors (the websites its directors named)
# and, where it means "this server only", its own X-Frame-Options; no DENY is added to them
# (api/publish.py public_standings, docs/security-headers.md).
FRAMEABLE_ENDPOINTS = frozenset({"publish.public_standings"})

# A Host header worth echoing into the policy (a name or an address, an optional port); any other
# value is left out rather than let a forged Host write directives.
_HOST_RE = re.compile(r"(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?")


# An inline script of the built index.html (a <script> without src), and an inline style.
_INLINE_SCRIPT_RE = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>(.*?)</script>", re.S | re.I)
_INLINE_STYLE_RE = re.compile(r"<style[^>]*>(.*?)</style>", re.S | re.I)


def inline_sources(index_html: Path) -> tuple[str, str]:
    """(' 'sha256-…'' for each inline script, the same for each inline style) of the built app's
    index.html, read once at start: the policy allows exactly these, and nothing else inline. No
    build, no hashes."""
    try:
        html = index_html.read_text(encoding="utf-8")
    except OSError:
        return "", ""

    def hashes(bodies: list[str]) -> str:
        digests = (hashlib.sha256(body.encode("utf-8")).digest() for body in bodies)
        return "".join(f" 'sha256-{base64.b64encode(d).decode()}'" for d in digests)

    return hashes(_INLINE_SCRIPT_RE.findall(html)), hashes(_INLINE_STYLE_RE.findall(html))


def socket_sources(host: str) -> str:
    """ws:/wss: of this very host: CSP3 browsers match them with 'self', older Safari does not."""
    if not _HOST_RE.fullmatch(host or ""):  # whole: "$" would let a final line break through
        return ""
    return f" ws://{host} wss://{host}"


def hsts_seconds(config: Config) -> int:
    """0 in the venue's split mode (`serve --https`): players use plain HTTP on the same host
    name at another port, and HSTS, which ignores ports, would send their phones to an HTTPS
    address whose certificate they never trusted."""
    if getattr(config, "LOCAL_HTTPS", False):
        return 0
    return int(getattr(config, "HSTS_SECONDS", 0) or 0)


# The same on every answer; set in one pass over a response's header list (`Headers.__setitem__`
# scans the list once per header: seven scans per command).
FIXED_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),  # tokens ride in QR links' URLs
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Permissions-Policy", PERMISSIONS_POLICY),
)


# An API answer (JSON) is no page: nothing in it loads, runs, navigates or asks for a permission,
# so the page policies (the app's CSP with its hashes, Referrer-Policy, COOP, Permissions-Policy)
# say nothing there. It gets OWASP's set for REST answers: no sniffing, no framing, nothing
# allowed to load; ~600 bytes less on each of the phones' answers.
API_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"),
)


def register_security_headers(app: Flask) -> None:
    """Also the `X-Server-Time` every answer carries (the phones' clock offset, pwa/src/sync/api.ts)."""
    config = floor_of(app).config
    max_age = hsts_seconds(config)
    scripts, styles = inline_sources(Path(config.PWA_DIST) / "index.html")
    app_csp = APP_CSP.replace("{scripts}", scripts).replace("{styles}", styles)

    @app.after_request
    def _security_headers(response: Response) -> Response:
        req = request._get_current_object()  # type: ignore[attr-defined]  # one context lookup, not five
        headers = response.headers
        present = {name.lower() for name, _ in headers.items()}
        if response.mimetype == "application/json":
            added = [(name, value) for name, value in API_HEADERS if name.lower() not in present]
        else:
            if req.endpoint in FRAMEABLE_ENDPOINTS:
                present.add("x-frame-options")
            added = [(name, value) for name, value in FIXED_HEADERS if name.lower() not in present]
            if "content-security-policy" not in present:
                added.append(("Content-Security-Policy", app_csp.format(sockets=socket_sources(req.host))))
        if max_age and req.is_secure:  # request.is_secure honours ProxyFix's X-Forwarded-Proto
            added.append(("Strict-Transport-Security", f"max-age={max_age}"))
        if req.endpoint in TOKEN_ENDPOINTS:
            headers.pop("Cache-Control", None)
            added += [("Cache-Control", "no-store"), ("Pragma", "no-cache")]  # Pragma: HTTP/1.0 caches
        elif "cache-control" not in present and req.path.startswith("/api/"):
            added.append(("Cache-Control", "no-store"))  # answers are per phone and live: never worth keeping
        headers.pop("X-Server-Time", None)
        added.append(("X-Server-Time", str(now_ms())))
        # Straight onto the header list: Headers.extend re-checks each value for line breaks
        # (three calls per header), and these are constants, a number and a host that matched _HOST_RE.
        headers._list.extend(added)
        return response
