"""Socket.IO: authenticate on connect, join rooms by role, push versioned views.

Rooms: t:<tid> (public view), t:<tid>:director, t:<tid>:display (the TV's ticker),
t:<tid>:table:<n>, t:<tid>:entry:<id>.
With several server processes, the Redis message queue carries emits between them.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Literal

import redis
from flask import Flask, request
from flask_socketio import SocketIO, emit, join_room
from socketio.exceptions import ConnectionRefusedError as SocketRefusal

from ..auth.access import Caller, caller_for, director_refusal, forget_token
from ..auth.plain_http import PLAIN_HTTP, STAFF_ROLES
from ..engine import TournamentState
from ..floor import floor_of
from ..outages import Outage, outage_of
from ..read.views import director_delta, render
from ..service import Answer, TournamentService, UnknownTournament, now_ms
from .origins import origin_checker
from .packets import ViewPacket
from .presence import SharedPresence
from .resync import Owed
from .room_channels import RoomChannels

log = logging.getLogger(__name__)

# A socket's refusal, or a subscribe's answer, while PostgreSQL or Redis is gone: the PWA takes it as
# "not now" and asks again (pwa/src/sync/socket.ts, UNAVAILABLE), not as a refused token.
UNAVAILABLE = "unavailable"


def room_for(tid: int, key: tuple) -> str:
    if key[0] == "public":
        return f"t:{tid}"
    if key[0] == "director":
        return f"t:{tid}:director"
    if key[0] == "table":
        return f"t:{tid}:table:{key[1]}"
    if key[0] == "display":
        return f"t:{tid}:display"
    if key[0] == "signup":
        return f"t:{tid}:signup:{key[1]}"
    return f"t:{tid}:entry:{key[1]}"


def keys_for(caller: Caller) -> list[tuple]:
    if caller.role == "dealer":
        return [("public",), ("table", caller.table_no)]
    if caller.role == "player":
        return [("public",), player_key(caller)]
    if caller.role == "display":
        return [("public",), ("display",)]
    return [("public",), ("director",)]


def player_key(caller: Caller) -> tuple:
    """A player's own view: his entry's, or his sign-up's while he waits (engine/sign_up.py)."""
    return ("player", caller.entry_id) if caller.entry_id is not None else ("signup", caller.signup_no)


def _heartbeat(sid: str, *_: object) -> int:
    return now_ms()


def _logged_outage(err: Exception, what: str) -> Outage | None:
    """The outage `err` tells of, logged as `what`; None for any other error (the caller raises it)."""
    outage = outage_of(err)
    if outage is not None:
        log.warning("%s while a backing service is gone: %s", what, outage.error)
    return outage


def _sid() -> str:
    """The socket of the event being handled."""
    sid: str = request.sid  # type: ignore[attr-defined]  # Flask-SocketIO sets it on each event's request
    return sid


AsyncMode = Literal["threading", "eventlet", "gevent", "gevent_uwsgi"]


