"""Registration opening as a burst (issue 31), timed (on demand, not CI).

    .venv/bin/python tests/perf/bench_sign_up_burst.py [--persons 600] [--capacity 44] [--phones 100]
        [--stacks sqlite pg] [--profile FILE]

`--persons` phones sign up for one tournament at the same moment (tests/sign_up_burst.py: each
phone a thread with its own keep-alive connection, `--phones` at a time, released together; a few
persons typed twice with and without accents). `--capacity` places (an n-monday tournament, at most
its 44 seats; more makes it a generic one), the rest waits. Once on SQLite with one worker, once on
PostgreSQL with two workers sharing Redis (phones spread over both, no proxy in front). Servers on
CPU 0, this load generator on CPU 1. Prints per stack the answer time p50/p99/max, sign-ups per
second over the burst, the servers' CPU per sign-up, and what the log holds (registered, waiting).
`--profile FILE` samples each server with py-spy (pip install py-spy) into FILE.<stack>.<n>.svg (FILE
ending in .raw: collapsed stacks on the CPU, to grep; in .idle.raw: with the waits).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

from sqlalchemy import create_engine, text

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from procstat import BENCH_ENV, cpu_seconds, pct, pin, pin_self

from server import Api, ServerProcess, command_ok, director
from sign_up_burst import open_tournament, sign_up_burst, sign_up_events, typed

PG_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = "redis://127.0.0.1:6379/0"
UNLIMITED = {"SIGN_UP_PER_ADDRESS": "1000000", "SIGN_UP_PER_CLUB": "1000000"}


def tournament(td: Api, capacity: int) -> int:
    tid = open_tournament(td)
    if capacity != 44:
        command_ok(td, tid, "set_capacity", {"max": capacity})
    return tid


def burst(workers: list[ServerProcess], label: str, args) -> None:
    for w in workers:
        assert w.proc is not None
        pin(w.proc.pid, 0)
    td = director(workers[0])
    tid = tournament(td, args.capacity)
    names = typed(args.persons)
    profilers = []
    if args.profile:
        for i, w in enumerate(workers):
            assert w.proc is not None
            raw = args.profile.endswith(".raw")  # collapsed stacks to grep (.idle.raw: the waits too)
            out = f"{args.profile}.{label.split(',')[0]}.{i}" + ("" if raw else ".svg")
            cmd = ["py-spy", "record", "-p", str(w.proc.pid), "-o", out, "--rate", "200"]
            cmd += (
                (["--format", "raw"] + (["--idle"] if args.profile.endswith(".idle.raw") else [])) if raw else ["--gil"]
            )
            profilers.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    cpu_before = sum(cpu_seconds(w.proc.pid) for w in workers if w.proc)
    done = sign_up_burst([w.url for w in workers], tid, names, phones=args.phones)
    cpu = sum(cpu_seconds(w.proc.pid) for w in workers if w.proc) - cpu_before
    for p in profilers:
        p.send_signal(signal.SIGINT)
        p.wait()
    ms = [a.seconds * 1000 for a in done.answers]
    statuses: dict[int, int] = {}
    for a in done.answers:
        statuses[a.status] = statuses.get(a.status, 0) + 1
    events = sign_up_events(workers[0], tid)
    registered = sum(1 for _, t, _ in events if t == "player_registered")
    print(
        f"{label:<22} {len(names)} sign-ups, {args.phones} at a time: answer p50={pct(ms, 50):7.1f} ms  "
        f"p99={pct(ms, 99):7.1f} ms  max={max(ms):7.1f} ms  {len(names) / done.wall_s:6.1f} sign-ups/s  "
        f"({done.wall_s:.1f} s)  server CPU {cpu / len(names) * 1000:.1f} ms per sign-up"
    )
    print(
        f"{'':<22} answers {dict(sorted(statuses.items()))}, retries {sum(a.retries for a in done.answers)}; "
        f"the log: {registered} registered, {len(events) - registered} waiting"
    )


def pg_schema() -> tuple[str, object]:
    schema = f"pf_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(PG_URL.replace("postgresql://", "postgresql+psycopg://"))
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    return schema, admin


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--persons", type=int, default=600)
    parser.add_argument("--capacity", type=int, default=44)
    parser.add_argument("--phones", type=int, default=100, help="phones sending at the same time")
    parser.add_argument("--stacks", nargs="+", default=["sqlite", "pg"], choices=["sqlite", "pg"])
    parser.add_argument("--profile", metavar="FILE")
    args = parser.parse_args()
    pin_self(1)
    env = {**BENCH_ENV, **UNLIMITED}
    for stack in args.stacks:
        with tempfile.TemporaryDirectory() as tmp:
            if stack == "sqlite":
                srv = ServerProcess(Path(tmp) / "var", env=env).start()
                try:
                    burst([srv], "SQLite, 1 worker", args)
                finally:
                    srv.stop()
                continue
            schema, admin = pg_schema()
            url = f"{PG_URL}?options=-csearch_path%3D{schema}"
            queue = {"SOCKETIO_MESSAGE_QUEUE": REDIS_URL, "SOCKETIO_CHANNEL": f"pf-bench-{schema}"}
            workers = []
            try:
                for name in ("a", "b"):
                    workers.append(ServerProcess(Path(tmp) / name, database_url=url, env={**env, **queue}).start())
                burst(workers, "PostgreSQL, 2 workers", args)
            finally:
                for w in workers:
                    w.stop()
                with admin.begin() as conn:  # type: ignore[attr-defined]
                    conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
                admin.dispose()  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
