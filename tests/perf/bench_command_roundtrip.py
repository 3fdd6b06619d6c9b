"""Round-trip of dealer commands against a real server (run on demand, not in CI).

    .venv/bin/python tests/perf/bench_command_roundtrip.py [--players 1010] [--postgres URL]

Prints p50/p95/p99 of (a) the HTTP answer to `record_bust` from a dealer's token, and (b) the
time until the table view with that seq arrives at a Socket.IO client in the table's room.
"""

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import socketio

from server import Api, ServerProcess, director


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def report(name, ms):
    print(
        f"{name:<34} n={len(ms):5d}  p50={pct(ms, 50):7.2f} ms  p95={pct(ms, 95):7.2f} ms  "
        f"p99={pct(ms, 99):7.2f} ms  max={max(ms):7.2f} ms  mean={statistics.mean(ms):6.2f} ms"
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1010)
    parser.add_argument("--busts", type=int, default=1000)
    parser.add_argument("--postgres", help="DATABASE_URL of a PostgreSQL database to use instead of SQLite")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        srv = ServerProcess(Path(tmp), database_url=args.postgres).start()
        try:
            run(srv, args)
        finally:
            srv.stop()


def run(srv, args):
    td = director(srv)
    tid = td.post("/api/tournaments", {"name": "Bench", "preset": "generic"}).json()["id"]
    register_ms = []
    for i in range(args.players):
        t0 = time.perf_counter()
        assert td.command(tid, "register_player", {"name": f"P{i}"}).status_code == 200
        register_ms.append((time.perf_counter() - t0) * 1000)
    tables = -(-args.players // 10)
    assert td.command(tid, "draw_seats", {"tables": tables}).status_code == 200
    links = td.get(f"/api/tournaments/{tid}/links").json()
    view = td.get(f"/api/tournaments/{tid}/view").json()
    by_table = {}
    for e in view["entries"]:
        by_table.setdefault(e["table_no"], []).append(e["entry_id"])

    ack_ms, pushed_ms = [], []
    done = 0
    for link in links["tables"]:
        token = link["url"].rsplit("/", 1)[1]
        dealer = Api(srv.url, token)
        arrived, wanted = {}, threading.Event()
        client = socketio.Client(reconnection=False)

        def on_view(v, arrived=arrived, wanted=wanted):
            if v["kind"] == "table":
                arrived[v["seq"]] = time.perf_counter()
                wanted.set()

        client.on("view", on_view)
        client.connect(srv.url, auth={"token": token}, transports=["websocket"], wait_timeout=10)
        wanted.wait(5)
        for entry_id in by_table[link["table_no"]]:
            if done >= args.busts:
                break
            wanted.clear()
            t0 = time.perf_counter()
            r = dealer.command(tid, "record_bust", {"entry_id": entry_id})
            t1 = time.perf_counter()
            if r.status_code != 200:
                continue  # the tournament ended (last player standing)
            seq = r.json()["seq"]
            deadline = time.time() + 5
            while seq not in arrived and time.time() < deadline:
                wanted.wait(0.05)
            ack_ms.append((t1 - t0) * 1000)
            if seq in arrived:
                pushed_ms.append((arrived[seq] - t0) * 1000)
            done += 1
        client.disconnect()
        if done >= args.busts:
            break
    print(f"server: {'PostgreSQL' if args.postgres else 'SQLite'}; {args.players} players on {tables} tables")
    report("register_player (director) ack", register_ms)
    report("record_bust (dealer) ack", ack_ms)
    report("record_bust → table view pushed", pushed_ms)


if __name__ == "__main__":
    main()
