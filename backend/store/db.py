"""Engines and transactions.

SQLite: WAL, synchronous=FULL (the event log must survive power loss), a busy timeout, and
BEGIN IMMEDIATE for every transaction, because a deferred BEGIN that later wants to write can
fail at once with "database is locked". PostgreSQL: plain transactions; the UPDATE of the
tournament row serialises writers.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import StaticPool
from sqlmodel import Session, create_engine

from .. import json_text

if TYPE_CHECKING:
    from alembic.config import Config  # imported where used: alembic loads only for migrations

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"

# Every command writes its events and receipt as JSON, and a start reads a tournament's whole log
# back: through orjson (json_text.py). A datetime or dataclass stays refused, as the json module
# refused it (orjson would write it).
STORED_AS_JSON = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def json_column_text(value: Any) -> str:
    return json_text.dumps(value, option=STORED_AS_JSON)


JSON_COLUMNS: dict[str, Any] = {"json_serializer": json_column_text, "json_deserializer": json_text.loads}


def make_engine(url: str, pool_size: int = 10) -> Engine:
    """`pool_size`: PostgreSQL connections a worker keeps open. A worker on gevent serves many
    phones at once; a command holds a connection for its one transaction. The pool's overflow
    connections are opened for a burst and closed after it, each a new server process on
    PostgreSQL's side: enough kept open that a burst does not pay for connecting."""
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        if not memory:
            Path(url.split("///", 1)[1]).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            poolclass=StaticPool if memory else None,
            **JSON_COLUMNS,
        )

        @event.listens_for(engine, "connect")
        def _sqlite_connect(dbapi_conn: Any, _record: object) -> None:
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
            cur = dbapi_conn.cursor()
            if not memory:
                cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Connection) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return create_engine(url, pool_pre_ping=True, pool_size=pool_size, max_overflow=pool_size, **JSON_COLUMNS)


@contextmanager
def session_scope(engine: Engine) -> Iterator[Session]:
    """One transaction: commits on success, rolls back on any exception."""
    with Session(engine, expire_on_commit=False) as session, session.begin():
        yield session


# Any fixed 64-bit number: every `pokerfloor init` on one PostgreSQL server takes this lock.
MIGRATION_LOCK = 0x706F6B6572666C72  # "pokerflr"
NOT_MIGRATED = "database not migrated: run `pokerfloor init` once before starting the workers"


class NotMigrated(RuntimeError):
    """The schema is not at this code's newest revision. A worker on PostgreSQL never migrates
    (several would race): `pokerfloor init` does, once, before the workers start."""


def _alembic_config() -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(_alembic_config()).get_current_head()
    if head is None:
        raise RuntimeError(f"no migrations in {MIGRATIONS}")
    return head


def current_revision(engine: Engine) -> str | None:
    """The schema's Alembic revision, None for an empty database. Reads only."""
    from alembic.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


@contextmanager
def migration_transaction(engine: Engine) -> Iterator[Connection]:
    """One transaction for schema changes. On SQLite, a migration that copies a table others refer
    to (batch mode) must not have references enforced while the old table is gone: SQLite's own
    procedure for such changes turns enforcement off outside the transaction and checks every
    reference before the commit (https://www.sqlite.org/lang_altertable.html#otheralter). The
    pragma goes to the raw connection, which is in autocommit (the connect hook above): inside a
    transaction it would do nothing."""
    with engine.connect() as conn:
        raw = conn.connection.dbapi_connection if conn.dialect.name == "sqlite" else None
        if raw is not None:
            raw.execute("PRAGMA foreign_keys=OFF")
        try:
            with conn.begin():
                yield conn
                if raw is not None:
                    broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(f"the migration left references to missing rows: {broken[:5]}")
        finally:
            if raw is not None:
                raw.execute("PRAGMA foreign_keys=ON")


def run_alembic(conn: Connection, action: str, revision: str) -> None:
    """`alembic upgrade|downgrade <revision>` on this connection (in a migration_transaction)."""
    from alembic import command

    cfg = _alembic_config()
    cfg.attributes["connection"] = conn
    getattr(command, action)(cfg, revision)


def migrate(engine: Engine) -> tuple[str | None, str]:
    """Bring the schema to the newest Alembic revision; returns (revision before, after).

    On PostgreSQL the whole upgrade runs in one transaction under an advisory lock, so two
    `pokerfloor init` at once are safe: the second waits, then finds the schema at head."""
    from alembic.migration import MigrationContext

    with migration_transaction(engine) as conn:
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        before = MigrationContext.configure(conn).get_current_revision()
        run_alembic(conn, "upgrade", "head")
    return before, head_revision()


def check_migrated(engine: Engine) -> None:
    """Raise NotMigrated unless the schema is at head; writes nothing."""
    current, head = current_revision(engine), head_revision()
    if current != head:
        raise NotMigrated(f"{NOT_MIGRATED} (database at {current or 'no schema'}, this version needs {head})")
