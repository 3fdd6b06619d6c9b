"""Blocking work off the gevent loop.

SQLite's backup copy and compression, Pillow's decoding and encoding: each holds the calling
greenlet for up to a second. Under gevent (threading patched) they run in the hub's pool of native
threads, which both let go of the GIL in, so the room's sockets keep being served meanwhile;
without gevent (tests, the CLI) they simply run."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def off_loop(fn: Callable[..., T], *args: Any) -> T:
    if "gevent" in sys.modules:
        from gevent import monkey

        if monkey.is_module_patched("threading"):
            import gevent

            return gevent.get_hub().threadpool.apply(fn, args)
    return fn(*args)
