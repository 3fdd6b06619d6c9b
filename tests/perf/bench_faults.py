"""The fault table (issue 36): an evening of `--clubs` clubs through Caddy and `--workers` workers
(bench_club_night.py's dealers, directors and phones), and in it, one after the other: Redis
restarted, PostgreSQL restarted (each down `--down` seconds), a worker killed with SIGKILL and
started again as systemd would, Caddy reloaded with a new configuration (fault_night.py).

    .venv/bin/python tests/perf/bench_faults.py [--clubs 20] [--players 40] [--tables 5] [--down 10]

Per fault: the commands sent while it lasted (the phones stop when it is over and finish what
they were sending), acknowledged, refused by the rules, given up, lost and doubled in the event
log, when every phone's views were right again after the fault ended, and the answers that were
not a decision (retried with the same op_id). Printed, never asserted (tests/test_faults.py asserts
the short forms)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fault_night import HEADER, FaultNight


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clubs", type=int, default=20)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pace", type=float, default=4.0, help="seconds between hands at a table (mean)")
    parser.add_argument("--down", type=float, default=10.0, help="seconds Redis, PostgreSQL, the worker are gone")
    parser.add_argument("--only", nargs="*", help="these faults only (by the start of their name)")
    parser.add_argument("--lead", type=float, default=5.0, help="seconds of play before each fault")
    args = parser.parse_args()
    os.environ["BACKUP_AUTO"] = "0"
    t0 = time.perf_counter()
    night = FaultNight(args.clubs, args.players, args.tables, args.workers, args.pace)
    bad = 0
    try:
        print(
            f"{args.clubs} clubs × {args.players} players, {args.workers} workers behind Caddy, "
            f"{night.sockets.count} phones' sockets; set up in {time.perf_counter() - t0:.0f} s "
            f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)",
            flush=True,
        )
        print(HEADER, flush=True)
        for name in night.faults(args.down):
            if args.only and not any(name.lower().startswith(o.lower()) for o in args.only):
                continue
            result = night.run(name, args.down, lead_s=args.lead)
            print(result.row(), flush=True)
            for problem in (result.lost + result.doubled + result.given_up + result.stale)[:5]:
                print("    ", problem)
            bad += len(result.lost) + len(result.doubled) + len(result.given_up) + len(result.stale)
            bad += result.server_errors
    finally:
        night.close()
    print(
        "views ok: seconds after the fault ended until the last phone's views were the server's (their arrival); "
        "ruled: refused by the rules (a bust of a player moved meanwhile …); gave: given up by the phone"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