class Realtime:
    def __init__(
        self,
        app: Flask,
        service: TournamentService,
        async_mode: AsyncMode,
        message_queue: str | None = None,
        channel: str = "flask-socketio",
        room_channels: bool = True,
    ) -> None:
        self.service = service
        self.app = app
        on_redis = bool(message_queue and message_queue.startswith(("redis://", "rediss://")))
        # On Redis, a channel per tournament room (room_channels.py): a worker reads only the emits
        # its own sockets need. Another queue: Flask-SocketIO's own manager, one channel for all.
        queue: dict[str, Any] = {"message_queue": message_queue, "channel": channel}
        if on_redis and room_channels:
            assert message_queue is not None
            self.queue: RoomChannels | None = RoomChannels(message_queue, channel, self._count_again)
            queue = {"message_queue": message_queue, "client_manager": self.queue}
        else:
            self.queue = None
        self.socketio = SocketIO(
            app,
            async_mode=async_mode,
            **queue,
            # python-engineio takes a callable too; the stubs know only a list or a string
            cors_allowed_origins=origin_checker(floor_of(app).config),  # type: ignore[arg-type]
            cors_credentials=False,
            # python-socketio's Server takes it; the stubs list fewer of its options
            serializer=ViewPacket,  # type: ignore[call-arg]  # orjson, no search for binary attachments (packets.py)
            ping_interval=10,
            ping_timeout=10,
            manage_session=False,  # no cookie sessions here (app.py): a socket's caller is its token
        )
        self.callers: dict[str, Caller] = {}
        self._director_tokens: dict[str, str] = {}  # a director's socket: its token
        self._to_publish: Any = None  # the publisher's queue (the async mode's own), made on the first command
        self.owed = Owed(self)  # views whose push failed, sent again (resync.py)
        # One process: a room with no socket here has nobody at all, and its view is not rendered.
        # Several workers (a message queue): another worker may hold the room's sockets, which the
        # shared presence counts on Redis (presence.py); with another queue every view is rendered.
        self.alone = not message_queue
        self.presence: SharedPresence | None = None
        self._rooms_of: dict[str, list[str]] = {}  # a socket's rooms, as counted in the presence
        self.socketio.on_event("connect", self._connect)
        self.socketio.on_event("disconnect", self._disconnect)
        self.socketio.on_event("subscribe", self._subscribe)
        # Heartbeat of the phones that send commands (every ~2 s each, so the badge can say
        # "server unreachable" within seconds): answered with the server time, nothing else.
        # Registered on the python-socketio server itself, which skips Flask-SocketIO's request
        # context per event: only sockets that passed _connect exist, and it reads no state.
        self.server.on("hb", _heartbeat, namespace="/")
        # Several workers: a revoked token's sockets may sit on any of them. Each worker listens
        # on one Redis channel and drops its own (Socket.IO's queue only carries emits to rooms).
        self._revocations: redis.Redis | None = None
        self._revoked_channel = f"{channel}:revoked-tokens"
        if on_redis:
            assert message_queue is not None
            self._revocations = redis.Redis.from_url(message_queue)
            self.presence = SharedPresence(self._revocations, f"{channel}:presence")
            self.socketio.start_background_task(self._listen_for_revocations, self._revocations)

    def _join(self, tid: int, caller: Caller) -> None:
        if not self.service.exists(tid):
            raise UnknownTournament(tid)
        keys = keys_for(caller)
        rooms = [room_for(tid, key) for key in keys]
        if self.presence is not None:
            # Counted before the state is read (presence.py says why); a room this socket is
            # already counted in (a subscribe asked again after an outage) is not counted twice.
            counted = self._rooms_of.setdefault(_sid(), [])
            new = [room for room in rooms if room not in counted]
            self.presence.joined(new)
            counted.extend(new)
        for room in rooms:
            join_room(room)  # the room's channel confirmed by Redis (room_channels.py)
        # A read begun from now on holds what no emit to the room can still bring.
        state = self.service.state(tid, seen_after=time.monotonic())
        now = now_ms()
        for key in keys:
            emit("view", render(state, key, now))

    @property
    def server(self) -> Any:
        """python-socketio's Server under Flask-SocketIO (untyped; its stubs leave it out as internal)."""
        return self.socketio.server  # type: ignore[attr-defined]  # there at run time, see above

    def sleep(self, seconds: float) -> None:
        """The async mode's sleep (gevent's under gevent)."""
        self.socketio.sleep(seconds)  # type: ignore[arg-type]  # the stubs say int; any number of seconds works

    def _connect(self, auth: object = None) -> None:
        """A phone's socket admitted (its caller known, its rooms joined, its views sent), or
        refused with a reason. PostgreSQL or Redis gone for a moment: refused at once as
        "unavailable" (the phone tries again after its usual pause), not left without an answer
        until its connect time-out, and nothing of the half-made join kept."""
        try:
            self._admit(auth)
        except Exception as err:
            # A refused socket gets no disconnect event: what the join made so far goes here.
            self._forget(_sid())
            outage = _logged_outage(err, "socket refused")
            if outage is None:
                raise
            # python-socketio's own refusal: its message reaches the phone (the built-in one's does not)
            raise SocketRefusal(UNAVAILABLE, {"error": outage.error, "retry_after": outage.retry_s}) from None

    def _admit(self, auth: object) -> None:
        token = auth.get("token") if isinstance(auth, dict) else None
        caller = caller_for(token)
        if caller is None or token is None:
            raise ConnectionRefusedError("unauthorized")
        if caller.role in STAFF_ROLES and request.environ.get(PLAIN_HTTP):
            raise ConnectionRefusedError("https_required")  # staff tokens never travel in clear
        self.callers[_sid()] = caller
        if caller.role == "director":
            # What he may subscribe to is asked anew at each subscribe (his access can grow while
            # the socket is open; when it shrinks, his sessions are revoked and the socket dropped).
            self._director_tokens[_sid()] = token
        else:
            assert caller.tournament_id is not None  # a QR code's token is of one tournament
            self._join(caller.tournament_id, caller)

    def _disconnect(self, *_: object) -> None:
        self._forget(_sid())

    def _forget(self, sid: str) -> None:
        self.callers.pop(sid, None)
        self._director_tokens.pop(sid, None)
        self._leave_rooms(sid)

    def _count_again(self) -> None:
        """Redis restarted and lost the shared presence: count this worker's sockets into it again
        (each worker adds its own, so the sum is right again)."""
        if self.presence is None:
            return
        rooms = [room for rooms in list(self._rooms_of.values()) for room in rooms]
        if self.presence.mark is not None:  # resync.py counts too: once per restart, by the mark
            self.presence.recount(self.presence.mark, rooms)
        else:
            self.presence.joined(rooms)
        log.warning("Redis restarted: %d sockets counted into the presence again", len(self._rooms_of))

    def _leave_rooms(self, sid: str) -> None:
        rooms = self._rooms_of.pop(sid, None)
        if rooms and self.presence is not None:
            self.presence.left(rooms)

    def drop_token(self, token_id: int) -> None:
        """Disconnect the sockets that authenticated with a revoked token: this worker's at
        once, the other workers' through the revocation channel."""
        self._drop_local(token_id)
        if self._revocations is not None:
            self._revocations.publish(self._revoked_channel, str(token_id))

    def refresh_token(self, token_id: int) -> None:
        """A token whose caller changed (a director given more access): every worker forgets the
        caller it keeps for it, so the next request reads it anew; its sockets stay."""
        forget_token(self.app, token_id)
        if self._revocations is not None:
            self._revocations.publish(self._revoked_channel, f"refresh:{token_id}")

    def _drop_local(self, token_id: int) -> None:
        forget_token(self.app, token_id)
        for sid in [sid for sid, c in self.callers.items() if c.token_id == token_id]:
            self.callers.pop(sid, None)
            self._director_tokens.pop(sid, None)
            self._leave_rooms(sid)
            self.server.disconnect(sid, namespace="/", ignore_queue=True)

    def _listen_for_revocations(self, channel: redis.Redis) -> None:
        while True:
            try:
                pubsub = channel.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(self._revoked_channel)
                for message in pubsub.listen():
                    if message.get("type") == "message":
                        data = message["data"].decode() if isinstance(message["data"], bytes) else message["data"]
                        if data.startswith("refresh:"):
                            forget_token(self.app, int(data[len("refresh:") :]))
                        else:
                            self._drop_local(int(data))
            except Exception:  # Redis restarted: listen again after a pause
                log.exception("revocation channel lost; listening again in 1 s")
                self.sleep(1)

    def _subscribe(self, data: object = None) -> dict:
        """A director's socket joins a tournament's rooms (its views come on joining), or the
        reason it does not. PostgreSQL or Redis gone for a moment: "unavailable", and the PWA
        asks again after `retry_after` (the socket itself stays: nothing else needs the database)."""
        try:
            return self._subscribe_to(data)
        except Exception as err:
            outage = _logged_outage(err, "subscribe refused")
            if outage is None:
                raise
            return {"ok": False, "error": UNAVAILABLE, "message": outage.message, "retry_after": outage.retry_s}

    def _subscribe_to(self, data: object) -> dict:
        caller = self.callers.get(_sid())
        if caller is not None and caller.role == "director":
            caller = caller_for(self._director_tokens.get(_sid()))  # his access as it is now
        tid = data.get("tournament_id") if isinstance(data, dict) else None
        if caller is None or caller.role != "director":
            return {"ok": False, "error": "forbidden", "message": "Only a director subscribes to a tournament."}
        if not isinstance(tid, int) or isinstance(tid, bool) or not 0 < tid < 2**62:
            return {
                "ok": False,
                "error": "validation",
                "field": "tournament_id",
                "message": "tournament_id must be a number.",
            }
        refusal = director_refusal(caller, tid)  # his club's, one he runs if limited (as over HTTP)
        if refusal is not None:
            return {"ok": False, "error": refusal.error, "field": refusal.field, "message": refusal.message}
        try:
            self._join(tid, caller)
        except UnknownTournament:
            return {
                "ok": False,
                "error": "unknown_tournament",
                "field": "tournament_id",
                "message": f"There is no tournament {tid}.",
            }
        return {"ok": True}

    def publish_soon(self, tid: int, answer: Answer) -> None:
        """After the answer: one long-lived publisher per process takes the commands in the order
        they were answered (a new greenlet per command cost more than most commands' views)."""
        if self._to_publish is None:
            self._to_publish = self.server.eio.create_queue()
            self.socketio.start_background_task(self._publisher, self._to_publish)
        self._to_publish.put((tid, answer))

    def _publisher(self, queue: Any) -> None:
        while True:
            tid, answer = queue.get()
            try:
                self.publish(tid, answer)
            except Exception:  # one command's views failing must not stop the pushes of the others
                log.exception("publishing tournament %s seq %s failed; sent again when it can be", tid, answer.seq)
                self.owed.owe(tid)  # resync.py: its views again, current, once the state reads
            finally:
                queue.task_done()

    def settle(self) -> None:
        """Returns once every answered command's views are pushed (for the tests)."""
        if self._to_publish is not None:
            self._to_publish.join()

    def listened(self, tid: int, keys: set[tuple]) -> set[tuple]:
        """The views anyone may receive. One process: those whose room has a socket here
        (python-socketio drops a room when its last socket leaves). Several workers on Redis: those
        whose room has a socket on any worker (presence.py); on another queue, all of them. Nobody
        misses anything: a phone that joins gets the view whole (_join), one that was away GETs it
        when it is back."""
        if self.alone:
            here = self.server.manager.rooms.get("/", {})
            return {key for key in keys if room_for(tid, key) in here}
        if self.presence is None:
            return set(keys)
        by_room = {room_for(tid, key): key for key in keys}
        return {by_room[room] for room in self.presence.listened(by_room)}

    def publish(self, tid: int, answer: Answer) -> None:
        wanted = self.listened(tid, answer.changed)
        if not wanted:
            return
        director = wanted & {("director",)}
        with self.app.app_context():
            # The phones that wait on their table's or their own view first: the director's delta,
            # the costliest render (suggestions), is rendered and sent after they have theirs, once
            # the sockets' writers have sent what was emitted.
            if wanted - director:
                self._send(tid, answer, wanted - director)
                if director:
                    self.sleep(0)
            if director:
                self._send(tid, answer, director)

    def _send(self, tid: int, answer: Answer, keys: set[tuple]) -> None:
        views = self.service.render(tid, answer.state, lambda state: self._render(state, answer, keys))
        for room, view in views:
            self.socketio.emit("view", view, to=room_for(tid, room))

    def _render(self, state: TournamentState, answer: Answer, wanted: set[tuple]) -> list[tuple[tuple, dict]]:
        """The changed views, rendered from the state the command left (no second read; the service
        holds the tournament's lock meanwhile, and the emits happen after it is released). The state
        may already be newer than this command: the views are then newer too, harmless. Small views
        first (the dealer and the player wait on them); the director's (rendered on its own, after
        them) as a delta stamped with this command's seq (it names every changed entry and table,
        watched or not)."""
        now, changed = now_ms(), answer.changed
        return [
            (
                key,
                director_delta(state, changed, answer.seq, answer.base_seq, now)
                if key == ("director",)
                else render(state, key, now),
            )
            for key in sorted(wanted, key=lambda k: (k[0] == "public", str(k)))
        ]
