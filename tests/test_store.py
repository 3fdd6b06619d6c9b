"""The event store and the service on SQLite and on PostgreSQL (both run in CI)."""

import datetime
import json
import math
import threading
import time
import uuid

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import func, select, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import SQLModel

from backend.auth.tokens import find_live_token, find_token, mint_token
from backend.config import ROOT
from backend.engine import Actor, Event
from backend.presets import load_presets
from backend.read.changes import changed_views
from backend.service import TournamentService
from backend.store import Director, EventRow, event_store, make_engine, migrate, session_scope
from backend.store.db import json_column_text
from backend.store.driver import DriverLog, driver_log
from backend.store.event_store import ConcurrentWrite
from store_club import a_club

GENERIC = load_presets(str(ROOT / "shared_rules/presets"))["generic"]
DIRECTOR = Actor("director")


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path):
    if request.param == "sqlite":
        engine = make_engine(f"sqlite:///{tmp_path / 'store.db'}")
    else:
        engine = make_engine(request.getfixturevalue("pg_schema_url"))
    migrate(engine)
    yield engine
    engine.dispose()


def command(service, tid, type, payload=None, op_id=None, device="dev-1"):
    return service.execute(
        tid,
        type=type,
        payload=payload or {},
        actor=DIRECTOR,
        actor_label="director:1",
        device_id=device,
        op_id=op_id or str(uuid.uuid4()),
        at=None,
    )


def test_migration_matches_the_models(db):
    with db.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), SQLModel.metadata) == []


def test_sqlite_pragmas_for_a_durable_log(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'p.db'}")
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_append_numbers_events_in_order_and_refuses_a_stale_writer(db):
    service = TournamentService(db)
    tid = service.create_tournament("T", GENERIC, None, a_club(db)).id
    with session_scope(db) as s:
        assert (
            event_store.append(
                s,
                tid,
                1,
                [
                    Event("player_registered", {"entry_id": 1, "name": "A"}),
                    Event("player_registered", {"entry_id": 2, "name": "B"}),
                ],
                actor="t",
                at=1,
            )
            == 3
        )
    with pytest.raises(ConcurrentWrite), session_scope(db) as s:
        event_store.append(s, tid, 1, [Event("player_registered", {"entry_id": 3, "name": "C"})], actor="t", at=2)
    with session_scope(db) as s:
        assert [seq for seq, _ in event_store.load(s, tid)] == [1, 2, 3]
        assert [e.payload["name"] for _, e in event_store.load(s, tid, after_seq=1)] == ["A", "B"]


def test_event_seq_is_unique_per_tournament(db):
    service = TournamentService(db)
    tid = service.create_tournament("T", GENERIC, None, a_club(db)).id
    with pytest.raises(IntegrityError), session_scope(db) as s:
        s.add(EventRow(tournament_id=tid, seq=1, type="x", payload={}, actor="t", at=0))


def test_service_applies_once_per_op_id_and_rebuilds_from_the_log(db):
    service = TournamentService(db, changed_views=changed_views)
    tid = service.create_tournament("T", GENERIC, None, a_club(db)).id
    for name in ("Anna", "Ben", "Cem"):
        assert command(service, tid, "register_player", {"name": name}).status_code == 200
    command(service, tid, "draw_seats", {"tables": 1})
    op = str(uuid.uuid4())
    first = command(service, tid, "record_bust", {"entry_id": 2}, op_id=op)
    second = command(service, tid, "record_bust", {"entry_id": 2}, op_id=op)
    assert first.body["result"] == {"entry_id": 2, "place": 3}
    assert ("player", 2) in first.changed  # a replay pushes nothing: nothing changed
    assert second.body["seq"] == first.body["seq"] and second.changed == set()
    fresh = TournamentService(db).state(tid)  # a new process: state from the log alone
    assert fresh.players_left == 2 and fresh.entries[2].place == 3 and fresh.seq == first.body["seq"]


