"""A certificate authority of the venue's own, for HTTPS on the club's network.

Phones only keep the app working offline (service worker) and the screen on (Wake Lock) in a
secure context, which on a LAN address means HTTPS with a certificate the phone trusts. No public
CA signs `192.168.1.20`, so the server makes a CA once (kept under var/tls/, and in backups:
phones trust it, so it must survive a restore), each staff phone trusts it once from the trust
page, and the server certificate is re-issued whenever the addresses change or it nears its end.

The CA is name-constrained to local names (.local, .lan, .home.arpa, .internal, .test,
localhost and this machine's names) and IPv4 addresses: were its key ever stolen from the
laptop, it could not vouch for a bank's or anyone's public domain on a phone that trusts it.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

LOCAL_SUFFIXES = ("localhost", "local", "lan", "home.arpa", "internal", "test")
CA_DAYS = 3650
# Apple accepts at most 825 days for a certificate under a user-installed root; browsers
# want at most 398 for public ones. 397 keeps every phone happy; renewed 30 days before the end.
SERVER_DAYS = 397
RENEW_BEFORE = dt.timedelta(days=30)
BACKDATE = dt.timedelta(days=1)  # phones whose clock is a little behind


class CaError(Exception):
    """The CA cannot vouch for a requested name (made for other names)."""


@dataclass(frozen=True)
class TlsFiles:
    ca_cert: Path
    server_chain: Path  # server certificate followed by the CA's
    server_key: Path
    fingerprint: str  # SHA-256 of the CA certificate, "AB:CD:…", to compare on a phone


def _write_private(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def fingerprint(cert: x509.Certificate) -> str:
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()


def _dns_subtree(name: str) -> str:
    return name.lower().rstrip(".")


def make_ca(
    tls_dir: Path, hostnames: list[str], now: dt.datetime
) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key = ec.generate_private_key(ec.SECP256R1())
    label = hostnames[0] if hostnames else "pokerfloor"
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "pokerfloor (local)"),
            x509.NameAttribute(NameOID.COMMON_NAME, f"pokerfloor CA {label} {now:%Y-%m-%d}"[:64]),
        ]
    )
    dns = sorted({*LOCAL_SUFFIXES, *(_dns_subtree(h) for h in hostnames)})
    permitted = [x509.DNSName(d) for d in dns] + [x509.IPAddress(ipaddress.IPv4Network("0.0.0.0/0"))]
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - BACKDATE)
        .not_valid_after(now + dt.timedelta(days=CA_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.NameConstraints(permitted_subtrees=permitted, excluded_subtrees=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    _write_private(tls_dir / "ca.key", _key_pem(key))
    (tls_dir / "ca.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert, key


def _permits(ca: x509.Certificate, dns_name: str) -> bool:
    constraints = ca.extensions.get_extension_for_class(x509.NameConstraints).value
    name = dns_name.lower()
    return any(
        isinstance(s, x509.DNSName) and (name == s.value or name.endswith("." + s.value))
        for s in constraints.permitted_subtrees or []
    )


def _server_is_current(path: Path, ca: x509.Certificate, dns: list[str], ips: list[str], now: dt.datetime) -> bool:
    if not path.exists():
        return False
    try:
        cert = x509.load_pem_x509_certificate(path.read_bytes())
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (ValueError, x509.ExtensionNotFound):
        return False
    have_dns = {n.lower() for n in san.get_values_for_type(x509.DNSName)}
    have_ips = {str(a) for a in san.get_values_for_type(x509.IPAddress)}
    return (
        cert.issuer == ca.subject
        and cert.not_valid_after_utc - RENEW_BEFORE > now
        and {d.lower() for d in dns} <= have_dns
        and set(ips) <= have_ips
    )


def _issue_server(
    tls_dir: Path,
    ca: x509.Certificate,
    ca_key: ec.EllipticCurvePrivateKey,
    dns: list[str],
    ips: list[str],
    now: dt.datetime,
) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    sans = [x509.DNSName(d) for d in dns] + [x509.IPAddress(ipaddress.ip_address(i)) for i in ips]
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, (dns or ips)[0])]))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - BACKDATE)
        .not_valid_after(now + dt.timedelta(days=SERVER_DAYS))
        .add_extension(x509.SubjectAlternativeName(sans), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=False,
                crl_sign=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    _write_private(tls_dir / "server.key", _key_pem(key))
    (tls_dir / "server.pem").write_bytes(
        cert.public_bytes(serialization.Encoding.PEM) + ca.public_bytes(serialization.Encoding.PEM)
    )


def ensure_certificates(tls_dir: Path, dns: list[str], ips: list[str], now: dt.datetime | None = None) -> TlsFiles:
    """The CA (made once) and a server certificate covering these names and addresses
    (re-issued when one is missing or the certificate nears its end)."""
    now = now or dt.datetime.now(dt.UTC)
    tls_dir = Path(tls_dir)
    tls_dir.mkdir(parents=True, exist_ok=True)
    dns = [d.lower() for d in dict.fromkeys(dns)]
    ips = list(dict.fromkeys(ips))
    if (tls_dir / "ca.pem").exists() and (tls_dir / "ca.key").exists():
        ca = x509.load_pem_x509_certificate((tls_dir / "ca.pem").read_bytes())
        ca_key = serialization.load_pem_private_key((tls_dir / "ca.key").read_bytes(), password=None)
        if not isinstance(ca_key, ec.EllipticCurvePrivateKey):  # make_ca writes P-256 keys only
            raise CaError(f"{tls_dir / 'ca.key'} is not a pokerfloor CA key. Delete {tls_dir} to make a new CA.")
    else:
        ca, ca_key = make_ca(tls_dir, [d for d in dns if d != "localhost"], now)
    outside = [d for d in dns if not _permits(ca, d)]
    if outside:
        raise CaError(
            f"The local CA in {tls_dir} was made for other names and cannot vouch for "
            f"{', '.join(outside)}. Use one of its names, or delete {tls_dir} to make a new CA "
            "(every staff phone must then trust the server again)."
        )
    if not _server_is_current(tls_dir / "server.pem", ca, dns, ips, now):
        _issue_server(tls_dir, ca, ca_key, dns, ips, now)
    return TlsFiles(tls_dir / "ca.pem", tls_dir / "server.pem", tls_dir / "server.key", fingerprint(ca))


def ca_der(ca_pem: Path) -> bytes:
    """The CA certificate in DER, the form Android's and iOS's installers take as a download."""
    return x509.load_pem_x509_certificate(Path(ca_pem).read_bytes()).public_bytes(serialization.Encoding.DER)
