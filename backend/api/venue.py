"""The venue: which address phones use, and the "Trust this server" page for the venue's CA.

`GET /api/venue` tells the director's screen the address its QR codes carry and whether a phone
could open it at all (a loopback address cannot). `/trust` is a plain page, readable over HTTP
before a phone trusts anything: it hands out the CA certificate and the steps for Android and
iOS, and checks from the phone whether the HTTPS address is trusted yet. Its HTML is
backend/templates/trust.html (autoescaped)."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, jsonify, render_template, request
from flask.typing import ResponseReturnValue

from ..auth.access import require_director
from ..config import Config
from ..documents.qr import qr_svg
from ..floor import floor
from ..venue import printed
from ..venue.lan import is_loopback_url
from ..venue.local_ca import ca_der
from ..words import TRUST
from . import answer_schemas as out
from .contract import documented
from .phone_links import public_base, staff_base

bp = Blueprint("venue", __name__)


def _config() -> Config:
    return floor().config


@bp.get("/api/venue")
@documented(out.Venue, errors=(401, 403))
def venue() -> ResponseReturnValue:
    """Where phones reach this server, and what is wrong with it for phones."""
    require_director()
    config = _config()
    staff, public = staff_base(), public_base()
    loopback = is_loopback_url(staff) or is_loopback_url(public)
    only_here = config.HOST not in ("0.0.0.0", "::", "")
    return jsonify(
        {
            "staff_url": staff,
            "player_url": public,
            "secure": staff.startswith("https://"),
            "loopback": loopback,
            # the fix for a loopback link: restart listening on the network, or connect the machine
            "fix": ("listen_on_lan" if only_here else "connect_network") if loopback else None,
            "local_https": config.LOCAL_HTTPS,
            "trust_url": config.TRUST_URL or None,
            "ca_fingerprint": config.CA_FINGERPRINT or None,
            # printed QR codes carry another address than today's (a restore, a new address)
            "printed_url": printed.stale(config.VAR_DIR, staff, public),
            "other_urls": list(config.OTHER_URLS),
        }
    )


CHECK_JS = """// The trust page's check: can this phone open the HTTPS address? A no-cors fetch resolves
// when the TLS handshake succeeded (the CA is trusted) and fails when it did not.
(function () {
  var box = document.getElementById("trust-status");
  if (!box) return;
  var url = box.getAttribute("data-probe");
  function check() {
    var ctl = new AbortController();
    var timer = setTimeout(function () { ctl.abort(); }, 5000);
    fetch(url, { mode: "no-cors", cache: "no-store", signal: ctl.signal }).then(function () {
      box.textContent = box.getAttribute("data-ok"); box.className = "status ok"; box.setAttribute("data-trusted", "true");
    }, function () {
      box.textContent = box.getAttribute("data-bad"); box.className = "status bad"; box.setAttribute("data-trusted", "false");
    }).finally(function () { clearTimeout(timer); });
  }
  check();
  setInterval(check, 4000);
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") check(); });
})();
"""

PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self'; "
    "connect-src {probe}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


def fingerprint_groups(fingerprint: str, pairs: int = 4) -> list[str]:
    """ "AB:CD:…" in groups of four bytes ("AB:CD:EF:01:"), each kept on one line where the page
    wraps: a group split over two lines is hard to compare with the other screen."""
    parts = fingerprint.split(":") if fingerprint else []
    groups = [":".join(parts[i : i + pairs]) for i in range(0, len(parts), pairs)]
    return [g + (":" if i < len(groups) - 1 else "") for i, g in enumerate(groups)]


def _lang() -> str:
    asked = request.args.get("lang")
    if asked in TRUST:
        return asked
    return request.accept_languages.best_match(["de", "en"], default="en")


@bp.get("/trust")
def trust_page() -> ResponseReturnValue:
    config = _config()
    lang = _lang()
    ua = request.headers.get("User-Agent", "")
    html = render_template(
        "trust.html",
        lang=lang,
        w=TRUST[lang],
        other="de" if lang == "en" else "en",
        local_https=config.LOCAL_HTTPS,
        already_secure=request.is_secure,
        apple="iPhone" in ua or "iPad" in ua,  # open the steps for this phone first
        secure_url=config.PUBLIC_URL,
        fingerprint=config.CA_FINGERPRINT,
        fingerprint_groups=fingerprint_groups(config.CA_FINGERPRINT),
        trust_url=config.TRUST_URL,
    )
    # the check may only reach the HTTPS address (and nothing at all without HTTPS)
    probe = config.PUBLIC_URL if config.LOCAL_HTTPS else "'none'"
    return Response(
        html,
        mimetype="text/html",
        headers={"Cache-Control": "no-store", "Content-Security-Policy": PAGE_CSP.format(probe=probe)},
    )


def _ca_pem() -> Path | None:
    path = _config().TLS_DIR / "ca.pem"
    if not _config().LOCAL_HTTPS or not path.exists():
        return None
    return path


@bp.get("/trust/pokerfloor-ca.crt")
def trust_certificate() -> ResponseReturnValue:
    """The CA in DER as application/x-x509-ca-cert: Android's and iOS's installers take that."""
    path = _ca_pem()
    if path is None:
        return Response(
            "This server has no certificate of its own: it runs without HTTPS.\n", 404, mimetype="text/plain"
        )
    return Response(
        ca_der(path),
        mimetype="application/x-x509-ca-cert",
        headers={"Content-Disposition": 'inline; filename="pokerfloor-ca.crt"', "Cache-Control": "no-cache"},
    )


@bp.get("/trust/check.js")
def trust_check_js() -> ResponseReturnValue:
    return Response(CHECK_JS, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/trust/qr.svg")
def trust_qr() -> ResponseReturnValue:
    url = _config().TRUST_URL or f"{request.host_url.rstrip('/')}/trust"
    return Response(qr_svg(url), mimetype="image/svg+xml", headers={"Cache-Control": "no-cache"})
