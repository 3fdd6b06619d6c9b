"""Sending notices to the phones' push services, off the command path, and never losing one.

The command's transaction works out its notices (read/notices.py) and keeps them in the outbox
(outbox.py: one row, claimed by the worker that committed the command); the route answers the
phone first, then hands them here. One long-lived greenlet finds the subscriptions of each row and
puts each delivery in its push service's lane (lanes.py): a service that does not answer holds up
its own deliveries, never another's. Each delivery is encrypted for that phone (RFC 8291,
aes128gcm), signed with the server's VAPID key (RFC 8292), posted with what is left of its TTL and
its urgency (RFC 8030), within one deadline per attempt; 429/5xx/no answer are retried twice with
backoff, the wait giving the lane back; 404/410 and a key nothing can be encrypted for remove the
subscription. When every phone of a row is done the row goes.

A stop (SIGTERM) lets the posts under way finish (a few seconds at most), writes down what each row
has posted and releases the rows: the next worker to start, or another running, sends the rest,
nothing twice. After a crash the rows wait until the dead worker's claim lapses (PUSH_LEASE_S).
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
from .lanes import Lanes, origin_of
from .outbox import Batch, Outbox
from .subscriptions import LINK_PATHS, Recipient, endpoint_allowed

log = logging.getLogger(__name__)

# Seat notices replace each other at the push service while the phone is offline (RFC 8030 Topic):
# back online it gets its newest seat, not every move of the evening.
SEAT_KINDS = ("moved", "table_breaking", "final_table", "final_table_stay", "redrawn", "redrawn_stay")
TOPICS = dict.fromkeys(SEAT_KINDS, "seat")
RETRIES = 2
PER_SERVICE = 8  # deliveries in flight per push service: enough to hide its round trip, few enough
# that a command arriving mid fan-out waits behind little encryption (tests/perf/bench_push.py)
ATTEMPT_S = 10.0  # one post, connecting included: a service that does not answer costs this, once
STOP_GRACE_S = 5.0  # a stop waits this long at most for the posts under way
VAPID_LIFETIME_S = 12 * 3600  # RFC 8292: at most 24 h; a token is reused per push service for half of it


@dataclass(eq=False)
class Delivery:
    batch: Batch
    index: int  # the notice's place in its row
    notice: Notice
    recipient: Recipient
    attempt: int = 0
    body: bytes | None = None  # encrypted once, posted again as it is on a retry


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
        outbox: Outbox,
        sweep_s: float = 10.0,
        lease_s: float = 60.0,
    ):
        self.db, self.keys, self.outbox = db, keys, outbox
        self.secret, self.allowed, self.retry_s = secret, allowed, retry_s
        self.sweep_s, self.lease_ms = sweep_s, int(lease_s * 1000)
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
            maxsize=PER_SERVICE,
            ca_certs=certifi.where(),
            retries=False,
            timeout=urllib3.Timeout(total=ATTEMPT_S, connect=min(5.0, ATTEMPT_S)),
        )
        self._lanes = Lanes(PER_SERVICE, spawn, self._attempt)
        self._queue: Any = None
        self._batches: dict[tuple[int, str], Batch] = {}  # the rows this worker sends
        self._posting = 0  # posts under way
        self._lock = threading.Condition()  # cooperative under gevent (monkey-patched)
        self._stopping = False
        self.sent = 0  # deliveries the push services took (2xx), for the benchmark and the logs

    # --- the entry points ---

    def tell(self, tid: int, found: list[Notice] | Batch) -> None:
        """Send a command's notices (a Batch its transaction kept in the outbox), or notices made
        outside one (a refused command's: kept in the outbox first, off the request). Never
        raises: the command is committed and answered, whatever happens to its notices."""
        try:
            if isinstance(found, Batch):
                self._start(found)
            else:
                self._enqueue((tid, list(found), now_ms()))
        except Exception:
            log.exception("queueing the push notices of tournament %s failed", tid)

    def start(self) -> None:
        """A serving worker: take up what is left in the outbox (now, then every PUSH_SWEEP_S)."""
        self._spawn(self._sweep)

    def stop(self, grace: float = STOP_GRACE_S) -> None:
        """A stop: no new post; those under way may finish within `grace`; the rows are released
        with what they posted, for the next worker."""
        self._stopping = True
        self._lanes.close()
        with self._lock:
            self._lock.wait_for(lambda: self._posting == 0, grace)
            unfinished = list(self._batches.values())
        self.outbox.release(unfinished)
        log.info("push: stopped; %d notice rows left for the next worker", len(unfinished))

    def settle(self, timeout: float = 30) -> None:
        """Returns once everything queued is sent, retries included (for tests and benches)."""
        if self._queue is not None:
            self._queue.join()
        with self._lock:
            self._lock.wait_for(lambda: not self._batches, timeout)

    # --- rows ---

    def _start(self, batch: Batch) -> None:
        with self._lock:
            if batch.ident in self._batches:
                return  # taken up by the sweep and told by the route: sent once
            self._batches[batch.ident] = batch
        self._enqueue(batch)

    def _enqueue(self, item: Batch | tuple) -> None:
        if self._queue is None:
            self._queue = self._make_queue()
            self._spawn(self._intake)
        self._queue.put(item)

    def _intake(self) -> None:
        while True:
            item = self._queue.get()
            try:
                if isinstance(item, Batch):
                    self._fan_out(item)
                else:
                    tid, found, now = item
                    batch = self.outbox.add(tid, _new_key("told"), found, now)
                    if batch is not None:
                        self._start(batch)
            except Exception:  # one row failing must not stop the others
                if isinstance(item, Batch):
                    self._let_go(item)
                log.exception("push notices of tournament %s failed", item.tid if isinstance(item, Batch) else item[0])
            finally:
                self._queue.task_done()

    def _let_go(self, batch: Batch) -> None:
        """Not sent from memory any more: the sweep takes its row up again once it is a lease old."""
        with self._lock:
            self._batches.pop(batch.ident, None)
            self._lock.notify_all()

    def _fan_out(self, batch: Batch) -> None:
        """Each notice to each subscription of its audience, not yet posted, into its service's lane."""
        if self._stopping:
            return
        with session_scope(self.db) as session:
            people = subscriptions.recipients(session, batch.tid, {n.to for n in batch.notices})
        by_audience: dict[tuple, list[Recipient]] = {}
        for r in people:
            by_audience.setdefault(r.audience, []).append(r)
        deliveries = [
            Delivery(batch, index, notice, recipient)
            for index, notice in enumerate(batch.notices)
            for recipient in by_audience.get(notice.to, ())
            if (index, recipient.id) not in batch.done
        ]
        with self._lock:
            batch.left = len(deliveries)
        if not deliveries:
            self._close(batch)
        for delivery in deliveries:
            self._lanes.put(origin_of(delivery.recipient.endpoint), delivery)

    def _finish(self, delivery: Delivery) -> None:
        """Posted, or never to be (gone, refused, expired, retried enough)."""
        batch = delivery.batch
        with self._lock:
            batch.done.add((delivery.index, delivery.recipient.id))
            batch.left -= 1
            last = batch.left == 0
        if last:
            self._close(batch)

    def _close(self, batch: Batch) -> None:
        if self._stopping:
            return  # released with the others: the next worker finds it done and deletes it
        try:
            self.outbox.finish(batch)
        except Exception:  # kept (and claimed) here: the next sweep deletes it, nothing is sent again
            log.exception("the sent notices %s of tournament %s stay in the outbox", batch.key, batch.tid)
            return
        self._let_go(batch)

    def _sweep(self) -> None:
        while not self._stopping:
            try:
                now = now_ms()
                with self._lock:
                    mine = list(self._batches.values())
                if mine:
                    self.outbox.heartbeat(mine, now)
                for batch in mine:
                    if batch.left == 0:
                        self._close(batch)  # its delete failed before
                for batch in self.outbox.claim_due(now, self.lease_ms, set(self._batches)):
                    log.info("push: taking up the notices %s of tournament %s", batch.key, batch.tid)
                    self._start(batch)
            except Exception:
                log.exception("push: the outbox sweep failed")
            self._sleep(self.sweep_s)

    # --- one delivery ---

    def _attempt(self, delivery: Delivery) -> None:
        """One post, in its service's lane; a retry waits outside the lane, then queues again."""
        if self._stopping:
            return  # left for the next worker
        with self._lock:
            self._posting += 1
        try:
            retry_in = self._post(delivery)
        except Exception:
            log.exception("push to subscription %s failed", delivery.recipient.id)
            retry_in = None
        finally:
            with self._lock:
                self._posting -= 1
                self._lock.notify_all()
        if retry_in is not None and delivery.attempt < RETRIES:
            delivery.attempt += 1
            self._spawn(self._later, retry_in, delivery)
        else:
            self._finish(delivery)

    def _later(self, seconds: float, delivery: Delivery) -> None:
        self._sleep(seconds)
        if not self._stopping:
            self._lanes.put(origin_of(delivery.recipient.endpoint), delivery)

    def _post(self, delivery: Delivery) -> float | None:
        """Encrypt, sign and post one notice. Returns the seconds to wait before trying again, or
        None when this delivery is over (taken, gone, refused, expired)."""
        recipient, notice = delivery.recipient, delivery.notice
        ttl = notice.ttl - (now_ms() - delivery.batch.created_at) // 1000
        if ttl < 1:
            log.info("push to subscription %s dropped: its %s notice is older than its TTL", recipient.id, notice.kind)
            return None
        if not endpoint_allowed(recipient.endpoint, self.allowed):
            log.warning("push endpoint of subscription %s is not an allowed push service", recipient.id)
            return None
        if delivery.body is None:
            try:
                delivery.body = self._encrypt(delivery)
            except ValueError:  # not a P-256 point (stored before subscribing checked it): never deliverable
                self._forget(recipient, "its key is not a P-256 point")
                return None
        headers = {
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            "TTL": str(ttl),
            "Urgency": "high" if notice.urgent else "normal",
            "Authorization": self._authorization(recipient.endpoint),
        }
        if notice.kind in TOPICS:
            headers["Topic"] = TOPICS[notice.kind]
        wait = self.retry_s * 2**delivery.attempt
        try:
            answer = self._http.request("POST", recipient.endpoint, body=delivery.body, headers=headers, redirect=False)
        except urllib3.exceptions.HTTPError as err:
            log.warning("push service of subscription %s unreachable: %s", recipient.id, err)
            return wait
        status = answer.status
        if 200 <= status < 300:
            with self._lock:
                self.sent += 1
            return None
        if status in (404, 410):  # the phone unsubscribed or the browser dropped it
            self._forget(recipient, f"its push service answered {status}")
            return None
        if status != 429 and status < 500:
            # 400/401/403/413: kept; these point at what the server sends (its signature), and
            # removing would cost every phone of that service its notices
            text = answer.data[:200].decode(errors="replace")
            log.warning("push service refused subscription %s: %s %s", recipient.id, status, text)
            return None
        retry_after = answer.headers.get("Retry-After") or ""
        return min(60.0, float(retry_after)) if retry_after.isdigit() else wait

    def _encrypt(self, delivery: Delivery) -> bytes:
        recipient = delivery.recipient
        return http_ece.encrypt(
            json.dumps(self.message(delivery.batch.tid, recipient, delivery.notice)).encode(),
            salt=os.urandom(16),
            private_key=ec.generate_private_key(ec.SECP256R1()),
            dh=from_b64url(recipient.p256dh),
            auth_secret=from_b64url(recipient.auth),
            version="aes128gcm",
        )

    def _forget(self, recipient: Recipient, why: str) -> None:
        log.warning("push subscription %s removed: %s", recipient.id, why)
        with session_scope(self.db) as session:
            subscriptions.forget(session, recipient.id)

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
        origin = origin_of(endpoint)
        now = time.time()
        cached = self._signed.get(origin)
        if cached is None or cached[0] - now < VAPID_LIFETIME_S / 2:
            expires = int(now + VAPID_LIFETIME_S)
            header = self._vapid.sign({"aud": origin, "exp": expires, "sub": self.contact})["Authorization"]
            self._signed[origin] = cached = (expires, header)
        return cached[1]


def _new_key(kind: str) -> str:
    return f"{kind}:{os.urandom(8).hex()}"
