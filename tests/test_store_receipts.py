"""Migrations 0004 and 0005 on SQLite and PostgreSQL: op receipts keep what was asked and by whom;
the review index holds refusals only."""

import uuid

import pytest
from sqlalchemy import inspect
from sqlmodel import select

from backend.api.review import rejected_receipts
from backend.config import ROOT
from backend.engine import Actor
from backend.presets import load_presets
from backend.service import TournamentService
from backend.store import EventRow, OpReceipt, make_engine, migrate, session_scope
from backend.store.db import migration_transaction, run_alembic
from store_club import a_club

GENERIC = load_presets(str(ROOT / "shared_rules/presets"))["generic"]


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path):
    url = (
        f"sqlite:///{tmp_path / 'store.db'}" if request.param == "sqlite" else request.getfixturevalue("pg_schema_url")
    )
    engine = make_engine(url)
    migrate(engine)
    yield engine
    engine.dispose()


def alembic(engine, action: str, revision: str) -> None:
    with migration_transaction(engine) as conn:
        run_alembic(conn, action, revision)


def test_a_rejected_command_keeps_type_payload_and_actor(db):
    service = TournamentService(db)
    tid = service.create_tournament("T", GENERIC, None, a_club(db)).id
    dealer = Actor("dealer", table_no=2)
    answer = service.execute(
        tid,
        type="record_bust",
        payload={"entry_id": 7},
        actor=dealer,
        actor_label="dealer:table2",
        device_id="phone-2",
        op_id=str(uuid.uuid4()),
        at=None,
    )
    assert answer.body["status"] == "rejected"
    applied = service.execute(
        tid,
        type="register_player",
        payload={"name": "Anna"},
        actor=Actor("director"),
        actor_label="director:1",
        device_id="td",
        op_id=str(uuid.uuid4()),
        at=None,
    )
    assert applied.status_code == 200
    with session_scope(db) as s:
        rows = {r.device_id: r for r in s.exec(select(OpReceipt).where(OpReceipt.tournament_id == tid))}
    assert (rows["phone-2"].type, rows["phone-2"].payload, rows["phone-2"].actor) == (
        "record_bust",
        {"entry_id": 7},
        "dealer:table2",
    )
    assert rows["phone-2"].status_code != 200 and rows["phone-2"].response["error"]
    assert (rows["td"].type, rows["td"].actor, rows["td"].payload) == ("register_player", "director:1", None)


def test_migration_0004_goes_down_and_up_again(db):
    alembic(db, "downgrade", "0003")
    assert "type" not in {c["name"] for c in inspect(db).get_columns("op_receipt")}
    alembic(db, "upgrade", "0004")
    columns = {c["name"] for c in inspect(db).get_columns("op_receipt")}
    assert {"type", "payload", "actor"} <= columns
    assert "ix_op_receipt_tournament_status_created" in {i["name"] for i in inspect(db).get_indexes("op_receipt")}
    alembic(db, "upgrade", "head")


def test_migration_0005_writes_fewer_index_pages_and_keeps_every_row(db):
    """An applied command writes no page of the review index (partial: refusals only)
    and the event table has no index that repeats the unique (tournament_id, seq) one. Down to
    0004 and up again on a database with receipts and events loses nothing, and the review list
    still reads its rows through the index (SQLite's query plan says so)."""
    service = TournamentService(db)
    tid = service.create_tournament("T", GENERIC, None, a_club(db)).id
    for op_id, payload in (("a", {"name": "Anna"}), ("b", {"name": "Ben"})):
        service.execute(
            tid,
            type="register_player",
            payload=payload,
            actor=Actor("director"),
            actor_label="director:1",
            device_id="td",
            op_id=op_id,
            at=None,
        )
    service.execute(
        tid,
        type="record_bust",
        payload={"entry_id": 99},
        actor=Actor("director"),
        actor_label="director:1",
        device_id="td",
        op_id="c",
        at=None,
    )

    def rows():
        with session_scope(db) as s:
            events = [(e.seq, e.type) for e in s.exec(select(EventRow).where(EventRow.tournament_id == tid))]
            refused = [r.op_id for r in s.exec(select(OpReceipt).where(*rejected_receipts(tid)))]
            return events, refused, len(s.exec(select(OpReceipt)).all())

    before = rows()
    assert before[1] == ["c"] and before[2] == 3
    alembic(db, "downgrade", "0004")
    assert "ix_event_tournament_id" in {i["name"] for i in inspect(db).get_indexes("event")}
    alembic(db, "upgrade", "head")
    assert rows() == before
    assert "ix_event_tournament_id" not in {i["name"] for i in inspect(db).get_indexes("event")}
    assert "ix_op_receipt_rejected" in {i["name"] for i in inspect(db).get_indexes("op_receipt")}
    if db.dialect.name == "sqlite":
        query = select(OpReceipt).where(*rejected_receipts(tid)).order_by(OpReceipt.created_at.desc())
        compiled = query.compile(db)  # as the route runs it: the tournament a bound parameter
        params = tuple(compiled.params[name] for name in compiled.positiontup or ())
        with db.connect() as conn:
            plan = " ".join(str(row[-1]) for row in conn.exec_driver_sql("EXPLAIN QUERY PLAN " + str(compiled), params))
        assert "ix_op_receipt_rejected" in plan, plan


def test_a_big_refused_payload_is_not_copied_into_the_receipt(db):
    service = TournamentService(db)
    tid = service.create_tournament("T", GENERIC, None, a_club(db)).id
    answer = service.execute(
        tid,
        type="record_bust",
        payload={"entry_id": 7, "note": "x" * 5000},
        actor=Actor("director"),
        actor_label="director:1",
        device_id="td",
        op_id=str(uuid.uuid4()),
        at=None,
    )
    assert answer.body["status"] == "rejected"
    with session_scope(db) as s:
        row = s.exec(select(OpReceipt).where(OpReceipt.tournament_id == tid)).one()
    assert row.type == "record_bust" and row.payload == {"_truncated": True}
