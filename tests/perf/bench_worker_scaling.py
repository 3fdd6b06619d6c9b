"""Workers that scale (issue 36): the same club nights with 1, 2 and 4 workers, and the server CPU
per command across all of them (on demand and in `make bench`; printed, never asserted).

    .venv/bin/python tests/perf/bench_worker_scaling.py [--workers 1 2 4] [--clubs 8]
        [--minutes 1.5] [--idle 15] [--queue rooms one]

Each run is bench_club_night.py's evening (its clubs, dealer and director bots, a websocket per
phone, on its tournament's worker as Caddy routes it) on a fresh stack: Caddy → N workers → PostgreSQL, Redis.
`--queue rooms` is the Socket.IO queue with a channel per tournament room (the default,
backend/realtime/room_channels.py), `one` the single channel every worker reads
(SOCKETIO_ROOM_CHANNELS=0, as before issue 36). Per run it prints the commands applied and the CPU
seconds of the workers, of Caddy and of all servers (PostgreSQL and Redis are shared with anything
else on the machine: read their share as an upper bound) per command, both as measured and net of
what the open sockets cost with nobody playing (measured first, `--idle` seconds). Flat from 1 to 4
workers means a worker reads only what its own sockets need. Caddy routes as deploy/Caddyfile
does: a tournament's requests and its phones' sockets (`?tid=`) to one worker.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_club_night import Club, Ledger, check_log, cpu_of, open_the_evening, play_until, start_bots
from local_stack import LocalStack  # on the path: bench_club_night put deploy/ there
from procstat import pct
from raw_sockets import STOPPING

WORKERS = ("worker",)
SERVERS = ("worker", "caddy", "postgres", "redis")


def share(before: dict[str, float], after: dict[str, float], prefixes: tuple[str, ...]) -> float:
    return sum(after[k] - before[k] for k in after if k.startswith(prefixes))


def evening(workers: int, queue: str, args) -> dict:
    """One run: set up the clubs, measure the idle sockets, play, measure; the figures."""
    random.seed(args.seed)
    os.environ["SOCKETIO_ROOM_CHANNELS"] = "1" if queue == "rooms" else "0"
    STOPPING.clear()
    logs = Path(args.logs) / f"{queue}-{workers}" if args.logs else None
    with LocalStack(logs, workers=workers) as stack:
        admin, sockets = open_the_evening(stack)
        clubs = [Club(stack, admin, n, args, sockets) for n in range(1, args.clubs + 1)]
        time.sleep(2)  # the joins' first views
        before, t0 = cpu_of(stack), time.perf_counter()
        time.sleep(args.idle)
        after = cpu_of(stack)
        idle_s = time.perf_counter() - t0
        idle_rate = {k: (after[k] - before[k]) / idle_s for k in after}

        ledger, stop = Ledger(), threading.Event()
        before, started = cpu_of(stack), time.perf_counter()
        bots = start_bots(clubs, stack, sockets, ledger, args, stop)
        play_until(clubs, bots, stop, started + args.minutes * 60)
        elapsed = time.perf_counter() - started
        after = cpu_of(stack)
        time.sleep(1)  # the last views
        problems = check_log(stack, clubs, ledger)
        STOPPING.set()
        for sock in list(sockets.sockets):
            sockets.close(sock)
    commands = sum(len(v) for v in ledger.ack_ms.values())
    acks = [m for ms in ledger.ack_ms.values() for m in ms]
    views = [m for ms in ledger.delivery_ms.values() for m in ms]

    def per_command(prefixes: tuple[str, ...]) -> tuple[float, float]:
        used = share(before, after, prefixes)
        idle = sum(rate for k, rate in idle_rate.items() if k.startswith(prefixes)) * elapsed
        return used / max(commands, 1) * 1000, (used - idle) / max(commands, 1) * 1000

    return {
        "queue": queue,
        "workers": workers,
        "sockets": sockets.made,
        "commands": commands,
        "rate": commands / elapsed,
        "workers_ms": per_command(WORKERS),
        "caddy_ms": per_command(("caddy",)),
        "servers_ms": per_command(SERVERS),
        "idle_pct": sum(rate for k, rate in idle_rate.items() if k.startswith(SERVERS)) * 100,
        "ack": (pct(acks, 50), pct(acks, 99)) if acks else (0, 0),
        "view_p99": pct(views, 99) if views else 0,
        "missed": sum(ledger.missed_views.values()),
        "errors": len(ledger.errors) + len(ledger.replays_differ) + len(problems),
        "busy": share(before, after, ("the whole machine",)) / elapsed / (os.cpu_count() or 1) * 100,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--queue", nargs="+", choices=("rooms", "one"), default=["rooms"])
    parser.add_argument("--clubs", type=int, default=8)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--minutes", type=float, default=1.5)
    parser.add_argument("--pace", type=float, default=4.0, help="seconds between hands at a table (mean)")
    parser.add_argument("--idle", type=float, default=15, help="seconds of open phones and no command, first")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--logs", help="keep each run's workers' and Caddy's logs under this directory")
    args = parser.parse_args()
    os.environ["BACKUP_AUTO"] = "0"  # as the other benches: no backup copy inside a timed command
    load = os.getloadavg()[0]
    print(
        f"{args.clubs} clubs × {args.players} players on {args.tables} tables, {args.minutes:g} min of play per run, "
        f"{os.cpu_count()} cores, load average {load:.1f} at the start",
        flush=True,
    )
    rows = []
    for workers in args.workers:  # the two queues side by side, so the machine's load hits both alike
        for queue in args.queue:
            row = evening(workers, queue, args)
            rows.append(row)
            print(
                f"  {queue:<5} {workers} worker(s): {row['commands']} commands ({row['rate']:.1f}/s), "
                f"{row['errors']} errors, {row['missed']} views missed; workers' CPU per command "
                f"{row['workers_ms'][0]:.1f} ms",
                flush=True,
            )
    print(
        "\nserver CPU per command (ms), as measured / net of the idle sockets; "
        "all servers = workers + Caddy + PostgreSQL + Redis (shared with the machine: an upper bound)"
    )
    print(
        f"{'queue':<6}{'workers':>8}{'commands':>10}{'workers':>16}{'Caddy':>14}{'all servers':>16}"
        f"{'idle (% core)':>15}{'ack p50/p99 ms':>17}{'view p99':>10}{'busy':>7}"
    )
    for r in rows:
        print(
            f"{r['queue']:<6}{r['workers']:>8}{r['commands']:>10}"
            f"{r['workers_ms'][0]:>9.1f} / {r['workers_ms'][1]:<4.1f}{r['caddy_ms'][0]:>7.1f} / {r['caddy_ms'][1]:<4.1f}"
            f"{r['servers_ms'][0]:>9.1f} / {r['servers_ms'][1]:<4.1f}{r['idle_pct']:>15.1f}"
            f"{r['ack'][0]:>9.1f} / {r['ack'][1]:<6.1f}{r['view_p99']:>9.0f}{r['busy']:>6.0f}%"
        )
    print(f"load average at the end {os.getloadavg()[0]:.1f} (other jobs on the machine count in the wall times)")
    return 1 if any(r["errors"] or r["missed"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
