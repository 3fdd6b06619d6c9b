"""Configuration from the environment, in one place."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Run from a checkout (make run, pip install -e), the app reads presets, the built PWA and var/ in it.
# Installed from a wheel there is no checkout: setup.py bundled presets and PWA into the package,
# and data goes to the user's data directory (POKERFLOOR_VAR overrides either way).
CHECKOUT = (ROOT / "shared_rules" / "presets").is_dir()
BUNDLED = Path(__file__).resolve().parent / "bundled"


YES = ("1", "true", "yes", "on")


def _flag(name: str) -> bool:
    """An on/off switch from the environment: 1, true, yes or on turn it on."""
    return os.environ.get(name, "") in YES


def _default_var_dir() -> Path:
    if CHECKOUT:
        return ROOT / "var"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "pokerfloor"


def _secret_key(var_dir: Path) -> str:
    """SECRET_KEY from the environment, else one generated once and kept in var/."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = var_dir / "secret_key"
    if not path.exists():
        var_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()


# Chrome/Edge/Samsung (FCM), Firefox (Mozilla autopush), Safari (Apple), Windows apps (WNS).
DEFAULT_PUSH_SERVICES = (
    "https://fcm.googleapis.com,https://*.push.services.mozilla.com,https://web.push.apple.com,"
    "https://*.push.apple.com,https://*.notify.windows.com"
)


