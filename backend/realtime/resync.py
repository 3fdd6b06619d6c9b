"""Views sent again after a fault, so no phone is left showing an old table (docs/faults.md).

Only what changed is pushed, so a view lost on the way is not repaired by the next command unless
that command changes the same view. Two faults lose views:

- Redis restarted: every emit goes through Redis, even to a worker's own sockets, and an emit while
  it is down is dropped (python-socketio gives up after two tries). Redis also comes back empty:
  the shared presence (presence.py) no longer knows who listens, and nothing would be rendered.
  So each worker watches Redis; when it is back, it counts its own sockets' rooms again and sends
  its own sockets their current views, once at once and once more when every worker's queue
  listener has subscribed again (python-socketio reconnects it after 1, 2, 4, 8 … s): a view
  published before that was not delivered.
- A worker killed between a command's commit and its push: the command is acknowledged, its views
  never left. The worker's restart (systemd, Restart=always) sends every listened room's current
  views once, through the queue, to whichever worker holds the sockets.

Only the serving process runs this (venue/serve.py); a re-sent view carries the same seq as the one
the phone may already have, which the phone keeps or replaces (pwa/src/sync/viewCache.ts).
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from typing import TYPE_CHECKING

import redis

from ..read.views import render
from ..service import UnknownTournament, now_ms

if TYPE_CHECKING:
    from . import Realtime

log = logging.getLogger(__name__)

ROOM = re.compile(r"^t:(\d+)(?::(director|display|table|signup|entry)(?::(\d+))?)?$")
KEY_OF = {None: "public", "director": "director", "display": "display", "table": "table", "signup": "signup"}
WATCH_S = 1.0  # how often Redis is asked whether it answers
LISTENERS_BACK_S = 20.0  # at most this long after Redis is back for every worker's listener


def key_of_room(room: object) -> tuple[int, tuple] | None:
    """(tournament, view key) of a room named by realtime.room_for; None for any other room
    (python-socketio's own: None for all sockets, each socket's sid)."""
    found = ROOM.match(room) if isinstance(room, str) else None
    if found is None:
        return None
    tid, kind, n = int(found[1]), found[2], found[3]
    if kind == "entry":
        return tid, ("player", int(n))
    if kind in ("table", "signup"):
        return (tid, (kind, int(n))) if n is not None else None
    return tid, (KEY_OF[kind],)


class Resync:
    def __init__(self, realtime: Realtime, client: redis.Redis, channel: str):
        self.realtime, self.client, self.channel = realtime, client, channel
        self.worker = f"worker:{uuid.uuid4().hex}"  # this process's mark in the presence hash

    def start(self) -> None:
        presence = self.realtime.presence
        if presence is not None:
            presence.mark = self.worker
            try:
                self.client.hset(presence.key, self.worker, 1)
            except redis.RedisError:
                log.warning("resync: Redis does not answer at start; counted when it does")
        self.realtime.socketio.start_background_task(self._after_start)
        self.realtime.socketio.start_background_task(self._watch)

    # -- a restarted worker -------------------------------------------------------------------
    def _after_start(self) -> None:
        """Every listened room's views once, through the queue: what a killed worker owed."""
        self.realtime.sleep(2.0)
        presence = self.realtime.presence
        if presence is None:
            return
        try:
            rooms = [_text(r) for r in self.client.hkeys(presence.key)]
        except redis.RedisError:
            return  # Redis down: the watch sends everything when it is back
        sent = self.resend(rooms, local=False)
        log.info("resync at start: %d views sent again", sent)

    # -- Redis restarted ----------------------------------------------------------------------
    def _watch(self) -> None:
        while True:
            try:
                self._watch_once()
            except Exception:  # never stop watching
                log.exception("resync: watching Redis failed; again in a second")
                self.realtime.sleep(WATCH_S)

    def _watch_once(self) -> None:
        listeners, down = 0, False
        while True:
            self.realtime.sleep(WATCH_S)
            try:
                answer = self.client.execute_command("PUBSUB", "NUMSUB", self.channel)
            except redis.RedisError:
                if not down:
                    log.warning("resync: Redis does not answer; views are sent again when it does")
                down = True
                continue
            if not down:
                listeners = max(listeners, int(answer[1]))
                continue
            down = False
            self._recount()
            sent = self.resend(self._local_rooms(), local=True)
            log.info("resync: Redis is back; %d views sent again to this worker's phones", sent)
            self._when_listeners_back(listeners)

    def _when_listeners_back(self, listeners: int) -> None:
        deadline = time.monotonic() + LISTENERS_BACK_S
        while time.monotonic() < deadline:
            self.realtime.sleep(0.25)
            try:
                if int(self.client.execute_command("PUBSUB", "NUMSUB", self.channel)[1]) >= listeners:
                    break
            except redis.RedisError:
                return  # gone again: the watch starts over
        sent = self.resend(self._local_rooms(), local=True)
        log.info("resync: every queue listener is back; %d views sent again", sent)

    def _recount(self) -> None:
        """This worker's sockets counted again in the presence (an emptied Redis knows none); once
        per Redis restart, as its mark says (the counts of a Redis that kept them stay)."""
        presence = self.realtime.presence
        if presence is None:
            return
        rooms = [room for rooms in list(self.realtime._rooms_of.values()) for room in rooms]
        try:
            presence.recount(self.worker, rooms)
        except redis.RedisError:
            log.exception("resync: presence not counted again")

    # -- sending ------------------------------------------------------------------------------
    def _local_rooms(self) -> list[str]:
        return list(self.realtime.server.manager.rooms.get("/", {}))

    def resend(self, rooms: list[str], local: bool) -> int:
        """The current view of each room, rendered once per tournament's state; `local`: to this
        worker's sockets only (without Redis)."""
        by_tid: dict[int, list[tuple[str, tuple]]] = {}
        for room in rooms:
            found = key_of_room(room)
            if found is not None:
                by_tid.setdefault(found[0], []).append((room, found[1]))
        sent = 0
        service = self.realtime.service
        for tid, keyed in by_tid.items():
            try:
                state = service.state(tid)
            except UnknownTournament:
                continue
            except Exception:  # the database down too: the phones GET their views when it is back
                log.exception("resync: tournament %s not read", tid)
                continue
            now = now_ms()
            with self.realtime.app.app_context():
                for room, key in keyed:
                    try:
                        view = render(state, key, now)
                    except Exception:  # a room of an entry or table gone meanwhile
                        log.exception("resync: %s not rendered", room)
                        continue
                    self.realtime.server.emit("view", view, to=room, namespace="/", ignore_queue=local)
                    sent += 1
            self.realtime.sleep(0)  # other greenlets between tournaments
        return sent


