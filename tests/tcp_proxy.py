"""A TCP proxy for tests that can make the server go silent without root tricks.

The phone talks to the proxy's port; the proxy forwards every connection to the server. In
`blackhole()` mode it still accepts connections but forwards nothing in either direction (no
answer, no RST) — like a server that hangs or a Wi-Fi path that drops packets. `restore()`
forwards again, including what was held back, as TCP would after a blip.

Two more ways a venue's Wi-Fi fails, for the exactly-once and first-scan tests: `lose_answers()`
forwards every request to the server but drops its answers and closes the phone's connection (the
Wi-Fi went away right after the server committed: the phone must send the same command again);
`slow_api(s)` holds each API and socket request `s` seconds before passing it on (a slow first
answer). `count(b"…")` tells how often bytes went from phones to the server (a command's op_id).
"""

from __future__ import annotations

import socket
import threading
import time

from server import free_port

API_REQUESTS = (b"GET /api/", b"POST /api/", b"GET /socket.io/", b"POST /socket.io/")


class TcpProxy:
    def __init__(self, target_port: int, host: str = "127.0.0.1"):
        self.host, self.target_port = host, target_port
        self.port = free_port()
        self._open = threading.Event()
        self._open.set()
        self._closed = False
        self._socks: list[socket.socket] = []
        self._lock = threading.Lock()
        self._losing = False
        self._api_delay = 0.0
        self._needles: dict[bytes, int] = {}
        self._listener = socket.create_server((host, self.port), backlog=128)
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def blackhole(self) -> None:
        self._open.clear()

    def restore(self) -> None:
        self._open.set()

    def lose_answers(self, losing: bool = True) -> None:
        self._losing = losing

    def slow_api(self, seconds: float) -> None:
        self._api_delay = seconds

    def count(self, needle: bytes) -> int:
        """How often `needle` went from a phone to the server since the first call with it."""
        with self._lock:
            return self._needles.setdefault(needle, 0)

    def close(self) -> None:
        self._closed = True
        self._open.set()
        try:
            self._listener.close()
        except OSError:
            pass
        with self._lock:
            socks, self._socks = self._socks, []
        for s in socks:
            try:
                s.close()
            except OSError:
                pass

    def _note(self, data: bytes) -> None:
        with self._lock:
            for needle in self._needles:
                self._needles[needle] += data.count(needle)

    def _track(self, s: socket.socket) -> None:
        with self._lock:
            if not self._closed:
                self._socks.append(s)
                return
        s.close()  # made while the proxy closed: nobody else would close it

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._track(client)
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        self._open.wait()  # blackholed: accepted, but nothing goes anywhere
        if self._closed:
            return
        try:
            upstream = socket.create_connection((self.host, self.target_port), timeout=5)
        except OSError:
            client.close()  # the server is down: the phone sees the connection close
            return
        self._track(upstream)
        if self._closed:
            return
        upstream.settimeout(None)
        upstream.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        threading.Thread(target=self._pump, args=(upstream, client, False), daemon=True).start()
        self._pump(client, upstream, True)

    def _pump(self, src: socket.socket, dst: socket.socket, to_server: bool) -> None:
        try:
            while True:
                data = src.recv(65536)
                self._open.wait()  # held back while blackholed
                if not data:
                    break
                if to_server:
                    self._note(data)
                    if self._api_delay and data.startswith(API_REQUESTS):
                        time.sleep(self._api_delay)
                elif self._losing:
                    dst.close()  # the answer is lost with the phone's connection
                    break
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s, how in ((dst, socket.SHUT_WR), (src, socket.SHUT_RD)):
                try:
                    s.shutdown(how)
                except OSError:
                    pass
