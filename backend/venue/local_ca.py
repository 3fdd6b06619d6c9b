"""A certificate authority of the venue's own, for HTTPS on the club's network.

Phones only keep the app working offline (service worker) and the screen on (Wake Lock) in a
secure context, which on a LAN address means HTTPS with a certificate the phone trusts. No public
CA signs `192.168.1.20`, so the server makes a CA once (kept under var/tls/, and in backups:
phones trust it, so it must survive a restore), each staff phone trusts it once from the trust
page, and the server certificate is re-issued whenever the addresses change or it nears its end.

The CA is name-constrained to local names (.local, .lan, .home.arpa, .internal, .test and
localhost) and to private and link-local addresses (RFC 1918, 169.254/16, 127/8, IPv6 ULA and
link-local): were its key ever stolen from the laptop, it could not vouch for a bank's or anyone's
public name or address on a phone that trusts it. Nothing in it names this laptop, so a backup
restored on a replacement laptop (another host name, another address) keeps vouching: the phones'
trust survives the restore. CAs made by earlier versions named the laptop and permitted every IPv4
address; they keep working (phones trust them) and are reported as outdated until replaced
(`pokerfloor tls new-ca`).
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
# The networks a venue's laptop lives on; nothing a public CA could issue for.
LOCAL_NETWORKS = tuple(
    ipaddress.ip_network(n)
    for n in (
        "10.0.0.0/8",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "169.254.0.0/16",  # link-local (a laptop and phones without a DHCP server)
        "127.0.0.0/8",
        "fc00::/7",  # IPv6 unique local
        "fe80::/10",  # IPv6 link-local
        "::1/128",
    )
)
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
    outdated: bool = False  # made by an earlier version: may vouch beyond the venue
    left_out: tuple[str, ...] = ()  # this machine's names the CA cannot vouch for


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


def make_ca(tls_dir: Path, label: str, now: dt.datetime) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    """A new CA for local names and addresses only. `label` (the laptop's name) is only in its
    common name, for a person looking at the phone's list of certificates."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "pokerfloor (local)"),
            x509.NameAttribute(NameOID.COMMON_NAME, f"pokerfloor CA {label or 'venue'} {now:%Y-%m-%d}"[:64]),
        ]
    )
    permitted = [x509.DNSName(d) for d in LOCAL_SUFFIXES] + [x509.IPAddress(n) for n in LOCAL_NETWORKS]
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


def _permitted(ca: x509.Certificate) -> list[x509.GeneralName]:
    try:
        return list(ca.extensions.get_extension_for_class(x509.NameConstraints).value.permitted_subtrees or [])
    except x509.ExtensionNotFound:
        return []


def permits_name(ca: x509.Certificate, dns_name: str) -> bool:
    """Would a phone trusting this CA accept it for `dns_name` (its name constraints)?"""
    name = dns_name.lower()
    subtrees = [s.value for s in _permitted(ca) if isinstance(s, x509.DNSName)]
    return any(name == s or name.endswith("." + s) for s in subtrees)


def _networks(ca: x509.Certificate) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """The CA's permitted IP subtrees (name constraints hold networks, never single addresses)."""
    return [
        s.value
        for s in _permitted(ca)
        if isinstance(s, x509.IPAddress) and isinstance(s.value, ipaddress.IPv4Network | ipaddress.IPv6Network)
    ]


def permits_address(ca: x509.Certificate, address: str) -> bool:
    """Would a phone trusting this CA accept it for the IP `address`?"""
    ip = ipaddress.ip_address(address)
    return any(ip.version == n.version and ip in n for n in _networks(ca))


def outdated(ca: x509.Certificate) -> bool:
    """A CA made by an earlier version: it may vouch for names or addresses outside the venue
    (its constraints name a laptop and permit every IPv4 address)."""
    names = [s.value for s in _permitted(ca) if isinstance(s, x509.DNSName)]
    if not _permitted(ca) or any(n not in LOCAL_SUFFIXES for n in names):
        return True
    return any(not any(net.version == n.version and net.subnet_of(n) for n in LOCAL_NETWORKS) for net in _networks(ca))  # type: ignore[arg-type]


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


