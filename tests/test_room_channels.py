"""Workers that scale (issue 36): three server processes on PostgreSQL and a Redis of this test's
own (so it can be restarted), real Socket.IO clients. A tournament room's emits travel on the
room's own Redis channel (backend/realtime/room_channels.py), so a worker with no socket of a
tournament reads nothing of its commands; views still reach the sockets on every worker; joining
and leaving subscribe and unsubscribe; a Redis restart leaves delivery working after it.

What a worker reads is asked of Redis, which delivers a message only to the connections
subscribed to its channel: PUBSUB NUMSUB per channel, and CLIENT LIST's `sub` per worker (each
worker names its queue connection `pokerfloor-queue-<pid>`)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
import uuid

import pytest
import redis
from sqlalchemy import create_engine, text

from server import ServerProcess, command_ok, director, free_port, links, seated_tournament, token_of
from test_realtime import ViewListener

PG_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")


class RedisServer:
    """A redis-server of this test on its own port, without persistence, stopped by PID."""

    def __init__(self, var_dir):
        self.port, self.var_dir = free_port(), var_dir
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None

    def start(self) -> RedisServer:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        args = ["--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.proc = subprocess.Popen([binary, *args, "--dir", str(self.var_dir)], stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis.from_url(self.url, socket_connect_timeout=0.5).ping()
                return self
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    """Redis, a PostgreSQL schema, workers a, b and c."""
    tmp = tmp_path_factory.mktemp("room-channels")
    queue = RedisServer(tmp).start()
    schema = f"pf_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL.replace("postgresql://", "postgresql+psycopg://"))
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    channel = f"pokerfloor-test-{uuid.uuid4().hex[:8]}"
    env = {"SOCKETIO_MESSAGE_QUEUE": queue.url, "SOCKETIO_CHANNEL": channel}
    db = f"{PG_URL}?options=-csearch_path%3D{schema}"
    workers = []
    try:
        for name in "abc":  # the first migrates the schema, the others serve it
            workers.append(ServerProcess(tmp / name, database_url=db, env=env, migrate=not workers).start())
        yield queue, channel, workers
    finally:
        for worker in workers:
            worker.stop()
        queue.stop()
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def subscriptions(queue: RedisServer, worker: ServerProcess) -> int:
    """How many channels the worker's Socket.IO queue connection is subscribed to."""
    name = f"pokerfloor-queue-{worker.proc.pid}"
    client = redis.Redis.from_url(queue.url)
    # The listener connects in the background after the worker starts, and again after Redis restarted.
    rows = wait_for(lambda: [r for r in client.client_list() if r["name"] == name], timeout=15)
    assert len(rows) == 1, f"{name}: {len(rows)} queue connections"
    return int(rows[0]["sub"])


def room_channels(queue: RedisServer, channel: str, tid: int) -> dict[str, int]:
    """Tournament `tid`'s room channels that anyone reads: {room: subscribers}."""
    client = redis.Redis.from_url(queue.url, decode_responses=True)
    prefix = f"{channel}:room:t:{tid}"
    names = client.pubsub_channels(f"{prefix}*")
    names = [n for n in names if n == prefix or n.startswith(prefix + ":")]  # not t:12 for t:1
    return {n.split(":room:", 1)[1]: count for n, count in client.pubsub_numsub(*names)} if names else {}


