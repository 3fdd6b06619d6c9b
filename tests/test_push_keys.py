"""The server's VAPID key pair: made once and kept, the same for every worker, carried by
backups; a key from the environment (several hosts) wins; anything but a P-256 key is refused."""

import stat
from types import SimpleNamespace

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from backend.operations.backup import _key_material
from backend.push.keys import KEY_FILE, vapid_keys


def pem(curve) -> bytes:
    return ec.generate_private_key(curve).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def test_made_once_kept_private_and_in_every_backup(tmp_path):
    first = vapid_keys(tmp_path)
    assert vapid_keys(tmp_path) == first  # a second start (or worker) keeps it: subscriptions depend on it
    path = tmp_path / KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(first.public_key) == 87  # the uncompressed P-256 point, base64url
    config = SimpleNamespace(VAR_DIR=tmp_path, SECRET_KEY="k" * 32, TLS_DIR=tmp_path / "tls")
    items, _ = _key_material(config)
    assert (f"var/{KEY_FILE}", path) in items


def test_a_key_from_the_environment_wins_and_a_wrong_one_is_named(tmp_path):
    given = pem(ec.SECP256R1())
    keys = vapid_keys(tmp_path, given)
    assert keys.private_pem == given and not (tmp_path / KEY_FILE).exists()
    with pytest.raises(ValueError, match="VAPID_PRIVATE_KEY is not a PEM private key"):
        vapid_keys(tmp_path, b"not a key")
    with pytest.raises(ValueError, match="VAPID_PRIVATE_KEY is not a P-256 private key"):
        vapid_keys(tmp_path, pem(ec.SECP384R1()))
