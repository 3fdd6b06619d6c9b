"""Two server processes behind one database and Redis, as deploy/ runs them: a view pushed by
the worker that took the command reaches a phone connected to the other, and a revoked table QR
drops the phones on every worker at once, not only on the worker that revoked it."""

import time
import uuid

import pytest
import redis

from server import Api, ServerProcess, director, links, seated_tournament, token_of
from test_realtime import ViewListener

REDIS_URL = "redis://127.0.0.1:6379/0"


def redis_up() -> bool:
    try:
        return redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError:
        return False


@pytest.fixture
def two_workers(tmp_path, monkeypatch):
    if not redis_up():
        pytest.fail(f"Redis is not reachable at {REDIS_URL}: the multi-worker deployment needs it")
    # a channel of its own per test run, so parallel runs on one Redis do not mix
    monkeypatch.setenv("SOCKETIO_MESSAGE_QUEUE", REDIS_URL)
    monkeypatch.setenv("SOCKETIO_CHANNEL", f"pokerfloor-test-{uuid.uuid4().hex[:8]}")
    db = f"sqlite:///{tmp_path / 'shared.db'}"
    a = ServerProcess(tmp_path / "a", database_url=db).start()
    b = ServerProcess(tmp_path / "b", database_url=db).start()
    yield a, b
    a.stop()
    b.stop()


def test_views_and_revocations_cross_workers(two_workers):
    a, b = two_workers
    td = director(a)
    tid = seated_tournament(td, players=4, tables=1)
    url = links(td, tid)["tables"][0]["url"]
    dealer_on_b = ViewListener(b.url, token_of(url))
    dealer_on_b.next("table")
    seat = td.get(f"/api/tournaments/{tid}/view").json()["tables"][0]["seats"][0]["seat"]
    seq = td.command(tid, "set_button", {"table_no": 1, "seat": seat}).json()["seq"]  # taken by worker a
    assert dealer_on_b.next("table", seq=seq)["button"] == seat
    # worker b answers with what worker a wrote
    assert Api(b.url, token_of(url)).get(f"/api/tournaments/{tid}/view").json()["button"] == seat

    assert td.post(f"/api/tournaments/{tid}/tokens/revoke", {"role": "dealer", "table_no": 1}).json() == {"revoked": 1}
    deadline = time.time() + 5
    while dealer_on_b.client.connected and time.time() < deadline:
        time.sleep(0.05)
    assert not dealer_on_b.client.connected
    assert Api(b.url, token_of(url)).command(tid, "new_hand", {"table_no": 1}).status_code == 401


def test_a_directors_access_changes_on_every_worker(two_workers):
    """Each worker keeps the caller of a token for a minute. A director given more
    access on worker a may act on worker b at once (the kept caller is dropped there too, his
    sockets stay); given less, he is signed out on both."""
    from server import club_director, invited

    a, b = two_workers
    td = director(a)
    tid = seated_tournament(td, players=4, tables=1)
    otto = club_director(a, invited(td, "observer"), "otto")
    otto_on_b = Api(b.url, otto.token)
    assert otto_on_b.command(tid, "start_clock").status_code == 403  # b now keeps him as an observer
    otto_id = otto.get("/api/me").json()["director"]["id"]
    assert td.post(f"/api/directors/{otto_id}/access", {"access": "full"}).status_code == 200  # on a
    deadline = time.time() + 5
    while otto_on_b.command(tid, "start_clock").status_code == 403 and time.time() < deadline:
        time.sleep(0.05)  # the drop travels over Redis
    assert otto_on_b.get(f"/api/tournaments/{tid}/view").json()["clock"]["status"] == "running"
    assert td.post(f"/api/directors/{otto_id}/access", {"access": "observer"}).status_code == 200
    deadline = time.time() + 5
    while otto_on_b.get("/api/me").status_code == 200 and time.time() < deadline:
        time.sleep(0.05)  # the revocation travels over Redis too (a CI run under load saw b answer once more)
    assert otto_on_b.get("/api/me").status_code == 401
