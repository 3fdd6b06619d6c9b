"""Mail to the players who sign up with an address, through a real server process and a real SMTP
server process (tests/smtp_sink.py): the confirmation with the personal link (a place, or the
waiting list and where), "a place is free for you" when a cancel moves him up, once each however
often a phone repeats its request; nothing for a refused sign-up; a busy mail server gets it on a
retry; and without MAIL_HOST, or with a mail server that is down, signing up works as before, and
the mails wait in the outbox (through a crash of the server) until the mail server is back."""

from __future__ import annotations

import time
import uuid

import pytest

from server import Api, ServerProcess, director, free_port
from smtp_sink import SmtpSink, text_of
from test_api_sign_up import open_tournament


def sign_up(srv: ServerProcess, tid: int, name: str, **extra) -> tuple[Api, dict]:
    phone = Api(srv.url)
    body = {"op_id": str(uuid.uuid4()), "device_id": phone.device_id, "name": name, **extra}
    r = phone.post(f"/api/public/tournaments/{tid}/sign-up", body)
    assert r.status_code == 200, r.text
    phone.token = r.json()["token"]
    return phone, {**r.json(), "body": body}


@pytest.fixture
def mailing(tmp_path, smtp_sink):
    srv = ServerProcess(tmp_path / "var", env=smtp_sink.env).start()
    yield srv, director(srv)
    srv.stop()


def test_a_sign_up_with_an_address_gets_its_confirmation_with_the_personal_link(mailing, smtp_sink):
    srv, td = mailing
    tid = open_tournament(td, capacity=2)
    anna, placed = sign_up(srv, tid, "Anna Weiss", email="anna@example.org", lang="de")
    sign_up(srv, tid, "Carla Frei")  # no address: no mail
    _, waiting = sign_up(srv, tid, "Beat Keller", email="beat@example.org", lang="en")
    # the phone sends its sign-up again (no answer seen): the same answer, no second mail
    again = anna.post(f"/api/public/tournaments/{tid}/sign-up", placed["body"])
    assert again.status_code == 200 and again.json()["token"] == placed["token"]

    got = smtp_sink.wait_for(2)
    assert len(got) == 2, [m["To"] for m in got]
    by_to = {m["To"]: m for m in got}
    de, en = by_to["anna@example.org"], by_to["beat@example.org"]
    assert de["From"] == "club@pokerfloor.test"
    assert de["Subject"] == "Du bist angemeldet: Monday Deepstack"
    text = text_of(de)
    assert placed["link"] in text and "Hallo Anna Weiss" in text
    assert "Ausweis" in text  # n-monday checks IDs at check-in (N-3.4)
    assert en["Subject"] == "Waiting list: Monday Deepstack"
    assert "position 1" in text_of(en) and waiting["link"] in text_of(en)


def test_a_cancel_mails_the_one_who_moves_up_once(mailing, smtp_sink):
    srv, td = mailing
    tid = open_tournament(td, capacity=2)
    anna, _ = sign_up(srv, tid, "Anna Weiss")
    sign_up(srv, tid, "Carla Frei")
    _, beat = sign_up(srv, tid, "Beat Keller", email="beat@example.org", lang="en")
    assert smtp_sink.wait_for(1)[0]["Subject"].startswith("Waiting list")

    op_id = str(uuid.uuid4())
    r = anna.command(tid, "cancel_sign_up", {}, op_id=op_id)
    assert r.status_code == 200, r.text
    assert anna.command(tid, "cancel_sign_up", {}, op_id=op_id).status_code == 200  # a replay: no mail again

    got = smtp_sink.wait_for(2)
    assert len(got) == 2, [m["Subject"] for m in got]
    moved = got[1]
    assert moved["To"] == "beat@example.org" and moved["Subject"] == "A place is free for you: Monday Deepstack"
    text = text_of(moved)
    assert beat["link"] in text and "pay the buy-in" in text and "show your ID" in text


def test_a_refused_sign_up_sends_nothing(mailing, smtp_sink):
    srv, td = mailing
    tid = open_tournament(td, capacity=5)
    sign_up(srv, tid, "Anna Weiss")
    phone = Api(srv.url)
    for extra in ({"name": "Anna Weiss"}, {"name": "Dora Spam", "website": "http://spam.example"}):
        body = {"op_id": str(uuid.uuid4()), "device_id": phone.device_id, "email": "x@example.org", **extra}
        r = phone.post(f"/api/public/tournaments/{tid}/sign-up", body)
        assert r.status_code in (400, 409), r.text
    assert smtp_sink.wait_for(1, timeout=2) == []


def test_a_busy_mail_server_gets_the_mail_on_a_retry(tmp_path):
    sink = SmtpSink(tmp_path / "smtp", refuse_first=1)  # 451 to the first message
    srv = ServerProcess(tmp_path / "var", env=sink.env).start()
    try:
        td = director(srv)
        tid = open_tournament(td, capacity=5)
        sign_up(srv, tid, "Anna Weiss", email="anna@example.org", lang="en")
        got = sink.wait_for(1)
        assert [m["To"] for m in got] == ["anna@example.org"]
        assert "failed (try 1)" in srv.log_path.read_text()  # the 451, then sent again
    finally:
        srv.stop()
        sink.stop()


