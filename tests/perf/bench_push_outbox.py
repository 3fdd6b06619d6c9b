"""What keeping a command's notices costs its transaction (on demand, not in CI):

    .venv/bin/python tests/perf/bench_push_outbox.py [--database URL]

The outbox row (backend/push/outbox.py) is written in the command's transaction, through the
driver as the service writes it, for a tournament with a subscribed phone: a bust's few notices,
a hand-for-hand of 420 players and of a 10,000-player field's bubble (1,500 seated). Prints the
row's time inside the transaction (the commit is the command's own, paid with or without it) and
the same for a tournament no phone subscribed to (one indexed look, no row).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from procstat import pct
from sqlalchemy import text

from backend.push.outbox import Outbox
from backend.read.notice import Notice
from backend.store import make_engine, migrate
from backend.store.driver import driver_log

ROUNDS = 40


def setup(url: str):
    db = make_engine(url)
    migrate(db)
    with db.begin() as c:
        c.execute(text("INSERT INTO club (id, name, created_at) VALUES (1, 'Club', 0)"))
        for tid in (1, 2):
            c.execute(
                text(
                    "INSERT INTO tournament (id, name, preset_id, club_id, created_at, last_seq) "
                    "VALUES (:tid, 'Monday', 'generic', 1, 0, 0)"
                ),
                {"tid": tid},
            )
        c.execute(
            text(
                "INSERT INTO token (id, token_hash, nonce, role, tournament_id, entry_id, created_at) "
                "VALUES (1, 'hash', 'nonce', 'player', 1, 1, 0)"
            )
        )
        c.execute(
            text(
                "INSERT INTO push_subscription (endpoint, token_id, tournament_id, p256dh, auth, lang, created_at) "
                "VALUES ('https://push.example/1', 1, 1, 'p', 'a', 'de', 0)"
            )
        )
    return db


def timed(db, tid: int, count: int) -> list[float]:
    outbox, log = Outbox(db), driver_log(db)
    found = [Notice(("player", i), "hand_for_hand", {}, region="CH") for i in range(count)]
    took = []
    for n in range(ROUNDS):
        with log.transaction() as tx:
            t0 = time.perf_counter()
            outbox.command_queue(tx, tid, count * ROUNDS + n, found, 0)
            took.append((time.perf_counter() - t0) * 1000)
    return took


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", help="a database URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = setup(args.database or f"sqlite:///{tmp}/bench.db")
        print(f"the outbox row in a command's transaction ({db.dialect.name}), before its commit:")
        for count, what in (
            (3, "a bust's notices"),
            (420, "hand-for-hand, 420 players"),
            (1500, "a 10,000 field's bubble"),
        ):
            took = timed(db, 1, count)
            print(f"  {count:5d} notices ({what}): p50 {pct(took, 50):.2f} ms, p99 {pct(took, 99):.2f} ms")
        took = timed(db, 2, 3)
        print(f"  no phone subscribed (no row): p50 {pct(took, 50):.3f} ms, p99 {pct(took, 99):.3f} ms")
        db.dispose()


if __name__ == "__main__":
    main()
