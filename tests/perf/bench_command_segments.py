"""Where a dealer's bust spends its time before the answer, next to the bare app's command (on demand):

    .venv/bin/python tests/perf/bench_command_segments.py [--players 2000] [--busts 360] [--runs 3]

Both apps in this process on SQLite (WAL, synchronous=FULL), called as WSGI apps with the request a
phone sends (no socket, no HTTP parsing: those cost both alike and `bench_side_by_side.py` measures
them). Every segment is timed where the command path calls it (a wrapper at the call site: about
0.3 µs each, so the figures are a little high), in wall time, fsync included. Prints µs per command,
the lowest of `--runs` runs for each segment, and what is left of the whole request (Flask's
dispatch, the request context, the answer's headers). The segments are the command path's parts as
the code has them: a renamed function fails here loudly, not silently.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

# First: it patches the standard library for gevent, as `pokerfloor serve` does, so both apps
# run on what they are served with.
from bare_app import create_bare_app  # noqa: I001

import argparse
import contextlib
import io
import json
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from typing import Any

from in_process import InProcessServer, in_process_director

from server import links, seated_tournament, token_of, view

Timings = Counter[str]


def timed(where: Any, name: str, into: Timings, label: str) -> None:
    """`where.name` replaced by the same call, its wall time added to `into[label]`."""
    inner = getattr(where, name)

    def call(*args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter_ns()
        try:
            return inner(*args, **kwargs)
        finally:
            into[label] += time.perf_counter_ns() - began

    setattr(where, name, call)


def request_environ(path: str, body: dict, token: str | None) -> dict:
    data = json.dumps(body).encode()
    environ = {
        "REQUEST_METHOD": "POST",
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(data)),
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "5000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "REMOTE_PORT": "40000",
        "HTTP_HOST": "127.0.0.1:5000",
        "HTTP_USER_AGENT": "python-requests/2.32.3",
        "HTTP_ACCEPT_ENCODING": "gzip, deflate",
        "HTTP_ACCEPT": "*/*",
        "HTTP_CONNECTION": "keep-alive",
        "wsgi.input": io.BytesIO(data),
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
        "wsgi.version": (1, 0),
        "wsgi.multithread": False,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
        "wsgi.input_terminated": True,
    }
    if token:
        environ["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return environ


def answered(app: Any, environ: dict) -> bytes:
    status: list[str] = []
    body = b"".join(app(environ, lambda s, headers, exc_info=None: status.append(s)))
    assert status[0].startswith("200"), (status, body)
    return body


class PokerfloorBusts:
    """A seated tournament; each bust by its table's dealer token, seven of each table's ten."""

    def __init__(self, tmp: Path, players: int):
        self.app = InProcessServer(tmp).app
        director = in_process_director(self.app)
        self.tid = seated_tournament(director, players, -(-players // 10))
        dealers = {t["table_no"]: token_of(t["url"]) for t in links(director, self.tid)["tables"]}
        by_table: dict[int, list[int]] = {}
        for entry in view(director, self.tid)["entries"]:
            by_table.setdefault(entry["table_no"], []).append(entry["entry_id"])
        self.device = uuid.uuid4().hex
        self.requests = [
            (dealers[table_no], entry_id) for table_no, ids in sorted(by_table.items()) for entry_id in ids[:7]
        ]

    def environs(self, count: int) -> list[dict]:
        taken, self.requests = self.requests[:count], self.requests[count:]
        if len(taken) < count:
            raise SystemExit(f"not enough players left for {count} busts: raise --players")
        path = f"/api/tournaments/{self.tid}/commands"
        return [
            request_environ(
                path,
                {
                    "op_id": str(uuid.uuid4()),
                    "device_id": self.device,
                    "type": "record_bust",
                    "payload": {"entry_id": entry_id},
                },
                token,
            )
            for token, entry_id in taken
        ]

    def instrument(self, into: Timings) -> None:
        import backend.api.commands as commands
        import backend.api.contract as contract
        import backend.api.schemas as schemas
        import backend.engine as rules
        import backend.store.event_store as event_store

        service = self.app.extensions["pokerfloor"].service
        timed(commands, "require_tournament", into, "access (token, tournament)")
        timed(contract, "json_body", into, "body (JSON)")
        timed(schemas, "_plain_envelope", into, "schema: envelope")
        timed(schemas.PAYLOAD_LOADERS["record_bust"], "load", into, "schema: payload")
        timed(service, "before_command", into, "before the command (effects)")
        timed(event_store, "lock_and_find_receipt", into, "db: lock, receipt lookup")
        timed(event_store, "append", into, "db: seq bump, event insert")
        timed(event_store, "save_receipt", into, "db: receipt insert")
        timed(rules, "decide", into, "engine: decide")
        timed(rules, "apply", into, "engine: apply")
        timed(service, "changed_views", into, "read: changed views")
        timed(service, "notices", into, "read: notices")
        timed(service, "after_commit", into, "after the commit (effects, publish, reminders)")
        timed(commands, "jsonify", into, "answer (JSON)")
        hooks = self.app.after_request_funcs[None]
        for n, hook in enumerate(hooks):
            holder = type("Hook", (), {"run": staticmethod(hook)})
            timed(holder, "run", into, "answer headers (after_request)")
            hooks[n] = holder.run
        log, opened = service.log, service.log.transaction

        @contextlib.contextmanager
        def transaction(*args: Any, **kwargs: Any) -> Iterator[Any]:
            manager = opened(*args, **kwargs)
            began = time.perf_counter_ns()
            tx = manager.__enter__()
            into["db: BEGIN" if kwargs.get("write", True) else "db: token read (1 in 7)"] += (
                time.perf_counter_ns() - began
            )
            try:
                yield tx
            except BaseException:
                manager.__exit__(*sys.exc_info())
                raise
            began = time.perf_counter_ns()
            manager.__exit__(None, None, None)
            into["db: COMMIT (fsync)"] += time.perf_counter_ns() - began

        log.transaction = transaction


class BareCommands:
    """tests/perf/bare_app.py: its statements timed on its connection, its emit on its Socket.IO."""

    def __init__(self, tmp: Path):
        self.app = create_bare_app(str(tmp / "bare.db"))

    def environs(self, count: int) -> list[dict]:
        return [
            request_environ(
                "/command",
                {"op_id": str(uuid.uuid4()), "type": "record_bust", "payload": {"entry_id": 1}},
                None,
            )
            for _ in range(count)
        ]

    def instrument(self, into: Timings) -> None:
        closure = self.app.view_functions["command"].__closure__ or ()
        log = next(cell.cell_contents for cell in closure if hasattr(cell.cell_contents, "db"))
        sio = self.app.extensions["socketio"]
        db = log.db

        class TimedConnection:
            def execute(self, sql: str, *args: Any) -> Any:
                began = time.perf_counter_ns()
                try:
                    return db.execute(sql, *args)
                finally:
                    word = sql.split()[0]
                    label = {"BEGIN": "db: BEGIN", "COMMIT": "db: COMMIT (fsync)", "ROLLBACK": "db: ROLLBACK"}
                    into[label.get(word, f"db: {word.lower()}")] += time.perf_counter_ns() - began

        log.db = TimedConnection()
        timed(sio, "emit", into, "emit (its one view)")


def measure(app: Any, environs: list[dict], timings: Timings) -> dict[str, float]:
    """µs per command of each segment over these requests (`timings` is what the wrappers add to)."""
    before = Counter(timings)
    began = time.perf_counter_ns()
    for environ in environs:
        answered(app, environ)
    spent = Counter({"whole request": time.perf_counter_ns() - began})
    spent.update(timings)
    spent.subtract(before)
    return {label: ns / len(environs) / 1000 for label, ns in spent.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--busts", type=int, default=360, help="per run (seven of each table's ten in all)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="pf-segments-"))
    pokerfloor, bare = PokerfloorBusts(tmp / "pokerfloor", args.players), BareCommands(tmp)
    warm = 100
    for app, environs in ((pokerfloor.app, pokerfloor.environs(warm)), (bare.app, bare.environs(warm))):
        for environ in environs:
            answered(app, environ)
    timings: dict[str, Timings] = {"pokerfloor": Counter(), "bare": Counter()}
    pokerfloor.instrument(timings["pokerfloor"])
    bare.instrument(timings["bare"])
    best: dict[str, dict[str, float]] = {"pokerfloor": {}, "bare": {}}
    for _ in range(args.runs):
        for name, side in (("pokerfloor", pokerfloor), ("bare", bare)):
            for label, per in measure(side.app, side.environs(args.busts), timings[name]).items():
                best[name][label] = min(best[name].get(label, per), per)
    print(
        f"µs per command before the answer, SQLite, lowest of {args.runs} runs of {args.busts} (wall, fsync included):"
    )
    print(f"  {'':<48}{'pokerfloor':>11}{'bare':>8}")
    for name in ("pokerfloor", "bare"):
        parts = best[name]
        parts["rest (Flask, request context, WSGI)"] = parts["whole request"] - sum(
            v for k, v in parts.items() if k != "whole request" and not k.startswith("db: token")
        )
    labels = sorted(
        {*best["pokerfloor"], *best["bare"]} - {"whole request"}, key=lambda k: -best["pokerfloor"].get(k, 0)
    )
    for label in [*labels, "whole request"]:
        shown = [best[name].get(label) for name in ("pokerfloor", "bare")]
        p, b = (f"{v:.1f}" if v is not None else "—" for v in shown)
        print(f"  {label:<48}{p:>11}{b:>8}")


if __name__ == "__main__":
    main()
