"""Web Push through a real server and a push service on 127.0.0.1 that checks the VAPID
signature and decrypts each message with the phone's keys (tests/push_service.py)."""

from __future__ import annotations

import pytest

from push_service import PushService, b64url
from server import Api, ServerProcess, director, links, read_db, seated_tournament, token_of, view


@pytest.fixture
def floor(tmp_path, push_service):
    """A server allowed to post to the test's push service, with short retries."""
    srv = ServerProcess(tmp_path / "var", env={"PUSH_SERVICES": "http://127.0.0.1:*", "PUSH_RETRY_S": "0.2"}).start()
    yield srv
    srv.stop()


def phones_of(srv: ServerProcess, td: Api, tid: int) -> tuple[dict[int, Api], dict[int, Api]]:
    found = links(td, tid)
    players = {p["entry_id"]: Api(srv.url, token_of(p["url"])) for p in found["players"]}
    dealers = {t["table_no"]: Api(srv.url, token_of(t["url"])) for t in found["tables"]}
    return players, dealers


def subscribe(api: Api, push_service: PushService, name: str, lang: str = "en", **extra) -> None:
    body = {**push_service.phone(name).subscription(), "lang": lang, **extra}
    r = api.post("/api/push/subscriptions", body)
    assert r.status_code == 201, r.text


def seats(td: Api, tid: int) -> dict[int, tuple[int, int]]:
    return {e["entry_id"]: (e["table_no"], e["seat"]) for e in view(td, tid)["entries"] if e.get("table_no")}


def free_seats(td: Api, tid: int, table_no: int) -> list[int]:
    taken = {seat for table, seat in seats(td, tid).values() if table == table_no}
    return [seat for seat in range(1, 11) if seat not in taken]


def two_subscribed_at_table_2(srv: ServerProcess, push_service: PushService, names: tuple[str, str]):
    """A tournament of 12 on 2 tables; two players of table 2 subscribed, as `names`."""
    td = director(srv)
    tid = seated_tournament(td, 12, 2)
    players, _ = phones_of(srv, td, tid)
    pair = sorted(e for e, (table, _) in seats(td, tid).items() if table == 2)[:2]
    for entry_id, name in zip(pair, names, strict=True):
        subscribe(players[entry_id], push_service, name)
    return td, tid, pair


def move_to_table_1(td: Api, tid: int, entry_ids: list[int]) -> list[int]:
    """Each player to a free seat of table 1; returns the seats in that order."""
    free = free_seats(td, tid, 1)[: len(entry_ids)]
    for entry_id, seat in zip(entry_ids, free, strict=True):
        assert td.command(tid, "move_player", {"entry_id": entry_id, "to_table": 1, "to_seat": seat}).status_code == 200
    return free


def test_a_broken_table_pushes_each_moved_player_his_new_seat_once(floor, push_service):
    td = director(floor)
    tid = seated_tournament(td, 20, 3)
    players, dealers = phones_of(floor, td, tid)
    before = seats(td, tid)
    for entry_id, phone in players.items():
        subscribe(phone, push_service, f"p{entry_id}", lang="de" if entry_id % 2 else "en")
    subscribe(dealers[3], push_service, "dealer3")
    subscribe(dealers[1], push_service, "dealer1")
    moving = sorted(e for e, (table, _) in before.items() if table == 3)

    r = td.command(tid, "break_table", {"table_no": 3})
    assert r.status_code == 200, r.text
    after = seats(td, tid)
    got = push_service.wait_for(len(moving) + 1)

    assert len(got) == len(moving) + 1  # one per moved player and the closing table's dealer; nobody else
    for entry_id in moving:
        (one,) = push_service.to(f"p{entry_id}")
        table, seat = after[entry_id]
        m = one.message
        assert m["kind"] == "table_breaking" and m["tournament_id"] == tid
        if entry_id % 2:
            assert m["title"] == "Dein Tisch wird aufgelöst"
            assert m["body"].startswith(f"Geh an Tisch {table}, Sitz {seat}.")
        else:
            assert m["title"] == "Your table is closing"
            assert m["body"].startswith(f"Go to table {table}, seat {seat}.")
        assert m["url"] == f"/#/player/{players[entry_id].token}"  # a tap opens his own seat
        assert one.headers["Urgency"] == "high" and one.headers["Topic"] == "seat"
    (closing,) = push_service.to("dealer3")
    assert closing.message["kind"] == "table_closing" and closing.message["title"] == "Table 3 is closing"
    assert push_service.to("dealer1") == []
    # every message signed with the server's key, the one phones subscribe with
    key = td.get("/api/push/key").json()["public_key"]
    assert {d.vapid["k"] for d in got} == {key}


