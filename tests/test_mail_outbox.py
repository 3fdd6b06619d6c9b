"""The mail outbox (backend/mail/sender.py) on a real SQLite database and a real SMTP server
process (tests/smtp_sink.py): two workers draining one outbox send each mail once; a key queued
twice is one mail; a mail the server keeps refusing is given up after a day, not tried for ever;
a stop lets this worker's claims go so the next start sends at once."""

from __future__ import annotations

import threading
import time
from email.message import EmailMessage

import pytest
from sqlalchemy import func, insert, select

from backend.mail.sender import GIVE_UP_MS, OUTBOX, Mailer, MailSettings
from backend.store import make_engine, migrate, session_scope
from smtp_sink import SmtpSink


def spawn(target, *args):
    threading.Thread(target=target, args=args, daemon=True).start()


def mailer(db, port: int, clock=None) -> Mailer:
    settings = MailSettings("127.0.0.1", port, starttls=False, sender="club@pokerfloor.test", retry_s=0.05)
    return Mailer(settings, db, spawn=spawn, sleep=time.sleep, **({"clock": clock} if clock else {}))


def message(to: str, subject: str) -> EmailMessage:
    found = EmailMessage()
    found["To"], found["Subject"] = to, subject
    found.set_content("Hello")
    return found


@pytest.fixture
def database(tmp_path):
    """Opens the test's database (SQLite unless a URL is given), migrated; closed after the test."""
    opened = []

    def open_database(url: str | None = None):
        db = make_engine(url or f"sqlite:///{tmp_path / 'mail.db'}")
        opened.append(db)
        migrate(db)
        return db

    yield open_database
    for db in opened:
        db.dispose()


def queued(db) -> int:
    with session_scope(db) as session:
        return session.execute(select(func.count()).select_from(OUTBOX)).scalar_one()


def wait_until(check, timeout: float = 15) -> bool:
    deadline = time.monotonic() + timeout
    while not check() and time.monotonic() < deadline:
        time.sleep(0.05)
    return check()


@pytest.mark.parametrize("on", ["sqlite", "postgresql"])
def test_two_workers_send_each_mail_once_and_a_key_queued_twice_is_one_mail(database, smtp_sink, on, request):
    db = database(request.getfixturevalue("pg_schema_url") if on == "postgresql" else None)
    first, second = mailer(db, smtp_sink.port), mailer(db, smtp_sink.port)
    with session_scope(db) as session:  # queued in one transaction, as the standings mail is
        for n in range(12):
            first.queue(session, message(f"p{n}@example.org", f"Night {n}"), key=f"standings:1:{n}")
    second.send(message("p0@example.org", "Night 0 again"), key="standings:1:0")  # already queued: nothing
    first.poke()
    second.poke()  # both drain the same rows at once
    assert wait_until(lambda: queued(db) == 0)
    got = smtp_sink.wait_for(12)
    assert sorted(m["Subject"] for m in got) == sorted(f"Night {n}" for n in range(12))
    assert first.sent + second.sent == 12
    assert first.stop(5) and second.stop(5)


def test_a_mail_the_server_never_takes_is_given_up_after_a_day(database):
    from server import free_port

    db = database()
    now = [1_000_000]
    down = mailer(db, free_port(), clock=lambda: now[0])  # nothing listens there
    down.send(message("anna@example.org", "Registered"))
    assert wait_until(lambda: _attempts(db) >= 1)  # failed, kept for a later try (this clock stands still)
    assert queued(db) == 1
    now[0] += GIVE_UP_MS  # a day later, still down
    down.poke()
    assert wait_until(lambda: queued(db) == 0)
    down.stop(5)


def test_a_stop_lets_its_claims_go_and_the_next_start_sends_them(tmp_path, database):
    from server import free_port

    db = database()
    port = free_port()
    before = mailer(db, port)
    before.send(message("anna@example.org", "Registered"))
    assert wait_until(lambda: _attempts(db) >= 1)
    assert not before.stop(5)  # something is left, and said so
    sink = SmtpSink(tmp_path / "smtp", port=port)
    try:
        after = mailer(db, port)
        after.start()
        assert [m["To"] for m in sink.wait_for(1)] == ["anna@example.org"]
        assert queued(db) == 0
        assert after.stop(5)
    finally:
        sink.stop()


def _attempts(db) -> int:
    with session_scope(db) as session:
        return session.execute(select(func.coalesce(func.max(OUTBOX.c.attempts), 0))).scalar_one()


def test_with_mail_switched_off_a_start_clears_what_is_older_than_a_day(database):
    db = database()
    now = 10 * GIVE_UP_MS
    with session_scope(db) as session:  # queued while MAIL_HOST was set, never sent
        for key, age in (("old", GIVE_UP_MS + 1), ("young", GIVE_UP_MS - 1)):
            session.execute(insert(OUTBOX).values(key=key, message=b"", created_at=now - age, next_at=0, attempts=0))
    Mailer(None, db, spawn=spawn, sleep=time.sleep, clock=lambda: now).start()
    with session_scope(db) as session:
        assert [k for (k,) in session.execute(select(OUTBOX.c.key))] == ["young"]  # its address with it
