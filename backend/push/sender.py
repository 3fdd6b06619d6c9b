"""Sending notices to the phones' push services, off the command path.

The command's transaction works out its notices (read/notices.py, from the state it left); the
route answers the phone first, then puts them on this process's queue (the worker that committed
the command is the one that pushes, so a notice goes out once however many workers run). One
long-lived greenlet finds the subscriptions and hands each delivery to a small pool: a slow push
service never holds up the next command's notices, and a retry's wait gives its slot back. Each delivery is encrypted for that phone
(RFC 8291, aes128gcm), signed with the server's VAPID key (RFC 8292), posted with its TTL and
urgency (RFC 8030); 429/5xx/no answer are retried twice with backoff, 404/410 delete the
subscription. A crash between the commit and the push loses the notice, never the command: the
phone shows it when its page is next opened.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import certifi
import http_ece  # type: ignore[import-untyped]
import urllib3
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02, VapidException  # type: ignore[import-untyped]

from ..auth.tokens import token_value
from ..read.notices import Notice, text_of
from ..service import now_ms
from ..store import session_scope
from . import subscriptions
from .keys import VapidKeys, from_b64url
from .subscriptions import LINK_PATHS, Recipient, endpoint_allowed

log = logging.getLogger(__name__)

# Seat notices replace each other at the push service while the phone is offline (RFC 8030 Topic):
# back online it gets its newest seat, not every move of the evening.
TOPICS = {"moved": "seat", "table_breaking": "seat", "final_table": "seat", "redrawn": "seat"}
RETRIES = 2
POOL = 8  # deliveries in flight per process: enough to hide a push service's round trip, few
# enough that a command arriving mid fan-out waits behind little encryption (tests/perf/bench_push.py)
VAPID_LIFETIME_S = 12 * 3600  # RFC 8292: at most 24 h; a token is reused per push service for half of it


class Pusher:
    def __init__(
        self,
        db: Any,
        keys: VapidKeys,
        *,
        secret: str,
        allowed: tuple[str, ...],
        contact: str,
        retry_s: float,
        spawn: Callable[..., Any],
        make_queue: Callable[[], Any],
        sleep: Callable[[float], None],
    ):
        self.db, self.keys = db, keys
        self.secret, self.allowed, self.retry_s = secret, allowed, retry_s
        self.contact = contact or "mailto:pokerfloor@localhost"
        self._spawn, self._make_queue, self._sleep = spawn, make_queue, sleep
        self._vapid = Vapid02.from_pem(keys.private_pem)
        try:  # a contact the push services would refuse fails at start, not at every push
            self._vapid.sign({"aud": "https://push.example", "exp": int(time.time()) + 60, "sub": self.contact})
        except VapidException:
            raise ValueError(f"PUSH_CONTACT must be a mailto: or https: address, not {self.contact!r}") from None
        self._signed: dict[str, tuple[float, str]] = {}  # push service origin -> (expires, Authorization)
        # urllib3 itself, not requests over it: half the CPU per post (tests/perf/bench_push.py), and
        # no proxy from the environment between us and the push service. One kept connection per
        # delivery in flight and push service; redirects and retries are ours to decide (none / below).
        self._http = urllib3.PoolManager(
            maxsize=POOL, ca_certs=certifi.where(), retries=False, timeout=urllib3.Timeout(connect=5, read=10)
        )
        self._queue: Any = None
        self._slots: Any = None
        self._in_flight = 0
        self._idle = threading.Condition()  # cooperative under gevent (monkey-patched)
        self.sent = 0  # deliveries the push services took (2xx), for the benchmark and the logs

    # --- the entry point (the route, after answering) ---

    def tell(self, tid: int, found: list[Notice]) -> None:
        """Queue a command's notices (worked out in its transaction: service.py). Never raises: the
        command is committed and answered, whatever happens to its notices."""
        try:
            self._put((tid, found))
        except Exception:
            log.exception("queueing the push notices of tournament %s failed", tid)

    def settle(self, timeout: float = 30) -> None:
        """Returns once everything queued is sent, retries included (for tests and benches)."""
        if self._queue is not None:
            self._queue.join()
        with self._idle:
            self._idle.wait_for(lambda: self._in_flight == 0, timeout)

    # --- the queue ---

    def _put(self, item: tuple) -> None:
        if self._queue is None:
            self._queue = self._make_queue()
            self._slots = self._make_queue()
            for _ in range(POOL):
                self._slots.put(None)
            self._spawn(self._work)
        self._queue.put(item)

    def _work(self) -> None:
        while True:
            tid, found = self._queue.get()
            try:
                self._deliver_all(tid, found)
            except Exception:  # one command's notices failing must not stop the others'
                log.exception("push notices of tournament %s failed", tid)
            finally:
                self._queue.task_done()

    def _deliver_all(self, tid: int, found: list[Notice]) -> None:
        with session_scope(self.db) as session:
            people = subscriptions.recipients(session, tid, {n.to for n in found})
        by_audience: dict[tuple, list[Recipient]] = {}
        for r in people:
            by_audience.setdefault(r.audience, []).append(r)
        for notice in found:
            for recipient in by_audience.get(notice.to, ()):
                self._slots.get()  # at most POOL deliveries in flight
                with self._idle:
                    self._in_flight += 1
                self._spawn(self._deliver_in_slot, tid, recipient, notice)

    def _deliver_in_slot(self, tid: int, recipient: Recipient, notice: Notice) -> None:
        try:
            self.deliver(tid, recipient, notice, pause=self._pause_out_of_slot)
        except Exception:
            log.exception("push to subscription %s failed", recipient.id)
        finally:
            self._slots.put(None)
            with self._idle:
                self._in_flight -= 1
                self._idle.notify_all()

    def _pause_out_of_slot(self, seconds: float) -> None:
        """A retry's wait gives its slot back: one push service that is down never holds up the
        others' deliveries (nor the queue behind them)."""
        self._slots.put(None)
        try:
            self._sleep(seconds)
        finally:
            self._slots.get()

    # --- one delivery ---

    def message(self, tid: int, recipient: Recipient, notice: Notice) -> dict:
        """What the phone's service worker gets: the text in its language, where a tap leads."""
        title, body = text_of(notice, recipient.lang)
        if recipient.role in LINK_PATHS:
            url = f"/#/{LINK_PATHS[recipient.role]}/{token_value(self.secret, recipient.nonce)}"
        else:
            url = f"/#/director/{tid}"
        return {
            "title": title,
            "body": body,
            "kind": notice.kind,
            "tag": f"pf-{tid}-{TOPICS.get(notice.kind, notice.kind)}",
            "url": url,
            "tournament_id": tid,
            "at": now_ms(),
            "ttl": notice.ttl,
        }

    def _authorization(self, endpoint: str) -> str:
        parts = urlsplit(endpoint)
        origin = f"{parts.scheme}://{parts.netloc}"
        now = time.time()
        cached = self._signed.get(origin)
        if cached is None or cached[0] - now < VAPID_LIFETIME_S / 2:
            expires = int(now + VAPID_LIFETIME_S)
            header = self._vapid.sign({"aud": origin, "exp": expires, "sub": self.contact})["Authorization"]
            self._signed[origin] = cached = (expires, header)
        return cached[1]

    def deliver(
        self, tid: int, recipient: Recipient, notice: Notice, pause: Callable[[float], None] | None = None
    ) -> int | None:
        """Encrypt, sign and post one notice; retried with backoff while the service is busy or
        unreachable. Returns the push service's last status (None: it never answered)."""
        if not endpoint_allowed(recipient.endpoint, self.allowed):
            log.warning("push endpoint of subscription %s is not an allowed push service", recipient.id)
            return None
        body = http_ece.encrypt(
            json.dumps(self.message(tid, recipient, notice)).encode(),
            salt=os.urandom(16),
            private_key=ec.generate_private_key(ec.SECP256R1()),
            dh=from_b64url(recipient.p256dh),
            auth_secret=from_b64url(recipient.auth),
            version="aes128gcm",
        )
        headers = {
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            "TTL": str(notice.ttl),
            "Urgency": "high" if notice.urgent else "normal",
            "Authorization": self._authorization(recipient.endpoint),
        }
        if notice.kind in TOPICS:
            headers["Topic"] = TOPICS[notice.kind]
        status = None
        for attempt in range(RETRIES + 1):
            wait = self.retry_s * 2**attempt
            try:
                answer = self._http.request("POST", recipient.endpoint, body=body, headers=headers, redirect=False)
                status = answer.status
            except urllib3.exceptions.HTTPError as err:
                log.warning("push service of subscription %s unreachable: %s", recipient.id, err)
                status = None
            else:
                if 200 <= status < 300:
                    self.sent += 1
                    return status
                if status in (404, 410):  # the phone unsubscribed or the browser dropped it
                    with session_scope(self.db) as session:
                        subscriptions.forget(session, recipient.id)
                    return status
                if status != 429 and status < 500:
                    text = answer.data[:200].decode(errors="replace")
                    log.warning("push service refused subscription %s: %s %s", recipient.id, status, text)
                    return status
                retry_after = answer.headers.get("Retry-After") or ""
                if retry_after.isdigit():
                    wait = min(60.0, float(retry_after))
            if attempt < RETRIES:
                (pause or self._sleep)(wait)
        return status
