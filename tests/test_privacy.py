"""Privacy for the sign-ups (docs/privacy.md): a player erases his e-mail address and push
subscriptions from his personal link (before the draw his place is cancelled too, and the next one
moves up; his name stays in the log), the club's full directors set what its page shows and how
long e-mails are kept, and the retention sweep erases what is past it: as a function, from the shell
(`pokerfloor privacy sweep`), and by a serving process on its own."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid

import pytest
from sqlalchemy import insert
from sqlmodel import select

from backend.api.answer_schemas import Club, MyDataErased
from backend.mail.keys import sign_up_key
from backend.mail.sender import OUTBOX
from backend.operations.privacy import DAY_MS, sweep
from backend.service import now_ms
from backend.store import SignUp, session_scope
from in_process import InProcessApi
from push_service import Phone
from server import ROOT, ServerProcess, command_ok, director, read_db, seated_tournament, token_of
from test_api_sign_up import HOUR, open_tournament, sign_up

SUBSCRIPTION = Phone("https://fcm.googleapis.com/fcm/send/anna-phone").subscription()


def erase(phone, tid: int, **body):
    sent = {"op_id": str(uuid.uuid4()), "device_id": phone.device_id, **body}
    return phone.post(f"/api/tournaments/{tid}/my-data/erase", sent)


def sign_up_rows(server, tid: int) -> dict[int, tuple[str | None, int | None]]:
    with session_scope(server.app.extensions["pokerfloor"].db) as session:
        rows = session.exec(select(SignUp).where(SignUp.tournament_id == tid)).all()
        return {r.signup_no: (r.email, r.erased_at) for r in rows}


@pytest.mark.in_process
def test_erasing_from_the_link_before_the_draw_cancels_and_erases_but_the_name_stays(server, td):
    tid = open_tournament(td, capacity=2)
    anna, signed = sign_up(server, tid, "Anna Weiss", email="anna@example.org")
    anna.token = signed.json()["token"]
    sign_up(server, tid, "Carla Frei", email="carla@example.org")
    beat, waiting = sign_up(server, tid, "Beat Keller")
    beat.token = waiting.json()["token"]
    r = anna.post("/api/push/subscriptions", {**SUBSCRIPTION, "lang": "de"})
    assert r.status_code == 201, r.text

    r = erase(anna, tid)
    assert r.status_code == 200, r.text
    MyDataErased().load(r.json())
    assert "Your name stays in the tournament's results" in r.json()["message"]
    assert r.json() | {"server_time": 0, "message": ""} == {
        "status": "erased",
        "tournament_id": tid,
        "cancelled": True,
        "email_erased": True,
        "push_subscriptions_removed": 1,
        "name_kept": True,
        "message": "",
        "server_time": 0,
    }
    rows = sign_up_rows(server, tid)
    assert rows[1][0] is None and rows[1][1] is not None  # erased, and when
    assert rows[2][0] == "carla@example.org"  # nobody else's
    assert beat.get(f"/api/tournaments/{tid}/view").json()["registration"]["status"] == "promoted"
    assert "Anna Weiss" in td.get(f"/api/tournaments/{tid}/audit").text  # the log keeps the name

    again = erase(anna, tid)  # nothing left: still a 200 that says so
    assert again.status_code == 200, again.text
    assert (again.json()["cancelled"], again.json()["email_erased"], again.json()["push_subscriptions_removed"]) == (
        False,
        False,
        0,
    )


@pytest.mark.in_process
def test_erasing_after_the_draw_keeps_the_place(server, td):
    tid = seated_tournament(td, 6, 1)
    seat_card = token_of(td.get(f"/api/tournaments/{tid}/links").json()["players"][0]["url"])
    r = erase(InProcessApi(server.app, seat_card), tid)
    assert r.status_code == 200, r.text
    assert r.json()["cancelled"] is False and r.json()["name_kept"] is True
    assert all(e["status"] == "active" for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"])


@pytest.mark.in_process
@pytest.mark.parametrize(
    "body, field",
    [({"op_id": "short"}, "op_id"), ({"device_id": "a b"}, "device_id"), ({"surprise": 1}, "surprise")],
)
def test_erase_with_bad_input_is_a_400_naming_the_field(server, td, body, field):
    tid = open_tournament(td)
    anna, signed = sign_up(server, tid, "Anna Weiss", email="anna@example.org")
    anna.token = signed.json()["token"]
    r = erase(anna, tid, **body)
    assert r.status_code == 400 and r.json()["field"] == field, r.text
    assert sign_up_rows(server, tid)[1][0] == "anna@example.org"


@pytest.mark.in_process
def test_only_the_player_erases_his_own_data(server, td):
    tid = open_tournament(td)
    anna, signed = sign_up(server, tid, "Anna Weiss", email="anna@example.org")
    other = open_tournament(td)
    anna.token = signed.json()["token"]
    assert erase(td, tid).status_code == 403  # a director erases nobody's data from here
    assert erase(anna, other).status_code == 404  # his link knows one tournament
    assert erase(InProcessApi(server.app), tid).status_code == 401
    assert sign_up_rows(server, tid)[1][0] == "anna@example.org"


def invited_director(server, td, access: str) -> InProcessApi:
    url = td.post("/api/directors/invite", {"access": access}).json()["url"]
    api = InProcessApi(server.app)
    body = {"setup_token": token_of(url), "username": f"{access}_td", "password": "a long password"}
    r = api.post("/api/auth/setup", body)
    assert r.status_code == 200, r.text
    api.token = r.json()["token"]
    return api


@pytest.mark.in_process
def test_a_full_director_sets_the_club_page_and_the_retention_others_are_refused(server, td):
    r = td.patch("/api/clubs/mine/page", {"show_names": True, "retention_days": 30})
    assert r.status_code == 200, r.text
    Club().load(r.json())
    assert (r.json()["show_names"], r.json()["retention_days"]) == (True, 30)
    assert td.get("/api/me").json()["club"]["retention_days"] == 30
    r = td.patch("/api/clubs/mine/page", {"retention_days": 3650})  # one at a time: the other stays
    assert (r.json()["show_names"], r.json()["retention_days"]) == (True, 3650)

    for body, field in (
        ({"retention_days": 0}, "retention_days"),
        ({"retention_days": 3651}, "retention_days"),
        ({"retention_days": "30"}, "retention_days"),
        ({"show_names": "yes"}, "show_names"),
        ({"colour": "red"}, "colour"),
    ):
        r = td.patch("/api/clubs/mine/page", body)
        assert r.status_code == 400 and r.json()["field"] == field, (body, r.text)
    for access in ("limited", "observer"):
        r = invited_director(server, td, access).patch("/api/clubs/mine/page", {"show_names": False})
        assert r.status_code == 403, (access, r.text)
    assert td.get("/api/me").json()["club"]["show_names"] is True


@pytest.mark.in_process
def test_the_sweep_erases_e_mails_past_the_club_s_retention_only(server, td):
    assert td.patch("/api/clubs/mine/page", {"retention_days": 2}).status_code == 200
    soon = open_tournament(td)  # starts in 48 h
    sign_up(server, soon, "Anna Weiss", email="anna@example.org")
    sign_up(server, soon, "Beat Keller")
    db = server.app.extensions["pokerfloor"].db
    starts = now_ms() + 48 * HOUR
    assert sweep(db, starts + 2 * DAY_MS - 60_000) == 0  # a minute before: kept
    assert sign_up_rows(server, soon)[1][0] == "anna@example.org"
    with session_scope(db) as session:  # her confirmation still waits for the mail server (docs/mail.md)
        for no in (1, 2):
            key = sign_up_key(soon, no)
            session.execute(insert(OUTBOX).values(key=key, message=b"", created_at=0, next_at=0, attempts=0))
    assert sweep(db, starts + 2 * DAY_MS + 60_000) == 1
    assert sign_up_rows(server, soon)[1][0] is None
    with session_scope(db) as session:  # hers withdrawn with her address; another's left
        assert [k for (k,) in session.execute(select(OUTBOX.c.key))] == [key]
    assert sweep(db, starts + 3 * DAY_MS) == 0  # nothing twice


@pytest.mark.in_process
def test_pokerfloor_privacy_sweep_erases_from_the_shell(server, td, tmp_path):
    assert td.patch("/api/clubs/mine/page", {"retention_days": 1}).status_code == 200
    past = open_tournament(td, starts_at=now_ms() - 2 * DAY_MS)
    soon = open_tournament(td)
    sign_up(server, past, "Anna Weiss", email="anna@example.org")
    sign_up(server, soon, "Beat Keller", email="beat@example.org")
    env = {**os.environ, "DATABASE_URL": server.database_url, "POKERFLOOR_VAR": str(tmp_path / "var")}
    done = subprocess.run(
        [sys.executable, "-m", "backend.cli", "privacy", "sweep"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "1 e-mail address erased" in done.stdout
    assert sign_up_rows(server, past)[1][0] is None
    assert sign_up_rows(server, soon)[1][0] == "beat@example.org"


def test_a_serving_process_sweeps_on_its_own(tmp_path):
    srv = ServerProcess(tmp_path / "var", env={"PRIVACY_SWEEP_MINUTES": "0.01"}).start()
    try:
        td = director(srv)
        assert td.patch("/api/clubs/mine/page", {"retention_days": 1}).status_code == 200
        r = td.post("/api/tournaments", {"name": "Last Week", "preset": "generic"})
        tid = r.json()["id"]
        command_ok(td, tid, "set_sign_up", {"starts_at": now_ms() - 2 * DAY_MS, "online": True})
        from server import Api

        phone = Api(srv.url)
        body = {
            "op_id": str(uuid.uuid4()),
            "device_id": phone.device_id,
            "name": "Anna Weiss",
            "email": "a@example.org",
        }
        assert phone.post(f"/api/public/tournaments/{tid}/sign-up", body).status_code == 200
        deadline = time.monotonic() + 10
        while read_db(srv, "SELECT email FROM sign_up") != [(None,)] and time.monotonic() < deadline:
            time.sleep(0.1)
        assert read_db(srv, "SELECT email FROM sign_up") == [(None,)]
    finally:
        srv.stop()
