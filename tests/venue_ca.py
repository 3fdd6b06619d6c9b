"""openssl on the venue CA's real files: forge a leaf with the CA's key, ask openssl whether a
phone that trusts the CA would accept it; and a CA as earlier versions made it (for migration)."""

from __future__ import annotations

import datetime as dt
import ipaddress
import subprocess
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


@dataclass(frozen=True)
class CaFiles:
    cert: Path
    key: Path


def forge_leaf(ca: CaFiles, out: Path, *, ip: str | None = None, dns: str | None = None) -> Path:
    """A server certificate signed with the CA's key by openssl itself (as a thief holding the
    laptop's var/tls/ca.key would), for `ip` and/or `dns`."""
    out.mkdir(parents=True, exist_ok=True)
    sans = ([f"IP:{ip}"] if ip else []) + ([f"DNS:{dns}"] if dns else [])
    (out / "ext.cnf").write_text(
        "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n"
        f"extendedKeyUsage=serverAuth\nsubjectAltName={','.join(sans)}\n"
    )
    key, csr, leaf = out / "leaf.key", out / "leaf.csr", out / "leaf.pem"

    def run(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, capture_output=True, timeout=30)

    run("ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", str(key))
    run("req", "-new", "-key", str(key), "-subj", "/O=forged", "-out", str(csr))
    run(
        "x509", "-req", "-in", str(csr), "-CA", str(ca.cert), "-CAkey", str(ca.key), "-CAcreateserial",
        "-days", "30", "-sha256", "-extfile", str(out / "ext.cnf"), "-out", str(leaf),
    )  # fmt: skip
    return leaf


def openssl_verify(ca: CaFiles | Path, leaf: Path, *, ip: str | None = None, dns: str | None = None) -> str:
    """ "OK" when openssl, trusting only the CA, accepts the leaf (for `ip`/`dns` if given), else
    openssl's reason (e.g. "permitted subtree violation")."""
    cert = ca.cert if isinstance(ca, CaFiles) else ca
    args = ["openssl", "verify", "-x509_strict", "-CAfile", str(cert)]
    args += ["-verify_ip", ip] if ip else []
    args += ["-verify_hostname", dns] if dns else []
    done = subprocess.run([*args, str(leaf)], capture_output=True, text=True, timeout=30)
    return "OK" if done.returncode == 0 else (done.stdout + done.stderr).strip()


def old_style_ca(tls_dir: Path, hostname: str) -> CaFiles:
    """The venue CA exactly as versions before the restriction made it: name constraints naming
    the laptop (`hostname`, `hostname.local`) next to the local suffixes, and every IPv4 address."""
    tls_dir.mkdir(parents=True, exist_ok=True)
    now = dt.datetime.now(dt.UTC)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "pokerfloor (local)"),
            x509.NameAttribute(NameOID.COMMON_NAME, f"pokerfloor CA {hostname} {now:%Y-%m-%d}"),
        ]
    )
    dns = sorted({"localhost", "local", "lan", "home.arpa", "internal", "test", hostname, f"{hostname}.local"})
    permitted = [x509.DNSName(d) for d in dns] + [x509.IPAddress(ipaddress.IPv4Network("0.0.0.0/0"))]
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=400))  # made a year ago
        .not_valid_after(now + dt.timedelta(days=3000))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False),
            critical=True,
        )
        .add_extension(x509.NameConstraints(permitted_subtrees=permitted, excluded_subtrees=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    files = CaFiles(tls_dir / "ca.pem", tls_dir / "ca.key")
    files.key.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    files.key.chmod(0o600)
    files.cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return files
