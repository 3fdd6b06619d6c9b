"""Round-trip of dealer commands against a real server (run on demand, not in CI).

    .venv/bin/python tests/perf/bench_command_roundtrip.py [--players 1200 10112] [--director] [--postgres URL]

Prints p50/p95/p99 of (a) the HTTP answer to `record_bust` from a dealer's token, and (b) the
time until the table view with that seq arrives at a Socket.IO client in the table's room; with
`--director`, a director's phone watches too (so every bust builds the director's delta with its
suggestions), and (c) the time until that delta arrives. Busts go table after table and nobody
applies the suggested moves, so after the first few busts moves are pending all along. Several
field sizes run one after the other on fresh servers; the last line compares the largest field
with the smallest (the cost per bust must not grow with the field).
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from procstat import BENCH_ENV, cpu_seconds, pct, pin, pin_self
from raw_sockets import RawSockets

from server import Api, ServerProcess, director, links, token_of, view


def report(name, ms):
    print(
        f"{name:<34} n={len(ms):5d}  p50={pct(ms, 50):7.2f} ms  p95={pct(ms, 95):7.2f} ms  "
        f"p99={pct(ms, 99):7.2f} ms  max={max(ms):7.2f} ms  mean={statistics.mean(ms):6.2f} ms"
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, nargs="+", default=[1010])
    parser.add_argument("--busts", type=int, default=1000)
    parser.add_argument("--director", action="store_true", help="a director's phone watches the tournament")
    parser.add_argument("--postgres", help="DATABASE_URL of a PostgreSQL database to use instead of SQLite")
    args = parser.parse_args()
    results = {}
    for players in args.players:
        with tempfile.TemporaryDirectory() as tmp:
            srv = ServerProcess(Path(tmp), database_url=args.postgres, env=BENCH_ENV).start()
            try:
                results[players] = run(srv, players, args)
            finally:
                srv.stop()
    if len(results) > 1:
        small, large = results[min(results)], results[max(results)]
        print(
            f"{max(results)} vs {min(results)} players: bust → table view p99 "
            f"{pct(large['pushed'], 99) / pct(small['pushed'], 99):.2f}×, server CPU per bust "
            f"{large['cpu'] / small['cpu']:.2f}× (goal: ≤ 1.2×, p99 ≤ 10 ms)"
        )


def run(srv, players, args):
    pin(srv.proc.pid, 0)  # the server on CPU 0, this load generator on CPU 1
    pin_self(1)
    td = director(srv)
    tid = td.post("/api/tournaments", {"name": "Bench", "preset": "generic"}).json()["id"]
    register_ms = []
    for i in range(players):
        t0 = time.perf_counter()
        assert td.command(tid, "register_player", {"name": f"P{i}"}).status_code == 200
        register_ms.append((time.perf_counter() - t0) * 1000)
    tables = -(-players // 10)
    assert td.command(tid, "draw_seats", {"tables": tables}).status_code == 200
    found = links(td, tid)
    seated = view(td, tid)
    by_table = {}
    for e in seated["entries"]:
        by_table.setdefault(e["table_no"], []).append(e["entry_id"])

    ack_ms, pushed_ms, director_ms = [], [], []
    sockets = RawSockets(srv.url)  # the phones: light raw Engine.IO clients (raw_sockets.py)
    watcher = sockets.connect({"token": td.token}, subscribe=tid) if args.director else None
    done, cpu = 0, 0.0
    for link in found["tables"]:
        token = token_of(link["url"])
        dealer = Api(srv.url, token)
        phone = sockets.connect({"token": token})
        sockets.wait(phone, "table", 0)  # the view on joining
        for entry_id in by_table[link["table_no"]]:
            if done >= args.busts:
                break
            cpu_before = cpu_seconds(srv.proc.pid)
            t0 = time.perf_counter()
            r = dealer.command(tid, "record_bust", {"entry_id": entry_id})
            t1 = time.perf_counter()
            if r.status_code != 200:
                continue  # the tournament ended (last player standing)
            seq = r.json()["seq"]
            pushed = sockets.wait(phone, "table", seq)
            delta = sockets.wait(watcher, "director", seq) if watcher is not None else None
            cpu += cpu_seconds(srv.proc.pid) - cpu_before
            ack_ms.append((t1 - t0) * 1000)
            if pushed is not None:
                pushed_ms.append((pushed - t0) * 1000)
            if delta is not None:
                director_ms.append((delta - t0) * 1000)
            done += 1
        sockets.close(phone)
        if done >= args.busts:
            break
    after = view(td, tid)
    moves = sum(1 for s in after.get("suggestions", []) if s["kind"] == "move") + after.get("suggestions_more", 0)
    print(
        f"server: {'PostgreSQL' if args.postgres else 'SQLite'}; {players} players on {tables} tables; "
        f"director watching: {'yes' if args.director else 'no'}; suggestions pending after the busts: {moves}"
    )
    report("register_player (director) ack", register_ms)
    report("record_bust (dealer) ack", ack_ms)
    report("record_bust → table view pushed", pushed_ms)
    if director_ms:
        report("record_bust → director delta", director_ms)
    print(f"server CPU per bust: {cpu / max(1, done) * 1000:.2f} ms")
    return {"pushed": pushed_ms, "cpu": cpu / max(1, done)}


if __name__ == "__main__":
    main()
