"""The bare baseline: the least a correct command server must do, on pokerfloor's own stack.

    .venv/bin/python tests/perf/bare_app.py --port 5099 --db /tmp/bare.db
    .venv/bin/python tests/perf/bare_app.py --port 5099 --db 'postgresql://postgres@127.0.0.1:5432/test?options=…'

Flask + Flask-SocketIO on gevent's pywsgi with the websocket handler (TCP_NODELAY, as
`pokerfloor serve`). One route takes a command as the phones send it (`op_id`, `type`, `payload`)
and does what nothing may skip: in one transaction look up the op id's receipt, insert the
event, insert the receipt, commit; then emit one ~4 kB view to the sender's room (and the public
room when asked, for the fan-out). SQLite: WAL, synchronous=FULL. PostgreSQL: one psycopg
connection kept open (its defaults: synchronous_commit on), the same statements each a round
trip. Sockets join the room named in their auth. `bench_side_by_side.py` runs it next to the
real server with the same client; it is a yardstick, not part of the app.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import socket  # noqa: E402
import sqlite3  # noqa: E402
from typing import Any  # noqa: E402

import psycopg  # noqa: E402
from flask import Flask, request  # noqa: E402
from flask_socketio import SocketIO, join_room  # noqa: E402
from gevent.lock import BoundedSemaphore  # noqa: E402
from gevent.pywsgi import WSGIServer  # noqa: E402
from geventwebsocket.handler import WebSocketHandler  # noqa: E402

# A table view of the size pokerfloor pushes to a dealer (ten seats with names and stacks).
SEATS = [
    {"seat": n, "entry_id": 1000 + n, "name": f"Player {n:02d} with a name", "chips": 25_000} for n in range(1, 11)
]
VIEW = {"table_no": 1, "seats": SEATS, "level": {"no": 3, "sb": 100, "bb": 200, "ante": 200}}
VIEW["padding"] = "x" * max(0, 4096 - len(json.dumps(VIEW)))


class SqliteLog:
    def __init__(self, path: str):
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, op_id TEXT, type TEXT, body TEXT)")
        self.db.execute("CREATE TABLE IF NOT EXISTS receipts (op_id TEXT PRIMARY KEY, seq INTEGER)")

    def command(self, body: dict) -> dict[str, Any]:
        db = self.db
        op_id = body["op_id"]
        # sqlite3 does not yield to gevent, so one command runs at a time, as under a lock
        db.execute("BEGIN IMMEDIATE")
        row = db.execute("SELECT seq FROM receipts WHERE op_id = ?", (op_id,)).fetchone()
        if row:
            db.execute("ROLLBACK")
            return {"status": "duplicate", "seq": row[0]}
        seq = db.execute(
            "INSERT INTO events (op_id, type, body) VALUES (?, ?, ?)",
            (op_id, body["type"], json.dumps(body["payload"])),
        ).lastrowid
        db.execute("INSERT INTO receipts (op_id, seq) VALUES (?, ?)", (op_id, seq))
        db.execute("COMMIT")
        return {"status": "applied", "seq": seq}


class PostgresLog:
    def __init__(self, url: str):
        self.db = psycopg.connect(url)  # psycopg yields to gevent while it waits (monkey-patched)
        self.lock = BoundedSemaphore()  # one connection: one transaction at a time on it
        with self.db.transaction():
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS events (seq BIGSERIAL PRIMARY KEY, op_id TEXT, type TEXT, body TEXT)"
            )
            self.db.execute("CREATE TABLE IF NOT EXISTS receipts (op_id TEXT PRIMARY KEY, seq BIGINT)")

    def command(self, body: dict) -> dict[str, Any]:
        op_id = body["op_id"]
        with self.lock, self.db.transaction():
            row = self.db.execute("SELECT seq FROM receipts WHERE op_id = %s", (op_id,)).fetchone()
            if row:
                return {"status": "duplicate", "seq": row[0]}
            found = self.db.execute(
                "INSERT INTO events (op_id, type, body) VALUES (%s, %s, %s) RETURNING seq",
                (op_id, body["type"], json.dumps(body["payload"])),
            ).fetchone()
            assert found is not None
            self.db.execute("INSERT INTO receipts (op_id, seq) VALUES (%s, %s)", (op_id, found[0]))
        return {"status": "applied", "seq": found[0]}


def create_bare_app(db_url: str) -> Flask:
    app = Flask(__name__)
    sio = SocketIO(app, async_mode="gevent", cors_allowed_origins="*")
    log = PostgresLog(db_url) if db_url.startswith("postgresql://") else SqliteLog(db_url)

    @app.post("/command")
    def command():
        body = request.get_json()
        answer = log.command(body)
        if answer["status"] == "applied":
            for room in body.get("rooms", ["table-1"]):  # the public room's view is as big, for the fan-out
                sio.emit(
                    "view", {"kind": "public" if room == "public" else "table", "seq": answer["seq"], **VIEW}, to=room
                )
        return answer

    @app.get("/health")
    def health():
        return {"ok": True}

    @sio.on("connect")
    def connect(auth):
        join_room((auth or {}).get("room", "table-1"))

    return app


class NoDelayServer(WSGIServer):
    def handle(self, sock, address):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().handle(sock, address)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True, help="an SQLite file, or a postgresql:// URL")
    args = parser.parse_args()
    app = create_bare_app(args.db)
    print(f"bare app on http://127.0.0.1:{args.port}", flush=True)
    NoDelayServer(("127.0.0.1", args.port), app, handler_class=WebSocketHandler, log=None).serve_forever()


if __name__ == "__main__":
    main()
