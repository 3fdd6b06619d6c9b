"""The standings by mail (docs/standings-publish.md) through two real server processes on one
database and a real SMTP server (tests/smtp_sink.py): the players who asked get the league's
standings once a night is finished, one mail each, in their language, with the public page and a
one-click unsubscribe; the others get none. The finishing command sent again, or the finish undone
and played again on the other worker, sends nothing twice. The unsubscribe link asks first (a GET
changes nothing), then one POST (as a mail client's own button sends it, RFC 8058) ends it, and the
next night mails him nothing. One who unsubscribes while the night's mails are written gets none."""

from __future__ import annotations

import base64
import time
import uuid
from urllib.parse import urlsplit

import pytest
import requests

from server import Api, ServerProcess, command_ok, director, links, token_of
from smtp_sink import text_of
from test_api_sign_up import open_tournament

SUBJECTS = ("Standings after", "Rangliste nach")
# V-XII, the V-Ranking rulebook's points for places 1 to 4
V_XII = {1: 25, 2: 21, 3: 17, 4: 13}
PLAYERS = ["Anna Weiss", "Beat Keller", "Carla Frei", "Dora Spam"]  # Anna signs up from the club's page


@pytest.fixture
def two_workers(tmp_path, smtp_sink):
    env = {**smtp_sink.env, "SECRET_KEY": "s" * 40}  # workers share one, as deploy/ sets it
    db = f"sqlite:///{tmp_path / 'shared.db'}"
    a = ServerProcess(tmp_path / "a", database_url=db, env=env).start()
    b = ServerProcess(tmp_path / "b", database_url=db, env=env).start()
    yield a, b
    a.stop()
    b.stop()


def standings_mails(sink) -> list:
    return [m for m in sink.messages() if m["Subject"].startswith(SUBJECTS)]


def wait_for_standings(sink, count: int, timeout: float = 15) -> list:
    """Until `count` standings mails arrived; then a little longer, so one too many shows too."""
    deadline = time.monotonic() + timeout
    while len(standings_mails(sink)) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)
    return standings_mails(sink)


def night(td: Api, lid: int, signed_up: str | None = None, srv: ServerProcess | None = None) -> tuple:
    """A tournament of the league with PLAYERS, seated (Anna from the club's page when `signed_up`)."""
    tid = open_tournament(td, capacity=8, preset="generic")
    if signed_up is not None:
        assert srv is not None
        phone = Api(srv.url)
        body = {"op_id": str(uuid.uuid4()), "device_id": phone.device_id, "name": PLAYERS[0], "email": signed_up}
        r = phone.post(f"/api/public/tournaments/{tid}/sign-up", {**body, "lang": "en"})
        assert r.status_code == 200, r.text
    for player in PLAYERS[1 if signed_up else 0 :]:
        command_ok(td, tid, "register_player", {"name": player})
    for entry in td.get(f"/api/tournaments/{tid}/view").json()["entries"]:
        if not entry.get("present"):  # the desk sees the ID: the club vouches for the link (docs/season.md)
            command_ok(td, tid, "check_in", {"entry_id": entry["entry_id"], "id_checked": True})
    command_ok(td, tid, "draw_seats", {"tables": 1})
    assert td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": tid}).status_code == 200
    phones = {p["name"]: (p["entry_id"], token_of(p["url"])) for p in links(td, tid)["players"]}
    return tid, phones