def test_starttls_checks_the_mail_server_s_certificate(tmp_path):
    """MAIL_STARTTLS=1 (the default): the mail goes over TLS to a server whose certificate the
    machine trusts (SSL_CERT_FILE here), and not at all to one it does not trust."""
    sink = SmtpSink(tmp_path / "smtp", tls=True)  # refuses mail before STARTTLS
    env = {**sink.env, "MAIL_STARTTLS": "1", "MAIL_RETRY_S": "0.1"}
    trusting = ServerProcess(tmp_path / "trusting", env={**env, "SSL_CERT_FILE": str(sink.cert)}).start()
    doubting = ServerProcess(tmp_path / "doubting", env=env).start()
    try:
        for srv, name in ((trusting, "anna"), (doubting, "beat")):
            tid = open_tournament(director(srv), capacity=5)
            sign_up(srv, tid, name.title() + " Weiss", email=f"{name}@example.org", lang="en")
        got = sink.wait_for(1)
        assert [m["To"] for m in got] == ["anna@example.org"]
        deadline = time.monotonic() + 10
        while "CERTIFICATE_VERIFY_FAILED" not in doubting.log_path.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert "CERTIFICATE_VERIFY_FAILED" in doubting.log_path.read_text()
        assert [m["To"] for m in sink.wait_for(1, timeout=1)] == ["anna@example.org"]
    finally:
        trusting.stop()
        doubting.stop()
        sink.stop()


@pytest.mark.parametrize("env", [{}, {"MAIL_HOST": "127.0.0.1", "MAIL_STARTTLS": "0"}], ids=["no mail", "server down"])
def test_without_a_mail_server_signing_up_and_cancelling_work_as_before(tmp_path, env):
    if env:  # a port where nothing listens: every try fails at once
        env = {**env, "MAIL_PORT": str(free_port()), "MAIL_RETRY_S": "0.1"}
    srv = ServerProcess(tmp_path / "var", env=env).start()
    try:
        td = director(srv)
        tid = open_tournament(td, capacity=2)
        t0 = time.monotonic()
        anna, _ = sign_up(srv, tid, "Anna Weiss", email="anna@example.org")
        sign_up(srv, tid, "Carla Frei", email="carla@example.org")
        beat, _ = sign_up(srv, tid, "Beat Keller", email="beat@example.org")
        assert anna.command(tid, "cancel_sign_up", {}).status_code == 200
        assert time.monotonic() - t0 < 5
        moved = beat.get(f"/api/tournaments/{tid}/view").json()
        assert moved["registration"]["status"] == "promoted"
        if env:  # logged and tried again later, never answered to the phone
            wait_for_log(srv, "failed (try 2)")
    finally:
        srv.stop()


def wait_for_log(srv: ServerProcess, text: str, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while text not in srv.log_path.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert text in srv.log_path.read_text()


def test_the_mails_wait_through_a_crash_until_the_mail_server_is_back(tmp_path):
    """The mail server is down when Anna signs up and Beat moves up; the server is killed
    (SIGKILL) while it waits to try again; the mail server comes up, a new server starts on the
    same database, and each mail arrives once (before the outbox, they were lost with the process).
    Dora erased her address meanwhile: her queued mail is withdrawn with it (docs/privacy.md)."""
    port = free_port()
    env = {"MAIL_HOST": "127.0.0.1", "MAIL_PORT": str(port), "MAIL_STARTTLS": "0", "MAIL_RETRY_S": "0.1"}
    srv = ServerProcess(tmp_path / "var", env=env).start()
    td = director(srv)
    tid = open_tournament(td, capacity=2)
    anna, _ = sign_up(srv, tid, "Anna Weiss", email="anna@example.org", lang="en")
    sign_up(srv, tid, "Carla Frei")  # no address: no mail
    sign_up(srv, tid, "Beat Keller", email="beat@example.org", lang="en")
    assert anna.command(tid, "cancel_sign_up", {}).status_code == 200  # Beat moves up
    dora, _ = sign_up(srv, tid, "Dora Brun", email="dora@example.org", lang="en")
    erase = {"op_id": str(uuid.uuid4()), "device_id": dora.device_id}
    assert dora.post(f"/api/tournaments/{tid}/my-data/erase", erase).json()["email_erased"] is True
    wait_for_log(srv, "failed (try 3)")
    srv.kill()
    sink = SmtpSink(tmp_path / "smtp", port=port)
    again = ServerProcess(srv.var_dir, port=srv.port, env=env).start()
    try:
        got = sink.wait_for(3)
        assert sorted((m["To"], m["Subject"].split(":")[0]) for m in got) == [
            ("anna@example.org", "You are registered"),
            ("beat@example.org", "A place is free for you"),
            ("beat@example.org", "Waiting list"),
        ]
    finally:
        again.stop()
        sink.stop()


def test_the_waiting_phone_hears_by_web_push_that_it_moved_up(tmp_path, push_service):
    """Subscribed with its personal link while it waited (no entry yet): the cancel that moves it
    up links the token to the entry, and the notice for that entry reaches this phone, in German."""
    srv = ServerProcess(tmp_path / "var", env={"PUSH_SERVICES": "http://127.0.0.1:*", "PUSH_RETRY_S": "0.2"}).start()
    try:
        td = director(srv)
        tid = open_tournament(td, capacity=2)
        anna, _ = sign_up(srv, tid, "Anna Weiss")
        carla, _ = sign_up(srv, tid, "Carla Frei")
        beat, signed = sign_up(srv, tid, "Beat Keller")
        for phone, name, lang in ((beat, "beat", "de"), (carla, "carla", "en")):
            body = {**push_service.phone(name).subscription(), "lang": lang}
            r = phone.post("/api/push/subscriptions", body)
            assert r.status_code == 201, r.text

        assert anna.command(tid, "cancel_sign_up", {}).status_code == 200
        got = push_service.wait_for(1)
        assert [d.phone for d in got] == ["beat"]  # Carla kept her place: nothing for her
        message = got[0].message
        assert message["kind"] == "moved_up_id"  # n-monday checks IDs at check-in (N-3.4)
        assert message["title"] == "Ein Platz ist frei für dich" and "Ausweis" in message["body"]
        assert message["url"] == f"/#/player/{signed['token']}"
    finally:
        srv.stop()
