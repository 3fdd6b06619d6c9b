"""Migrations run once, by `pokerfloor init`, never by every worker (deploy/: the systemd oneshot
pokerfloor-migrate.service runs before the worker instances). On PostgreSQL two inits at once are
safe (an advisory lock), and a worker on an unmigrated database refuses to start and writes
nothing. SQLite keeps migrating in `serve` (one process serves a room): the other tests use it."""

import os
import subprocess
import sys
import time
import uuid

import psycopg
import pytest

from backend.store import make_engine, migrate
from backend.store.db import MIGRATION_LOCK, NOT_MIGRATED, NotMigrated, check_migrated, head_revision
from server import ROOT, free_port

pytestmark = pytest.mark.postgres
PG_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")


@pytest.fixture
def fresh_database():
    """A new, empty PostgreSQL database for this test; dropped afterwards."""
    name = f"pf_migrate_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = PG_URL.rsplit("/", 1)[0] + f"/{name}"
    yield url
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def cli(url: str, *args: str) -> subprocess.Popen:
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "SECRET_KEY": "test-secret-key-not-for-production",
        "HOST": "127.0.0.1",
        "PORT": str(free_port()),
        "PYTHONUNBUFFERED": "1",
    }
    return subprocess.Popen(
        [sys.executable, "-m", "backend.cli", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def tables(url: str) -> list[str]:
    with psycopg.connect(url) as conn:
        return [
            r[0]
            for r in conn.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1"
            )
        ]


def test_two_concurrent_inits_both_succeed_and_migrate_once(fresh_database):
    # Hold the migration lock so that both inits are certainly inside migrate() at the same
    # time, then let them race for it.
    with psycopg.connect(fresh_database, autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
        procs = [cli(fresh_database, "init"), cli(fresh_database, "init")]
        deadline = time.time() + 30
        while time.time() < deadline:
            waiting = holder.execute(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
            ).fetchone()[0]
            if waiting == 2 or any(p.poll() is not None for p in procs):
                break
            time.sleep(0.05)
        assert waiting == 2, [p.communicate() for p in procs if p.poll() is not None]
        holder.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))
    outputs = [p.communicate(timeout=60) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    said = sorted(out.split("(", 1)[1].split(")", 1)[0] for out, _ in outputs)
    head = head_revision()
    assert said == [f"already at {head}", f"migrated empty database -> {head}"], outputs
    with psycopg.connect(fresh_database) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(head,)]
    assert {"event", "tournament", "op_receipt"} <= set(tables(fresh_database))


def test_a_worker_on_an_unmigrated_database_exits_and_writes_nothing(fresh_database):
    proc = cli(fresh_database, "serve")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode != 0
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(NOT_MIGRATED), err
    assert "serving" not in out
    assert tables(fresh_database) == []


def test_a_worker_refuses_a_schema_behind_the_code_and_init_brings_it_to_head(fresh_database):
    from alembic import command

    from backend.store.db import _alembic_config

    engine = make_engine(fresh_database)
    try:
        cfg = _alembic_config()
        with engine.begin() as conn:  # an older release's schema
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "0003")
        with pytest.raises(NotMigrated, match="database at 0003"):
            check_migrated(engine)
        assert migrate(engine) == ("0003", head_revision())
        check_migrated(engine)
        assert migrate(engine) == (head_revision(), head_revision())
    finally:
        engine.dispose()
