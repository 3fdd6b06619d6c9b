"""Web Push under a push service that fails and a server that stops, with a
real server process, the test's push service (tests/push_service.py) and one that never answers,
in a process of its own: a phone on a healthy push service hears at once however many posts hang
on the broken one, and a SIGTERM (systemd, every deploy) loses no notice and repeats none."""

from __future__ import annotations

import time

import pytest

from push_service import HangingProcess
from server import ServerProcess, director, read_db, seated_tournament
from test_push import free_seats, phones_of, seats, subscribe

SERVER_ENV = {"PUSH_SERVICES": "http://127.0.0.1:*", "PUSH_RETRY_S": "0.2", "PUSH_SWEEP_S": "0.5"}


@pytest.fixture
def hanging():
    service = HangingProcess()
    yield service
    service.stop()


def arrival(push_service, phone: str, kind: str, since: float, timeout: float = 30) -> float:
    """Seconds from `since` until `phone` received a notice of `kind`."""
    deadline = since + timeout
    while time.monotonic() < deadline:
        if any(d.message["kind"] == kind for d in push_service.to(phone)):
            return time.monotonic() - since
        time.sleep(0.005)
    raise AssertionError(f"{phone} got no {kind} notice in {timeout} s")


def test_a_push_service_that_never_answers_holds_up_no_phone_on_another(tmp_path, push_service, hanging):
    """16 players' phones on a push service that takes every post and never answers; one player's
    on a healthy one. Hand-for-hand tells them all: the healthy phone hears at once, and so it does
    of his move right after, while the 16 posts still hang."""
    srv = ServerProcess(tmp_path / "var", env=SERVER_ENV).start()
    try:
        td = director(srv)
        tid = seated_tournament(td, 18, 2)
        players, _ = phones_of(srv, td, tid)
        healthy = max(players)
        for entry_id in sorted(players)[:16]:
            r = players[entry_id].post("/api/push/subscriptions", hanging.phone(f"s{entry_id}").subscription())
            assert r.status_code == 201, r.text
        subscribe(players[healthy], push_service, "healthy")

        t0 = time.monotonic()
        assert td.command(tid, "start_hand_for_hand", {}).status_code == 200
        fan_out = arrival(push_service, "healthy", "hand_for_hand", t0)
        assert hanging.wait_holding(8) >= 8  # the broken service holds as many posts as it is given
        other = 3 - seats(td, tid)[healthy][0]
        t1 = time.monotonic()
        move = {"entry_id": healthy, "to_table": other, "to_seat": free_seats(td, tid, other)[0]}
        assert td.command(tid, "move_player", move).status_code == 200
        moved = arrival(push_service, "healthy", "moved", t1)
        assert fan_out < 3 and moved < 3, (fan_out, moved)  # a post that hangs costs 10 s
        assert hanging.holding() >= 8  # still hanging: nothing above waited for them
    finally:
        hanging.stop()  # the hanging posts fail now; the server then stops without waiting on them
        srv.stop()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_sigterm_loses_no_queued_notice_and_the_restart_sends_each_once(tmp_path, push_service, database, request):
    """A push service asks the server to come back in 30 s (503, Retry-After) for one phone; the
    server is stopped as every deploy stops it (SIGTERM) meanwhile. It stops at once, and the
    restarted server sends that phone its notice, and the phone that had it already nothing."""
    url = request.getfixturevalue("pg_schema_url") if database == "postgresql" else None
    srv = ServerProcess(tmp_path / "var", database_url=url, env=SERVER_ENV).start()
    td = director(srv)
    tid = seated_tournament(td, 12, 2)
    players, _ = phones_of(srv, td, tid)
    early, late = sorted(players)[:2]
    subscribe(players[early], push_service, "early")
    subscribe(players[late], push_service, "late", lang="de")
    push_service.answers["late"] = [(503, {"Retry-After": "30"})]
    assert td.command(tid, "start_hand_for_hand", {}).status_code == 200
    arrival(push_service, "early", "hand_for_hand", time.monotonic(), timeout=10)
    deadline = time.monotonic() + 10
    while ("late", 503) not in push_service.refused and time.monotonic() < deadline:
        time.sleep(0.02)
    assert ("late", 503) in push_service.refused

    t0 = time.monotonic()
    srv.stop()  # SIGTERM
    assert time.monotonic() - t0 < 5  # a stop does not wait out the push service's 30 s
    assert srv.proc.returncode == 0
    assert read_db(srv, "SELECT key, claimed_by FROM push_outbox") == [(f"seq:{seq_of(srv, tid)}", None)]

    srv.start()
    got = push_service.wait_for(2, timeout=10)
    assert sorted(d.phone for d in got) == ["early", "late"]  # each once
    (told,) = push_service.to("late")
    assert told.message["title"] == "Hand-für-Hand" and told.message["tournament_id"] == tid
    assert read_db(srv, "SELECT count(*) FROM push_outbox") == [(0,)]
    srv.stop()


def seq_of(srv: ServerProcess, tid: int) -> int:
    return read_db(srv, "SELECT last_seq FROM tournament WHERE id = ?", (tid,))[0][0]
