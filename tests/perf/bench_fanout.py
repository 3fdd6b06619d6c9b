"""Fan-out of a bust's public view to many phones, against a real server (on demand, not in CI):

    .venv/bin/python tests/perf/bench_fanout.py [--viewers 200 1000 2000] [--busts 30]

Each viewer is a player's phone (its own token; the public room and its own), spoken to by a light
raw Engine.IO websocket client: no python-socketio client per viewer, one thread reads every socket
through a selector and answers the server's pings. Prints, per number of viewers: the time from a
bust's POST to the last viewer holding the new public view (p50/p99), and the server's CPU per bust
and per delivered view (from /proc, so Linux only).
"""

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from procstat import BENCH_ENV, cpu_seconds, pct, pin, pin_self
from raw_sockets import STOPPING, RawSockets

from server import ServerProcess, director, links, seated_tournament, token_of


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--viewers", type=int, nargs="+", default=[200, 1000, 2000])
    parser.add_argument("--busts", type=int, default=30)
    args = parser.parse_args()
    players = max(args.viewers) + args.busts * len(args.viewers) + 10
    with tempfile.TemporaryDirectory() as tmp:
        srv = ServerProcess(Path(tmp), env={**BENCH_ENV, "GC_LOG_MS": "5"}).start()  # collections of 5 ms or more
        try:
            run(srv, players, args)
        finally:
            STOPPING.set()
            srv.stop()


def run(srv, players: int, args) -> None:
    pin(srv.proc.pid, 0)
    pin_self(1)
    td = director(srv)
    tid = seated_tournament(td, players, -(-players // 10))
    phones = [token_of(p["url"]) for p in links(td, tid)["players"]]
    entries = [e["entry_id"] for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"]]
    victims = iter(entries[max(args.viewers) :])  # busted players are not among the viewers
    viewers = RawSockets(srv.url)
    print(f"{players} players; busts per step: {args.busts}")
    for wanted in args.viewers:
        while viewers.count < wanted:
            viewers.connect({"token": phones[viewers.count]})
        time.sleep(1)  # the views on joining are read
        latencies = []
        log_from = len(srv.log_path.read_text())
        cpu_before = cpu_seconds(srv.proc.pid)
        for _ in range(args.busts):
            t0 = time.perf_counter()
            answer = td.command(tid, "record_bust", {"entry_id": next(victims)})
            assert answer.status_code == 200, answer.text
            latencies.append((viewers.wait_all("public", answer.json()["seq"]) - t0) * 1000)
        cpu = cpu_seconds(srv.proc.pid) - cpu_before
        found = re.findall(r"gc pause ([0-9.]+) ms \(generation (\d)", srv.log_path.read_text()[log_from:])
        pauses = [float(ms) for ms, _ in found]
        full = [float(ms) for ms, generation in found if generation == "2"]
        print(
            f"{wanted:5d} viewers: bust → last viewer has the public view p50={pct(latencies, 50):7.1f} ms "
            f"p99={pct(latencies, 99):7.1f} ms mean={statistics.mean(latencies):7.1f} ms; server CPU "
            f"{cpu / args.busts * 1000:6.1f} ms per bust, {cpu / (args.busts * wanted) * 1e6:5.0f} µs per delivery; "
            f"GC pauses ≥ 5 ms: {len(pauses)}, longest {max(pauses, default=0):.0f} ms "
            f"(full collections among them: {len(full)}, longest {max(full, default=0):.0f} ms)"
        )


if __name__ == "__main__":
    main()