def test_a_gone_subscription_is_removed_and_a_busy_service_is_retried(floor, push_service):
    td, tid, pair = two_subscribed_at_table_2(floor, push_service, ("gone", "busy"))
    push_service.answers["gone"] = [410]
    push_service.answers["busy"] = [503, 429]  # taken at the third try

    free = move_to_table_1(td, tid, pair)
    (delivered,) = push_service.wait_for(1)
    assert delivered.phone == "busy" and delivered.message["kind"] == "moved"
    assert delivered.message["title"] == f"Move to table 1, seat {free[1]}"
    assert sorted(push_service.refused) == [("busy", 429), ("busy", 503), ("gone", 410)]
    endpoints = [row[0] for row in read_db(floor, "SELECT endpoint FROM push_subscription")]
    assert endpoints == [push_service.phones["busy"].endpoint]  # 410: never tried again


def test_revoking_a_qr_drops_its_push_subscriptions(floor, push_service):
    td = director(floor)
    tid = seated_tournament(td, 12, 2)
    players, _ = phones_of(floor, td, tid)
    entry_id = next(e for e, (table, _) in seats(td, tid).items() if table == 2)
    subscribe(players[entry_id], push_service, "leaked")
    r = td.post(f"/api/tournaments/{tid}/tokens/revoke", {"role": "player", "entry_id": entry_id})
    assert r.status_code == 200 and r.json()["revoked"] == 1
    assert read_db(floor, "SELECT count(*) FROM push_subscription") == [(0,)]
    move = {"entry_id": entry_id, "to_table": 1, "to_seat": free_seats(td, tid, 1)[0]}
    assert td.command(tid, "move_player", move).status_code == 200
    assert push_service.wait_for(1, timeout=1.5) == []


def test_a_dealers_refused_command_reaches_the_directors_pocket(floor, push_service):
    td = director(floor)
    tid = seated_tournament(td, 12, 2)
    _, dealers = phones_of(floor, td, tid)
    subscribe(td, push_service, "td", tournament_id=tid)
    stranger = next(e for e, (table, _) in seats(td, tid).items() if table == 2)
    op_id = "refused-bust-0001"
    r = dealers[1].command(tid, "record_bust", {"entry_id": stranger}, op_id=op_id)  # not at his table
    assert r.status_code >= 400
    # the phone sends it again (no answer seen), and a player tries a director's command: nobody
    # is buzzed for those (a replay tells nothing new; a player's refusals are his own business)
    assert dealers[1].command(tid, "record_bust", {"entry_id": stranger}, op_id=op_id).status_code == r.status_code
    player = Api(floor.url, token_of(links(td, tid)["players"][0]["url"]))
    assert player.command(tid, "move_player", {"entry_id": stranger, "to_table": 1, "to_seat": 1}).status_code == 403
    (one,) = push_service.wait_for(1)
    assert one.message["kind"] == "review" and one.message["url"] == f"/#/director/{tid}"
    assert one.message["body"].startswith("dealer:table1: ")
    assert one.headers["Urgency"] == "normal"


