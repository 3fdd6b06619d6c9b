"""Chromium that trusts a test CA for real, as a phone that installed the CA does: no
ignore_https_errors. The root goes into an NSS database in a HOME of its own
($HOME/.pki/nssdb, where Chromium on Linux reads user-trusted roots), and host names map to
local addresses with --host-resolver-rules, so the browser checks the certificate against the
real name (pokerfloor.test, poker.lan…) while the server listens on 127.0.0.1.

    browser = launch_trusting(browser_type, ca_pem, {"pokerfloor.test": "127.0.0.1"}, tmp_path,
                              browser_type_launch_args)
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from browser_args import CHROMIUM_ARGS

MISSING_CERTUTIL = (
    "certutil is not installed (Debian package libnss3-tools): `make test` installs it, "
    "or run `apt-get install -y libnss3-tools`"
)


def certutil() -> str:
    path = shutil.which("certutil")
    if not path:
        raise RuntimeError(MISSING_CERTUTIL)
    return path


def trusting_home(ca_pem: Path | None, tmp: Path, nickname: str | None = None) -> Path:
    """A HOME whose NSS database trusts `ca_pem` as a root for TLS servers ("C,,"); with None, a
    HOME of its own that trusts nothing extra (a phone that skipped the trust step). Calling it
    again with the same `tmp` adds another root to the same database."""
    home = Path(tmp) / "trusting-home"
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True, exist_ok=True)
    if ca_pem is None:
        return home
    nickname = nickname or f"pokerfloor-test-{hashlib.sha256(Path(ca_pem).read_bytes()).hexdigest()[:12]}"
    tool = certutil()
    if not (nssdb / "cert9.db").exists():
        subprocess.run([tool, "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True, capture_output=True)
    subprocess.run(
        [tool, "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", nickname, "-i", str(ca_pem)],
        check=True,
        capture_output=True,
    )
    return home


def launch_trusting(
    playwright_or_browser_type,
    ca_pem: Path | None,
    hosts: dict[str, str],
    tmp: Path,
    launch_args: dict | None = None,
    nickname: str | None = None,
):
    """A Chromium Browser that trusts `ca_pem` and resolves each name in `hosts` to its address.

    playwright_or_browser_type: the `playwright` object or its `chromium` BrowserType (the
    pytest-playwright `browser_type` fixture). launch_args: the keyword arguments of
    BrowserType.launch to start from (e.g. the `browser_type_launch_args` fixture: executable
    and flags); by default $CHROMIUM or Debian's chromium with the flags of e2e/conftest.py.
    The caller closes the browser."""
    browser_type = getattr(playwright_or_browser_type, "chromium", playwright_or_browser_type)
    home = trusting_home(ca_pem, tmp, nickname)
    args = dict(launch_args) if launch_args is not None else _default_launch_args()
    rules = ", ".join(f"MAP {name} {address}" for name, address in hosts.items())
    flags = [a for a in args.get("args", []) if not a.startswith("--host-resolver-rules=")]
    # The mapped names must not go through a proxy from the environment.
    flags += [f"--host-resolver-rules={rules}", "--no-proxy-server"]
    env = {**os.environ, **(args.get("env") or {}), "HOME": str(home)}
    return browser_type.launch(**{**args, "args": flags, "env": env})


def _default_launch_args() -> dict:
    args = {"args": list(CHROMIUM_ARGS)}
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if path:
        args["executable_path"] = path
    return args
