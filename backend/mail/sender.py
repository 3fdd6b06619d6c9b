"""Sending mail over SMTP, never on the command's path.

A command is committed and answered first; its mail is handed here and sent on a background task
(a greenlet under gevent, whose monkey-patched sockets keep smtplib from blocking the server). A
server that does not answer or answers 4xx is tried again twice, waiting MAIL_RETRY_S, then twice
that; a 5xx that refuses the message itself is not retried. Every failure is logged, none reaches
the phone: the player's link says the same as the mail.
"""

from __future__ import annotations

import logging
import smtplib
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any

from ..config import Config

log = logging.getLogger(__name__)

RETRIES = 2
TIMEOUT_S = 20.0  # one connection, each SMTP command within it


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


class Mailer:
    def __init__(self, settings: MailSettings | None, spawn: Callable[..., Any], sleep: Callable[[float], None]):
        self.settings = settings
        self._spawn, self._sleep = spawn, sleep
        self._lock = threading.Condition()
        self._under_way = 0
        self.sent = 0  # messages the server took, for the logs and tests

    @property
    def enabled(self) -> bool:
        return self.settings is not None

    def send(self, message: EmailMessage) -> None:
        """Queue one message: returns at once, never raises (the command is done)."""
        if self.settings is None:
            return
        if not message["From"]:
            message["From"] = self.settings.sender
        if not message["Date"]:
            message["Date"] = formatdate(localtime=True)
        if not message["Message-ID"]:
            message["Message-ID"] = make_msgid(domain=self.settings.sender.rpartition("@")[2].strip("> ") or None)
        try:
            with self._lock:
                self._under_way += 1
            self._spawn(self._deliver, message)
        except Exception:
            with self._lock:
                self._under_way -= 1
            log.exception("mail to %s could not be queued", message["To"])

    def settle(self, timeout: float = 30) -> bool:
        """Until every queued message is sent or given up (for tests and a stop)."""
        with self._lock:
            return self._lock.wait_for(lambda: self._under_way == 0, timeout)

    def _deliver(self, message: EmailMessage) -> None:
        try:
            for attempt in range(RETRIES + 1):
                try:
                    self._post(message)
                    with self._lock:
                        self.sent += 1
                    log.info("mail %r sent to %s", message["Subject"], message["To"])
                    return
                except (smtplib.SMTPException, OSError) as err:
                    last = attempt == RETRIES or permanent(err)
                    log.warning(
                        "mail to %s failed (try %d of %d): %s",
                        message["To"],
                        attempt + 1,
                        RETRIES + 1,
                        err or type(err),
                    )
                    if last:
                        log.error("mail %r to %s given up", message["Subject"], message["To"])
                        return
                assert self.settings is not None
                self._sleep(self.settings.retry_s * 2**attempt)
        except Exception:
            log.exception("mail to %s failed", message["To"])
        finally:
            with self._lock:
                self._under_way -= 1
                self._lock.notify_all()

    def _post(self, message: EmailMessage) -> None:
        s = self.settings
        assert s is not None
        with smtplib.SMTP(s.host, s.port, timeout=TIMEOUT_S) as smtp:
            if s.starttls:
                smtp.starttls(context=ssl.create_default_context())
            if s.user:
                smtp.login(s.user, s.password)
            smtp.send_message(message)
