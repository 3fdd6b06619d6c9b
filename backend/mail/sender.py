"""Sending mail over SMTP, never on the command's path, and never lost on the way (docs/mail.md).

A mail is first written to the outbox (store MailOutbox): in the caller's transaction (`queue`:
the standings mail goes in with the row that claims the night) or in one of its own (`send`).
Then one sending loop per worker takes the due rows, each claimed by one worker, and deletes a
row once the mail server took it (2xx) or refused it for good (5xx). A server that does not answer
or answers 4xx gets the mail again after MAIL_RETRY_S, then twice that, and so on (at most every
RETRY_CAP_MS), for GIVE_UP_MS. A restart, a crash (another worker takes the row once the claim
lapses) or a mail server down for hours loses nothing; the price is that a crash between the mail
server's "250" and the row's delete sends that one mail again. Every failure is logged, none
reaches the phone: the player's link says the same as the mail.
"""

from __future__ import annotations

import email.policy
import logging
import secrets
import smtplib
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import formatdate, getaddresses, make_msgid
from typing import Any

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..config import Config
from ..push.outbox import worker_name
from ..store import session_scope
from ..store.models import MailOutbox

log = logging.getLogger(__name__)

OUTBOX = MailOutbox.__table__  # type: ignore[attr-defined]
# How a mail is stored and sent: CRLF, and lines up to RFC 5322's 998 characters. The default 78
# makes the email package write a longer single word, such as a List-Unsubscribe address, as
# RFC 2047 encoded words, which mail clients do not read as an address (RFC 8058's one click).
WIRE = email.policy.SMTP.clone(max_line_length=998)
TIMEOUT_S = 20.0  # one connection, each SMTP command within it
LEASE_MS = 5 * 60_000  # a claim older than this is a crashed worker's: its rows are free again
RETRY_CAP_MS = 30 * 60_000  # the longest wait between two tries
GIVE_UP_MS = 24 * 3600_000  # after a day of failures the mail is logged as given up and dropped
SWEEP_S = 30.0  # how often the loop looks for rows nobody pokes it about (another worker's, lapsed)
TAKEN_AT_ONCE = 20


@dataclass(frozen=True)
class MailSettings:
    host: str
    port: int = 587
    starttls: bool = True
    user: str = ""
    password: str = ""
    sender: str = ""
    retry_s: float = 30.0

    @classmethod
    def of(cls, config: Config) -> MailSettings | None:
        """The settings, None when mail is off (no MAIL_HOST)."""
        if not config.MAIL_HOST:
            return None
        sender = config.MAIL_FROM or f"pokerfloor@{config.MAIL_HOST}"
        return cls(
            config.MAIL_HOST,
            config.MAIL_PORT,
            config.MAIL_STARTTLS,
            config.MAIL_USER,
            config.MAIL_PASSWORD,
            sender,
            config.MAIL_RETRY_S,
        )


def permanent(err: Exception) -> bool:
    """A refusal that sending again would only repeat (5xx for this message or address)."""
    if isinstance(err, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in err.recipients.values())
    if isinstance(err, smtplib.SMTPSenderRefused | smtplib.SMTPDataError):
        return err.smtp_code >= 500
    return False


def withdraw(tx: Any, keys_like: str) -> None:
    """In the caller's transaction: the queued mails whose key is LIKE `keys_like` go unsent (his
    address erased, or he unsubscribed). One already with the mail server is not stopped."""
    tx.execute(delete(OUTBOX).where(OUTBOX.c.key.like(keys_like)))


