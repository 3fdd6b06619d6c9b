"""A real SMTP server for the tests: aiosmtpd's own server process (`python -m aiosmtpd`) with a
handler that keeps each message in a Maildir, as a mail server delivers it. `SmtpSink` starts it on
a free port of 127.0.0.1 and stops it by its PID; `refuse_first=n` answers the first n messages
451 (try again later), as a busy or greylisting server does; `tls=True` demands STARTTLS first,
with a certificate of its own for 127.0.0.1 (`cert`: the file a client must trust)."""

from __future__ import annotations

import email
import email.policy
import mailbox
import os
import re
import socket
import subprocess
import sys
import time
from email.message import EmailMessage
from pathlib import Path

from aiosmtpd.handlers import Mailbox

HERE = Path(__file__).resolve().parent


class Sink(Mailbox):
    """`-c smtp_sink.Sink <maildir> [refuse_first]`."""

    def __init__(self, mail_dir: str, refuse_first: int = 0):
        super().__init__(mail_dir)
        self.refuse_left = refuse_first

    async def handle_DATA(self, server, session, envelope):
        if self.refuse_left > 0:
            self.refuse_left -= 1
            return "451 4.3.0 Try again later"
        return await super().handle_DATA(server, session, envelope)

    @classmethod
    def from_cli(cls, parser, *args):
        if not 1 <= len(args) <= 2:
            parser.error("usage: <maildir> [refuse_first]")
        return cls(args[0], int(args[1]) if len(args) > 1 else 0)


def delivered_at(key: str) -> tuple[int, int]:
    """When a Maildir message was delivered, from its name "<seconds>.M<microseconds>P<pid>…".
    The microseconds are not zero-padded, so the names themselves do not sort by time: within one
    second "M51234" sorts before "M5123P" (a mail and the next one 0.1 s later came out swapped)."""
    seconds, rest = key.split(".", 1)
    micro = re.match(r"M(\d+)", rest)
    return int(seconds), int(micro[1]) if micro else 0


class SmtpSink:
    def __init__(self, directory: Path, refuse_first: int = 0, tls: bool = False, port: int | None = None):
        from server import free_port

        self.port = port or free_port()  # a port given: the mail server a pokerfloor was told of comes up
        Path(directory).mkdir(parents=True, exist_ok=True)
        self.maildir = Path(directory) / "maildir"
        self.log_path = Path(directory) / f"smtp-{self.port}.log"
        self.cert: Path | None = None
        tls_args: list[str] = []
        if tls:
            self.cert, key = self_signed(Path(directory))
            tls_args = ["--tlscert", str(self.cert), "--tlskey", str(key)]  # and STARTTLS is required
        self._log = open(self.log_path, "a")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
        listen = ["-n", "-l", f"127.0.0.1:{self.port}", *tls_args]
        handler = ["-c", "smtp_sink.Sink", str(self.maildir), str(refuse_first)]
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "aiosmtpd", *listen, *handler],
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        self._wait_listening()

    def _wait_listening(self, timeout: float = 15) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the SMTP server exited: {self.log_path.read_text()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as conn:
                    if conn.recv(64).startswith(b"220"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the SMTP server did not start")

    @property
    def env(self) -> dict[str, str]:
        """A pokerfloor server sending here (no STARTTLS on 127.0.0.1), retrying quickly."""
        return {"MAIL_HOST": "127.0.0.1", "MAIL_PORT": str(self.port), "MAIL_STARTTLS": "0",
                "MAIL_FROM": "club@pokerfloor.test", "MAIL_RETRY_S": "0.2"}  # fmt: skip

    def messages(self) -> list[EmailMessage]:
        if not self.maildir.exists():
            return []
        box = mailbox.Maildir(self.maildir, create=False)
        return [
            email.message_from_bytes(box.get_bytes(key), policy=email.policy.default)  # type: ignore[misc]
            for key in sorted(box.keys(), key=delivered_at)
        ]

    def wait_for(self, count: int, timeout: float = 15) -> list[EmailMessage]:
        """Until `count` messages arrived; then a little longer, so one too many shows too."""
        deadline = time.monotonic() + timeout
        while len(self.messages()) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)
        return self.messages()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self._log.close()


def self_signed(directory: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, as PEM files."""
    import datetime as dt
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "smtp sink")])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = directory / "smtp-cert.pem", directory / "smtp-key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path


def text_of(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return part.get_content()
