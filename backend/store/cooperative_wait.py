"""psycopg's wait for a process gevent has patched (`pokerfloor serve`).

psycopg sees the patched `select` and waits with `wait_poll` on gevent's emulated poll, which
starts and stops hub watchers on every call, also when the socket is ready already: a command's
transaction waits about six times (sending is never blocked, and in pipeline mode the answers of
one round trip arrive together), and that bookkeeping was a third of the PostgreSQL driver's
time per command. This wait asks the kernel first (the unpatched poll, timeout 0) and parks the
greenlet on the hub only when the socket is not ready: the same cooperation, less work per
round trip. docs/sizing.md ("One command next to the bare app") has the figures.
"""

from __future__ import annotations

from time import monotonic
from typing import Any

from gevent.monkey import get_original, is_module_patched
from psycopg import errors, waiting
from psycopg.waiting import READY_NONE, READY_R, READY_W, Wait

kernel_poll = get_original("select", "poll")  # the real poll(2), never a hub round trip

POLLIN, POLLOUT = 0x001, 0x004
POLL_BAD = 0x008 | 0x010 | 0x020  # POLLERR, POLLHUP, POLLNVAL
_POLL_MASK = {Wait.R: POLLIN, Wait.W: POLLOUT, Wait.RW: POLLIN | POLLOUT}
_LIBEV_MASK = {Wait.R: 1, Wait.W: 2, Wait.RW: 3}  # gevent's io watcher: READ 1, WRITE 2


class _Quiet(Exception):
    """The interval passed with the socket not ready (psycopg is told READY_NONE)."""


_QUIET = _Quiet()


def install() -> bool:
    """Make psycopg wait this way when gevent patched `select` (else psycopg's own C wait stays,
    which is right for a process without gevent). Returns whether it did."""
    if not is_module_patched("select"):
        return False
    waiting.wait = wait_cooperatively
    return True


def _park(fileno: int, state: Wait, seconds: float) -> None:
    """This greenlet sleeps until the socket is ready as `state` asks, or `seconds` pass."""
    from gevent import get_hub
    from gevent.socket import wait as wait_on_watcher

    watcher = get_hub().loop.io(fileno, _LIBEV_MASK[state])
    try:
        wait_on_watcher(watcher, timeout=seconds, timeout_exc=_QUIET)
    except _Quiet:
        pass
    finally:
        watcher.close()


def wait_cooperatively(gen: Any, fileno: int, interval: float = 0.0, timeout: float | None = None) -> Any:
    """psycopg's `wait(gen, fileno, interval, timeout)`: runs the generator, telling it when its
    socket is readable or writable, READY_NONE after `interval` without either."""
    deadline = monotonic() + timeout if timeout is not None else None
    poller = kernel_poll()
    try:
        state = next(gen)
        poller.register(fileno, _POLL_MASK[state])
        while True:
            events = poller.poll(0)
            if not events:
                seconds = max(interval, 0.0)
                if deadline is not None:
                    seconds = max(0.0, min(seconds, deadline - monotonic()))
                if seconds:
                    _park(fileno, state, seconds)
                    events = poller.poll(0)
            if events:
                happened = events[0][1]
                ready = (READY_R if happened & POLLIN else 0) | (READY_W if happened & POLLOUT else 0)
                if not ready and happened & POLL_BAD:
                    raise errors.OperationalError("connection socket closed")
                state = gen.send(ready)
            else:
                state = gen.send(READY_NONE)
            poller.modify(fileno, _POLL_MASK[state])
            if deadline is not None and monotonic() >= deadline:
                raise errors._WaitTimeout("wait timeout expired")
    except StopIteration as done:
        return done.value
