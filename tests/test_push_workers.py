"""Web Push with two workers behind one database and Redis, as deploy/ runs them: a
command's notice is sent by the worker that committed it, once; a break reminder both workers
planned goes out once (the row it claims in push_reminder); a worker stopped (SIGTERM) or killed
with notices still to send leaves them to the other, which sends each once (the outbox)."""

from __future__ import annotations

import signal
import time
import uuid

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from server import Api, ServerProcess, director, read_db, seated_tournament
from test_push import BREAK_SOON, phones_of, seats, subscribe
from test_push_delivery import arrival
from test_realtime_workers import REDIS_URL, redis_up


@pytest.fixture
def two_workers(tmp_path, push_service):
    if not redis_up():
        pytest.fail(f"Redis is not reachable at {REDIS_URL}: the multi-worker deployment needs it")
    pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    env = {
        "SOCKETIO_MESSAGE_QUEUE": REDIS_URL,
        "SOCKETIO_CHANNEL": f"pokerfloor-test-{uuid.uuid4().hex[:8]}",
        "PUSH_SERVICES": "http://127.0.0.1:*",
        "VAPID_PRIVATE_KEY": pem.decode(),  # workers on several hosts share one key
        "PUSH_RETRY_S": "0.2",
        "PUSH_SWEEP_S": "0.5",
        "PUSH_LEASE_S": "2",  # a dead worker's claim lapses after 2 s (a minute by default)
    }
    db = f"sqlite:///{tmp_path / 'shared.db'}"
    a = ServerProcess(tmp_path / "a", database_url=db, env=env).start()
    b = ServerProcess(tmp_path / "b", database_url=db, env=env).start()
    yield a, b
    a.stop()
    b.stop()


def test_a_notice_goes_out_once_from_the_worker_that_committed_it_and_a_reminder_both_planned_once(
    two_workers, push_service
):
    a, b = two_workers
    td_a = director(a)
    tid = seated_tournament(td_a, 12, 2)
    td_b = Api(b.url, td_a.token)
    players, _ = phones_of(a, td_a, tid)
    where = seats(td_a, tid)
    told = sorted(players)[:4]
    for n, entry_id in enumerate(told):  # subscribed through either worker
        phone = players[entry_id] if n % 2 else Api(b.url, players[entry_id].token)
        subscribe(phone, push_service, f"p{entry_id}")
    mover = told[0]
    to_table = 3 - where[mover][0]
    free = min(set(range(1, 11)) - {s for t, s in where.values() if t == to_table})
    assert (
        td_b.command(tid, "move_player", {"entry_id": mover, "to_table": to_table, "to_seat": free}).status_code == 200
    )
    (moved,) = push_service.wait_for(1, timeout=5)
    assert moved.phone == f"p{mover}" and moved.message["title"] == f"Move to table {to_table}, seat {free}"
    # the keys both workers sign with are one (the phone subscribed with it, from either worker)
    assert td_a.get("/api/push/key").json() == td_b.get("/api/push/key").json()

    # a plans the reminder on the jump; b, which pauses and resumes, plans it too (50 ms later)
    assert td_a.command(tid, "set_structure", {"structure": BREAK_SOON}).status_code == 200
    assert td_a.command(tid, "start_clock", {}).status_code == 200
    assert td_a.command(tid, "jump_to_level", {"index": 1}).status_code == 200
    assert td_b.command(tid, "pause_clock", {}).status_code == 200
    assert td_b.command(tid, "resume_clock", {}).status_code == 200
    got = push_service.wait_for(1 + len(told), timeout=8)
    reminders = [d for d in got if d.message["kind"] == "break_ending"]
    assert sorted(d.phone for d in reminders) == sorted(f"p{e}" for e in told)  # each once


def test_a_stopped_or_killed_worker_leaves_its_notices_to_the_other_which_sends_each_once(two_workers, push_service):
    """Hand-for-hand through worker a: one phone hears at once, the other's push service asks to
    come back in 30 s. a is stopped (SIGTERM): b sends the rest at once, and a restarted sends
    nothing again. Then the same through b, which is killed (SIGKILL) after its next sign of life:
    a takes the notice up once b's claim lapses, and sends only what b had not."""
    a, b = two_workers
    td = director(a)
    tid = seated_tournament(td, 12, 2)
    players, _ = phones_of(a, td, tid)
    early, late = sorted(players)[:2]
    subscribe(players[early], push_service, "early")
    subscribe(players[late], push_service, "late")

    def hand_for_hand_with_late_refused(api: Api, refusals: int) -> None:
        push_service.answers["late"] = [(503, {"Retry-After": "30"})]
        assert api.command(tid, "start_hand_for_hand", {}).status_code == 200
        deadline = time.monotonic() + 10
        while push_service.refused.count(("late", 503)) < refusals and time.monotonic() < deadline:
            time.sleep(0.02)
        assert push_service.refused.count(("late", 503)) == refusals

    hand_for_hand_with_late_refused(td, 1)
    assert arrival(push_service, "early", "hand_for_hand", time.monotonic(), timeout=5) >= 0
    a.stop()
    got = push_service.wait_for(2, timeout=5)
    assert sorted(d.phone for d in got) == ["early", "late"]
    a.start()
    assert push_service.wait_for(3, timeout=2) == got  # a, back, finds nothing left

    td_b = Api(b.url, td.token)
    assert td_b.command(tid, "stop_hand_for_hand", {}).status_code == 200
    hand_for_hand_with_late_refused(td_b, 2)
    deadline = time.monotonic() + 5
    while len(push_service.to("early")) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(1.2)  # b's next sign of life writes down that early has it
    b.kill(signal.SIGKILL)
    got = push_service.wait_for(4, timeout=10)
    assert sorted(d.phone for d in got) == ["early", "early", "late", "late"]
    assert read_db(a, "SELECT count(*) FROM push_outbox") == [(0,)]
