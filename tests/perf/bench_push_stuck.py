"""A push service that never answers, next to a healthy one (on demand, not in CI):

    .venv/bin/python tests/perf/bench_push_stuck.py [--stuck 0 16 100]

For each count, a fresh server; that many players' phones subscribe on a push service that takes
every post and never answers (tests/push_service.py --hang, a process of its own), one player's on a
healthy push service that checks each VAPID signature and decrypts each message. The director
starts hand-for-hand, which tells them all; then moves the healthy phone's player while the stuck
posts still hang. Prints how long the healthy phone waited for each notice (from the command's
answer), how many posts the broken service held, and how long a SIGTERM took to stop the server
with those posts hanging. Server on CPU 0, this process on CPU 1.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from procstat import BENCH_ENV, pin, pin_self

from push_service import HangingProcess, PushService
from server import Api, ServerProcess, director, links, seated_tournament, token_of, view


def arrival(push: PushService, kind: str, since: float, timeout: float = 600) -> float:
    """Milliseconds from `since` until the healthy phone got a notice of `kind`."""
    while time.monotonic() - since < timeout:
        if any(d.message["kind"] == kind for d in push.to("healthy")):
            return (time.monotonic() - since) * 1000
        time.sleep(0.001)
    return float("inf")


def one_run(stuck: int) -> dict:
    push, hanging = PushService(), HangingProcess()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**BENCH_ENV, "PUSH_SERVICES": "http://127.0.0.1:*"}
        srv = ServerProcess(Path(tmp), env=env).start()
        try:
            pin(srv.proc.pid, 0)
            td = director(srv)
            players = stuck + 2
            tid = seated_tournament(td, players, max(2, -(-players // 9)))  # room at another table for the move
            found = {p["entry_id"]: Api(srv.url, token_of(p["url"])) for p in links(td, tid)["players"]}
            healthy = max(found)
            for entry_id in sorted(found)[:stuck]:
                r = found[entry_id].post("/api/push/subscriptions", hanging.phone(f"s{entry_id}").subscription())
                assert r.status_code == 201, r.text
            r = found[healthy].post("/api/push/subscriptions", push.phone("healthy").subscription())
            assert r.status_code == 201, r.text

            t0 = time.monotonic()
            assert td.command(tid, "start_hand_for_hand", {}).status_code == 200
            fan_out = arrival(push, "hand_for_hand", t0)
            held = hanging.wait_holding(min(stuck, 8), timeout=5) if stuck else 0
            taken: dict[int, set[int]] = {}
            for e in view(td, tid)["entries"]:
                if e.get("table_no"):
                    taken.setdefault(e["table_no"], set()).add(e["seat"])
            here = next(e["table_no"] for e in view(td, tid)["entries"] if e["entry_id"] == healthy)
            table = next(t for t in sorted(taken) if t != here and len(taken[t]) < 10)
            seat = min(set(range(1, 11)) - taken[table])
            t1 = time.monotonic()
            move = {"entry_id": healthy, "to_table": table, "to_seat": seat}
            assert td.command(tid, "move_player", move).status_code == 200
            moved = arrival(push, "moved", t1)
            held = max(held, hanging.holding())
            t2 = time.monotonic()
            srv.stop()  # SIGTERM, with the stuck posts still hanging
            stop_s = time.monotonic() - t2
            assert not push.errors, push.errors[:3]
            return {"fan_out": fan_out, "moved": moved, "held": held, "stop_s": stop_s}
        finally:
            srv.kill()
            hanging.stop()
            push.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--stuck", type=int, nargs="+", default=[0, 16, 100])
    args = parser.parse_args()
    pin_self(1)
    print("healthy phone's notice delay with posts hanging on another push service")
    for stuck in args.stuck:
        found = one_run(stuck)
        print(
            f"  {stuck:4d} stuck sends: hand-for-hand (same fan-out) after {found['fan_out']:8.1f} ms, "
            f"a move right after {found['moved']:8.1f} ms; the broken service held {found['held']} posts; "
            f"SIGTERM stopped the server in {found['stop_s']:.1f} s"
        )


if __name__ == "__main__":
    main()