def test_subscribing_checks_its_input_and_the_push_service(floor, push_service):
    td = director(floor)
    tid = seated_tournament(td, 4, 1)
    players, _ = phones_of(floor, td, tid)
    phone = players[min(players)]
    good = push_service.phone("x").subscription()

    def refused(body: dict, field: str, status: int = 400) -> None:
        r = phone.post("/api/push/subscriptions", body)
        assert r.status_code == status, r.text
        assert field in str(r.json()), r.json()

    refused({**good, "keys": {**good["keys"], "p256dh": "A" * 87}}, "p256dh")  # not a P-256 point
    # 65 bytes in the uncompressed form, yet not on the curve: every push to it would fail
    for off_the_curve in (bytes(range(64)), bytes(64), b"\xff" * 64):
        r = phone.post(
            "/api/push/subscriptions", {**good, "keys": {**good["keys"], "p256dh": b64url(b"\x04" + off_the_curve)}}
        )
        assert r.status_code == 400 and r.json()["field"] == "keys.p256dh" and "P-256" in r.json()["message"], r.text
    refused({**good, "keys": {**good["keys"], "auth": "not base64!"}}, "auth")
    refused({**good, "lang": "fr"}, "lang")
    refused({**good, "endpoint": "http://10.0.0.1:6379/push/x"}, "endpoint")  # inside the venue: never called
    refused({**good, "endpoint": "ftp://127.0.0.1/x"}, "endpoint")
    refused({**good, "endpoint": "http://127.0.0.1:99999/push/x"}, "endpoint")  # no such port: 400, not 500
    r = td.post("/api/push/subscriptions", good)  # a director names the tournament
    assert r.status_code == 400 and r.json()["field"] == "tournament_id"
    assert read_db(floor, "SELECT count(*) FROM push_subscription") == [(0,)]
    assert phone.post("/api/push/subscriptions", good).status_code == 201
    again = phone.post("/api/push/unsubscribe", {"endpoint": good["endpoint"]})
    assert again.json() == {"ok": True, "removed": True}
    assert read_db(floor, "SELECT count(*) FROM push_subscription") == [(0,)]


BREAK_SOON = [
    {"kind": "level", "sb": 25, "bb": 50, "ante": 0, "minutes": 20},
    {"kind": "break", "minutes": 2.05},  # jumped into: the reminder is due 3 s later
    {"kind": "level", "sb": 50, "bb": 100, "ante": 0, "minutes": 20},
]


def test_the_break_reminder_comes_once_two_minutes_before_the_end_and_waits_for_a_paused_clock(
    tmp_path, floor, push_service
):
    """No command happens when a break nears its end: the server's timer sends it, to every
    seated player his own seat; a pause holds it back and the resume plans it again; a server
    restarted meanwhile plans it on its own, and one restarted after finds it sent (its row)."""
    td = director(floor)
    tid = seated_tournament(td, 12, 2)
    players, _ = phones_of(floor, td, tid)
    where = seats(td, tid)
    told = sorted(players)[:3]
    for entry_id in told:
        subscribe(players[entry_id], push_service, f"p{entry_id}", lang="de" if entry_id == told[0] else "en")
    for type, payload in [
        ("set_structure", {"structure": BREAK_SOON}),
        ("start_clock", {}),
        ("jump_to_level", {"index": 1}),
        ("pause_clock", {}),
    ]:
        assert td.command(tid, type, payload).status_code == 200
    assert push_service.wait_for(1, timeout=4.5) == []  # paused: nothing, though due after 3 s
    assert td.command(tid, "resume_clock", {}).status_code == 200
    floor.stop()  # before it is due: the restarted server picks the tournament up by itself
    floor.start()
    got = push_service.wait_for(3, timeout=8)
    assert len(got) == 3
    for entry_id in told:
        (one,) = push_service.to(f"p{entry_id}")
        table, seat = where[entry_id]
        if entry_id == told[0]:
            assert (one.message["title"], one.message["body"]) == (
                "Die Pause endet in 2 Minuten",
                f"Zurück an Tisch {table}, Sitz {seat}.",
            )
        else:
            assert (one.message["title"], one.message["body"]) == (
                "The break ends in 2 minutes",
                f"Back to table {table}, seat {seat}.",
            )
        assert one.headers["Urgency"] == "normal" and one.headers["TTL"] == "60"
    assert read_db(floor, "SELECT key FROM push_reminder") == [("break_end:1",)]
    floor.stop()
    floor.start()  # the reminder is on record: nobody hears it again
    assert push_service.wait_for(4, timeout=2) == got
