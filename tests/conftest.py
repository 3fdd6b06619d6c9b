import os
import uuid

import pytest
from sqlalchemy import create_engine, text

from server import ServerProcess, director

PG_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")


@pytest.fixture
def server(tmp_path):
    srv = ServerProcess(tmp_path / "var").start()
    yield srv
    srv.stop()


@pytest.fixture
def td(server):
    """A director's API client on a fresh server."""
    return director(server)


@pytest.fixture
def pg_schema_url():
    """A fresh schema in the PostgreSQL `test` database; dropped afterwards."""
    schema = f"pf_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL.replace("postgresql://", "postgresql+psycopg://"))
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    admin.dispose()
