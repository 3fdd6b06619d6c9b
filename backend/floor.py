"""The running app's parts, typed: what create_app (app.py) builds once and every request, socket
handler and background task reads back through `floor()` (or `floor_of(app)` outside a request).

The upper parts (realtime, push) are imported for their types only: they read this module
themselves (auth below them does too), so a runtime import here would be a circle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING

from flask import Flask, current_app
from sqlalchemy.engine import Engine

from .config import Config
from .service import TournamentService

if TYPE_CHECKING:
    from .auth.access import Caller
    from .auth.throttle import LoginThrottle
    from .mail.sender import Mailer
    from .push.reminders import BreakReminders
    from .push.sender import Pusher
    from .realtime import Realtime

KEY = "pokerfloor"  # app.extensions[KEY]


@dataclass
class PokerFloor:
    config: Config
    db: Engine
    service: TournamentService
    login_throttle: LoginThrottle
    sign_up_limits: tuple[LoginThrottle, LoginThrottle] | None = None  # per address, per club (api/sign_up.py)
    # Made right after the app is (they need it); set by create_app before any request is served.
    realtime: Realtime = field(init=False)
    pusher: Pusher = field(init=False)
    mailer: Mailer = field(init=False)  # off (sends nothing) without MAIL_HOST
    reminders: BreakReminders = field(init=False)
    # What a serving process starts besides the requests (venue/serve.py calls them; app.py adds them):
    # the views sent again after Redis or this worker restarted (realtime/resync.py).
    on_serve: list[Callable[[], object]] = field(default_factory=list)
    # Known tokens' callers (auth/access.py): token → (caller, when read); every revocation
    # counts up `revocations`, so a read that raced one is not kept.
    callers: dict[str, tuple[Caller, float]] = field(default_factory=dict)
    revocations: int = 0
    # The club calendars' feeds made lately (api/club_calendar.py): key → (made at ms, text).
    calendar_feeds: dict[tuple, tuple[int, str]] = field(default_factory=dict)
    openapi_document: dict | None = None  # made on the first GET /api/openapi.json
    server_lock: IO[str] | None = None  # held by a serving process (restore waits for it), operations/backup.py


def floor_of(app: Flask) -> PokerFloor:
    found: PokerFloor = app.extensions[KEY]
    return found


def floor() -> PokerFloor:
    """The parts of the app handling the current request."""
    found: PokerFloor = current_app.extensions[KEY]
    return found