class Config:
    def __init__(self, **overrides: Any) -> None:
        var_dir = Path(os.environ.get("POKERFLOOR_VAR") or _default_var_dir())
        self.VAR_DIR = var_dir
        self.DATABASE_URL = os.environ.get("DATABASE_URL", f"sqlite:///{var_dir / 'pokerfloor.db'}")
        # PostgreSQL connections each worker keeps open (and as many more for a burst): docs/sizing.md
        self.DB_POOL_SIZE = int(os.environ.get("DB_POOL_SIZE", "10"))
        self.HOST = os.environ.get("HOST", "127.0.0.1")
        self.PORT = int(os.environ.get("PORT", "5000"))
        # Base for staff links in QR codes (director, dealers); empty means "the address the
        # director's phone used". `serve --lan/--https` fills it with this machine's LAN address.
        self.PUBLIC_URL = os.environ.get("PUBLIC_URL", "").rstrip("/")
        # Base for the players' seat cards and the TV; empty means PUBLIC_URL. With the venue's
        # own CA (`serve --https`) it is the plain-HTTP address: players never install a CA.
        self.PLAYER_URL = os.environ.get("PLAYER_URL", "").rstrip("/")
        # Set by `serve` (docs/venue.md): the venue CA's trust page and fingerprint, and the
        # machine's other addresses phones could use. HOST is the address it listens on.
        self.LOCAL_HTTPS = False
        self.TRUST_URL = ""
        self.CA_FINGERPRINT = ""
        self.OTHER_URLS: list[str] = []
        self.TLS_DIR = var_dir / "tls"
        self.PWA_DIST = Path(os.environ.get("PWA_DIST") or (ROOT / "pwa" / "dist" if CHECKOUT else BUNDLED / "pwa"))
        self.PRESETS_DIR = Path(
            os.environ.get("PRESETS_DIR") or (ROOT / "shared_rules" / "presets" if CHECKOUT else BUNDLED / "presets")
        )
        # The law's limits (shared_rules/legal/, docs/presets.md "Legal profiles"), beside the presets.
        self.LEGAL_DIR = Path(
            os.environ.get("LEGAL_DIR") or (ROOT / "shared_rules" / "legal" if CHECKOUT else BUNDLED / "legal")
        )
        self.SOCKETIO_MESSAGE_QUEUE = os.environ.get("SOCKETIO_MESSAGE_QUEUE") or None
        # The queue's channel: two deployments (or test runs) on one Redis keep apart by it.
        self.SOCKETIO_CHANNEL = os.environ.get("SOCKETIO_CHANNEL") or "flask-socketio"
        # On Redis, a channel per tournament room so a worker reads only what its sockets need
        # (backend/realtime/room_channels.py); 0 puts every emit on the one channel, as before.
        self.SOCKETIO_ROOM_CHANNELS = os.environ.get("SOCKETIO_ROOM_CHANNELS", "1") != "0"
        # Proxies in front (nginx: 1) whose X-Forwarded-For/-Proto to believe: the sign-in
        # throttle needs the phone's address, not the proxy's.
        self.TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))
        # Strict-Transport-Security on HTTPS answers (180 days); 0 turns it off. Never sent in the
        # venue's split mode (LOCAL_HTTPS): players use plain HTTP there (docs/security-headers.md).
        self.HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", "15552000"))
        # A league's standings for the players' phones are rebuilt at most this often (ms).
        self.LEAGUE_REFRESH_MS = int(os.environ.get("LEAGUE_REFRESH_MS", "30000"))
        # Tournament states a worker keeps in memory (service.py): the nights in play and those
        # read lately (season pages, statistics, leagues); older ones are read again when asked.
        self.STATES_KEPT = int(os.environ.get("STATES_KEPT", "1000"))
        # Backups (docs/backups.md). Automatic ones while serving: on by default for SQLite (one
        # process serves a room); off for PostgreSQL, whose workers would each run them: there
        # deploy/pokerfloor-backup.timer runs `pokerfloor backup --auto` once. BACKUP_AUTO=1/0 overrides.
        self.BACKUP_DIR = Path(os.environ.get("BACKUP_DIR", var_dir / "backups"))
        self.BACKUP_INTERVAL_MINUTES = float(os.environ.get("BACKUP_INTERVAL_MINUTES", "5"))
        self.BACKUP_KEEP = int(os.environ.get("BACKUP_KEEP", "48"))  # newest automatic ones (4 h at 5 min)
        self.BACKUP_KEEP_DAYS = int(os.environ.get("BACKUP_KEEP_DAYS", "14"))  # and each day's last one
        auto = os.environ.get("BACKUP_AUTO", "").strip().lower()
        self.BACKUP_AUTO = auto in YES if auto else self.DATABASE_URL.startswith("sqlite")
        # Log garbage collections this long or longer (ms; 0: none): backend/operations/gc_watch.py.
        self.GC_LOG_MS = float(os.environ.get("GC_LOG_MS", "0"))
        # The collector's thresholds once the server has started (operations/gc_watch.py): three
        # numbers, young first; empty keeps gc_watch.THRESHOLDS.
        gc_thresholds = os.environ.get("GC_THRESHOLDS", "").strip()
        self.GC_THRESHOLDS = tuple(int(n) for n in gc_thresholds.split(",")) if gc_thresholds else None
        # Compare the per-command census of the tables with a fresh count (engine/census.py):
        # the tests set it; it costs a pass over the tables per command.
        self.CHECK_CENSUS = _flag("CHECK_CENSUS")
        # One line per HTTP request on stderr (ACCESS_LOG=1). Off by default: the proxy in front
        # (deploy/) keeps the access log, and formatting a line cost ~5 % of a command's CPU.
        self.ACCESS_LOG = _flag("ACCESS_LOG")
        # Web Push (backend/push/): the push services' origins the server may post to (a phone
        # names its endpoint; anything else is refused, so a forged one cannot make the server call
        # into the venue's network), comma-separated, `*.` for subdomains; and the contact the push
        # services see in the VAPID claims (RFC 8292 "sub": a mailto: or https: address).
        self.PUSH_SERVICES = tuple(
            s.strip().rstrip("/")
            for s in os.environ.get("PUSH_SERVICES", DEFAULT_PUSH_SERVICES).split(",")
            if s.strip()
        )
        self.PUSH_CONTACT = os.environ.get("PUSH_CONTACT", "")
        # The VAPID private key (PEM) when workers run on several hosts; else var/vapid_private.pem.
        self.VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "").replace("\\n", "\n").encode()
        # Seconds before the first retry of a push the push service did not take (429, 5xx, no
        # answer); doubled for each of the next two.
        self.PUSH_RETRY_S = float(os.environ.get("PUSH_RETRY_S", "2"))
        # Notices not yet sent are kept in the database (push_outbox): every PUSH_SWEEP_S seconds a
        # worker takes up those another worker released (it stopped) or left (its claim not renewed
        # for PUSH_LEASE_S: it crashed). The tests shorten both.
        self.PUSH_SWEEP_S = float(os.environ.get("PUSH_SWEEP_S", "10"))
        self.PUSH_LEASE_S = float(os.environ.get("PUSH_LEASE_S", "60"))
        # Sign-up from the club's public page (docs/sign-up.md): tries per phone address and per
        # club within SIGN_UP_WINDOW_S (an opening at 12:00 is a burst of many phones, one each).
        self.SIGN_UP_PER_ADDRESS = int(os.environ.get("SIGN_UP_PER_ADDRESS", "10"))
        self.SIGN_UP_PER_CLUB = int(os.environ.get("SIGN_UP_PER_CLUB", "2000"))
        self.SIGN_UP_WINDOW_S = float(os.environ.get("SIGN_UP_WINDOW_S", "600"))
        # E-mail to players who signed up with an address (backend/mail/, docs/privacy.md): their
        # confirmation and "a place is free". No MAIL_HOST: no mail; the phone's link and Web Push
        # still tell them. STARTTLS (on by default) checks the server's certificate against the
        # system's CAs. Mails wait in the database's outbox until the server takes them (docs/mail.md);
        # MAIL_RETRY_S: the wait before the first retry, doubled for each next (at most 30 min, for a day).
        self.MAIL_HOST = os.environ.get("MAIL_HOST", "").strip()
        self.MAIL_PORT = int(os.environ.get("MAIL_PORT", "587"))
        self.MAIL_STARTTLS = os.environ.get("MAIL_STARTTLS", "1").strip().lower() in YES
        self.MAIL_USER = os.environ.get("MAIL_USER", "")
        self.MAIL_PASSWORD = os.environ.get("MAIL_PASSWORD", "")
        self.MAIL_FROM = os.environ.get("MAIL_FROM", "").strip()
        self.MAIL_RETRY_S = float(os.environ.get("MAIL_RETRY_S", "30"))
        # The time zone the mails write a tournament's start in (the clubs are in one region).
        self.MAIL_TIME_ZONE = os.environ.get("MAIL_TIME_ZONE", "Europe/Zurich")
        # How often a serving process erases the sign-ups' e-mails past their club's retention
        # (minutes; 0: never, `pokerfloor privacy sweep` from a timer instead).
        self.PRIVACY_SWEEP_MINUTES = float(os.environ.get("PRIVACY_SWEEP_MINUTES", "60"))
        self.TESTING = False
        for key, value in overrides.items():
            setattr(self, key, value)
        if not getattr(self, "SECRET_KEY", None):
            self.SECRET_KEY = _secret_key(var_dir)
