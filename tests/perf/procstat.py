"""What the benchmarks read of a server process (Linux /proc) and how they place it on the CPUs."""

from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path


def cpu_seconds(pid: int) -> float:
    """CPU time of every thread of `pid` in nanoseconds' precision (/proc/…/schedstat; /proc/…/stat
    counts in clock ticks of 10 ms, too coarse for one command)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError):  # a thread that just ended
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


def pin(pid: int, cpu: int) -> None:
    """Every thread of `pid` on `cpu` (nothing where the machine has one CPU)."""
    if (os.cpu_count() or 1) > 1:
        subprocess.run(["taskset", "-a", "-p", "-c", str(cpu), str(pid)], check=True, capture_output=True)


def pin_self(cpu: int) -> None:
    """This process (the load generator) on `cpu`, away from the server's."""
    if (os.cpu_count() or 1) > 1:
        os.sched_setaffinity(0, {cpu})


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


# The servers the benches start: no automatic backup (a copy of the database every 5 minutes, on a
# thread of the server's own) inside a timed command; the bare app makes none either.
BENCH_ENV = {"BACKUP_AUTO": "0"}
