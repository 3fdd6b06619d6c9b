import os
import uuid

import pytest
from sqlalchemy import create_engine, text

from backend.engine import census
from in_process import InProcessServer, in_process_director
from server import ServerProcess, director

# Every command in the tests (in this process and in every server process they start, which
# inherit the environment) compares the census of the tables with a fresh count (engine/census.py).
os.environ["CHECK_CENSUS"] = "1"
census.CHECK = True

PG_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")


@pytest.fixture
def server(request, tmp_path):
    """A real server process; in a module marked `in_process`, the app in this process (plain API
    tests: validation, rules and money over HTTP, nothing that needs Socket.IO, gevent or a restart)."""
    if request.node.get_closest_marker("in_process"):
        yield InProcessServer(tmp_path / "var")
        return
    srv = ServerProcess(tmp_path / "var").start()
    yield srv
    srv.stop()


@pytest.fixture
def td(server):
    """A director's API client on a fresh server."""
    if isinstance(server, InProcessServer):
        return in_process_director(server.app)
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


@pytest.fixture
def push_service():
    """A push service on 127.0.0.1 that checks VAPID and decrypts with the phone's keys (issue 17)."""
    from push_service import PushService

    service = PushService()
    yield service
    service.close()


@pytest.fixture
def smtp_sink(tmp_path):
    """A real SMTP server process on 127.0.0.1 keeping what it gets (tests/smtp_sink.py)."""
    from smtp_sink import SmtpSink

    sink = SmtpSink(tmp_path / "smtp")
    yield sink
    sink.stop()
