"""pokerfloor next to the bare baseline (`bare_app.py`), from one run (on demand, not in CI):

    .venv/bin/python tests/perf/bench_side_by_side.py [--players 1200] [--rounds 60] [--batch 5] [--stacks sqlite pg]

On each database (SQLite; PostgreSQL in a fresh schema of the `test` database, the bare app
on the same server in another), both servers are pinned to CPU 0 and this load generator to CPU 1 (where the machine has two),
and they take turns: each round sends a batch of dealer busts to pokerfloor and a batch of
commands to the bare app, in alternating order, with the same HTTP client (a keep-alive
`requests` session) and a raw Engine.IO socket in the sender's room (a dealer's phone on its
table). Then (SQLite only: the fan-out does not depend on the database) 200 viewers (raw
sockets) join each server's public room and the same is done again.

Prints, per server: the command's answer p50/p99, the time until the sender's room has the view,
the server's CPU per command (from /proc: mean and median of the commands) and, with the
viewers, per delivered view; then the ratios, and last one table of the bare-relative ack per
database (goals: ≤ 1.2× on SQLite, ≤ 1.5× on PostgreSQL). The server's CPU is its own process's:
PostgreSQL's backends work for both alike and are not counted. `--profile FILE` samples each
server with py-spy first.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from procstat import BENCH_ENV, cpu_seconds, pct, pin, pin_self
from raw_sockets import STOPPING, RawSockets

from server import Api, ServerProcess, director, free_port, links, seated_tournament, token_of, view, wait_until_up

HERE = Path(__file__).resolve().parent
PG_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
ACK_GOAL = {"SQLite": 1.2, "PostgreSQL": 1.5}


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

    def __init__(self, tmp: Path, db: str):
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.log = open(tmp / "bare.log", "w")
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "bare_app.py"), "--port", str(port), "--db", db],
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


@contextmanager
def pg_schemas(count: int) -> Iterator[list[str]]:
    """Fresh schemas in the PostgreSQL test database (URLs that use them), dropped afterwards."""
    names = [f"pf_side_{uuid.uuid4().hex[:8]}" for _ in range(count)]
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        for name in names:
            admin.execute(f'CREATE SCHEMA "{name}"')
        try:
            yield [f"{PG_URL}?options=-csearch_path%3D{name}" for name in names]
        finally:
            for name in names:
                admin.execute(f'DROP SCHEMA "{name}" CASCADE')


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1200)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--batch", type=int, default=5)
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--stacks", nargs="+", default=["sqlite", "pg"], choices=["sqlite", "pg"])
    parser.add_argument(
        "--profile", metavar="FILE", help="py-spy (pip install py-spy) samples each server into FILE.<name>[.viewers]"
    )
    args = parser.parse_args()
    acks: dict[str, dict[str, Sample]] = {}
    for stack in args.stacks:
        with tempfile.TemporaryDirectory() as tmp, ExitStack() as cleanup:
            if stack == "sqlite":
                name, urls = "SQLite", [None, str(Path(tmp) / "bare.db")]
            else:
                name, urls = "PostgreSQL", cleanup.enter_context(pg_schemas(2))
            STOPPING.clear()
            srv = ServerProcess(Path(tmp) / "pokerfloor", database_url=urls[0], env=BENCH_ENV).start()
            bare = None
            try:
                bare = Bare(Path(tmp), urls[1])
                acks[name] = run(Pokerfloor(srv, args.players), bare, args, name, viewers=stack == "sqlite")
            finally:
                STOPPING.set()
                srv.stop()
                if bare is not None:
                    bare.stop()
    print("bare-relative ack (a dealer's bust answered; pokerfloor / bare, interleaved in one run):")
    for name, samples in acks.items():
        p, b = samples["pokerfloor"], samples["bare"]
        print(
            f"  {name:<10} pokerfloor p50={pct(p.ack_ms, 50):5.2f} p99={pct(p.ack_ms, 99):6.2f} ms  "
            f"bare p50={pct(b.ack_ms, 50):5.2f} p99={pct(b.ack_ms, 99):6.2f} ms  "
            f"ratio p50 {pct(p.ack_ms, 50) / pct(b.ack_ms, 50):4.2f}× p99 {pct(p.ack_ms, 99) / pct(b.ack_ms, 99):4.2f}× "
            f"(goal ≤ {ACK_GOAL[name]}×)  CPU/command {statistics.median(p.cpu_ms):4.2f} vs "
            f"{statistics.median(b.cpu_ms):4.2f} ms median"
        )


def profile(server, out: str, rounds: int, batch: int, viewers: RawSockets | None) -> None:
    profiler = subprocess.Popen(
        ["py-spy", "record", "--nonblocking", "--pid", str(server.pid), "--format", "raw", "-r", "1000", "-o", out],
        stdout=subprocess.DEVNULL,
    )
    time.sleep(1)
    for _ in range(rounds):
        server.run(Sample(), batch, viewers)
    profiler.send_signal(signal.SIGINT)
    profiler.wait()
    print(f"profile of {rounds * batch} commands: {out}")


def run(pf: Pokerfloor, bare: Bare, args, stack: str, viewers: bool) -> dict[str, Sample]:
    pin(pf.pid, 0)
    pin(bare.pid, 0)
    pin_self(1)
    print(f"pokerfloor: {stack}, {args.players} players; bare: {stack}; servers on CPU 0, this client on CPU 1")
    results = {}
    phases = [("commands", 0)] + ([(f"{args.viewers} viewers", args.viewers)] if viewers else [])
    for label, count in phases:
        watching = {server.name: server.viewers(count) if count else None for server in (pf, bare)}
        time.sleep(1 if count else 0)  # the views on joining are read
        rounds = args.rounds if not count else max(2, args.rounds // 2)
        if args.profile:
            for server in (pf, bare):
                out = f"{args.profile}.{stack}.{server.name}" + (".viewers" if count else "")
                profile(server, out, max(2, rounds // 2), args.batch, watching[server.name])
        samples = {pf.name: Sample(), bare.name: Sample()}
        for r in range(rounds):
            for server in (pf, bare) if r % 2 == 0 else (bare, pf):
                server.run(samples[server.name], args.batch, watching[server.name])
        print(f"— {stack}, {label}:")
        for name, sample in samples.items():
            print("  " + sample.line(name))
        results[label] = samples
    plain = results["commands"]
    p, b = plain[pf.name], plain[bare.name]
    print(f"ratios (pokerfloor / bare), {stack}:")
    print(f"  ack p50            {pct(p.ack_ms, 50) / pct(b.ack_ms, 50):5.2f}×  (goal ≤ {ACK_GOAL[stack]}×)")
    print(
        f"  CPU per command    {p.cpu_mean / b.cpu_mean:5.2f}× mean, "
        f"{statistics.median(p.cpu_ms) / statistics.median(b.cpu_ms):5.2f}× median  (goal ≤ 2×)"
    )
    if viewers:
        viewed = results[f"{args.viewers} viewers"]
        pv, bv = viewed[pf.name], viewed[bare.name]
        print(
            f"  CPU per delivery   {(sum(pv.cpu_ms) / pv.deliveries) / (sum(bv.cpu_ms) / bv.deliveries):5.2f}×  "
            f"at {args.viewers} viewers (goal ≤ 1.2×)"
        )
    return plain


if __name__ == "__main__":
    main()
