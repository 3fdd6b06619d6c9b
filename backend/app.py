"""The application factory."""

from __future__ import annotations

import logging
import mimetypes
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask, Request, Response, jsonify, request, send_from_directory
from flask.sessions import SessionInterface, SessionMixin
from flask.typing import ResponseReturnValue
from sqlalchemy.engine import Engine
from werkzeug.middleware.proxy_fix import ProxyFix

from .api import BLUEPRINTS
from .api.edge import install_edge
from .api.errors import register_error_handlers
from .api.follow_ups import after_commit, before_command
from .api.security_headers import register_security_headers
from .auth.throttle import LoginThrottle
from .config import Config
from .engine import census
from .floor import KEY, PokerFloor
from .mail.sender import Mailer, MailSettings
from .push.keys import vapid_keys
from .push.outbox import Outbox
from .push.reminders import BreakReminders
from .push.sender import Pusher
from .read.changes import changed_views
from .read.notices import notices
from .realtime import AsyncMode, Realtime
from .realtime.resync import start_resync
from .service import TournamentService
from .store import make_engine, migrate
from .store.db import check_migrated


class PokerFloorApp(Flask):
    """Flask, with each view's and hook's sync check made once: Flask asks inspect whether a
    function is a coroutine for every hook and view of every request (none here is)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._callables: dict[Callable, Callable] = {}

    def ensure_sync(self, func: Callable) -> Callable:
        found = self._callables.get(func)
        if found is None:
            found = self._callables[func] = super().ensure_sync(func)
        return found


class NoCookieSessions(SessionInterface):
    """Every caller is its bearer token (auth/access.py); no request opens or signs a cookie."""

    def open_session(self, app: Flask, request: Request) -> None:
        return None  # Flask then hands out its NullSession, which refuses writes

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        return None


def create_app(
    config: Config | None = None, async_mode: AsyncMode = "gevent", migrate_schema: bool | None = None
) -> Flask:
    """migrate_schema: None means SQLite migrates itself (one process serves a room), any other
    database is only checked: several workers must not race to migrate it, `pokerfloor init`
    does that once before they start (raises store.db.NotMigrated otherwise)."""
    config = config or Config()
    app = PokerFloorApp(__name__, static_folder=None)
    app.config["SECRET_KEY"] = config.SECRET_KEY
    app.config["MAX_CONTENT_LENGTH"] = 1 << 20
    app.session_interface = NoCookieSessions()
    db = make_engine(config.DATABASE_URL, config.DB_POOL_SIZE)
    if migrate_schema is None:
        migrate_schema = db.dialect.name == "sqlite"
    if migrate_schema:
        migrate(db)
    else:
        check_migrated(db)
    outbox = Outbox(db)  # notices not yet sent, kept with the command that made them
    service = TournamentService(
        db,
        changed_views=changed_views,
        notices=notices,
        queue_notices=outbox.command_queue,
        states_kept=config.STATES_KEPT,
    )
    # Per process, see auth/throttle.py: 10 wrong passwords for one name from one address. Not per
    # address alone (a room behind one NAT address shares it) and not per name alone (anyone could
    # lock the director out by typing her name with wrong passwords).
    floor = PokerFloor(config, db, service, login_throttle=LoginThrottle(limit=10))
    window = config.SIGN_UP_WINDOW_S
    floor.sign_up_limits = (
        LoginThrottle(limit=config.SIGN_UP_PER_ADDRESS, window_s=window),
        LoginThrottle(limit=config.SIGN_UP_PER_CLUB, window_s=window),
    )
    census.CHECK = census.CHECK or config.CHECK_CENSUS
    app.extensions[KEY] = floor
    install_edge(app)  # ids in URLs, JSON depth
    for bp in BLUEPRINTS:
        app.register_blueprint(bp)
    register_error_handlers(app)
    if config.TRUSTED_PROXIES:
        n = config.TRUSTED_PROXIES
        # Flask's documented way to add WSGI middleware; its types call wsgi_app a method
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n)  # type: ignore[method-assign]  # not the host: PUBLIC_URL is set
    floor.realtime = Realtime(
        app,
        floor.service,
        async_mode,
        config.SOCKETIO_MESSAGE_QUEUE,
        config.SOCKETIO_CHANNEL,
        room_channels=config.SOCKETIO_ROOM_CHANNELS,
    )
    floor.pusher = make_pusher(config, db, floor.realtime, outbox)
    sio = floor.realtime.socketio
    # Mail on the Socket.IO server's greenlets too: a slow mail server never holds up a command.
    floor.mailer = Mailer(MailSettings.of(config), db, spawn=sio.start_background_task, sleep=floor.realtime.sleep)
    floor.reminders = BreakReminders(
        floor.service, db, floor.pusher.tell, outbox, spawn=sio.start_background_task, sleep=floor.realtime.sleep
    )
    floor.reminders.pick_up()
    floor.on_serve.append(lambda: start_resync(floor.realtime))
    service.before_command, service.after_commit = before_command(floor), after_commit(floor)

    register_pwa(app, config)
    register_security_headers(app)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return app


def make_pusher(config: Config, db: Engine, realtime: Realtime, outbox: Outbox) -> Pusher:
    """Web Push on the Socket.IO server's own greenlets (threads in the threading mode). A serving
    process also takes up what the outbox holds (venue/serve.py starts it, and stops it on SIGTERM)."""
    sio = realtime.socketio
    return Pusher(
        db,
        vapid_keys(config.VAR_DIR, config.VAPID_PRIVATE_KEY),
        secret=config.SECRET_KEY,
        allowed=config.PUSH_SERVICES,
        contact=config.PUSH_CONTACT,
        retry_s=config.PUSH_RETRY_S,
        spawn=sio.start_background_task,
        make_queue=realtime.server.eio.create_queue,
        sleep=realtime.sleep,
        outbox=outbox,
        sweep_s=config.PUSH_SWEEP_S,
        lease_s=config.PUSH_LEASE_S,
    )


# The build leaves brotli and gzip copies next to each text file (pwa/scripts/precompress.mjs).
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))


def send_precompressed(dist: Path, path: str) -> Response:
    """The file, or its brotli/gzip copy when the phone accepts it: compressed once at build time,
    never per request. The answer varies with Accept-Encoding (a cache must not mix them up)."""
    accepted = request.accept_encodings
    for coding, suffix in PRECOMPRESSED:
        if accepted[coding] and (dist / (path + suffix)).is_file():
            response = send_from_directory(
                dist, path + suffix, mimetype=mimetypes.guess_type(path)[0] or "application/octet-stream"
            )
            response.headers["Content-Encoding"] = coding
            break
    else:
        response = send_from_directory(dist, path)
    response.vary.add("Accept-Encoding")
    return response


def register_pwa(app: Flask, config: Config) -> None:
    """Serve the built PWA. sw.js must never be cached by HTTP, or phones miss updates."""
    dist = config.PWA_DIST

    @app.get("/")
    @app.get("/<path:path>")
    def pwa(path: str = "index.html") -> ResponseReturnValue:
        if path.startswith("api/"):
            return jsonify({"error": "not_found", "message": "No such API endpoint.", "field": None}), 404
        if not (dist / "index.html").exists():
            # A checkout builds it with make run; a wheel carries it only if pwa/dist was built first (setup.py).
            return (f"The phone app is not built ({dist} has no index.html): run `make run` in a checkout.", 503)
        target = dist / path
        if not target.is_file():
            path = "index.html"
        response = send_precompressed(dist, path)
        if path in ("sw.js", "index.html", "manifest.webmanifest"):
            response.headers["Cache-Control"] = "no-cache"
        elif path.startswith("assets/"):
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response
