"""A push service for the tests (RFC 8030), on 127.0.0.1: it takes what the server posts to a
phone's endpoint, checks the VAPID signature (RFC 8292) and decrypts the message with the phone's
own keys (RFC 8291, aes128gcm of RFC 8188), as a browser's push service and the browser would.

Written from the RFCs with `cryptography` alone, not with the libraries the server sends with
(http_ece, py_vapid): a mistake on the sending side cannot be repeated here and pass.

Run as a process of its own, `python tests/push_service.py --hang` is a push service that takes
every post and never answers (it prints its origin; `GET /count` says how many posts it holds).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _hkdf(salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


@dataclass
class Phone:
    """A browser's side of one subscription: its P-256 key pair and auth secret."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def public(self) -> bytes:
        return self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )

    def subscription(self) -> dict:
        """As PushSubscription.toJSON() gives it."""
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64url(self.public), "auth": b64url(self.auth)},
        }

    def decrypt(self, body: bytes) -> bytes:
        """RFC 8188's header (salt, record size, the sender's key), then RFC 8291's keys."""
        salt, rs, idlen = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        sender = body[21 : 21 + idlen]
        records = body[21 + idlen :]
        assert idlen == 65 and len(records) <= rs, "one record, keyed by the sender's P-256 point"
        shared = self.key.exchange(ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender))
        ikm = _hkdf(self.auth, shared, b"WebPush: info\x00" + self.public + sender, 32)
        cek = _hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
        nonce = _hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
        padded = AESGCM(cek).decrypt(nonce, records, None).rstrip(b"\x00")
        assert padded.endswith(b"\x02"), "the last record ends with the delimiter 2"
        return padded[:-1]


def check_vapid(authorization: str, audience: str) -> dict:
    """RFC 8292: `vapid t=<JWT>, k=<public key>`; an ES256 JWT for this origin, not expired, at
    most 24 hours ahead, with a contact. Returns the claims."""
    scheme, _, params = authorization.partition(" ")
    assert scheme.lower() == "vapid", authorization
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    head, claims, signature = parts["t"].split(".")
    assert json.loads(unb64url(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(signature)
    assert len(raw) == 64, "ES256 signs with r || s, 32 bytes each (JWS), not DER"
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(parts["k"]))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise AssertionError("the VAPID signature does not verify") from None
    found = json.loads(unb64url(claims))
    assert found["aud"] == audience, found
    assert time.time() < found["exp"] <= time.time() + 24 * 3600, found
    assert found["sub"].startswith(("mailto:", "https:")), found
    return {**found, "k": parts["k"]}


class Listener(ThreadingHTTPServer):
    request_queue_size = 256  # a server sends 32 at once; the default backlog of 5 drops connections
    daemon_threads = True


@dataclass
class Delivery:
    phone: str  # the endpoint's last part
    headers: dict
    message: dict
    vapid: dict


class PushService:
    """`phone(name)` makes an endpoint here; `answers[name]` lists the statuses to give next
    (default 201 Created), each a status or (status, headers); `received` holds what was
    delivered, decrypted. `hang=True`: every post is held, never answered."""

    def __init__(self, hang: bool = False):
        self.phones: dict[str, Phone] = {}
        self.answers: dict[str, list] = {}
        self.received: list[Delivery] = []
        self.refused: list[tuple[str, int]] = []
        self.errors: list[str] = []
        self.holding = 0  # posts held without an answer (hang)
        self._lock = threading.Lock()
        self._closed = threading.Event()
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # kept connections, as the push services keep them

            def do_POST(self):
                name = self.path.rsplit("/", 1)[-1]
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if hang:
                    with service._lock:
                        service.holding += 1
                    service._closed.wait()  # the server's own timeout ends it, or the service's end
                    return
                status, headers = service.take(name, dict(self.headers.items()), body)
                self.send_response(status)
                for key, value in headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_GET(self):
                with service._lock:
                    text = json.dumps({"holding": service.holding, "received": len(service.received)}).encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(text)))
                self.end_headers()
                self.wfile.write(text)

            def log_message(self, *_):
                pass

        self.server = Listener(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def phone(self, name: str) -> Phone:
        self.phones[name] = Phone(f"{self.origin}/push/{name}")
        return self.phones[name]

    def take(self, name: str, headers: dict, body: bytes) -> tuple[int, dict]:
        with self._lock:
            planned = self.answers.get(name)
            answer = planned.pop(0) if planned else 201
        status, extra = answer if isinstance(answer, tuple) else (answer, {})
        if status >= 300:
            with self._lock:
                self.refused.append((name, status))
            return status, extra
        try:
            assert headers["Content-Encoding"] == "aes128gcm", headers
            assert int(headers["TTL"]) > 0, headers
            assert headers.get("Urgency", "normal") in ("very-low", "low", "normal", "high"), headers
            vapid = check_vapid(headers["Authorization"], self.origin)
            message = json.loads(self.phones[name].decrypt(body))
        except Exception as err:  # noqa: BLE001 — the test reads errors: a thread's assertion would vanish
            with self._lock:
                self.errors.append(f"{name}: {err!r}")
            return 400, {}
        with self._lock:
            self.received.append(Delivery(name, headers, message, vapid))
        return 201, {}

    def to(self, name: str) -> list[Delivery]:
        with self._lock:
            return [d for d in self.received if d.phone == name]

    def wait_for(self, count: int, timeout: float = 10.0) -> list[Delivery]:
        """Until `count` deliveries arrived; then a little longer, so one too many shows too."""
        deadline = time.monotonic() + timeout
        while len(self.received) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.3)
        assert not self.errors, self.errors
        with self._lock:
            return list(self.received)

    def close(self) -> None:
        self._closed.set()
        self.server.shutdown()
        self.server.server_close()


class HangingProcess:
    """`python tests/push_service.py --hang` in a process of its own: a push service that never
    answers. `phone(name)` makes an endpoint there (keys of its own, nothing is decrypted);
    `holding()` how many posts it holds; `stop()` ends it by its PID."""

    def __init__(self):
        import subprocess

        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--hang"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.origin = self.proc.stdout.readline().strip()
        assert self.origin.startswith("http://127.0.0.1:"), self.origin

    def phone(self, name: str) -> Phone:
        return Phone(f"{self.origin}/push/{name}")

    def holding(self) -> int:
        import urllib.request

        with urllib.request.urlopen(self.origin + "/count", timeout=5) as answer:
            return json.loads(answer.read())["holding"]

    def wait_holding(self, count: int, timeout: float = 10.0) -> int:
        deadline = time.monotonic() + timeout
        while (held := self.holding()) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        return held

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None and not pipe.closed:
                pipe.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hang", action="store_true", help="take every post and never answer")
    service = PushService(hang=parser.parse_args().hang)
    print(service.origin, flush=True)
    sys.stdin.read()  # until the test closes our stdin (or kills us)
    service.close()
