"""Garbage collection in a long-running server: what start-up built is set aside once, and any
collection longer than GC_LOG_MS is logged (an operator sees the pauses a room of phones would feel;
tests/perf/bench_fanout.py reports them)."""

from __future__ import annotations

import gc
import logging
import time

log = logging.getLogger(__name__)


# Young collections after 50,000 new objects instead of 700, the older generations a tenth as
# often: a push to 2,000 phones makes short-lived objects by the thousand, and Python's defaults
# collected through them 20 times per 30 busts, twice a full 117 ms pass over every socket
# (tests/perf/bench_fanout.py: with these, no collection of 5 ms or more, CPU per delivery 36 → 29 µs).
THRESHOLDS = (50_000, 50, 100)


def settle_after_start(thresholds: tuple[int, ...] | None = None) -> None:
    """Modules, the app and its routes live as long as the process: a full collection need not
    walk them again and again (gc.freeze); collections come less often (THRESHOLDS, or the
    operator's GC_THRESHOLDS)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*(thresholds or THRESHOLDS))


def log_pauses(threshold_ms: float) -> None:
    """Log every collection that takes `threshold_ms` or longer, with its generation."""
    started = [0.0]

    def timed(phase: str, info: dict) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
            return
        ms = (time.perf_counter() - started[0]) * 1000
        if ms >= threshold_ms:
            log.warning("gc pause %.1f ms (generation %d, %d objects freed)", ms, info["generation"], info["collected"])

    gc.callbacks.append(timed)
