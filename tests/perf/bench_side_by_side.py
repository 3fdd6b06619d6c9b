"""pokerfloor next to the bare baseline (`bare_app.py`), from one run (on demand, not in CI):

    .venv/bin/python tests/perf/bench_side_by_side.py [--players 1200] [--rounds 60] [--batch 5]

Both servers are pinned to CPU 0 and this load generator to CPU 1 (where the machine has two),
and they take turns: each round sends a batch of dealer busts to pokerfloor and a batch of
commands to the bare app, in alternating order, with the same HTTP client (a keep-alive
`requests` session) and a raw Engine.IO socket in the sender's room (a dealer's phone on its
table). Then 200 viewers (raw sockets) join each server's public room and the same is done again.

Prints, per server: the command's answer p50/p99, the time until the sender's room has the view,
the server's CPU per command (from /proc: mean and median of the commands) and, with the
viewers, per delivered view; then the ratios the issue asks for (ack ≤ 1.5×, CPU per command
≤ 2×, CPU per delivery ≤ 1.2× bare). `--profile FILE` samples each server with py-spy first.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from procstat import BENCH_ENV, cpu_seconds, pct, pin, pin_self
from raw_sockets import STOPPING, RawSockets

from server import Api, ServerProcess, director, free_port, links, seated_tournament, token_of, view, wait_until_up

HERE = Path(__file__).resolve().parent


@dataclass
class Sample:
    ack_ms: list[float] = field(default_factory=list)
    pushed_ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)  # per command
    deliveries: int = 0

    def add(self, t0: float, answered: float, pushed: float | None, cpu_s: float, deliveries: int) -> None:
        self.ack_ms.append((answered - t0) * 1000)
        if pushed is not None:
            self.pushed_ms.append((pushed - t0) * 1000)
        self.cpu_ms.append(cpu_s * 1000)
        self.deliveries += deliveries

    @property
    def cpu_mean(self) -> float:
        return statistics.mean(self.cpu_ms)

    def line(self, name: str) -> str:
        text = (
            f"{name:<11} n={len(self.cpu_ms):4d}  ack p50={pct(self.ack_ms, 50):6.2f} p99={pct(self.ack_ms, 99):6.2f} ms  "
            f"view in sender's room p50={pct(self.pushed_ms, 50):6.2f} ms  CPU/command mean={self.cpu_mean:6.2f} "
            f"median={statistics.median(self.cpu_ms):6.2f} ms"
        )
        if self.deliveries:
            text += f"  CPU/delivery={sum(self.cpu_ms) / self.deliveries * 1000:5.0f} µs"
        return text


class Pokerfloor:
    name = "pokerfloor"

    def __init__(self, srv: ServerProcess, players: int):
        self.srv, self.pid, self.url = srv, srv.proc.pid, srv.url
        td = director(srv)
        self.tid = seated_tournament(td, players, -(-players // 10))
        found = links(td, self.tid)
        self.dealers = {t["table_no"]: token_of(t["url"]) for t in found["tables"]}
        self.phones = {p["entry_id"]: token_of(p["url"]) for p in found["players"]}
        by_table: dict[int, list[int]] = {}
        for e in view(td, self.tid)["entries"]:
            by_table.setdefault(e["table_no"], []).append(e["entry_id"])
        # Seven of each table's ten, table after table: the field stays in play, and one dealer
        # socket serves a table's busts (joining is not part of a command's cost).
        self.victims = [(n, entry_id) for n, ids in sorted(by_table.items()) for entry_id in ids[:7]]
        self.viewer_ids = [entry_id for ids in by_table.values() for entry_id in ids[7:]]  # never busted
        self.sockets = RawSockets(srv.url)
        self.room: tuple[int, int] | None = None  # (table_no, socket)
        self.http = Api(srv.url)  # one keep-alive session, as a phone keeps its connection

    def viewers(self, count: int) -> RawSockets:
        viewers = RawSockets(self.url)
        for entry_id in self.viewer_ids[:count]:
            viewers.connect({"token": self.phones[entry_id]})
        return viewers

    def dealer_socket(self, table_no: int) -> int:
        if self.room is None or self.room[0] != table_no:
            if self.room:
                self.sockets.close(self.room[1])
            sock = self.sockets.connect({"token": self.dealers[table_no]})
            self.sockets.wait(sock, "table", 0)  # the view on joining
            time.sleep(0.05)  # the server finishes the join and the old socket's leaving off the clock
            self.room = (table_no, sock)
        return self.room[1]

    def run(self, sample: Sample, count: int, viewers: RawSockets | None) -> None:
        for _ in range(count):
            table_no, entry_id = self.victims.pop(0)
            sock = self.dealer_socket(table_no)
            self.http.token = self.dealers[table_no]
            cpu, t0 = cpu_seconds(self.pid), time.perf_counter()
            answer = self.http.command(self.tid, "record_bust", {"entry_id": entry_id})
            answered = time.perf_counter()
            assert answer.status_code == 200, answer.text
            seq = answer.json()["seq"]
            pushed = self.sockets.wait(sock, "table", seq)
            if viewers:
                viewers.wait_all("public", seq)
            sample.add(t0, answered, pushed, cpu_seconds(self.pid) - cpu, viewers.count if viewers else 0)


class Bare:
    name = "bare"

    def __init__(self, tmp: Path):
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.log = open(tmp / "bare.log", "w")
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "bare_app.py"), "--port", str(port), "--db", str(tmp / "bare.db")],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.pid = self.proc.pid
        wait_until_up(self.proc, self.url + "/health", tmp / "bare.log")
        self.http = requests.Session()
        self.sockets = RawSockets(self.url)
        self.room = self.sockets.connect({"room": "table-1"})

    def viewers(self, count: int) -> RawSockets:
        viewers = RawSockets(self.url)
        for _ in range(count):
            viewers.connect({"room": "public"})
        return viewers

    def run(self, sample: Sample, count: int, viewers: RawSockets | None) -> None:
        rooms = ["table-1", "public"] if viewers else ["table-1"]
        for _ in range(count):
            body = {"op_id": str(uuid.uuid4()), "type": "record_bust", "payload": {"entry_id": 1}, "rooms": rooms}
            cpu, t0 = cpu_seconds(self.pid), time.perf_counter()
            answer = self.http.post(self.url + "/command", json=body, timeout=10)
            answered = time.perf_counter()
            seq = answer.json()["seq"]
            pushed = self.sockets.wait(self.room, "table", seq)
            if viewers:
                viewers.wait_all("public", seq)
            sample.add(t0, answered, pushed, cpu_seconds(self.pid) - cpu, viewers.count if viewers else 0)

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait()
        self.log.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1200)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--batch", type=int, default=5)
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument(
        "--profile", metavar="FILE", help="py-spy (pip install py-spy) samples each server into FILE.<name>[.viewers]"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        srv = ServerProcess(Path(tmp) / "pokerfloor", env=BENCH_ENV).start()
        bare = Bare(Path(tmp))
        try:
            run(Pokerfloor(srv, args.players), bare, args)
        finally:
            STOPPING.set()
            srv.stop()
            bare.stop()


def profile(server, out: str, rounds: int, batch: int, viewers: RawSockets | None) -> None:
    profiler = subprocess.Popen(
        ["py-spy", "record", "--pid", str(server.pid), "--format", "raw", "-r", "1000", "-o", out],
        stdout=subprocess.DEVNULL,
    )
    time.sleep(1)
    for _ in range(rounds):
        server.run(Sample(), batch, viewers)
    profiler.send_signal(signal.SIGINT)
    profiler.wait()
    print(f"profile of {rounds * batch} commands: {out}")


def run(pf: Pokerfloor, bare: Bare, args) -> None:
    pin(pf.pid, 0)
    pin(bare.pid, 0)
    pin_self(1)
    print(f"pokerfloor: SQLite, {args.players} players; bare: SQLite; servers on CPU 0, this client on CPU 1")
    results = {}
    for label, count in (("commands", 0), (f"{args.viewers} viewers", args.viewers)):
        viewers = {server.name: server.viewers(count) if count else None for server in (pf, bare)}
        time.sleep(1 if count else 0)  # the views on joining are read
        rounds = args.rounds if not count else max(2, args.rounds // 2)
        if args.profile:
            for server in (pf, bare):
                out = f"{args.profile}.{server.name}" + (".viewers" if count else "")
                profile(server, out, max(2, rounds // 2), args.batch, viewers[server.name])
        samples = {pf.name: Sample(), bare.name: Sample()}
        for r in range(rounds):
            for server in (pf, bare) if r % 2 == 0 else (bare, pf):
                server.run(samples[server.name], args.batch, viewers[server.name])
        print(f"— {label}:")
        for name, sample in samples.items():
            print("  " + sample.line(name))
        results[label] = samples
    plain, viewed = results["commands"], results[f"{args.viewers} viewers"]
    p, b = plain[pf.name], plain[bare.name]
    pv, bv = viewed[pf.name], viewed[bare.name]
    print("ratios (pokerfloor / bare):")
    print(f"  ack p50            {pct(p.ack_ms, 50) / pct(b.ack_ms, 50):5.2f}×  (goal ≤ 1.5×)")
    print(
        f"  CPU per command    {p.cpu_mean / b.cpu_mean:5.2f}× mean, "
        f"{statistics.median(p.cpu_ms) / statistics.median(b.cpu_ms):5.2f}× median  (goal ≤ 2×)"
    )
    print(
        f"  CPU per delivery   {(sum(pv.cpu_ms) / pv.deliveries) / (sum(bv.cpu_ms) / bv.deliveries):5.2f}×  "
        f"at {args.viewers} viewers (goal ≤ 1.2×)"
    )


if __name__ == "__main__":
    main()