def test_a_finished_night_mails_the_standings_once_to_those_who_asked(two_workers, smtp_sink):
    a, b = two_workers
    td = director(a)
    lid = td.post("/api/leagues", {"name": "Basel Ranking 2026", "kind": "v_ranking"}).json()["id"]
    page = td.put(f"/api/leagues/{lid}/publish", {"published": True, "names": "initials", "origins": []}).json()
    tid, phones = night(td, lid, signed_up="anna@example.org", srv=a)
    anna, beat, carla, dora = (Api(a.url, phones[n][1]) for n in PLAYERS)
    mine = f"/api/tournaments/{tid}/my-standings-mail"

    # Anna signed up with her address: it is offered, not yet used
    assert anna.get(mine).json() == {"email": "anna@example.org", "subscribed": False}
    assert anna.put(mine, {"email": "anna@example.org", "subscribed": True}).json() == {
        "email": "anna@example.org",
        "subscribed": True,
    }
    assert beat.get(mine).json() == {"email": None, "subscribed": False}  # a seat card: no address known
    r = Api(b.url, beat.token).put(
        mine, {"email": "beat@example.org", "subscribed": True}, headers={"Accept-Language": "de-CH"}
    )
    assert r.status_code == 200 and r.json()["subscribed"] is True
    assert carla.put(mine, {"email": "carla@example.org", "subscribed": True}).status_code == 200
    assert carla.put(mine, {"email": "carla@example.org", "subscribed": False}).json() == {
        "email": None,
        "subscribed": False,
    }
    for email in ("not-an-address", None, "", "x@example.org\r\nBcc: all@example.org", "a" * 250 + "@example.org"):
        r = dora.put(mine, {"email": email, "subscribed": True})
        assert r.status_code == 400 and r.json()["field"] == "email", (email, r.text)
    for body in (
        {"subscribed": True},
        {"email": "dora@example.org", "subscribed": "yes"},
        {"email": "d@e.org", "subscribed": True, "to": "x"},
    ):
        assert dora.put(mine, body).status_code == 400, body
    assert dora.get(mine).json() == {"email": None, "subscribed": False}  # nothing refused was kept
    assert td.get(f"/api/leagues/{lid}/publish").json()["subscribers"] == 2

    # the night: Dora out 4th, Carla 3rd, Beat 2nd (the last bust on worker b), Anna wins
    for name in ("Dora Spam", "Carla Frei"):
        command_ok(td, tid, "record_bust", {"entry_id": phones[name][0]})
    td_b = Api(b.url, td.token, device_id=td.device_id)
    final = str(uuid.uuid4())
    r = td_b.command(tid, "record_bust", {"entry_id": phones["Beat Keller"][0]}, op_id=final)
    assert r.status_code == 200 and r.json()["status"] == "applied", r.text
    assert (
        td.command(tid, "record_bust", {"entry_id": phones["Beat Keller"][0]}, op_id=final).status_code == 200
    )  # a retry
    got = wait_for_standings(smtp_sink, 2)
    assert sorted(m["To"] for m in got) == ["anna@example.org", "beat@example.org"], [m["To"] for m in got]
    by_to = {m["To"]: m for m in got}
    en, de = by_to["anna@example.org"], by_to["beat@example.org"]
    assert en["Subject"] == "Standings after Monday Deepstack" and de["Subject"] == "Rangliste nach Monday Deepstack"
    assert en["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # as it went over SMTP: the address itself (a mail client's one click, RFC 8058), not the email
    # package's RFC 2047 words for a header word longer than its 78 columns
    unsubscribe = dict(en.raw_items())["List-Unsubscribe"]
    assert unsubscribe.startswith(f"<{b.url}/standings-mail/unsubscribe/") and "=?" not in unsubscribe, unsubscribe
    text = text_of(en)
    assert f"You: rank 1, {V_XII[1]} points" in text
    # names as the club publishes them (initials), his own line "you"
    assert f"  1. you – {V_XII[1]} points" in text and f"  2. B. K. – {V_XII[2]} points" in text
    assert f"  4. D. S. – {V_XII[4]} points" in text and "Beat" not in text and "Dora" not in text
    # on the address the finishing command came by (worker b's here; PUBLIC_URL where one is set)
    assert f"The whole table: {b.url}{urlsplit(page['link']).path}" in text
    german = text_of(de)
    assert f"Du: Rang 2, {V_XII[2]} Punkte" in german and f"  1. A. W. – {V_XII[1]} Punkte" in german

    # the finish undone and played again, on the other worker: no second mail
    command_ok(td_b, tid, "undo_bust", {"entry_id": phones["Beat Keller"][0], "reason": "wrong player"})
    command_ok(td_b, tid, "record_bust", {"entry_id": phones["Beat Keller"][0]})
    assert len(wait_for_standings(smtp_sink, 3, timeout=3)) == 2

    # unsubscribe from the mail: the link asks (a mail scanner's GET unsubscribes nobody), a POST ends it
    link = de["List-Unsubscribe"].strip("<>")
    assert link in german and urlsplit(link).query == "lang=de"
    asked = requests.get(link, timeout=10)
    assert asked.status_code == 200 and "b***@example.org" in asked.text and "data-unsubscribe" in asked.text
    assert beat.get(mine).json()["subscribed"] is True
    done = requests.post(link, data={"List-Unsubscribe": "One-Click"}, timeout=10)
    assert done.status_code == 200 and "Erledigt" in done.text
    assert beat.get(mine).json() == {"email": None, "subscribed": False}
    assert requests.post(link, timeout=10).status_code == 200  # again: nothing left to do
    signed = urlsplit(link).path.rsplit("/", 1)[1]
    person = int(base64.urlsafe_b64decode(signed.split(".")[0] + "=="))
    other = base64.urlsafe_b64encode(str(person + 1).encode()).decode().rstrip("=")
    forged = link.replace(signed, other + "." + signed.split(".")[1])  # another person's id, Beat's signature
    assert requests.get(forged, timeout=10).status_code == 404
    assert td.get(f"/api/leagues/{lid}/publish").json()["subscribers"] == 1

    # the next night: Anna only; now with two nights in the table
    tid2, phones2 = night(td, lid)
    for name in ("Anna Weiss", "Dora Spam", "Carla Frei"):  # Beat wins this one
        command_ok(td, tid2, "record_bust", {"entry_id": phones2[name][0]})
    got = wait_for_standings(smtp_sink, 3)
    assert len(got) == 3 and got[2]["To"] == "anna@example.org", [m["To"] for m in got]
    second = text_of(got[2])
    # Beat 21 + 25; Anna 25 + 13 and Carla 17 + 21 tie on points, Anna ahead by her win; Dora 13 + 17
    assert f"  1. B. K. – {V_XII[2] + V_XII[1]} points" in second
    assert f"  2. you – {V_XII[1] + V_XII[4]} points" in second
    assert f"  3. C. F. – {V_XII[3] + V_XII[2]} points" in second


def test_one_who_unsubscribes_while_the_night_s_mails_are_written_gets_none(tmp_path, monkeypatch):
    """In this process, to put the unsubscribe exactly between the read of the subscribers and the
    night's claim: Beat unsubscribes (his phone's PUT) while his mail is being written. The claim reads
    the subscribers again, so only Anna's mail waits in the outbox."""
    from sqlalchemy import select as select_rows

    from backend.api import standings_mail as sm
    from backend.mail.sender import OUTBOX, Mailer, MailSettings
    from backend.store import session_scope
    from in_process import InProcessServer, in_process_director

    server = InProcessServer(tmp_path / "var")
    td = in_process_director(server.app)
    lid = td.post("/api/leagues", {"name": "Basel Ranking 2026", "kind": "v_ranking"}).json()["id"]
    tid, phones = night(td, lid)
    mine = f"/api/tournaments/{tid}/my-standings-mail"
    anna, beat = (server.api(phones[name][1]) for name in ("Anna Weiss", "Beat Keller"))
    for phone, email in ((anna, "anna@example.org"), (beat, "beat@example.org")):
        assert phone.put(mine, {"email": email, "subscribed": True}).status_code == 200
    for name in ("Dora Spam", "Carla Frei", "Beat Keller"):  # Anna wins (mail is off: nothing sent yet)
        command_ok(td, tid, "record_bust", {"entry_id": phones[name][0]})

    floor = server.app.extensions["pokerfloor"]
    settings = MailSettings("127.0.0.1", 9, starttls=False, sender="club@pokerfloor.test")
    floor.mailer = Mailer(settings, floor.db, spawn=lambda *_: None, sleep=time.sleep)  # queues, sends nothing
    written = sm.standings_mail

    def write_then_beat_unsubscribes(facts):
        if facts.to == "beat@example.org":
            with server.app.app_context():
                assert beat.put(mine, {"email": None, "subscribed": False}).status_code == 200
        return written(facts)

    monkeypatch.setattr(sm, "standings_mail", write_then_beat_unsubscribes)
    sm._mail_night(floor, tid, "https://club.example.org")
    with session_scope(floor.db) as session:
        keys = sorted(k for (k,) in session.execute(select_rows(OUTBOX.c.key)))
    assert keys == [f"standings:{tid}:{anna_person(floor, tid, phones)}"]


def anna_person(floor, tid: int, phones: dict) -> int:
    from backend.read.player_history import vouched_person

    person = vouched_person(floor.db, floor.service.state(tid), tid, phones["Anna Weiss"][0])
    assert person is not None
    return person