def test_joins_after_one_read_share_it_and_a_later_need_reads_again(db):
    """A room's phones back at once (realtime._join): each needs what was committed before it
    joined; a read that began after that serves it, so 40 joins do not read the log 40 times in
    turn. Another worker's commit after the shared read is not in it (the joined sockets get it as
    an emit), and a need that arose after that commit reads it."""
    here, other = TournamentService(db), TournamentService(db)  # two workers on one database
    tid = here.create_tournament("T", GENERIC, None, a_club(db)).id
    command(other, tid, "register_player", {"name": "Anna"})
    joined = time.monotonic()
    first = here.state(tid, seen_after=joined)  # reads: nothing read since the join
    assert first.players_left == 1
    command(other, tid, "register_player", {"name": "Ben"})
    shared = here.state(tid, seen_after=joined)  # the read above began after this join: shared
    assert shared is first and shared.players_left == 1
    later = here.state(tid, seen_after=time.monotonic())  # needs Ben: reads again
    assert later.players_left == 2
    assert here.state(tid).players_left == 2  # no need named: reads, as before


def test_two_workers_on_one_database_stay_consistent(db):
    """Two services (as two server processes would) append to one tournament concurrently."""
    a, b = TournamentService(db), TournamentService(db)
    tid = a.create_tournament("T", GENERIC, None, a_club(db)).id
    errors = []

    def register(service, prefix):
        try:
            for i in range(15):
                answer = command(service, tid, "register_player", {"name": f"{prefix}{i}"}, device=prefix)
                assert answer.status_code == 200, answer.body
        except Exception as exc:  # noqa: BLE001 - surfaced below, in the test thread
            errors.append(exc)

    threads = [threading.Thread(target=register, args=(s, p)) for s, p in ((a, "a"), (b, "b"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    state_a, state_b = a.state(tid), b.state(tid)
    assert state_a.seq == state_b.seq == 31
    assert sorted(e.entry_id for e in state_a.entries.values()) == list(range(1, 31))
    assert {e.name for e in state_a.entries.values()} == {e.name for e in state_b.entries.values()}


def test_the_driver_path_writes_and_reads_what_sqlalchemy_does(db):
    """The command path runs the event store's statements on the driver's cursor
    (store/driver.py): the same rows and JSON both ways as through SQLAlchemy, on SQLite
    and PostgreSQL; an exception rolls the whole transaction back; a stale seq is refused."""
    tid = TournamentService(db).create_tournament("T", GENERIC, None, a_club(db)).id
    log = DriverLog(db)
    payload = {"name": "Zoë", "nested": {"a": [1, 2.5]}, "none": None}
    response = {"status": "applied", "seq": 3, "result": {"entry_id": 1}}
    with log.transaction() as tx:
        assert event_store.last_seq(tx, tid, lock=True) == 1
        events = [Event("player_registered", payload), Event("x", {})]
        assert event_store.append(tx, tid, 1, events, actor="t", at=5, op_id="op-1", device_id="dev-1") == 3
        event_store.save_receipt(
            tx,
            device_id="dev-1",
            op_id="op-1",
            tournament_id=tid,
            status_code=200,
            response=response,
            at=5,
            type="register_player",
            payload=payload,
            actor="t",
        )
    with session_scope(db) as s:
        assert [(seq, e.type, e.payload) for seq, e in event_store.load(s, tid, 1)] == [
            (2, "player_registered", payload),
            (3, "x", {}),
        ]
        assert event_store.find_receipt(s, "dev-1", "op-1") == (tid, 200, response, "register_player")
    with log.transaction() as tx:
        assert event_store.find_receipt(tx, "dev-1", "op-1") == (tid, 200, response, "register_player")
        assert event_store.find_receipt(tx, "dev-1", "op-2") is None
        assert event_store.load(tx, tid, 1)[0][1].payload == payload
    with pytest.raises(RuntimeError), log.transaction() as tx:
        event_store.append(tx, tid, 3, [Event("y", {})], actor="t", at=6)
        raise RuntimeError("the command failed after its append")
    with pytest.raises(ConcurrentWrite), log.transaction() as tx:
        event_store.append(tx, tid, 2, [Event("y", {})], actor="t", at=6)
    with log.transaction() as tx:
        assert event_store.last_seq(tx, tid) == 3 and len(event_store.load(tx, tid)) == 3


def test_json_columns_read_the_json_modules_rows_and_write_as_it_did(db):
    """The JSON columns are written and read by orjson (store/db.py), the log's older rows by the
    json module: those still read, with its spacing, escapes and (SQLite only) a NaN; what orjson
    would write differently goes the json module's way."""
    tid = TournamentService(db).create_tournament("T", GENERIC, None, a_club(db)).id
    older = {"name": "Zoë", "chips": [1, 2.5], "none": None}
    if db.dialect.name == "sqlite":
        older["ratio"] = float("nan")  # the json module wrote NaN; orjson alone cannot read it
    with db.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO event (tournament_id, seq, type, payload, actor, at) VALUES (:tid, 2, 'old', :p, 't', 1)"
            ),
            {"tid": tid, "p": json.dumps(older)},
        )
        conn.execute(text("UPDATE tournament SET last_seq = 2 WHERE id = :tid"), {"tid": tid})
    with driver_log(db).transaction() as tx:
        assert [seq for seq, _ in event_store.load(tx, tid, 1)] == [2]  # the driver's path reads it too
        event_store.append(tx, tid, 2, [Event("new", {7: "seven", "big": 2**70, "name": "Zoë"})], actor="t", at=2)
    with session_scope(db) as s:
        (_, old), (_, new) = event_store.load(s, tid, 1)
    if "ratio" in older:
        assert math.isnan(old.payload.pop("ratio"))
        older.pop("ratio")
    assert old.payload == older
    assert new.payload == {"7": "seven", "big": 2**70, "name": "Zoë"}  # keys as strings, as the json module wrote them
    with pytest.raises(TypeError):
        json_column_text({"at": datetime.datetime(2026, 12, 4)})  # refused, as the json module refuses it


def test_a_token_is_looked_up_on_the_driver_path_as_through_the_orm(db):
    """Every phone's token is read on its first command and again every minute (auth/access.py):
    on the driver's cursor. The same answer as the ORM's find_token on SQLite and
    PostgreSQL: a live token's grant, nothing for a revoked, an unknown or an oversized one. The
    club comes with it: a dealer's is his tournament's, a director's his own, with his
    access and whether he is the server's admin."""
    club, other = a_club(db), a_club(db, "Other")
    tid = TournamentService(db).create_tournament("T", GENERIC, None, club).id
    with session_scope(db) as s:
        dealer, _ = mint_token(s, "k" * 32, role="dealer", now=1, tournament_id=tid, table_no=3)
        player, row = mint_token(s, "k" * 32, role="player", now=1, tournament_id=tid, entry_id=7)
        row.revoked_at = 2
        watcher = Director(username="w", password_hash="x", created_at=1, club_id=other, access="observer")
        s.add(watcher)
        s.flush()
        director, _ = mint_token(s, "k" * 32, role="director", now=1, director_id=watcher.id)
    log = driver_log(db)
    with log.transaction(write=False) as tx:
        found = find_live_token(tx, dealer)
        assert found is not None and found[1:] == ("dealer", tid, 3, None, None, club, None, False, None)
        assert find_live_token(tx, director)[1:] == (
            "director",
            None,
            None,
            None,
            watcher.id,
            other,
            "observer",
            False,
            None,
        )
        assert find_live_token(tx, player) is None  # revoked
        assert find_live_token(tx, "no-such-token") is None
        assert find_live_token(tx, "x" * 201) is None
    with session_scope(db) as s:
        orm = find_token(s, dealer)
        assert orm is not None and found[:6] == (orm.id, orm.role, orm.tournament_id, orm.table_no, orm.entry_id, None)
    assert driver_log(db) is log  # one per engine: its prepared statements and kept connections


def test_a_token_read_does_not_wait_for_a_writer_on_sqlite(tmp_path):
    """A read (write=False) takes no write lock: a phone's first command is not held up behind
    another tournament's commit, and a writer in progress does not block it."""
    engine = make_engine(f"sqlite:///{tmp_path / 'read.db'}")
    migrate(engine)
    with session_scope(engine) as s:
        token, _ = mint_token(s, "k" * 32, role="director", now=1, director_id=None)
    log = DriverLog(engine)
    with log.transaction() as writer:  # holds SQLite's write lock (BEGIN IMMEDIATE) until the block ends
        event_store.last_seq(writer, 1, lock=True)
        with log.transaction(write=False) as reader:
            assert find_live_token(reader, token) is not None
    engine.dispose()


def test_the_service_keeps_the_states_read_lately_and_reads_a_forgotten_one_again(tmp_path):
    """A server runs for months and season pages read every night a club played: only
    `states_kept` states stay in memory, the least recently read go, and one asked for again is
    read back from the log as it was (STATES_KEPT, service.py)."""
    engine = make_engine(f"sqlite:///{tmp_path / 'store.db'}")
    migrate(engine)
    club = a_club(engine)
    service = TournamentService(engine, changed_views=changed_views, states_kept=3)
    tids = []
    for n in range(5):
        tid = service.create_tournament(f"Night {n}", GENERIC, None, club).id
        for i in range(n + 1):
            command(service, tid, "register_player", {"name": f"P{i}"})
        tids.append(tid)
    service.state(tids[0])  # read again: the most recent now
    kept = list(service._states)
    assert len(kept) == 3 and kept[-1] == tids[0] and tids[1] not in kept and tids[2] not in kept
    again = service.state(tids[1])  # forgotten: replayed from the event log
    assert len(again.entries) == 2 and again.seq == 3
    assert len(service._states) == 3
    engine.dispose()


def test_a_kept_postgresql_connection_the_server_closed_is_not_used_again(pg_schema_url):
    """The command path keeps its PostgreSQL connections between commands, in pipeline mode and
    without the pool's pre-ping (store/driver.py): one the server has closed (a restart, an
    administrator) is seen at the next command by its socket and replaced, and the command is
    applied once, as with the pre-ping."""
    engine = make_engine(pg_schema_url)
    migrate(engine)
    service = TournamentService(engine)
    tid = service.create_tournament("T", GENERIC, None, a_club(engine)).id
    assert command(service, tid, "register_player", {"name": "A"}).status_code == 200
    with driver_log(engine).transaction() as tx:
        pid = tx.execute(select(func.pg_backend_pid())).scalar_one_or_none()
    with engine.connect() as admin:
        assert admin.execute(select(func.pg_terminate_backend(pid))).scalar() is True
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and driver_log(engine)._idle[-1].idle_and_alive():
        time.sleep(0.01)  # the server's goodbye reaches the socket
    answer = command(service, tid, "register_player", {"name": "B"}, op_id="op-after-restart")
    assert answer.status_code == 200, answer.body
    again = command(service, tid, "register_player", {"name": "B"}, op_id="op-after-restart")
    assert again.replayed and again.body["seq"] == answer.body["seq"] == 3
    with driver_log(engine).transaction() as tx:
        assert tx.execute(select(func.pg_backend_pid())).scalar_one_or_none() != pid
        assert [e.type for _, e in event_store.load(tx, tid)] == ["tournament_created"] + ["player_registered"] * 2
    engine.dispose()
    assert driver_log(engine)._idle == []  # the kept connections went with the pool
