"""The venue: which address phones use, and the "Trust this server" page for the venue's CA.

`GET /api/venue` tells the director's screen the address its QR codes carry and whether a phone
could open it at all (a loopback address cannot). `/trust` is a plain page, readable over HTTP
before a phone trusts anything: it hands out the CA certificate and the steps for Android and
iOS, and checks from the phone whether the HTTPS address is trusted yet. Its HTML is
backend/templates/trust.html (autoescaped)."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, render_template, request

from ..auth.access import require_director
from ..lan import is_loopback_url
from ..local_ca import ca_der
from ..qr import qr_svg
from . import answer_schemas as out
from .contract import documented
from .phone_links import public_base, staff_base

bp = Blueprint("venue", __name__)


def _config():
    return current_app.extensions["pokerfloor"].config


@bp.get("/api/venue")
@documented(out.Venue, errors=(401, 403))
def venue():
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
            "other_urls": list(config.OTHER_URLS),
        }
    )


WORDS = {
    "en": {
        "title": "Trust this server",
        "why": "Staff phones (director, dealers) need a secure connection so the app opens even "
        "when the Wi-Fi is down and keeps the screen on. Do this once on each staff phone.",
        "players": "Players and the TV do not need this: seat cards and the TV link work without it.",
        "download": "1. Download the certificate",
        "android": "Android (Chrome)",
        "android_steps": [
            "Tap “Download the certificate” above.",
            "Open Settings and search for “CA certificate” (usually Security → More security settings → "
            "Encryption & credentials → Install a certificate → CA certificate).",
            "Tap “Install anyway” and pick pokerfloor-ca.crt from Downloads. The phone needs a screen lock.",
            "Come back here: the check below turns green. If Chrome still warns, close Chrome and open it again.",
        ],
        "ios": "iPhone and iPad (Safari)",
        "ios_steps": [
            "Open this page in Safari and tap “Download the certificate”, then “Allow”.",
            "Settings → General → VPN & Device Management → the pokerfloor profile → Install.",
            "Settings → General → About → Certificate Trust Settings → switch on the pokerfloor CA.",
            "Come back here: the check below turns green.",
        ],
        "check": "2. Check this phone",
        "checking": "Checking…",
        "trusted": "✓ This phone trusts the server.",
        "untrusted": "✗ Not trusted yet on this phone.",
        "open": "3. Open pokerfloor (secure)",
        "fingerprint": "Certificate fingerprint (SHA-256), to compare with the director's screen:",
        "share": "Next phone? Let it scan this code:",
        "constrained": "This certificate can only vouch for addresses in your local network, never for other websites.",
        "off_title": "This server runs without HTTPS",
        "off_text": "Phones can use it, but the app cannot reopen without Wi-Fi and the screen may turn off. "
        "The director starts the server with “make venue” (or “pokerfloor serve --https”); "
        "see “At the venue” in the README.",
        "already": "This connection is already secure: nothing to do on this phone.",
        "other_lang": "Deutsch",
    },
    "de": {
        "title": "Diesem Server vertrauen",
        "why": "Die Telefone des Personals (Turnierleitung, Dealer) brauchen eine sichere Verbindung, "
        "damit die App auch ohne WLAN startet und der Bildschirm an bleibt. Einmal pro Telefon.",
        "players": "Spieler und der TV brauchen das nicht: Sitzkarten und der TV-Link funktionieren ohne.",
        "download": "1. Zertifikat herunterladen",
        "android": "Android (Chrome)",
        "android_steps": [
            "Oben auf „Zertifikat herunterladen“ tippen.",
            "Einstellungen öffnen und nach „CA-Zertifikat“ suchen (meist Sicherheit → Weitere "
            "Sicherheitseinstellungen → Verschlüsselung & Anmeldedaten → Zertifikat installieren → CA-Zertifikat).",
            "„Trotzdem installieren“ und pokerfloor-ca.crt aus Downloads wählen. Das Telefon braucht eine "
            "Displaysperre.",
            "Hierher zurück: die Prüfung unten wird grün. Warnt Chrome noch, Chrome ganz schließen und neu öffnen.",
        ],
        "ios": "iPhone und iPad (Safari)",
        "ios_steps": [
            "Diese Seite in Safari öffnen, „Zertifikat herunterladen“ tippen, dann „Erlauben“.",
            "Einstellungen → Allgemein → VPN und Geräteverwaltung → pokerfloor-Profil → Installieren.",
            "Einstellungen → Allgemein → Info → Zertifikatsvertrauenseinstellungen → pokerfloor-CA einschalten.",
            "Hierher zurück: die Prüfung unten wird grün.",
        ],
        "check": "2. Dieses Telefon prüfen",
        "checking": "Prüfe…",
        "trusted": "✓ Dieses Telefon vertraut dem Server.",
        "untrusted": "✗ Diesem Telefon fehlt das Vertrauen noch.",
        "open": "3. pokerfloor öffnen (sicher)",
        "fingerprint": "Fingerabdruck des Zertifikats (SHA-256), zum Vergleich mit dem Bildschirm der Turnierleitung:",
        "share": "Nächstes Telefon? Diesen Code scannen lassen:",
        "constrained": "Dieses Zertifikat bürgt nur für Adressen in eurem lokalen Netz, nie für andere Websites.",
        "off_title": "Dieser Server läuft ohne HTTPS",
        "off_text": "Telefone können ihn nutzen, aber die App startet ohne WLAN nicht neu und der Bildschirm "
        "kann ausgehen. Die Turnierleitung startet den Server mit „make venue“ (oder "
        "„pokerfloor serve --https“); siehe „At the venue“ im README.",
        "already": "Diese Verbindung ist schon sicher: auf diesem Telefon ist nichts zu tun.",
        "other_lang": "English",
    },
}

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


def _lang() -> str:
    asked = request.args.get("lang")
    if asked in WORDS:
        return asked
    return request.accept_languages.best_match(["de", "en"], default="en")


@bp.get("/trust")
def trust_page():
    config = _config()
    lang = _lang()
    ua = request.headers.get("User-Agent", "")
    html = render_template(
        "trust.html",
        lang=lang,
        w=WORDS[lang],
        other="de" if lang == "en" else "en",
        local_https=config.LOCAL_HTTPS,
        already_secure=request.is_secure,
        apple="iPhone" in ua or "iPad" in ua,  # open the steps for this phone first
        secure_url=config.PUBLIC_URL,
        fingerprint=config.CA_FINGERPRINT,
        trust_url=config.TRUST_URL,
    )
    # the check may only reach the HTTPS address (and nothing at all without HTTPS)
    probe = config.PUBLIC_URL if config.LOCAL_HTTPS else "'none'"
    return Response(
        html,
        mimetype="text/html",
        headers={"Cache-Control": "no-store", "Content-Security-Policy": PAGE_CSP.format(probe=probe)},
    )


def _ca_pem():
    path = _config().TLS_DIR / "ca.pem"
    if not _config().LOCAL_HTTPS or not path.exists():
        return None
    return path


@bp.get("/trust/pokerfloor-ca.crt")
def trust_certificate():
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
def trust_check_js():
    return Response(CHECK_JS, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/trust/qr.svg")
def trust_qr():
    url = _config().TRUST_URL or f"{request.host_url.rstrip('/')}/trust"
    return Response(qr_svg(url), mimetype="image/svg+xml", headers={"Cache-Control": "no-cache"})