class Owed:
    """A command's views that failed to go out (its tournament's state unreadable while the
    database restarts, say): its tournament's listened views, current, sent again every second
    until they go. Once per tournament, however many commands failed."""

    RETRY_S = 1.0

    def __init__(self, realtime: Realtime):
        self.realtime = realtime
        self.tids: set[int] = set()
        self.running = False

    def owe(self, tid: int) -> None:
        self.tids.add(tid)
        if not self.running:
            self.running = True
            self.realtime.socketio.start_background_task(self._retry)

    def _retry(self) -> None:
        try:
            while self.tids:
                self.realtime.sleep(self.RETRY_S)
                for tid in list(self.tids):
                    if self._send(tid):
                        self.tids.discard(tid)
        finally:
            self.running = False

    def _send(self, tid: int) -> bool:
        realtime = self.realtime
        try:
            state = realtime.service.state(tid)
        except UnknownTournament:
            return True
        except Exception:  # noqa: BLE001 — the database still down (any driver's error): next second
            return False
        rooms = _rooms_of_tournament(realtime, tid)
        now = now_ms()
        with realtime.app.app_context():
            for room in rooms:
                found = key_of_room(room)
                if found is None or found[0] != tid:
                    continue
                try:
                    realtime.socketio.emit("view", render(state, found[1], now), to=room)
                except Exception:
                    log.exception("resync: %s not sent again", room)
        log.info("resync: tournament %s's views sent again after a failed push", tid)
        return True


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _rooms_of_tournament(realtime: Realtime, tid: int) -> list[str]:
    """Every room of the tournament with a socket: on any worker (the presence), else here."""
    prefix = f"t:{tid}"
    if realtime.presence is not None:
        try:
            # only this tournament's fields, not every room of the deployment (t:1* matches t:12 too)
            presence = realtime.presence
            found = [_text(r) for r, _ in presence.client.hscan_iter(presence.key, match=f"{prefix}*", count=500)]
            return [r for r in found if r == prefix or r.startswith(prefix + ":")]
        except redis.RedisError:
            pass
    here = realtime.server.manager.rooms.get("/", {})
    return [r for r in here if isinstance(r, str) and (r == prefix or r.startswith(prefix + ":"))]


def start_resync(realtime: Realtime) -> Resync | None:
    """Started by the serving process when the workers share a Redis queue."""
    client = realtime._revocations
    if client is None:
        return None
    resync = Resync(realtime, client, realtime.server.manager.channel)
    resync.start()
    return resync
