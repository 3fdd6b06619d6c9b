"""Web Push fan-out against a real server (on demand, not in CI):

    .venv/bin/python tests/perf/bench_push.py [--players 220] [--busts 40]

Every player's phone subscribes (a push service on 127.0.0.1 that checks each VAPID signature and
decrypts each message with the phone's keys: tests/push_service.py). The director starts
hand-for-hand, which tells every seated player and every dealer at once, while a dealer keeps
recording busts. Prints the fan-out (time until the last push arrived, pushes per second, the
server's CPU per push) and the busts' ack p50/p99 during the fan-out next to the same without one.
Server on CPU 0, this process (client and push service) on CPU 1.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from procstat import BENCH_ENV, cpu_seconds, pct, pin, pin_self

from push_service import PushService
from server import Api, ServerProcess, director, links, seated_tournament, token_of, view


def busts(dealers: dict[int, Api], tid: int, victims: list[tuple[int, int]], stop: threading.Event) -> list[float]:
    """A dealer's busts, one after another, until `stop` or no victim is left: ack times in ms."""
    acks = []
    while victims and not stop.is_set():
        table_no, entry_id = victims.pop(0)
        t0 = time.perf_counter()
        r = dealers[table_no].command(tid, "record_bust", {"entry_id": entry_id})
        acks.append((time.perf_counter() - t0) * 1000)
        assert r.status_code == 200, r.text
        time.sleep(0.005)
    return acks


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=220)
    parser.add_argument("--busts", type=int, default=40)
    args = parser.parse_args()
    push = PushService()
    with tempfile.TemporaryDirectory() as tmp:
        srv = ServerProcess(Path(tmp), env={**BENCH_ENV, "PUSH_SERVICES": push.origin}).start()
        try:
            run(srv, push, args)
        finally:
            srv.stop()
            push.close()


def run(srv: ServerProcess, push: PushService, args) -> None:
    pin(srv.proc.pid, 0)
    pin_self(1)
    td = director(srv)
    tables = -(-args.players // 10)
    tid = seated_tournament(td, args.players, tables)
    found = links(td, tid)
    dealers = {t["table_no"]: Api(srv.url, token_of(t["url"])) for t in found["tables"]}
    for p in found["players"]:
        phone = Api(srv.url, token_of(p["url"]))
        r = phone.post("/api/push/subscriptions", {**push.phone(f"p{p['entry_id']}").subscription(), "lang": "de"})
        assert r.status_code == 201, r.text
    for n, dealer in dealers.items():
        assert dealer.post("/api/push/subscriptions", push.phone(f"d{n}").subscription()).status_code == 201
    by_table: dict[int, list[int]] = {}
    for e in view(td, tid)["entries"]:
        by_table.setdefault(e["table_no"], []).append(e["entry_id"])
    victims = [(n, ids[i]) for i in range(4) for n, ids in sorted(by_table.items())]  # 4 per table at most
    quiet = busts(dealers, tid, victims[: args.busts], threading.Event())
    del victims[: args.busts]
    seated = sum(len(ids) for ids in by_table.values()) - len(quiet)
    expected = seated + len(dealers)
    print(f"{args.players} players on {tables} tables, every phone subscribed; hand-for-hand tells {expected} phones")

    stop = threading.Event()
    during: list[float] = []
    cpu0, t0 = cpu_seconds(srv.proc.pid), time.perf_counter()
    r = td.command(tid, "start_hand_for_hand", {})
    answered = (time.perf_counter() - t0) * 1000
    assert r.status_code == 200, r.text
    worker = threading.Thread(target=lambda: during.extend(busts(dealers, tid, victims, stop)))
    worker.start()
    while len(push.received) < expected and time.perf_counter() - t0 < 60:
        time.sleep(0.002)
    last = (time.perf_counter() - t0) * 1000
    stop.set()
    worker.join()
    cpu = cpu_seconds(srv.proc.pid) - cpu0
    assert not push.errors, push.errors[:3]
    print(
        f"  start_hand_for_hand answered in {answered:.1f} ms; {len(push.received)} pushes, the last after {last:.0f} ms"
    )
    print(
        f"  {len(push.received) / (last / 1000):.0f} pushes/s; server CPU {cpu * 1000 / max(1, len(push.received)):.2f} ms per push "
        f"(busts meanwhile included)"
    )
    print(f"  bust ack without a fan-out: p50={pct(quiet, 50):.2f} p99={pct(quiet, 99):.2f} ms (n={len(quiet)})")
    if during:
        print(
            f"  bust ack during the fan-out: p50={pct(during, 50):.2f} p99={pct(during, 99):.2f} ms (n={len(during)})"
        )


if __name__ == "__main__":
    main()
