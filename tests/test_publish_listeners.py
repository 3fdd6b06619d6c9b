"""Only views someone will receive are rendered (one process): a command's push skips the rooms
with no socket in them, and the director's delta is built only while a director watches, yet names
every entry and table the command changed. Several workers on Redis count the rooms' sockets
there (backend/realtime/presence.py); on another message queue every changed view is rendered.

Flask-SocketIO's own test client joins the rooms through the real server-side socket code; the
renders are counted by wrapping the real render functions. Delivery to real clients over the
network is tests/test_realtime.py's."""

from __future__ import annotations

import uuid

import pytest
import redis

import backend.realtime as realtime
from backend.engine import Actor
from backend.realtime.presence import SharedPresence
from in_process import in_process_director
from server import command_ok, links, token_of
from test_realtime_workers import REDIS_URL, redis_up
from test_security_headers import make_app


@pytest.fixture
def floor(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    td = in_process_director(app)
    tid = td.post("/api/tournaments", {"name": "Montag", "preset": "generic"}).json()["id"]
    for i in range(1, 7):
        command_ok(td, tid, "register_player", {"name": f"P{i}"})
    command_ok(td, tid, "draw_seats", {"tables": 2})
    app.extensions["pokerfloor"].realtime.settle()  # the set-up's own pushes are done
    rendered: list[tuple] = []
    real_render, real_delta = realtime.render, realtime.director_delta
    monkeypatch.setattr(
        realtime, "render", lambda state, key, now: rendered.append(key) or real_render(state, key, now)
    )
    monkeypatch.setattr(
        realtime, "director_delta", lambda state, *a: rendered.append(("director",)) or real_delta(state, *a)
    )
    return app, td, tid, rendered


def bust(app, tid: int, table_no: int) -> tuple:
    """A bust at the table, its views published (the service's follow-up) before this returns;
    returns (entry_id, the service's answer)."""
    floor = app.extensions["pokerfloor"]
    state = floor.service.state(tid)
    entry_id = min(state.tables[table_no].seats.values())
    answer = floor.service.execute(
        tid,
        type="record_bust",
        payload={"entry_id": entry_id},
        actor=Actor("director"),
        actor_label="director:1",
        device_id="test-device",
        op_id=f"bust-{entry_id}",
        at=None,
    )
    assert answer.status_code == 200, answer.body
    floor.realtime.settle()
    return entry_id, answer


def test_nobody_watching_renders_nothing(floor):
    app, _, tid, rendered = floor
    _, answer = bust(app, tid, 1)
    assert ("director",) in answer.changed and ("table", 1) in answer.changed
    assert rendered == []


def test_a_dealer_s_table_is_rendered_and_received_the_rest_is_not(floor):
    app, td, tid, rendered = floor
    socketio = app.extensions["pokerfloor"].realtime.socketio
    url = next(t["url"] for t in links(td, tid)["tables"] if t["table_no"] == 1)
    dealer = socketio.test_client(app, auth={"token": token_of(url)})
    assert dealer.is_connected()
    dealer.get_received()  # the views on joining
    rendered.clear()
    entry_id, answer = bust(app, tid, 1)
    assert sorted(rendered) == [("public",), ("table", 1)]  # not the director's, not P's own phone
    views = [m["args"][0] for m in dealer.get_received() if m["name"] == "view"]
    table = next(v for v in views if v["kind"] == "table")
    assert table["seq"] == answer.seq and entry_id not in [s["entry_id"] for s in table["seats"]]
    dealer.disconnect()
    rendered.clear()
    bust(app, tid, 1)
    assert rendered == []  # the dealer left: his room is gone


def test_the_director_s_delta_names_every_change_though_no_player_watches(floor):
    app, td, tid, rendered = floor
    socketio = app.extensions["pokerfloor"].realtime.socketio
    director = socketio.test_client(app, auth={"token": td.token})
    assert director.emit("subscribe", {"tournament_id": tid}, callback=True) == {"ok": True}
    director.get_received()  # the views on joining
    rendered.clear()
    entry_id, answer = bust(app, tid, 2)
    assert sorted(rendered) == [("director",), ("public",)]
    delta = next(m["args"][0] for m in director.get_received() if m["name"] == "view" and m["args"][0].get("partial"))
    assert delta["seq"] == answer.seq
    assert entry_id in [e["entry_id"] for e in delta["entries"]]  # his player view was not rendered
    assert 2 in [t["table_no"] for t in delta["tables"]]  # nor was table 2's


def test_with_several_workers_every_changed_view_is_rendered(floor):
    app, _, tid, rendered = floor
    app.extensions["pokerfloor"].realtime.alone = False  # as with SOCKETIO_MESSAGE_QUEUE set
    _, answer = bust(app, tid, 1)
    assert sorted(rendered, key=str) == sorted(answer.changed, key=str)


def test_the_publisher_pushes_in_answer_order_and_survives_a_failing_push(floor, caplog):
    """One publisher per process (a greenlet per command cost more than the views): it
    takes the answered commands in order, and a push that fails is logged, the next still goes."""
    app, td, tid, rendered = floor
    realtime_ = app.extensions["pokerfloor"].realtime
    realtime_.alone = False  # every changed view is rendered
    published, real_publish = [], realtime_.publish

    def publish(tid, answer):
        published.append(answer.seq)
        if len(published) == 1:
            raise RuntimeError("a view that cannot be rendered")
        real_publish(tid, answer)

    realtime_.publish = publish
    state = app.extensions["pokerfloor"].service.state(tid)
    first, second = sorted(state.tables[1].seats.values())[:2]
    seqs = [command_ok(td, tid, "record_bust", {"entry_id": e})["seq"] for e in (first, second)]
    realtime_.settle()
    assert published == seqs
    assert "publishing tournament" in caplog.text and "a view that cannot be rendered" in caplog.text
    assert ("table", 1) in rendered and ("player", second) in rendered  # the second push was rendered


def test_with_several_workers_on_redis_only_rooms_someone_is_in_on_any_worker_are_rendered(floor):
    """With several workers: the rooms' sockets are counted in Redis over all workers; a
    room nobody is in anywhere is not rendered, one another worker holds is, and a phone's leaving
    takes its count back to nothing."""
    if not redis_up():
        pytest.fail(f"Redis is not reachable at {REDIS_URL}: the multi-worker deployment needs it")
    app, td, tid, rendered = floor
    rt = app.extensions["pokerfloor"].realtime
    client = redis.Redis.from_url(REDIS_URL)
    key = f"pokerfloor-test-{uuid.uuid4().hex[:8]}:presence"
    rt.alone, rt.presence = False, SharedPresence(client, key)  # as with SOCKETIO_MESSAGE_QUEUE=redis://…
    try:
        bust(app, tid, 1)
        assert rendered == []  # nobody on any worker
        other_worker = SharedPresence(client, key)
        other_worker.joined([f"t:{tid}:table:1"])  # a dealer's phone on another worker
        _, answer = bust(app, tid, 1)
        assert rendered == [("table", 1)] and ("public",) in answer.changed
        other_worker.left([f"t:{tid}:table:1"])
        assert client.hgetall(key) == {}

        url = next(t["url"] for t in links(td, tid)["tables"] if t["table_no"] == 2)
        dealer = rt.socketio.test_client(app, auth={"token": token_of(url)})  # on this worker
        assert dealer.is_connected()
        assert client.hgetall(key) == {f"t:{tid}".encode(): b"1", f"t:{tid}:table:2".encode(): b"1"}
        rendered.clear()
        bust(app, tid, 2)
        assert sorted(rendered) == [("public",), ("table", 2)]
        dealer.disconnect()
        assert client.hgetall(key) == {}
        rendered.clear()
        bust(app, tid, 2)
        assert rendered == []
    finally:
        client.delete(key)
