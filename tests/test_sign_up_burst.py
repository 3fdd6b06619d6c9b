"""Registration opening is a burst (issue 31): 600 phones sign up for a tournament of 44 places (n-monday:
4 tables of 11) in the same seconds, through real servers: SQLite with one worker, and PostgreSQL with
two workers sharing Redis, the phones spread over both. Never an overbooking: exactly 44 places, the
rest on the waiting list in the order the sign-ups were committed, every answer true to the log, no
5xx, one person per name (accents aside), and every personal link leads to its own sign-up only.

The per-address limit is raised for the burst (all phones are 127.0.0.1); its default is tested apart.
"""

from __future__ import annotations

import random
import uuid
from collections import Counter

import pytest
import requests

from server import Api, ServerProcess, director, read_db
from sign_up_burst import KNOWN, TWICE, fold, open_tournament, sign_up_burst, sign_up_events, typed
from test_realtime_workers import REDIS_URL, redis_up

CAPACITY = 44  # the n-monday preset's maximum
PERSONS = 600
EVERY = 10  # every 10th sign-up is sent twice at once
UNLIMITED = {"SIGN_UP_PER_ADDRESS": "100000", "SIGN_UP_PER_CLUB": "100000"}


def check_burst(workers: list[ServerProcess], td: Api, tid: int) -> None:
    names = typed(PERSONS)
    burst = sign_up_burst([w.url for w in workers], tid, names, phones=100, echo_every=EVERY)
    print(f"{len(names)} sign-ups in {burst.wall_s:.1f} s")

    # No 5xx, no lost answer: every phone was answered, a place, the waiting list or duplicate_name.
    assert all(a.status in (200, 409) for a in burst.answers), Counter(a.status for a in burst.answers)
    applied, refused = burst.applied(), [a for a in burst.firsts() if a.status == 409]
    assert all(a.body["error"] == "duplicate_name" for a in refused), [a.body for a in refused]
    # A sign-up sent twice at once (a phone's retry overtaking its first try, on the other worker)
    # is one sign-up: both answers alike, one number, one personal link.
    first = {a.index: a for a in burst.firsts()}
    for echo in burst.echoes():
        same = first[echo.index]
        assert (echo.status, drop_time(echo.body)) == (same.status, drop_time(same.body)), (echo.body, same.body)
    # Each person typed twice signed up once: the spelling that came second was refused (or, had his
    # person existed already, matched to it and then refused): the engine folds accents under the lock.
    folded = Counter(fold(a.body["name"]) for a in applied)
    assert len(applied) == PERSONS and max(folded.values()) == 1
    assert sorted(fold(a.name) for a in refused) == sorted(fold(b) for _, b in TWICE)
    assert any(a.body["name"] == KNOWN[0] for a in applied)  # typed "Hans Muller": the club's Hans Müller

    # The log: 44 registered, then everyone else waiting, in the order committed; no sign-up twice.
    events = sign_up_events(workers[0], tid)
    registered = [(seq, p) for seq, t, p in events if t == "player_registered"]
    waitlisted = [(seq, p) for seq, t, p in events if t == "player_waitlisted"]
    assert len(registered) == CAPACITY and len(waitlisted) == PERSONS - CAPACITY
    assert max(seq for seq, _ in registered) < min(seq for seq, _ in waitlisted)  # first committed, first in
    numbers = [p["signup"] for _, p in registered + waitlisted]
    assert sorted(numbers) == list(range(1, PERSONS + 1))
    assert numbers == sorted(numbers)  # numbered in commit order

    # Each answer says what the log says: its number, its name, waiting or not.
    logged = {p["signup"]: (t == "player_waitlisted", p) for _, t, p in events}
    for a in applied:
        waiting, payload = logged[a.body["signup_no"]]
        assert a.body["waiting"] is waiting and a.body["name"] == payload["name"], (a.body, payload)

    # The desk's registration card (the director's view): the count and the waiting list in that order.
    card = td.get(f"/api/tournaments/{tid}/view").json()["registration"]
    assert (card["field"], card["capacity"], card["waiting_total"]) == (CAPACITY, CAPACITY, PERSONS - CAPACITY)
    assert [w["name"] for w in card["waiting"]] == [p["name"] for _, p in waitlisted][: len(card["waiting"])]

    # One person per registered name (accents aside); those waiting are linked only when promoted.
    club = read_db(workers[0], "SELECT club_id FROM tournament WHERE id = ?", (tid,))[0][0]
    persons = [row[0] for row in read_db(workers[0], "SELECT search_key FROM person WHERE club_id = ?", (club,))]
    assert len(persons) == len(set(persons))
    registered_keys = {fold(p["name"]) for _, p in registered}
    waiting_keys = {fold(p["name"]) for _, p in waitlisted}
    assert registered_keys <= set(persons)
    assert not (waiting_keys & set(persons)) - {fold(KNOWN[0])}  # Hans Müller was the club's before
    linked = read_db(
        workers[0], "SELECT entry_id, person_id FROM tournament_entry_person WHERE tournament_id = ?", (tid,)
    )
    assert len(linked) == CAPACITY and len({p for _, p in linked}) == CAPACITY

    # Every personal link is its own, and leads to its own sign-up, never another's.
    tokens = [a.body["token"] for a in applied]
    assert len(set(tokens)) == PERSONS
    stored = read_db(
        workers[0],
        "SELECT signup_no, COUNT(*) FROM token WHERE tournament_id = ? AND signup_no IS NOT NULL GROUP BY signup_no",
        (tid,),
    )
    assert len(stored) == PERSONS and {n for _, n in stored} == {1}
    position = {p["signup"]: i for i, (_, p) in enumerate(waitlisted, start=1)}
    entry_of = {p["signup"]: p["entry_id"] for _, p in registered}
    sample = random.Random(31).sample(applied, 10) + [a for a in applied if not a.body["waiting"]][:5]
    sample += [a for a in applied if a.body["waiting"]][-5:]
    for a in sample:
        k = a.body["signup_no"]
        phone = Api(a.base, a.body["token"])
        shown = phone.get(f"/api/tournaments/{tid}/view").json()
        me = phone.get("/api/me").json()
        phone.http.close()
        assert shown["registration"]["name"] == a.body["name"] and me["signup_no"] == k
        if a.body["waiting"]:
            assert shown["kind"] == "signup" and shown["registration"]["status"] == "waiting"
            assert shown["registration"]["signup_no"] == k and shown["registration"]["position"] == position[k]
            assert me["entry_id"] is None
        else:
            assert shown["kind"] == "player" and shown["registration"]["status"] == "registered"
            assert shown["entry_id"] == me["entry_id"] == entry_of[k] and shown["name"] == a.body["name"]