class Mailer:
    def __init__(
        self,
        settings: MailSettings | None,
        db: Any,
        spawn: Callable[..., Any],
        sleep: Callable[[float], None],
        clock: Callable[[], int] = lambda: time.time_ns() // 1_000_000,
    ):
        self.settings = settings
        self.db = db
        self._spawn, self._sleep, self._clock = spawn, sleep, clock
        self.worker = worker_name()
        self._wake = threading.Event()
        self._lock = threading.Condition()
        self._running = False
        self._stopped = False  # stop() was called: no loop starts again in this process
        self._sending: int | None = None  # the row whose mail is with the SMTP server now
        self.sent = 0  # messages the server took, for the logs and tests

    @property
    def enabled(self) -> bool:
        return self.settings is not None

    def queue(self, tx: Any, message: EmailMessage, key: str | None = None) -> None:
        """In the caller's transaction: the mail goes when that commits, and `poke()` after the
        commit sends it at once (else the next sweep does). A key already queued is an IntegrityError,
        which rolls the caller's transaction back: a caller that may repeat itself says so with a key."""
        if self.settings is None:
            return
        now = self._clock()
        self._complete(message)
        tx.execute(
            insert(OUTBOX).values(
                key=key or secrets.token_hex(16),
                message=message.as_bytes(policy=WIRE),
                created_at=now,
                next_at=now,
                attempts=0,
            )
        )

    def send(self, message: EmailMessage, key: str | None = None) -> None:
        """Queue one mail in a transaction of its own, on a task of its own (never on a command's
        path: a write waiting for SQLite's lock would hold the answer), and send it. Returns at
        once, never raises (the command is done). A key queued before is left as it is."""
        if self.settings is None:
            return
        self._spawn(self._queue_and_send, message, key)

    def _queue_and_send(self, message: EmailMessage, key: str | None) -> None:
        try:
            with session_scope(self.db) as session:
                self.queue(session, message, key)
        except IntegrityError:
            log.info("mail %s was queued before", key)
        except Exception:
            log.exception("mail to %s could not be queued", message["To"])
            return
        self.poke()

    def poke(self) -> None:
        """Something is due now: the loop looks at once (started here if no serve started it)."""
        if self.settings is None:
            return
        self._wake.set()
        with self._lock:
            if self._running or self._stopped:
                return  # running, or this process is stopping: the next start sends it
            self._running = True
        self._spawn(self._loop)

    def start(self) -> None:
        """A serving process: what the outbox holds is sent (left by a stop, a crash, another worker).
        With mail switched off nothing would ever send it: what is older than a day goes (its
        addresses with it, docs/privacy.md)."""
        if self.settings is None:
            try:
                with session_scope(self.db) as session:
                    session.execute(delete(OUTBOX).where(OUTBOX.c.created_at < self._clock() - GIVE_UP_MS))
            except SQLAlchemyError:
                log.exception("the mail outbox could not be cleared of old mails")
            return
        self.poke()

    def stop(self, timeout: float) -> bool:
        """A stop: the mail under way finishes (up to `timeout`), the loop ends, and this worker's
        claims are let go so the next start (or another worker) sends the rest at once."""
        with self._lock:
            self._running, self._stopped = False, True
            finished = self._lock.wait_for(lambda: self._sending is None, timeout)
            under_way = self._sending  # still with the mail server: its claim stays, to lapse
        self._wake.set()
        try:
            with session_scope(self.db) as session:
                session.execute(
                    update(OUTBOX)
                    .where(OUTBOX.c.claimed_by == self.worker, OUTBOX.c.id != (under_way or 0))
                    .values(claimed_by=None, claimed_at=None)
                )
        except Exception:
            log.exception("the mail outbox's claims could not be let go (they lapse after %d s)", LEASE_MS // 1000)
        return finished and not self._left()

    def _complete(self, message: EmailMessage) -> None:
        assert self.settings is not None
        if not message["From"]:
            message["From"] = self.settings.sender
        if not message["Date"]:
            message["Date"] = formatdate(localtime=True)
        if not message["Message-ID"]:
            message["Message-ID"] = make_msgid(domain=self.settings.sender.rpartition("@")[2].strip("> ") or None)

    def _left(self) -> int:
        """Mails in the outbox, due or waiting for their next try (any worker's)."""
        try:
            with session_scope(self.db) as session:
                return session.execute(select(func.count()).select_from(OUTBOX)).scalar_one()
        except SQLAlchemyError:
            return 1  # the database is away: something may be left

    def _loop(self) -> None:
        while True:
            self._wake.clear()
            try:
                wait_s = self._send_due()
            except Exception:
                log.exception("the mail outbox could not be read; trying again in %d s", SWEEP_S)
                wait_s = SWEEP_S
            with self._lock:
                if not self._running:
                    self._lock.notify_all()
                    return
            self._wake.wait(wait_s)

    def _free(self, now: int) -> Any:
        return (OUTBOX.c.next_at <= now) & or_(OUTBOX.c.claimed_by.is_(None), OUTBOX.c.claimed_at < now - LEASE_MS)

    def _send_due(self) -> float:
        """Sends every due row this worker can claim; returns how long to wait for the next one."""
        while True:
            now = self._clock()
            with session_scope(self.db) as session:
                ids = (
                    session.execute(
                        select(OUTBOX.c.id).where(self._free(now)).order_by(OUTBOX.c.next_at).limit(TAKEN_AT_ONCE)
                    )
                    .scalars()
                    .all()
                )
            if not ids:
                break
            for row_id in ids:
                with self._lock:
                    if not self._running:
                        return 0
                self._send_row(row_id)
        with session_scope(self.db) as session:
            soonest = session.execute(select(func.min(OUTBOX.c.next_at)).where(OUTBOX.c.claimed_by.is_(None))).scalar()
        if soonest is None:
            return SWEEP_S
        return min(SWEEP_S, max(0.05, (soonest - self._clock()) / 1000))

    def _send_row(self, row_id: int) -> None:
        now = self._clock()
        mine = OUTBOX.c.id == row_id
        with session_scope(self.db) as session:
            claimed = session.execute(
                update(OUTBOX).where(mine, self._free(now)).values(claimed_by=self.worker, claimed_at=now)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                return  # another worker was first
            raw, created_at, attempts = session.execute(
                select(OUTBOX.c.message, OUTBOX.c.created_at, OUTBOX.c.attempts).where(mine)
            ).one()
        with self._lock:
            self._sending = row_id
        try:
            self._post(raw)
        except (smtplib.SMTPException, OSError) as err:
            self._failed(row_id, raw, err, created_at, attempts)
            return
        except Exception as err:  # a message smtplib cannot send (an odd address): never better
            log.exception("mail %s cannot be sent", row_id)
            self._failed(row_id, raw, err, created_at, attempts, for_good=True)
            return
        finally:
            with self._lock:
                self._sending = None
                self._lock.notify_all()
        with session_scope(self.db) as session:
            session.execute(delete(OUTBOX).where(mine))
        with self._lock:
            self.sent += 1
        head = _parsed(raw)
        log.info("mail %r sent to %s", head.get("Subject"), head.get("To"))

    def _failed(
        self, row_id: int, raw: bytes, err: Exception, created_at: int, attempts: int, for_good: bool = False
    ) -> None:
        assert self.settings is not None
        now, head = self._clock(), _parsed(raw)
        mine = OUTBOX.c.id == row_id
        if for_good or permanent(err) or now - created_at >= GIVE_UP_MS:
            log.error(
                "mail %r to %s given up after %d tries: %s", head.get("Subject"), head.get("To"), attempts + 1, err
            )
            with session_scope(self.db) as session:
                session.execute(delete(OUTBOX).where(mine))
            return
        # at least a second: MAIL_RETRY_S=0 must not turn a refused connection into a busy loop
        wait_ms = min(RETRY_CAP_MS, max(1000, int(self.settings.retry_s * 1000 * 2**attempts)))
        log.warning(
            "mail to %s failed (try %d), again in %d s: %s",
            head.get("To"),
            attempts + 1,
            wait_ms // 1000,
            err or type(err),
        )
        with session_scope(self.db) as session:
            session.execute(
                update(OUTBOX)
                .where(mine)
                .values(
                    attempts=attempts + 1,
                    next_at=now + wait_ms,
                    claimed_by=None,
                    claimed_at=None,
                    last_error=str(err or type(err).__name__)[:200],
                )
            )

    def _post(self, raw: bytes) -> None:
        s = self.settings
        assert s is not None
        with smtplib.SMTP(s.host, s.port, timeout=TIMEOUT_S) as smtp:
            if s.starttls:
                smtp.starttls(context=ssl.create_default_context())
            if s.user:
                smtp.login(s.user, s.password)
            message = _parsed(raw)
            sender = _addresses(message, "From")[:1] or [s.sender]
            to = _addresses(message, "To", "Cc")
            if all(address.isascii() for address in sender + to):
                smtp.sendmail(sender[0], to, raw)  # the bytes as queued, not folded again
            else:
                smtp.send_message(message)  # an international address: smtplib's SMTPUTF8 path


def _addresses(message: EmailMessage, *headers: str) -> list[str]:
    found = [value for name in headers for value in message.get_all(name, [])]
    return [address for _, address in getaddresses([str(value) for value in found]) if address]


def _parsed(raw: bytes) -> EmailMessage:
    message = BytesParser(policy=email.policy.default).parsebytes(raw)
    assert isinstance(message, EmailMessage)  # the default policy's class
    return message
