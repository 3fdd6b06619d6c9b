"""The server's VAPID key pair (RFC 8292): made once by `pokerfloor init` (or on first use), kept
in var/ next to the secret key and in every backup (backup.py takes var/vapid*). Phones subscribe
with its public key: a new key would silently orphan every subscription, so it is never replaced."""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

KEY_FILE = "vapid_private.pem"


@dataclass(frozen=True)
class VapidKeys:
    private_pem: bytes
    public_key: str  # the applicationServerKey: the uncompressed P-256 point, base64url without padding


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def from_b64url(text: str) -> bytes:
    """As browsers give keys: base64url, padding left out (binascii.Error when it is not)."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _create(path: Path) -> None:
    pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    # Written whole under a name of its own, then linked into place: a second worker starting at the
    # same moment either finds no key or a complete one, and link() keeps the first key, never two.
    staged = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(staged, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(pem)
        out.flush()
        os.fsync(out.fileno())
    try:
        os.link(staged, path)
    except FileExistsError:
        pass
    finally:
        staged.unlink()


def vapid_keys(var_dir: Path, pem: bytes | None = None) -> VapidKeys:
    """The key pair given (VAPID_PRIVATE_KEY: workers on several hosts must share one key, or the
    push services refuse what the others send), else the one in var_dir, made if there is none."""
    where = "VAPID_PRIVATE_KEY"
    if not pem:
        path = Path(var_dir) / KEY_FILE
        if not path.exists():
            _create(path)
        pem, where = path.read_bytes(), str(path)
    try:
        key = serialization.load_pem_private_key(pem, password=None)
    except ValueError:
        raise ValueError(f"{where} is not a PEM private key") from None
    if not isinstance(key, ec.EllipticCurvePrivateKey) or not isinstance(key.curve, ec.SECP256R1):
        raise ValueError(f"{where} is not a P-256 private key")
    point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return VapidKeys(pem, b64url(point))
