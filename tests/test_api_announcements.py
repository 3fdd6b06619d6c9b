"""The director's announcements (issue 33) through a real server: bad payloads are 400s naming the
field, only the director announces, the public view goes out over Socket.IO to the TV and the
players' phones with the announcement and again without it once withdrawn, the director view
carries it, and every player who turned push on is told once (in his phone's language), not again
when the director's phone sends the same command twice (a replayed op_id)."""

from __future__ import annotations

import uuid

import pytest

from backend.api.view_schemas import DirectorView, PublicView
from push_service import PushService
from server import Api, ServerProcess, director, links, seated_tournament, token_of
from test_realtime import ViewListener


@pytest.fixture
def floor(tmp_path, push_service):
    srv = ServerProcess(tmp_path / "var", env={"PUSH_SERVICES": "http://127.0.0.1:*", "PUSH_RETRY_S": "0.2"}).start()
    yield srv
    srv.stop()


def subscribe(api: Api, push_service: PushService, name: str, lang: str) -> None:
    r = api.post("/api/push/subscriptions", {**push_service.phone(name).subscription(), "lang": lang})
    assert r.status_code == 201, r.text


@pytest.mark.parametrize(
    "payload, field, reason",
    [
        ({"text": "x" * 141, "minutes": 5}, "payload.text", "Longer than maximum length 140"),
        ({"text": "", "minutes": 5}, "payload.text", "Type a text or pick a template"),
        ({"text": "hi", "template": "dinner_break", "minutes": 5}, "payload.text", "not both"),
        ({"template": "<script>", "minutes": 5}, "payload.template", "Must be one of"),
        ({"text": "hi", "minutes": 0}, "payload.minutes", "greater than or equal to 1"),
        ({"text": "hi", "minutes": 10_000}, "payload.minutes", "less than or equal to 240"),
        ({"text": "hi", "minutes": True}, "payload.minutes", "Not a valid integer"),
    ],
)
def test_a_bad_announcement_is_a_400_naming_the_field(server, td, payload, field, reason):
    tid = seated_tournament(td, players=4, tables=1)
    r = td.command(tid, "announce", payload)
    assert r.status_code == 400, r.text
    assert r.json()["field"] == field and reason in r.json()["message"], r.json()


def test_an_announcement_reaches_tv_and_phones_once_and_goes_when_withdrawn(floor, push_service):
    td = director(floor)
    tid = seated_tournament(td, players=6, tables=1)
    found = links(td, tid)
    players = {p["entry_id"]: Api(floor.url, token_of(p["url"])) for p in found["players"]}
    subscribe(players[1], push_service, "anna", "de")
    subscribe(players[2], push_service, "ben", "en")

    tv = ViewListener(floor.url, token_of(found["display"]["url"]))
    phone = ViewListener(floor.url, players[3].token)
    tv.next("public")
    phone.next("public")

    # nobody but the director announces (a player's token, the TV's token)
    assert players[3].command(tid, "announce", {"text": "free beer", "minutes": 5}).status_code == 403
    assert Api(floor.url, token_of(found["display"]["url"])).command(
        tid, "announce", {"text": "x", "minutes": 5}
    ).status_code in (401, 403)

    op_id = str(uuid.uuid4())
    r = td.command(tid, "announce", {"template": "dinner_break", "minutes": 10}, op_id=op_id)
    assert r.status_code == 200, r.text
    seq = r.json()["seq"]
    announcement_id = r.json()["result"]["announcement_id"]
    for listener in (tv, phone):
        view = listener.next("public", seq=seq)
        PublicView().load(view)  # closed: the announcement's shape is the document's
        (a,) = view["announcements"]
        assert (a["id"], a["template"], a["text"], a["params"]) == (
            announcement_id,
            "dinner_break",
            None,
            {"minutes": 10},
        )
        assert a["until"] - a["at"] == 10 * 60_000
    d = td.get(f"/api/tournaments/{tid}/view").json()
    DirectorView().load(d)
    assert [a["id"] for a in d["announcements"]] == [announcement_id]

    got = push_service.wait_for(2, timeout=10)
    assert len(got) == 2
    (anna,) = push_service.to("anna")
    (ben,) = push_service.to("ben")
    assert (anna.message["title"], anna.message["body"]) == ("Durchsage", "Essenspause in 10 Min.")
    assert (ben.message["title"], ben.message["body"]) == ("Announcement", "Dinner break in 10 min")
    assert anna.message["kind"] == "announcement" and anna.message["tournament_id"] == tid

    # the director's phone sends the same command again (no answer reached it): the stored answer,
    # no second announcement, no second push
    again = td.command(tid, "announce", {"template": "dinner_break", "minutes": 10}, op_id=op_id)
    assert again.status_code == 200 and again.json()["result"]["announcement_id"] == announcement_id
    assert push_service.wait_for(3, timeout=2) == got

    free = td.command(tid, "announce", {"text": "Parkplatz: ZH 123 bitte umparken", "minutes": 3})
    assert free.status_code == 200
    free_id = free.json()["result"]["announcement_id"]
    assert [a["text"] for a in phone.next("public", seq=free.json()["seq"])["announcements"]] == [
        None,
        "Parkplatz: ZH 123 bitte umparken",
    ]

    w = td.command(tid, "withdraw_announcement", {"announcement_id": announcement_id})
    assert w.status_code == 200, w.text
    for listener in (tv, phone):
        assert [a["id"] for a in listener.next("public", seq=w.json()["seq"])["announcements"]] == [free_id]
    twice = td.command(tid, "withdraw_announcement", {"announcement_id": announcement_id})
    assert twice.status_code == 409, twice.text
    assert twice.json()["error"] == "announcement_gone" and twice.json()["field"] == "announcement_id"
    missing = td.command(tid, "withdraw_announcement", {"announcement_id": 99})
    assert missing.status_code == 404 and missing.json()["error"] == "unknown_announcement"
    assert td.command(tid, "withdraw_announcement", {"announcement_id": free_id}).status_code == 200
    assert td.get(f"/api/tournaments/{tid}/public").json()["announcements"] == []
    # withdrawing told nobody; the audit log says what ran
    assert len(push_service.wait_for(5, timeout=1.5)) == 4
    audit = td.get(f"/api/tournaments/{tid}/audit?lang=en").json()
    lines = [row["text"] for row in audit["items"]]
    assert any("Announcement #1: Dinner break in 10 min (shown for 10 min)" in line for line in lines), lines[:5]
    tv.close()
    phone.close()
