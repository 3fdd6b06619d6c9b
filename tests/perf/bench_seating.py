"""Seating at scale (run on demand): 10,112 players on 1,124 tables.

    .venv/bin/python tests/perf/bench_seating.py

Times the seat draw, one bust, one round of suggestions, applying a move, and breaking a
table, in the pure engine; then the same bust through the service with the SQLite store.
"""

import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from backend.engine import Actor
from backend.engine.suggestions import suggestions
from engine_helpers import GENERIC, director_cmd, run, tournament_with

PLAYERS, TABLES = 10_112, 1_124


def timed(label, fn, repeat=1):
    samples = []
    result = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        samples.append((time.perf_counter() - t0) * 1000)
    print(f"{label:<44} median {statistics.median(samples):9.3f} ms   max {max(samples):9.3f} ms   (n={repeat})")
    return result


def engine_numbers():
    state, _ = tournament_with(PLAYERS, None)
    timed(
        "engine: seat draw, 10,112 on 1,124 tables", lambda: run(state, director_cmd("draw_seats", {"tables": TABLES}))
    )
    victims = iter(sorted(state.tables[7].seats.values()) + sorted(state.tables[8].seats.values()))
    timed(
        "engine: one bust (decide + apply)",
        lambda: run(state, director_cmd("record_bust", {"entry_id": next(victims)})),
        15,
    )
    moves = timed("engine: one round of suggestions", lambda: suggestions(state), 20)
    move = next(s for s in moves if s["kind"] == "move")
    timed(
        "engine: apply the suggested move",
        lambda: run(
            state,
            director_cmd(
                "move_player", {"entry_id": move["entry_id"], "to_table": move["to_table"], "to_seat": move["to_seat"]}
            ),
        ),
    )
    timed("engine: break a table", lambda: run(state, director_cmd("break_table", {"table_no": 1124}, seed=3)))


def holds_numbers():
    """A new hand checks hand-for-hand and, where the preset halts short tables (TDA 11D
    here), the fullest table: one pass over the tables per seq, only for such presets."""
    from backend.read.changes import changed_views

    halting = {**GENERIC, "seating": {**GENERIC["seating"], "halt_short_table": {"short_of_fullest": 3}}}
    for label, preset in (("generic", GENERIC), ("halting (TDA 11D)", halting)):
        state, _ = tournament_with(0)
        state.preset = preset
        for i in range(PLAYERS):
            run(state, director_cmd("register_player", {"name": f"P{i}"}))
        run(state, director_cmd("draw_seats", {"tables": TABLES}))
        for n in range(1, 21):
            run(state, director_cmd("set_button", {"table_no": n, "seat": min(state.tables[n].seats)}))
        tables = iter(range(1, 21))
        timed(
            f"engine: new hand, {label}",
            lambda state=state, tables=tables: run(state, director_cmd("new_hand", {"table_no": next(tables)})),
            20,
        )
        victims = iter(sorted(state.tables[30].seats.values()))

        def bust_and_views(state=state, victims=victims):
            decision = run(state, director_cmd("record_bust", {"entry_id": next(victims)}))
            return changed_views(state, decision.events)

        timed(f"engine: bust + changed views, {label}", bust_and_views, 5)


def service_numbers():
    from backend.auth.clubs import create_club
    from backend.read.changes import changed_views
    from backend.read.views import director_delta, render
    from backend.service import TournamentService
    from backend.store import make_engine, migrate, session_scope

    with tempfile.TemporaryDirectory() as tmp:
        db = make_engine(f"sqlite:///{tmp}/bench.db")
        migrate(db)
        service = TournamentService(db, changed_views=changed_views)
        with session_scope(db) as session:
            club_id = create_club(session, "Bench", 1).id
        tid = service.create_tournament("Bench", GENERIC, None, club_id).id
        director = Actor("director")

        def command(type, payload):
            return service.execute(
                tid,
                type=type,
                payload=payload,
                actor=director,
                actor_label="bench",
                device_id="bench",
                op_id=str(uuid.uuid4()),
                at=None,
            )

        t0 = time.perf_counter()
        for i in range(PLAYERS):
            command("register_player", {"name": f"P{i}"})
        print(f"{'service: 10,112 registrations (each a commit)':<44} {(time.perf_counter() - t0):9.1f} s")
        timed("service: seat draw", lambda: command("draw_seats", {"tables": TABLES}))
        state = service.state(tid)
        victims = iter(sorted(state.tables[9].seats.values()))
        answer = timed(
            "service: one bust (commit included)", lambda: command("record_bust", {"entry_id": next(victims)}), 8
        )
        keys = answer.changed
        now = 0
        for key in sorted(keys, key=str):
            if key == ("director",):
                timed(
                    "render the director push (delta)",
                    lambda: director_delta(state, keys, answer.seq, answer.base_seq, now),
                    5,
                )
                timed("render the whole director view (GET)", lambda key=key: render(state, key, now), 3)
            else:
                timed(f"render view {key}", lambda key=key: render(state, key, now), 5)
        service2 = TournamentService(db)
        timed("service: cold start, replay the whole log", lambda: service2.state(tid))


if __name__ == "__main__":
    engine_numbers()
    holds_numbers()
    service_numbers()