def wait_for(check, timeout: float = 5.0):
    deadline = time.monotonic() + timeout
    while not (value := check()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return value


def test_a_worker_reads_only_the_rooms_of_its_own_sockets(stack):
    queue, channel, (a, b, c) = stack
    td = director(a)
    t_a = seated_tournament(td, players=4, tables=1)
    t_b = seated_tournament(td, players=4, tables=1)
    found = links(td, t_a)
    victim = found["players"][0]
    dealer_on_a = ViewListener(a.url, token_of(found["tables"][0]["url"]))
    dealer_on_a.next("table")
    player_on_b = ViewListener(b.url, token_of(victim["url"]))
    player_on_b.next("player")
    dealer_of_b_on_c = ViewListener(c.url, token_of(links(td, t_b)["tables"][0]["url"]))
    dealer_of_b_on_c.next("table")
    before_c = subscriptions(queue, c)
    assert before_c == 4  # the base channel, its wake-up channel, t:B and t:B:table:1: nothing of A

    # A worker that starts sends every listened room's views once, for what a killed one owed
    # (realtime/resync.py): wait for that to be over, or it shows among the bust's messages.
    for worker in (a, b, c):
        assert wait_for(lambda w=worker: "resync at start" in w.log_path.read_text(), timeout=30), worker.log_path
    # every message of the night, on any of this deployment's channels, as Redis delivers it
    spy = redis.Redis.from_url(queue.url).pubsub()
    spy.psubscribe(f"{channel}*")
    assert spy.get_message(timeout=2)["type"] == "psubscribe"

    seq = command_ok(td, t_a, "record_bust", {"entry_id": victim["entry_id"]})["seq"]
    assert player_on_b.next("player", seq=seq)["status"] == "busted"  # from a, through Redis, to b
    assert dealer_on_a.next("table", seq=seq)
    assert room_channels(queue, channel, t_a) == {
        f"t:{t_a}": 2,  # read by a and b
        f"t:{t_a}:table:1": 1,
        f"t:{t_a}:entry:{victim['entry_id']}": 1,
    }
    assert subscriptions(queue, c) == before_c  # c reads none of them

    heard = []
    while (message := spy.get_message(timeout=0.5)) is not None:
        heard.append(message["channel"].decode())
    assert heard, "the bust's views were published"
    assert channel not in heard  # nothing of A on the base channel every worker reads
    assert all(name.startswith(f"{channel}:room:t:{t_a}") for name in heard), heard
    spy.close()
    for listener in (dealer_on_a, player_on_b, dealer_of_b_on_c):
        listener.close()


def test_joining_subscribes_and_leaving_unsubscribes(stack):
    queue, channel, (a, b, c) = stack
    td = director(a)
    tid = seated_tournament(td, players=4, tables=1)
    players = links(td, tid)["players"]
    # c's queue listener starts with its first socket (python-socketio starts it lazily): a phone
    # of another tournament on c first, so the count before is of a listening worker
    other = seated_tournament(td, players=2, tables=1)
    warm = ViewListener(c.url, token_of(links(td, other)["players"][0]["url"]))
    warm.next("player")
    before = subscriptions(queue, c)
    first = ViewListener(c.url, token_of(players[0]["url"]))
    first.next("player")
    assert subscriptions(queue, c) == before + 2  # t:<tid> and the player's own room
    second = ViewListener(c.url, token_of(players[1]["url"]))
    second.next("player")
    assert subscriptions(queue, c) == before + 3  # t:<tid> is read once however many sockets
    first.close()
    assert wait_for(lambda: subscriptions(queue, c) == before + 2)
    second.close()
    assert wait_for(lambda: subscriptions(queue, c) == before)
    assert wait_for(lambda: room_channels(queue, channel, tid) == {})
    warm.close()


def test_views_reach_every_worker_after_a_redis_restart(stack):
    queue, channel, (a, b, c) = stack
    td = director(a)
    tid = seated_tournament(td, players=4, tables=1)
    found = links(td, tid)
    dealer_on_b = ViewListener(b.url, token_of(found["tables"][0]["url"]))
    dealer_on_b.next("table")
    player_on_c = ViewListener(c.url, token_of(found["players"][0]["url"]))
    player_on_c.next("player")
    seat = td.get(f"/api/tournaments/{tid}/view").json()["tables"][0]["seats"][0]["seat"]
    seq = command_ok(td, tid, "set_button", {"table_no": 1, "seat": seat})["seq"]
    assert dealer_on_b.next("table", seq=seq)["button"] == seat

    queue.stop()  # SIGKILL: its channels and the shared presence are gone with it
    time.sleep(1)
    queue.start()  # same port, empty
    # each worker's listener connects again and subscribes to its rooms' channels
    assert wait_for(
        lambda: (
            room_channels(queue, channel, tid)
            == {f"t:{tid}": 2, f"t:{tid}:table:1": 1, f"t:{tid}:entry:{found['players'][0]['entry_id']}": 1}
        ),
        timeout=15,
    )

    seq = command_ok(td, tid, "new_hand", {"table_no": 1})["seq"]
    assert dealer_on_b.next("table", seq=seq)["hand_no"] >= 1
    victim = found["players"][0]["entry_id"]
    seq = command_ok(td, tid, "record_bust", {"entry_id": victim})["seq"]
    assert player_on_c.next("player", seq=seq)["status"] == "busted"
    dealer_on_b.close()
    player_on_c.close()
