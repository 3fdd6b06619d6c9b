"""Flask-SocketIO's Redis queue with a channel per tournament room, so a worker reads only the
emits its own sockets need (issue 36; docs/sizing.md has the measurements).

python-socketio's RedisManager publishes every emit on one channel that every worker reads,
decodes and looks up in its rooms, so each added worker added cost to all of them. Here an emit to
a tournament room (`t:…`, see room_for) is published on `<channel>:room:<room>`, and a worker is
subscribed to a room's channel exactly while it holds a socket in that room: python-socketio
creates a room with its first socket and drops it with its last, the two moments to SUBSCRIBE and
UNSUBSCRIBE. Everything else (an emit or disconnect for a socket on another worker, close_room,
callbacks, broadcasts) stays on the base channel that every worker reads, as before. An emit to a
socket of this worker is not published at all (a phone's first view, the director's 400 kB).

Per room rather than per tournament: Caddy spreads a tournament's ~47 sockets over every worker,
so per tournament every worker would still read every emit of every busy tournament; per room a
worker reads an emit only when it writes it to one of its own sockets (the public room is the only
one most workers share).

A joining phone misses no version: the join waits for Redis to confirm the subscription before its
first view's state is read (Realtime._join), the order presence.py keeps for its counts. Only the
listening greenlet touches its PubSub connection (redis-py's connection is not made for two: a
join's SUBSCRIBE and the listener both ran a reconnect's handshake read and failed); a join wakes
it with a message on its own channel (`<channel>:worker:<host_id>`), and it sends the SUBSCRIBE or
UNSUBSCRIBE itself. Redis gone: the listener connects again with backoff and subscribes to every
channel it holds; when Redis itself restarted (its run_id changed) it calls `on_redis_restart`
(Realtime counts its sockets into the shared presence again, which the restart emptied).
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterator
from typing import Any

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry
from socketio import RedisManager

log = logging.getLogger(__name__)

ROOM_PREFIX = "t:"  # the tournament rooms (room_for); other rooms and sids use the base channel
CONFIRM_TIMEOUT_S = 5.0  # a join waits at most this long for Redis to confirm its room's channel


class RoomChannels(RedisManager):
    name = "redis-rooms"

    def __init__(self, url: str, channel: str, on_redis_restart: Callable[[], None] | None = None):
        super().__init__(url, channel=channel)
        self.on_redis_restart = on_redis_restart
        self.held: set[str] = set()  # the channels of the rooms this worker has sockets in
        self._waiting: dict[str, Any] = {}  # channel -> the event its joins wait on until confirmed
        # The listener's own (only it touches them): what its connection is subscribed to, the
        # SUBSCRIBEs not yet confirmed, the channels whose room came or went since it last looked.
        self._subscribed: set[str] = set()
        self._unconfirmed: dict[str, int] = {}
        self._to_reconcile: set[str] = set()
        self._wake_sent = False
        self._wake_channel = f"{channel}:worker:{self.host_id}"
        self._publisher: redis.Redis | None = None
        self._run_id: str | None = None

    def room_channel(self, room: object) -> str | None:
        if isinstance(room, str) and room.startswith(ROOM_PREFIX):
            return f"{self.channel}:room:{room}"
        return None

    # -- publishing ---------------------------------------------------------------------------

    def emit(self, event: str, data: Any, namespace: str | None = None, room: Any = None, **kwargs: Any) -> Any:
        room = kwargs.pop("to", None) or room
        if isinstance(room, str) and self.is_sid_room(namespace or "/", room):
            kwargs["ignore_queue"] = True  # a socket of this worker: nobody else has to read it
        return super().emit(event, data, namespace=namespace, room=room, **kwargs)

    def _publish(self, data: dict) -> Any:
        channel = self.channel
        if data.get("method") == "emit":
            channel = self.room_channel(data.get("room")) or channel
        return self._publish_raw(channel, self.json.dumps(data))

    def _publish_raw(self, channel: str, payload: str | bytes) -> Any:
        for attempt in (1, 2):
            try:
                if self._publisher is None:
                    self._publisher = redis.Redis.from_url(self.redis_url, **self.redis_options)
                return self._publisher.publish(channel, payload)
            except (redis.RedisError, OSError) as exc:  # as RedisManager: one retry on a new connection
                self._publisher = None
                log.error("cannot publish to Redis (attempt %d of 2): %s", attempt, exc)
        return None

    # -- which channels this worker reads -------------------------------------------------------

    def basic_enter_room(self, sid: str, namespace: str, room: Any, eio_sid: str | None = None) -> None:
        created = room not in self.rooms.get(namespace, {})
        super().basic_enter_room(sid, namespace, room, eio_sid=eio_sid)
        channel = self.room_channel(room)
        if channel is None:
            return
        if created:
            self.held.add(channel)
            self._waiting.setdefault(channel, self.server.eio.create_event())
            self._ask_listener(channel)
        waiting = self._waiting.get(channel)
        if waiting is not None and not waiting.wait(CONFIRM_TIMEOUT_S):
            log.error("Redis did not confirm the subscription to %s within %.0f s", channel, CONFIRM_TIMEOUT_S)

    def basic_leave_room(self, sid: str, namespace: str, room: Any) -> None:
        existed = room in self.rooms.get(namespace, {})
        super().basic_leave_room(sid, namespace, room)
        channel = self.room_channel(room)
        if channel is not None and existed and room not in self.rooms.get(namespace, {}):
            self.held.discard(channel)
            self._ask_listener(channel)

    def _ask_listener(self, channel: str) -> None:
        """The listener alone reads and writes its PubSub connection (redis-py's connection is not
        for two greenlets: a reconnect's handshake read from both failed). It is woken by a message
        on its own channel and then subscribes or unsubscribes what changed."""
        self._to_reconcile.add(channel)
        if self._wake_sent:
            return  # one wake-up in flight serves every change made before the listener runs
        self._wake_sent = True
        if self._publish_raw(self._wake_channel, b"wake") is None:
            self._wake_sent = False  # Redis is down: the listener's new connection reconciles all

    def _reconcile(self, pubsub: Any) -> None:
        self._wake_sent = False  # before taking the changes: a later one wakes the listener again
        changed, self._to_reconcile = self._to_reconcile, set()
        subscribe = sorted(c for c in changed if c in self.held and c not in self._subscribed)
        unsubscribe = sorted(c for c in changed if c not in self.held and c in self._subscribed)
        for channel in changed:
            if channel in self.held and channel in self._subscribed and not self._unconfirmed.get(channel):
                self._release_waiters(channel)  # left and joined again before the listener ran
            elif channel not in self.held:
                self._release_waiters(channel)
        if subscribe:
            self._send_subscribe(pubsub, subscribe)
        if unsubscribe:
            self._subscribed.difference_update(unsubscribe)
            pubsub.unsubscribe(*unsubscribe)

    def _send_subscribe(self, pubsub: Any, channels: list[str]) -> None:
        for channel in channels:
            self._unconfirmed[channel] = self._unconfirmed.get(channel, 0) + 1
        self._subscribed.update(channels)
        pubsub.subscribe(*channels)

    def _confirmed(self, channel: str) -> None:
        left = self._unconfirmed.get(channel, 0) - 1
        if left > 0:
            self._unconfirmed[channel] = left
            return
        self._unconfirmed.pop(channel, None)
        if channel in self.held:
            self._release_waiters(channel)

    def _release_waiters(self, channel: str) -> None:
        waiting = self._waiting.pop(channel, None)
        if waiting is not None:
            waiting.set()

    # -- listening ----------------------------------------------------------------------------

    def _connect_listener(self) -> Any:
        client = redis.Redis.from_url(
            self.redis_url,
            # every lost connection surfaces here, so the new one subscribes to all that is held
            retry=Retry(NoBackoff(), 0),
            client_name=f"pokerfloor-queue-{os.getpid()}",  # CLIENT LIST tells the workers apart
            **self.redis_options,
        )
        run_id = client.info("server")["run_id"]
        pubsub = client.pubsub()
        self._unconfirmed, self._subscribed, self._to_reconcile = {}, set(), set()
        self._wake_sent = False
        pubsub.subscribe(self.channel, self._wake_channel)
        if self.held:
            self._send_subscribe(pubsub, sorted(self.held))
        for channel in [c for c in self._waiting if c not in self.held]:
            self._release_waiters(channel)
        restarted = self._run_id is not None and run_id != self._run_id
        self._run_id = run_id
        if restarted and self.on_redis_restart is not None:
            try:
                self.on_redis_restart()
            except Exception:
                log.exception("after the Redis restart: on_redis_restart failed")
        return pubsub

    def _listen(self) -> Iterator[bytes]:
        retry_s = 0.5
        wake = self._wake_channel.encode()
        while True:
            pubsub = None
            try:
                pubsub = self._connect_listener()
                retry_s = 0.5
                while True:
                    if self._to_reconcile:
                        self._reconcile(pubsub)
                    message = pubsub.handle_message(pubsub.parse_response(block=True))
                    if message is None:
                        continue
                    if message["type"] == "message":
                        if message["channel"] != wake:
                            yield message["data"]
                    elif message["type"] == "subscribe":
                        self._confirmed(message["channel"].decode())
            except (redis.RedisError, OSError) as exc:  # Redis gone: a new connection, after a pause
                log.error("Socket.IO queue: Redis lost (%s); connecting again in %.1f s", exc, retry_s)
                retry_s = self._pause(pubsub, retry_s)
            except Exception:  # anything else broke the listener: the same, with the trace
                log.exception("Socket.IO queue: listener failed; connecting again in %.1f s", retry_s)
                retry_s = self._pause(pubsub, retry_s)

    def _pause(self, pubsub: Any, retry_s: float) -> float:
        if pubsub is not None:
            with contextlib.suppress(Exception):
                pubsub.close()
        self.server.sleep(retry_s)
        return min(retry_s * 2, 5.0)
