"""Garbage collection in the server (backend/operations/gc_watch.py): start-up's objects are frozen out of
later collections, and a collection at or over GC_LOG_MS is logged; the real server does both."""

from __future__ import annotations

import gc
import logging
import time

from backend.operations.gc_watch import log_pauses, settle_after_start
from server import ServerProcess, director


def test_a_long_enough_pause_is_logged_and_a_short_one_is_not(caplog):
    before = list(gc.callbacks)
    try:
        with caplog.at_level(logging.WARNING, logger="backend.operations.gc_watch"):
            log_pauses(10_000)  # nothing takes 10 s
            gc.collect()
            assert "gc pause" not in caplog.text
            log_pauses(0)
            gc.collect()
        assert "gc pause" in caplog.text and "generation 2" in caplog.text
    finally:
        gc.callbacks[:] = before


def test_start_up_objects_are_frozen_and_collections_come_less_often():
    thresholds = gc.get_threshold()
    try:
        settle_after_start()
        assert gc.get_freeze_count() > 10_000  # the modules, the app, the rules
        assert gc.get_threshold() == (50_000, 50, 100)
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_the_server_logs_its_collections_when_asked(tmp_path):
    # Young collections after 700 objects (Python's default) rather than 50,000: the first comes
    # within a few requests, not after ~30 s of them.
    srv = ServerProcess(tmp_path / "var", env={"GC_LOG_MS": "0.001", "GC_THRESHOLDS": "700,10,10"}).start()
    try:
        api = director(srv)
        deadline = time.time() + 180
        while "gc pause" not in srv.log_path.read_text() and time.time() < deadline:
            api.get("/api/openapi.json")  # many objects per answer: a young collection comes soon
        assert "gc pause" in srv.log_path.read_text()
    finally:
        srv.stop()
