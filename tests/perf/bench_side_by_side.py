"""pokerfloor next to the bare baseline (`bare_app.py`), from one run (on demand, not in CI):

    .venv/bin/python tests/perf/bench_side_by_side.py [--players 1200] [--rounds 6] [--batch 50]

Both servers are pinned to CPU 0 and this client to CPU 1 (where the machine has two), and they
take turns: each round sends a batch of dealer busts to pokerfloor and a batch of commands to the
bare app, in alternating order, with the same HTTP client (a keep-alive `requests` session) and a
socket in the sender's room (a dealer's phone on its table). Then 200 viewers (raw Engine.IO
websocket clients) join each server's public room and the same is done again.

Prints, per server: the command's answer p50/p99, the time until the sender's room has the view,
the server's CPU per command (from /proc), and at 200 viewers its CPU per delivered view; then the
ratios the issue asks for (ack ≤ 1.5×, CPU per command ≤ 2×, CPU per delivery ≤ 1.2× bare).
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import requests
import socketio

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_fanout import STOPPING, Viewers
from procstat import cpu_seconds, pct, pin, pin_self

from server import Api, ServerProcess, director, free_port, links, token_of

HERE = Path(__file__).resolve().parent


@dataclass
class Sample:
    ack_ms: list[float] = field(default_factory=list)
    pushed_ms: list[float] = field(default_factory=list)
    cpu_s: float = 0.0
    commands: int = 0
    deliveries: int = 0

    def line(self, name: str) -> str:
        per_command = self.cpu_s / max(1, self.commands) * 1000
        text = (
            f"{name:<11} n={self.commands:4d}  ack p50={pct(self.ack_ms, 50):6.2f} p99={pct(self.ack_ms, 99):6.2f} ms  "
            f"view in sender's room p50={pct(self.pushed_ms, 50):6.2f} ms  CPU/command={per_command:6.2f} ms"
        )
        if self.deliveries:
            text += f"  CPU/delivery={self.cpu_s / self.deliveries * 1e6:5.0f} µs"
        return text


class RoomSocket:
    """A python-socketio client in one room: when did the view with seq N arrive."""

    def __init__(self, url: str, auth: dict, kind: str):
        self.arrived: dict[int, float] = {}
        self.event = threading.Event()
        self.client = socketio.Client(reconnection=False)

        def on_view(view):
            if view.get("kind") == kind:
                self.arrived[view["seq"]] = time.perf_counter()
                self.event.set()

        self.client.on("view", on_view)
        self.client.connect(url, auth=auth, transports=["websocket"], wait_timeout=10)

    def wait(self, seq: int, timeout: float = 5) -> float | None:
        deadline = time.perf_counter() + timeout
        while seq not in self.arrived and time.perf_counter() < deadline:
            self.event.wait(0.02)
            self.event.clear()
        return self.arrived.get(seq)

    def close(self) -> None:
        self.client.disconnect()


class Pokerfloor:
    name = "pokerfloor"

    def __init__(self, srv: ServerProcess, players: int):
        self.srv = srv
        td = director(srv)
        self.tid = td.post("/api/tournaments", {"name": "Side by side", "preset": "generic"}).json()["id"]
        for i in range(players):
            assert td.command(self.tid, "register_player", {"name": f"P{i}"}).status_code == 200
        assert td.command(self.tid, "draw_seats", {"tables": -(-players // 10)}).status_code == 200
        found = links(td, self.tid)
        self.dealers = {t["table_no"]: token_of(t["url"]) for t in found["tables"]}
        self.phones = {p["entry_id"]: token_of(p["url"]) for p in found["players"]}
        by_table: dict[int, list[int]] = {}
        for e in td.get(f"/api/tournaments/{self.tid}/view").json()["entries"]:
            by_table.setdefault(e["table_no"], []).append(e["entry_id"])
        # Seven of each table's ten, table after table: the field stays in play, and one dealer
        # socket serves a table's busts (joining is not part of a command's cost).
        self.victims = [(n, entry_id) for n, ids in sorted(by_table.items()) for entry_id in ids[:7]]
        self.viewer_ids = [entry_id for ids in by_table.values() for entry_id in ids[7:]]  # never busted
        self.room: tuple[int, RoomSocket] | None = None
        self.http = Api(srv.url)  # one keep-alive session, as a phone keeps its connection

    def dealer_room(self, table_no: int) -> RoomSocket:
        if self.room is None or self.room[0] != table_no:
            if self.room:
                self.room[1].close()
            room = RoomSocket(self.srv.url, {"token": self.dealers[table_no]}, "table")
            deadline = time.perf_counter() + 5
            while not room.arrived and time.perf_counter() < deadline:  # the view on joining
                room.event.wait(0.02)
            self.room = (table_no, room)
        return self.room[1]

    def run(self, sample: Sample, count: int, viewers: Viewers | None) -> None:
        for _ in range(count):
            table_no, entry_id = self.victims.pop(0)
            room = self.dealer_room(table_no)
            dealer = self.http
            dealer.token = self.dealers[table_no]
            cpu = cpu_seconds(self.srv.proc.pid)
            t0 = time.perf_counter()
            answer = dealer.command(self.tid, "record_bust", {"entry_id": entry_id})
            t1 = time.perf_counter()
            assert answer.status_code == 200, answer.text
            seq = answer.json()["seq"]
            arrived = room.wait(seq)
            if viewers:
                viewers.wait_for(seq)
                sample.deliveries += viewers.count
            sample.cpu_s += cpu_seconds(self.srv.proc.pid) - cpu
            sample.ack_ms.append((t1 - t0) * 1000)
            if arrived:
                sample.pushed_ms.append((arrived - t0) * 1000)
            sample.commands += 1


class Bare:
    name = "bare"

    def __init__(self, tmp: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(tmp / "bare.log", "w")
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "bare_app.py"), "--port", str(self.port), "--db", str(tmp / "bare.db")],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                if requests.get(self.url + "/health", timeout=1).ok:
                    break
            except requests.RequestException:
                time.sleep(0.1)
        self.http = requests.Session()
        self.room: RoomSocket | None = None

    def run(self, sample: Sample, count: int, viewers: Viewers | None) -> None:
        if self.room is None:
            self.room = RoomSocket(self.url, {"room": "table-1"}, "table")
            time.sleep(0.2)
        rooms = ["table-1", "public"] if viewers else ["table-1"]
        for _ in range(count):
            cpu = cpu_seconds(self.proc.pid)
            t0 = time.perf_counter()
            body = {"op_id": str(uuid.uuid4()), "type": "record_bust", "payload": {"entry_id": 1}, "rooms": rooms}
            answer = self.http.post(self.url + "/command", json=body, timeout=10)
            t1 = time.perf_counter()
            seq = answer.json()["seq"]
            arrived = self.room.wait(seq)
            if viewers:
                viewers.wait_for(seq)
                sample.deliveries += viewers.count
            sample.cpu_s += cpu_seconds(self.proc.pid) - cpu
            sample.ack_ms.append((t1 - t0) * 1000)
            if arrived:
                sample.pushed_ms.append((arrived - t0) * 1000)
            sample.commands += 1

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait()
        self.log.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1200)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="py-spy (pip install py-spy) samples each server's commands into FILE.<name> (raw)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        srv = ServerProcess(Path(tmp) / "pokerfloor").start()
        bare = Bare(Path(tmp))
        try:
            run(Pokerfloor(srv, args.players), bare, args)
        finally:
            STOPPING.set()
            srv.stop()
            bare.stop()


def run(pf: Pokerfloor, bare: Bare, args) -> None:
    pin(pf.srv.proc.pid, 0)
    pin(bare.proc.pid, 0)
    pin_self(1)
    print(f"pokerfloor: SQLite, {args.players} players; bare: SQLite; servers on CPU 0, client on CPU 1")
    results = {}
    for label, with_viewers in (("commands", False), (f"{args.viewers} viewers", True)):
        samples = {pf.name: Sample(), bare.name: Sample()}
        viewers = {}
        if with_viewers:
            viewers[pf.name] = Viewers(pf.srv.url)
            for entry_id in sorted(pf.viewer_ids)[: args.viewers]:
                viewers[pf.name].connect(pf.phones[entry_id])
            viewers[bare.name] = Viewers(bare.url)
            for _ in range(args.viewers):
                viewers[bare.name].connect("", auth={"room": "public"})
            time.sleep(1)
        rounds = args.rounds if not with_viewers else max(2, args.rounds // 2)
        if args.profile:
            for server, pid in ((pf, pf.srv.proc.pid), (bare, bare.proc.pid)):
                out = f"{args.profile}.{server.name}" + (".viewers" if with_viewers else "")
                profiler = subprocess.Popen(
                    ["py-spy", "record", "--pid", str(pid), "--format", "raw", "-r", "1000", "-o", out],
                    stdout=subprocess.DEVNULL,
                )
                time.sleep(1)
                for _ in range(rounds):
                    server.run(Sample(), args.batch, viewers.get(server.name))
                profiler.send_signal(signal.SIGINT)
                profiler.wait()
                print(f"profile of {rounds * args.batch} commands: {out}")
        for r in range(rounds):
            order = (pf, bare) if r % 2 == 0 else (bare, pf)
            for server in order:
                server.run(samples[server.name], args.batch, viewers.get(server.name))
        print(f"— {label}:")
        for name, sample in samples.items():
            print("  " + sample.line(name))
        results[label] = samples
    plain, viewed = results["commands"], results[f"{args.viewers} viewers"]

    def ratio(a: float, b: float) -> str:
        return f"{a / b:4.2f}×" if b else "–"

    pf_s, bare_s = plain[pf.name], plain[bare.name]
    print("ratios (pokerfloor / bare):")
    print(f"  ack p50              {ratio(pct(pf_s.ack_ms, 50), pct(bare_s.ack_ms, 50))}  (goal ≤ 1.5×)")
    print(f"  CPU per command      {ratio(pf_s.cpu_s / pf_s.commands, bare_s.cpu_s / bare_s.commands)}  (goal ≤ 2×)")
    pf_v, bare_v = viewed[pf.name], viewed[bare.name]
    print(
        f"  CPU per delivery     {ratio(pf_v.cpu_s / pf_v.deliveries, bare_v.cpu_s / bare_v.deliveries)}  "
        f"at {args.viewers} viewers (goal ≤ 1.2×)"
    )


if __name__ == "__main__":
    main()
