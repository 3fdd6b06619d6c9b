"""Failed sign-ins slow down guessing: after `LIMIT` failures for one user name or one address
within `WINDOW_S`, further tries are refused until the oldest failure leaves the window.

Kept in this process's memory: a restart forgets it, and with several workers each counts on its
own (nginx's `limit_req` in deploy/ is the shared guard). Argon2 already makes each guess cost
tens of milliseconds; this turns a password list into days."""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

LIMIT = 10
WINDOW_S = 300.0


class LoginThrottle:
    def __init__(self, limit: int = LIMIT, window_s: float = WINDOW_S, clock: Callable[[], float] = time.monotonic):
        self.limit, self.window_s, self.clock = limit, window_s, clock
        self._failures: dict[str, deque] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque:
        q = self._failures.setdefault(key, deque())
        while q and now - q[0] >= self.window_s:
            q.popleft()
        return q

    def retry_after(self, *keys: str) -> int | None:
        """Seconds to wait when any key has used up its tries, else None."""
        now = self.clock()
        with self._lock:
            waits = [self.window_s - (now - q[0]) for k in keys if len(q := self._recent(k, now)) >= self.limit]
        return max(1, int(max(waits)) + 1) if waits else None

    def failed(self, *keys: str) -> None:
        now = self.clock()
        with self._lock:
            for k in keys:
                self._recent(k, now).append(now)
            if len(self._failures) > 10_000:  # forget names nobody tries any more
                for k in [k for k, q in self._failures.items() if not q or now - q[-1] >= self.window_s]:
                    del self._failures[k]

    def succeeded(self, *keys: str) -> None:
        with self._lock:
            for k in keys:
                self._failures.pop(k, None)
