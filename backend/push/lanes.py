"""Deliveries by push service: each service (an endpoint's origin) has its own queue and at most
`width` deliveries in flight, so a service that does not answer holds up its own deliveries only,
never another service's, and a phone on a healthy service is posted to at once however many
posts wait on the broken one. Lanes start when work comes and end when their queue is empty."""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

log = logging.getLogger(__name__)


def origin_of(endpoint: str) -> str:
    parts = urlsplit(endpoint)
    return f"{parts.scheme}://{parts.netloc}"


class Lanes:
    def __init__(self, width: int, spawn: Callable[..., Any], run: Callable[[Any], None]):
        self._width, self._spawn, self._run = width, spawn, run
        self._waiting: dict[str, deque] = {}
        self._busy: dict[str, int] = {}
        self._lock = threading.Lock()  # cooperative under gevent (monkey-patched)
        self.closed = False

    def put(self, origin: str, item: Any) -> None:
        """Queued for its service; a lane starts if the service has fewer than `width` at work.
        Never waits."""
        with self._lock:
            self._waiting.setdefault(origin, deque()).append(item)
            if self.closed or self._busy.get(origin, 0) >= self._width:
                return
            self._busy[origin] = self._busy.get(origin, 0) + 1
        self._spawn(self._lane, origin)

    def close(self) -> None:
        """A stop: no lane takes another item (what waits stays unsent)."""
        self.closed = True

    def in_flight(self) -> int:
        with self._lock:
            return sum(self._busy.values())

    def _lane(self, origin: str) -> None:
        while True:
            with self._lock:
                waiting = self._waiting.get(origin)
                if self.closed or not waiting:
                    self._busy[origin] -= 1
                    if not self._busy[origin]:
                        del self._busy[origin]
                        if not waiting:
                            self._waiting.pop(origin, None)
                    return
                item = waiting.popleft()
            try:
                self._run(item)
            except Exception:  # one delivery failing must not end the lane
                log.exception("a push delivery to %s failed", origin)
