"""Light raw Engine.IO websocket clients for the benchmarks: no python-socketio client (and its
threads) per phone; one thread reads every socket through a selector, answers the server's pings
and notes, per socket and kind of view, the newest seq and when it came. Reading only the head
of each message keeps the reader fast enough not to be what is measured."""

from __future__ import annotations

import contextlib
import json
import queue
import random
import re
import selectors
import sys
import threading
import time

import websocket

SEQ = re.compile(r'"seq":(\d+)')
VIEW = '42["view",{"kind":"'
STOPPING = threading.Event()  # the server is being stopped: its sockets closing is no news


RECONNECT_TIMEOUT_S = 5.0  # the PWA's CONNECT_TIMEOUT_MS


def reconnect_delay(attempt: int) -> float:
    """The PWA's wait before reconnect attempt `attempt` (0: the first after a loss), in seconds:
    1, 2, 4 … capped at 10, uniform over [half, whole] so a room's phones do not come back at once."""
    whole = min(10.0, 2.0 ** min(attempt, 10))
    return whole * random.uniform(0.5, 1.0)


class RawSockets:
    def __init__(self, url: str, **connect_options):
        """`connect_options` go to websocket.create_connection (e.g. `host` and `sslopt` for a
        TLS proxy reached by address: tests/perf/bench_club_night.py)."""
        self.ws_url = (
            url.replace("http://", "ws://").replace("https://", "wss://") + "/socket.io/?EIO=4&transport=websocket"
        )
        self.options = connect_options
        self.selector = selectors.DefaultSelector()
        self.newest: dict[int, dict[str, tuple[int, float]]] = {}  # socket -> kind -> (seq, perf_counter)
        self.sockets: dict[int, websocket.WebSocket] = {}
        self.kept: dict[int, dict[str, str]] = {}  # socket -> kind -> the newest view's text, for `keep` sockets
        # One lock; a condition per socket, so a view wakes only who waits on that socket (one
        # condition for all woke every waiting bot on every view: 100,000 context switches a
        # second at 1,260 sockets, and the load generator measured itself). `changed` is for
        # wait_all.
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.arrived: dict[int, threading.Condition] = {}
        self.made = 0
        # The fault runs (fault_night.py): a lost socket connects again as a phone does
        # (reconnect_delay), and gets its views whole on joining; every view kept whole.
        self.reconnect = False
        self.keep_all = False
        self.auth: dict[int, tuple[dict, int | None, int | None]] = {}
        self.reconnects = 0
        # Sockets to (un)register: only the reader thread touches the selector (a selector is not
        # thread-safe: 840 phones reconnecting at once broke its map while it selected).
        self._pending: queue.SimpleQueue = queue.SimpleQueue()
        threading.Thread(target=self._read, daemon=True).start()

    @property
    def count(self) -> int:
        return len(self.sockets)

    def connect(
        self, auth: dict, subscribe: int | None = None, keep: bool = False, tournament: int | None = None
    ) -> int:
        """A phone's socket (auth as the phone sends it); `subscribe`: a director's tournament;
        `keep`: its newest view of each kind is kept whole (a dealer bot reads its table from it);
        `tournament`: named in the address as the PWA names it (`?tid=`, the director's subscribed
        one), so Caddy puts the socket on its tournament's worker (deploy/Caddyfile)."""
        tournament = tournament if tournament is not None else subscribe
        ws, early = self._open(auth, subscribe, tournament)
        sock, self.made = self.made, self.made + 1
        with self.changed:
            self.newest[sock] = {}
            self.sockets[sock] = ws
            self.arrived[sock] = threading.Condition(self.lock)
            self.auth[sock] = (auth, subscribe, tournament)
            if keep or self.keep_all:
                self.kept[sock] = {}
        for message in early:
            self._note(sock, message)
        self._pending.put((sock, ws))
        return sock

    def _open(
        self, auth: dict, subscribe: int | None, tournament: int | None, timeout: float = 10
    ) -> tuple[websocket.WebSocket, list[str]]:
        """The socket, and the views the server sent before its connect answer (it emits the
        joining phone's views from its connect handler: they may come first)."""
        # suppress_origin: as a phone app (same origin); no UTF-8 check in Python (27 kB took ms)
        url = self.ws_url + (f"&tid={tournament}" if tournament is not None else "")
        ws = websocket.create_connection(
            url, timeout=timeout, suppress_origin=True, skip_utf8_validation=True, **self.options
        )
        assert ws.recv().startswith("0"), "no Engine.IO open packet"
        ws.send("40" + json.dumps(auth))
        early = []
        while not (answer := ws.recv()).startswith("40"):
            if answer.startswith("44"):  # refused
                ws.close()
                raise ConnectionRefusedError(answer)
            early.append(answer)
        if subscribe is not None:
            ws.send("420" + json.dumps(["subscribe", {"tournament_id": subscribe}]))
        return ws, early

    def opened(self, auth: dict, tournament: int | None = None, timeout: float = 5) -> websocket.WebSocket:
        """A connected socket this reader leaves alone: the caller reads it (`ask`) and closes it."""
        ws, _ = self._open(auth, None, tournament, timeout=timeout)
        return ws

    @staticmethod
    def ask(ws: websocket.WebSocket, event: str, data: object, timeout: float = 5) -> object:
        """`event` sent with an ack id, and the server's ack; "no answer" after `timeout`. Views
        arriving meanwhile are skipped, Engine.IO's pings answered."""
        ws.settimeout(timeout)
        ws.send("420" + json.dumps([event, data]))
        deadline = time.perf_counter() + timeout
        try:
            while time.perf_counter() < deadline:
                message = ws.recv()
                if message == "2":
                    ws.send("3")
                elif message.startswith("430"):
                    return json.loads(message[3:])[0]
        except (websocket.WebSocketException, OSError):
            pass
        return "no answer"

    def first_answer(self, auth: dict, tournament: int | None = None, timeout: float = 5) -> tuple[str, float]:
        """A phone's connect, and the server's first word on it: ("connected", s), the refusal
        packet ("44{…}", s), or ("no answer", s) after `timeout`. The socket is closed again."""
        began = time.perf_counter()
        try:
            ws, _ = self._open(auth, None, tournament, timeout=timeout)
        except ConnectionRefusedError as refused:
            return str(refused), time.perf_counter() - began
        except (websocket.WebSocketException, OSError):
            return "no answer", time.perf_counter() - began
        ws.close()
        return "connected", time.perf_counter() - began

    def _connect_again(self, sock: int) -> None:
        """The phone's socket again, as the PWA tries (pwa/src/sync/socket.ts reconnectDelay and
        CONNECT_TIMEOUT_MS): after 1 s, 2 s, 4 s … (at most 10 s), each spread over its second
        half, an attempt given up after 5 s; until it is back."""
        attempt = 0
        while not STOPPING.is_set() and sock in self.sockets:
            time.sleep(reconnect_delay(attempt))
            attempt += 1
            try:
                ws, early = self._open(*self.auth[sock], timeout=RECONNECT_TIMEOUT_S)
            except (websocket.WebSocketException, OSError, AssertionError) as exc:
                print(f"socket {sock} not back yet: {exc!r}"[:300], file=sys.stderr)
                continue
            with self.changed:
                if sock not in self.sockets:
                    ws.close()
                    return
                self.sockets[sock] = ws
                self.reconnects += 1
            for message in early:
                self._note(sock, message)
            self._pending.put((sock, ws))
            return

    def close(self, sock: int) -> None:
        with self.changed:
            ws = self.sockets.pop(sock)
            self.newest.pop(sock, None)
        self._pending.put((None, ws))

    def _registrations(self) -> None:
        while True:
            try:
                sock, ws = self._pending.get_nowait()
            except queue.Empty:
                return
            if sock is None:  # closed by its bot
                with contextlib.suppress(KeyError, ValueError):
                    self.selector.unregister(ws.sock)
                ws.close()
            elif ws.sock is not None:
                with contextlib.suppress(KeyError, ValueError):  # lost again already
                    self.selector.register(ws.sock, selectors.EVENT_READ, (sock, ws))

    def _read(self) -> None:
        while True:
            try:
                self._read_ready()
            except Exception as exc:  # noqa: BLE001 — the reader must outlive any one socket's trouble
                print(f"raw sockets reader: {exc!r}", file=sys.stderr)

    def _read_ready(self) -> None:
        while True:
            self._registrations()
            if not self.selector.get_map():
                time.sleep(0.01)
                continue
            for key, _ in self.selector.select(timeout=0.1):
                sock, ws = key.data
                # Over TLS one read of the socket may decrypt several frames: the rest wait in the
                # SSL object, where select() does not see them (a view would sit there until the
                # socket's next packet). Read until nothing is pending.
                while self._read_one(key, sock, ws) and getattr(ws.sock, "pending", lambda: 0)():
                    pass

    def _read_one(self, key, sock: int, ws) -> bool:
        try:
            message = ws.recv()
        except (websocket.WebSocketException, OSError) as exc:
            if not STOPPING.is_set() and sock in self.sockets and not self.reconnect:
                print(f"socket {sock} lost: {exc!r}", file=sys.stderr)
            with contextlib.suppress(KeyError, ValueError):  # close() may have been first (fd -1)
                self.selector.unregister(key.fileobj)
            if self.reconnect and not STOPPING.is_set() and self.sockets.get(sock) is ws:
                threading.Thread(target=self._connect_again, args=(sock,), daemon=True).start()
            return False
        if message == "2":
            ws.send("3")  # Engine.IO ping, pong
        else:
            self._note(sock, message)
        return True

    def _note(self, sock: int, message: str) -> None:
        if message.startswith(VIEW):
            kind = message[len(VIEW) : message.index('"', len(VIEW))]
            seq = int(SEQ.search(message, 0, 300).group(1))
            with self.changed:
                views = self.newest.get(sock)
                if views is not None and seq > views.get(kind, (-1, 0))[0]:
                    views[kind] = (seq, time.perf_counter())
                    if sock in self.kept:
                        self.kept[sock][kind] = message
                    self.arrived[sock].notify_all()
                    self.changed.notify_all()

    def wait(self, sock: int, kind: str, seq: int, timeout: float = 5) -> float | None:
        """When `sock` got a `kind` view with at least `seq` (perf_counter), None after `timeout`."""
        deadline = time.perf_counter() + timeout
        with self.changed:
            arrived = self.arrived[sock]
            while self.newest[sock].get(kind, (-1, 0))[0] < seq:
                if not arrived.wait(max(0, deadline - time.perf_counter())):
                    return None
            return self.newest[sock][kind][1]

    def last(self, sock: int, kind: str) -> dict | None:
        """The newest `kind` view of a `keep` socket, parsed."""
        with self.changed:
            message = self.kept.get(sock, {}).get(kind)
        return json.loads(message[2:])[1] if message else None

    def wait_all(self, kind: str, seq: int, timeout: float = 30) -> float:
        """When the last socket got a `kind` view with at least `seq`."""
        deadline = time.perf_counter() + timeout
        with self.changed:
            while sum(1 for views in self.newest.values() if views.get(kind, (-1, 0))[0] >= seq) < self.count:
                if not self.changed.wait(max(0, deadline - time.perf_counter())):
                    raise TimeoutError(f"{self.count} sockets, {kind} seq {seq}: not all got it")
            return max(views[kind][1] for views in self.newest.values())
