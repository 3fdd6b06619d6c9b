"""Who holds a push subscription: a subscription that can never be
delivered to is removed, and an endpoint one phone subscribed cannot be moved by another token, of
another club or the same, that does not show the phone's keys (a key off the curve is refused at
the door: test_push.py). Through a real server and the test's push service (tests/push_service.py)."""

from __future__ import annotations

import sqlite3

import test_push
from push_service import Phone, b64url
from server import Api, club_director, director, links, new_club, read_db, seated_tournament, token_of
from test_push import free_seats, move_to_table_1, phones_of, seats, subscribe, two_subscribed_at_table_2

floor = test_push.floor  # the fixture: a server that posts to the test's push service

NOT_ON_THE_CURVE = b64url(b"\x04" + bytes(range(64)))  # 65 bytes, uncompressed form, no P-256 point


def test_a_subscription_that_can_never_be_delivered_to_is_removed_and_the_others_are_told(floor, push_service):
    """A row stored before the key was checked (or damaged since): the first push to it fails for
    good, so it goes, without a traceback, and the other phones get their notices."""
    td, tid, pair = two_subscribed_at_table_2(floor, push_service, ("broken", "fine"))
    path = floor.database_url.split("sqlite:///", 1)[1]
    with sqlite3.connect(path, timeout=10) as con:
        con.execute(
            "UPDATE push_subscription SET p256dh = ? WHERE endpoint = ?",
            (NOT_ON_THE_CURVE, push_service.phones["broken"].endpoint),
        )
    free = move_to_table_1(td, tid, pair)
    (told,) = push_service.wait_for(1)
    assert told.phone == "fine" and told.message["title"] == f"Move to table 1, seat {free[1]}"
    endpoints = [row[0] for row in read_db(floor, "SELECT endpoint FROM push_subscription")]
    assert endpoints == [push_service.phones["fine"].endpoint]
    log = floor.log_path.read_text()
    assert "Traceback" not in log and "removed" in log


def test_another_clubs_director_cannot_take_over_a_phones_subscription(floor, push_service):
    """Club Alpha's player subscribed; club Bravo's director, who learnt the endpoint, registers it
    with his own token and keys: refused (409 naming the endpoint), and the player keeps hearing of
    his seat. Neither Bravo's opt-out nor Bravo's dealer moves it. The phone itself, with its keys,
    may move it to another token (a second tournament on the same phone)."""
    td_a = director(floor)
    tid_a = seated_tournament(td_a, 12, 2)
    players, _ = phones_of(floor, td_a, tid_a)
    entry_id = next(e for e, (table, _) in seats(td_a, tid_a).items() if table == 2)
    subscribe(players[entry_id], push_service, "anna")
    anna = push_service.phones["anna"]
    row = read_db(floor, "SELECT token_id, tournament_id, p256dh FROM push_subscription")

    td_b = club_director(floor, new_club(td_a, "Bravo Club"), "td_bravo")
    tid_b = seated_tournament(td_b, 4, 1)
    dealer_b = Api(floor.url, token_of(links(td_b, tid_b)["tables"][0]["url"]))
    stranger = Phone(anna.endpoint)  # the same endpoint, keys of its own
    for api, extra in ((td_b, {"tournament_id": tid_b}), (dealer_b, {})):
        r = api.post("/api/push/subscriptions", {**stranger.subscription(), **extra})
        assert r.status_code == 409, r.text
        assert r.json()["error"] == "endpoint_taken" and r.json()["field"] == "endpoint"
        assert api.post("/api/push/unsubscribe", {"endpoint": anna.endpoint}).json()["removed"] is False
    # a player of Alpha's own tournament is no owner either
    other = next(e for e in players if e != entry_id)
    assert players[other].post("/api/push/subscriptions", stranger.subscription()).status_code == 409
    assert read_db(floor, "SELECT token_id, tournament_id, p256dh FROM push_subscription") == row

    move = {"entry_id": entry_id, "to_table": 1, "to_seat": free_seats(td_a, tid_a, 1)[0]}
    assert td_a.command(tid_a, "move_player", move).status_code == 200
    (told,) = push_service.wait_for(1)
    assert told.phone == "anna" and told.message["kind"] == "moved"

    # the phone itself (its keys are the proof) takes its subscription to Bravo's tournament
    r = td_b.post("/api/push/subscriptions", {**anna.subscription(), "tournament_id": tid_b})
    assert r.status_code == 201, r.text
    assert read_db(floor, "SELECT tournament_id FROM push_subscription") == [(tid_b,)]
    # and its owner may renew his keys (the browser made a new key pair for the same endpoint)
    renewed = Phone(anna.endpoint)
    assert td_b.post("/api/push/subscriptions", {**renewed.subscription(), "tournament_id": tid_b}).status_code == 201
    assert read_db(floor, "SELECT p256dh FROM push_subscription") == [(renewed.subscription()["keys"]["p256dh"],)]