def load_ca(
    tls_dir: Path, label: str = "", now: dt.datetime | None = None
) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    """The venue's CA under tls_dir, made the first time (`label`: the laptop's name, for people)."""
    tls_dir = Path(tls_dir)
    tls_dir.mkdir(parents=True, exist_ok=True)
    if not ((tls_dir / "ca.pem").exists() and (tls_dir / "ca.key").exists()):
        return make_ca(tls_dir, label, now or dt.datetime.now(dt.UTC))
    ca = x509.load_pem_x509_certificate((tls_dir / "ca.pem").read_bytes())
    ca_key = serialization.load_pem_private_key((tls_dir / "ca.key").read_bytes(), password=None)
    if not isinstance(ca_key, ec.EllipticCurvePrivateKey):  # make_ca writes P-256 keys only
        raise CaError(f"{tls_dir / 'ca.key'} is not a pokerfloor CA key. Delete {tls_dir} to make a new CA.")
    return ca, ca_key


def ensure_certificates(
    tls_dir: Path,
    dns: list[str],
    ips: list[str],
    now: dt.datetime | None = None,
    *,
    optional_dns: list[str] = (),  # type: ignore[assignment]
) -> TlsFiles:
    """The CA (made once) and a server certificate covering these names and addresses
    (re-issued when one is missing or the certificate nears its end). `dns` and `ips` must be
    within the CA's constraints (else CaError: a --hostname of the public DNS, a public address);
    `optional_dns` (this machine's own names) go in where the CA can vouch for them."""
    now = now or dt.datetime.now(dt.UTC)
    tls_dir = Path(tls_dir)
    optional = [d.lower() for d in optional_dns]
    ca, ca_key = load_ca(tls_dir, (optional or [""])[0].split(".")[0], now)
    dns = [d.lower() for d in dict.fromkeys(dns)]
    ips = list(dict.fromkeys(ips))
    outside = [d for d in dns if not permits_name(ca, d)] + [i for i in ips if not permits_address(ca, i)]
    if outside:
        raise CaError(
            f"The venue's CA in {tls_dir} vouches only for local names (.{', .'.join(LOCAL_SUFFIXES[1:])}, "
            f"localhost) and private addresses, not for {', '.join(outside)}. Use a local name or a private "
            "address (docs/venue.md)."
        )
    left_out = tuple(d for d in dict.fromkeys(optional) if d not in dns and not permits_name(ca, d))
    dns += [d for d in dict.fromkeys(optional) if d not in dns and d not in left_out]
    if not _server_is_current(tls_dir / "server.pem", ca, dns, ips, now):
        _issue_server(tls_dir, ca, ca_key, dns, ips, now)
    return TlsFiles(
        tls_dir / "ca.pem", tls_dir / "server.pem", tls_dir / "server.key", fingerprint(ca), outdated(ca), left_out
    )


def replace_ca(tls_dir: Path, now: dt.datetime | None = None) -> Path | None:
    """`pokerfloor tls new-ca`: the current CA directory moved aside whole (going back is moving it
    back), so the next `serve --https` makes a new, restricted CA. Returns where it went."""
    now = now or dt.datetime.now(dt.UTC)
    tls_dir = Path(tls_dir)
    if not tls_dir.exists():
        return None
    aside = tls_dir.with_name(f"{tls_dir.name}.replaced-{now:%Y%m%d-%H%M%S}")
    os.replace(tls_dir, aside)
    return aside


def ca_der(ca_pem: Path) -> bytes:
    """The CA certificate in DER, the form Android's and iOS's installers take as a download."""
    return x509.load_pem_x509_certificate(Path(ca_pem).read_bytes()).public_bytes(serialization.Encoding.DER)