def drop_time(body: dict) -> dict:
    """The answer but its time and its link's host (each worker here has its own address)."""
    return {k: v for k, v in body.items() if k not in ("server_time", "link")}


def test_600_phones_at_the_opening_on_sqlite(tmp_path):
    srv = ServerProcess(tmp_path / "var", env=UNLIMITED).start()
    try:
        td = director(srv)
        check_burst([srv], td, open_tournament(td))
    finally:
        srv.stop()


@pytest.mark.postgres
def test_600_phones_at_the_opening_on_two_postgresql_workers(tmp_path, pg_schema_url):
    if not redis_up():
        pytest.fail(f"Redis is not reachable at {REDIS_URL}: the multi-worker deployment needs it")
    env = {**UNLIMITED, "SOCKETIO_MESSAGE_QUEUE": REDIS_URL, "SOCKETIO_CHANNEL": f"pf-burst-{uuid.uuid4().hex[:8]}"}
    a = ServerProcess(tmp_path / "a", database_url=pg_schema_url, env=env).start()
    try:
        b = ServerProcess(tmp_path / "b", database_url=pg_schema_url, env=env).start()
        try:
            td = director(a)
            check_burst([a, b], td, open_tournament(td))
        finally:
            b.stop()
    finally:
        a.stop()


def test_the_default_limits_a_phone_address_and_a_robot_filled_form(server, td):
    """Ten sign-ups per address in the window (SIGN_UP_PER_ADDRESS), then 429 with the wait; the
    hidden field a robot fills (`website`) is a 400 naming it."""
    tid = open_tournament(td)
    url = f"{server.url}/api/public/tournaments/{tid}/sign-up"

    def body(name: str, **extra) -> dict:
        return {"op_id": uuid.uuid4().hex, "device_id": uuid.uuid4().hex, "name": name, **extra}

    with requests.Session() as http:
        robot = http.post(url, json=body("Robot Roboter", website="http://spam.example"), timeout=10)
        assert robot.status_code == 400 and robot.json()["field"] == "website", robot.text
        for i in range(10):
            r = http.post(url, json=body(f"Phone {i}"), timeout=10)
            assert r.status_code == 200, r.text
        r = http.post(url, json=body("Phone 11"), timeout=10)
        answer = r.json()
        assert r.status_code == 429 and answer["error"] == "too_many_sign_ups", r.text
        assert answer["field"] == "name" and 1 <= answer["retry_after"] <= 601
