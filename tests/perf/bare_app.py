"""The bare baseline: the least a correct command server must do, on pokerfloor's own stack.

    .venv/bin/python tests/perf/bare_app.py --port 5099 --db /tmp/bare.db

Flask + Flask-SocketIO on gevent's pywsgi with the websocket handler (TCP_NODELAY, as
`pokerfloor serve`). One route takes a command as the phones send it (`op_id`, `type`, `payload`)
and does what nothing may skip: in one SQLite transaction (WAL, synchronous=FULL) look up the
op id's receipt, insert the event, insert the receipt, commit; then emit one ~4 kB view to the
sender's room (and the public room when asked, for the fan-out). Sockets join the room named in their auth. `bench_side_by_side.py` runs it next to
the real server with the same client; it is a yardstick, not part of the app.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import socket  # noqa: E402
import sqlite3  # noqa: E402

from flask import Flask, request  # noqa: E402
from flask_socketio import SocketIO, join_room  # noqa: E402
from gevent.pywsgi import WSGIServer  # noqa: E402
from geventwebsocket.handler import WebSocketHandler  # noqa: E402

# A table view of the size pokerfloor pushes to a dealer (ten seats with names and stacks).
SEATS = [
    {"seat": n, "entry_id": 1000 + n, "name": f"Player {n:02d} with a name", "chips": 25_000} for n in range(1, 11)
]
VIEW = {"table_no": 1, "seats": SEATS, "level": {"no": 3, "sb": 100, "bb": 200, "ante": 200}}
VIEW["padding"] = "x" * max(0, 4096 - len(json.dumps(VIEW)))


def create_bare_app(db_path: str) -> Flask:
    app = Flask(__name__)
    sio = SocketIO(app, async_mode="gevent", cors_allowed_origins="*")
    db = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, op_id TEXT, type TEXT, body TEXT)")
    db.execute("CREATE TABLE IF NOT EXISTS receipts (op_id TEXT PRIMARY KEY, seq INTEGER)")

    @app.post("/command")
    def command():
        body = request.get_json()
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
        for room in body.get("rooms", ["table-1"]):  # the public room's view is as big, for the fan-out
            sio.emit("view", {"kind": "public" if room == "public" else "table", "seq": seq, **VIEW}, to=room)
        return {"status": "applied", "seq": seq}

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
    parser.add_argument("--db", required=True)
    args = parser.parse_args()
    app = create_bare_app(args.db)
    print(f"bare app on http://127.0.0.1:{args.port}", flush=True)
    NoDelayServer(("127.0.0.1", args.port), app, handler_class=WebSocketHandler, log=None).serve_forever()


if __name__ == "__main__":
    main()
