"""A long evening (issue 36): `--clubs` clubs through Caddy and `--workers` workers for `--minutes`
(bench_club_night.py's dealers, directors and phones, on the environment's PostgreSQL and Redis).

    .venv/bin/python tests/perf/soak.py [--minutes 60] [--every 10] [--clubs 20] [--workers 2]

Every `--every` minutes it prints the commands of that window, their ack p99, the errors so far
and each process's memory (RSS) against its size at the end of the first window (the soak's
promise: within +10 %); at the end the event log is checked (every acknowledged command exactly
once). Bust rate set so about half the players are out at the end: the tables keep playing.
Printed, not asserted: `make soak` (not in `make test`)."""

from __future__ import annotations

import argparse
import os
import random
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_club_night import Club, Ledger, check_log, open_the_evening, rss_mb, start_bots
from local_stack import LocalStack
from procstat import pct
from raw_sockets import STOPPING


def memory(stack: LocalStack) -> dict[str, float]:
    found = {f"worker {w.index}": rss_mb(w.proc.pid) for w in stack.workers}
    found["caddy"] = rss_mb(stack.caddy.pid)
    found["this load generator"] = rss_mb(os.getpid())
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--every", type=float, default=10, help="minutes per printed window")
    parser.add_argument("--clubs", type=int, default=20)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pace", type=float, default=4.0)
    args = parser.parse_args()
    random.seed(36)
    os.environ["BACKUP_AUTO"] = "0"
    # dealer_bot busts players to end the tournaments in `minutes`: twice the soak, about half out
    bots_args = SimpleNamespace(players=args.players, tables=args.tables, pace=args.pace, minutes=args.minutes * 2)
    with LocalStack(workers=args.workers) as stack:
        admin, sockets = open_the_evening(stack)
        clubs = [Club(stack, admin, n, bots_args, sockets) for n in range(1, args.clubs + 1)]
        print(
            f"soak: {args.clubs} clubs × {args.players} players, {args.workers} workers behind Caddy, "
            f"{sockets.count} sockets, {args.minutes:g} minutes (load average {os.getloadavg()[0]:.1f} "
            f"on {os.cpu_count()} cores)",
            flush=True,
        )
        ledger, stop = Ledger(), threading.Event()
        bots = start_bots(clubs, stack, sockets, ledger, bots_args, stop)
        started, seen, baseline, grown = time.perf_counter(), 0, None, {}
        window = 1
        while time.perf_counter() - started < args.minutes * 60:
            time.sleep(max(0, started + window * args.every * 60 - time.perf_counter()))
            with ledger.lock:
                acks = ledger.ack_order[seen:]
                errors = len(ledger.errors)
            now_mem = memory(stack)
            if baseline is None:
                baseline = now_mem
            grown = {k: (v / baseline[k] - 1) * 100 for k, v in now_mem.items()}
            print(
                f"minute {window * args.every:5.0f}: {len(acks)} commands ({len(acks) / (args.every * 60):.1f}/s), "
                f"ack p50 {pct(acks, 50) if acks else 0:.0f} ms, p99 {pct(acks, 99) if acks else 0:.0f} ms; "
                f"errors so far {errors}; memory "
                + ", ".join(f"{k} {v:.0f} MB ({grown[k]:+.1f} %)" for k, v in now_mem.items()),
                flush=True,
            )
            seen += len(acks)
            window += 1
        stop.set()
        for bot in bots:
            bot.join(timeout=60)
        time.sleep(2)
        STOPPING.set()
        problems = check_log(stack, clubs, ledger)
        servers = {k: v for k, v in grown.items() if k != "this load generator"}
        print(
            f"soak over: {sum(len(v) for v in ledger.ack_ms.values())} commands acknowledged, "
            f"{len(ledger.errors)} errors, event log {'each exactly once' if not problems else f'{len(problems)} problems'}; "
            f"memory since the first window: "
            + ", ".join(f"{k} {v:+.1f} %" for k, v in servers.items())
            + (" (within +10 %)" if all(v <= 10 for v in servers.values()) else " (MORE than +10 %)")
        )
        for err in ledger.errors[:10] + problems[:10]:
            print("  ", err)
        return 1 if problems or ledger.errors else 0


if __name__ == "__main__":
    sys.exit(main())
