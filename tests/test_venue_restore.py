"""The venue's certificate after a restore on another laptop, through `pokerfloor` and openssl.

Each laptop is a network and host-name namespace of its own (tests/laptop.py): the club's laptop
`clublaptop` on 192.168.1.20 serves the night with `pokerfloor serve --https` (ports 5000/5443, as
`make venue`), prints the table sheets and is backed up; the spare laptop `sparelaptop` restores
that backup and serves on 10.0.0.57: it must start, with the same CA the staff phones trust
(openssl verifies it with the club laptop's CA file), and say that the printed QR codes point at
192.168.1.20. Once the router gives the spare laptop 192.168.1.20 (the reservation moved), the
printed dealer link opens as printed. A CA made by an earlier version (its name constraints
naming the laptop and every IPv4 address) keeps vouching on the spare laptop too, says it is
outdated, and `pokerfloor tls new-ca` replaces it with one that refuses public addresses.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from laptop import Laptop, why_not
from server import ROOT, Api, ServerProcess, command_ok, links, seated_tournament, token_of

pytestmark = pytest.mark.skipif(bool(why_not()), reason=why_not() or "laptops can be made")

HTTP, HTTPS = 5000, 5443  # `make venue`'s ports: each laptop has its own network


def pokerfloor(var: Path, *args: str) -> subprocess.CompletedProcess:
    """`pokerfloor <args>` as on that laptop (its var/ directory and SQLite database)."""
    env = {**os.environ, "POKERFLOOR_VAR": str(var), "DATABASE_URL": f"sqlite:///{var / 'pokerfloor.db'}"}
    env.pop("SECRET_KEY", None)  # the laptop's own key file, as `make venue` runs
    return subprocess.run(
        [sys.executable, "-m", "backend.cli", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def venue_server(var: Path) -> ServerProcess:
    srv = ServerProcess(var, port=HTTP, args=["--https", "--https-port", str(HTTPS)])
    srv.extra_env["SECRET_KEY"] = ""  # the key file under var/, which travels in the backup
    return srv.start()


def trusting(base: str, ca: Path, token: str | None = None) -> Api:
    """A phone that trusts `ca` (and only it)."""
    api = Api(base, token)
    api.http.verify, api.http.trust_env = str(ca), False
    return api


def openssl_verifies(ip: str, ca: Path) -> str:
    """openssl's verdict on the server at ip:5443 for a phone that trusts `ca`, checking the IP."""
    done = subprocess.run(
        [
            "openssl",
            "s_client",
            "-connect",
            f"{ip}:{HTTPS}",
            "-CAfile",
            str(ca),
            "-verify_ip",
            ip,
            "-verify_return_error",
        ],
        input="",
        capture_output=True,
        text=True,
        timeout=30,
    )
    return done.stdout + done.stderr


def first_line(srv: ServerProcess) -> str:
    return srv.log_path.read_text().splitlines()[0]


@pytest.fixture
def laptops():
    made: list[Laptop] = []

    def make(hostname: str, address: str) -> Laptop:
        made.append(Laptop(hostname, address))
        return made[-1]

    yield make
    for laptop in made:
        laptop.close()


def test_a_restore_on_a_laptop_with_another_name_and_address_keeps_the_phones_trust(tmp_path, laptops):
    club, spare = tmp_path / "club", tmp_path / "spare"
    with laptops("clublaptop", "192.168.1.20/24"):
        srv = venue_server(club)
        try:
            assert first_line(srv).startswith(f"pokerfloor serving on https://192.168.1.20:{HTTPS}")
            td = trusting(f"https://192.168.1.20:{HTTPS}", club / "tls" / "ca.pem")
            r = td.post("/api/auth/setup", {"setup_token": srv.setup_token(), "username": "td", "password": "pw pw pw"})
            assert r.status_code == 200, r.text
            td.token = r.json()["token"]
            tid = seated_tournament(td, players=6, tables=1)
            command_ok(td, tid, "start_clock")
            dealer_url = links(td, tid)["tables"][0]["url"]
            assert dealer_url.startswith(f"https://192.168.1.20:{HTTPS}/#/dealer/")
            sheet = td.get(f"/api/tournaments/{tid}/print/table-sheets?lang=en")  # printed tonight
            assert sheet.status_code == 200 and "Dealer only" in sheet.text
        finally:
            srv.stop()
        backup = pokerfloor(club, "backup", str(tmp_path / "night.tar.gz"))
        assert backup.returncode == 0, backup.stderr
    phones_trust = tmp_path / "phones-trust.pem"  # what every staff phone installed
    phones_trust.write_bytes((club / "tls" / "ca.pem").read_bytes())

    laptop = laptops("sparelaptop", "10.0.0.57/24")
    with laptop:
        restored = pokerfloor(spare, "restore", str(tmp_path / "night.tar.gz"))
        assert restored.returncode == 0, restored.stderr
        srv = venue_server(spare)  # refused to start before: "cannot vouch for sparelaptop"
        try:
            log = srv.log_path.read_text()
            assert first_line(srv).startswith(f"pokerfloor serving on https://10.0.0.57:{HTTPS}")
            assert "0.0.0.0" not in first_line(srv)
            # the printed QR codes carry the club laptop's address: said loudly, with the fix
            assert f"printed QR codes point at https://192.168.1.20:{HTTPS}" in log
            assert "DHCP reservation" in log
            assert (spare / "tls" / "ca.pem").read_bytes() == phones_trust.read_bytes()
            verdict = openssl_verifies("10.0.0.57", phones_trust)
            assert "Verify return code: 0 (ok)" in verdict, verdict
            td = trusting(f"https://10.0.0.57:{HTTPS}", phones_trust)
            r = td.post("/api/auth/login", {"username": "td", "password": "pw pw pw"})
            assert r.status_code == 200, r.text
            td.token = r.json()["token"]
            venue = td.get("/api/venue").json()
            assert venue["staff_url"] == f"https://10.0.0.57:{HTTPS}"
            assert venue["printed_url"] == f"https://192.168.1.20:{HTTPS}"
            dealer = trusting(f"https://10.0.0.57:{HTTPS}", phones_trust, token_of(dealer_url))
            assert dealer.get("/api/me").json()["table_no"] == 1  # the token itself survived
            # a reprint at the new address ends the warning
            assert td.get(f"/api/tournaments/{tid}/print/table-sheets?lang=en").status_code == 200
            assert td.get("/api/venue").json()["printed_url"] is None
        finally:
            srv.stop()

        # The reservation moved to the spare laptop: the printed links open as printed.
        (spare / "printed.json").unlink()  # as if the reprint had not happened
        restored = pokerfloor(spare, "restore", "--force", str(tmp_path / "night.tar.gz"))
        assert restored.returncode == 0, restored.stderr
        laptop.readdress("192.168.1.20/24")
        srv.log_path.unlink()  # this start's lines only
        srv = venue_server(spare)
        try:
            assert "printed QR codes point at" not in srv.log_path.read_text()
            assert "Verify return code: 0 (ok)" in openssl_verifies("192.168.1.20", phones_trust)
            printed = trusting(dealer_url.split("/#/")[0], phones_trust, token_of(dealer_url))
            assert printed.get("/api/me").json()["table_no"] == 1
            assert printed.get(f"/api/tournaments/{tid}/view").status_code == 200
        finally:
            srv.stop()


def test_a_ca_from_an_earlier_version_keeps_vouching_elsewhere_and_is_replaced_on_request(tmp_path, laptops):
    """Phones that trusted an earlier version's CA keep working on a new laptop (its constraints
    named the old laptop and permitted every IPv4 address); the server says the CA is outdated and
    `pokerfloor tls new-ca` makes a restricted one (phones trust again), the old one kept aside."""
    from venue_ca import CaFiles, forge_leaf, old_style_ca, openssl_verify

    var = tmp_path / "spare"
    made = old_style_ca(var / "tls", "clublaptop")
    old_ca = CaFiles(tmp_path / "old-ca.pem", tmp_path / "old-ca.key")  # what the phones trust
    old_ca.cert.write_bytes(made.cert.read_bytes())
    old_ca.key.write_bytes(made.key.read_bytes())
    assert openssl_verify(old_ca, forge_leaf(old_ca, tmp_path / "forged-old", ip="1.1.1.1")) == "OK"  # the risk
    with laptops("sparelaptop", "10.0.0.57/24"):
        srv = venue_server(var)
        try:
            log = srv.log_path.read_text()
            assert "made by an earlier version" in log and "pokerfloor tls new-ca" in log
            assert "Verify return code: 0 (ok)" in openssl_verifies("10.0.0.57", old_ca.cert)
            assert requests.get(f"https://10.0.0.57:{HTTPS}/api/health", verify=str(old_ca.cert), timeout=5).ok
        finally:
            srv.stop()
        replaced = pokerfloor(var, "tls", "new-ca")
        assert replaced.returncode == 0, replaced.stderr
        assert "every staff phone must trust this server again" in replaced.stdout
        aside = [p for p in var.iterdir() if p.name.startswith("tls.replaced-")]
        assert len(aside) == 1 and (aside[0] / "ca.key").exists()  # kept: going back is a move
        srv.log_path.unlink()  # this start's lines only
        srv = venue_server(var)
        try:
            new_ca = var / "tls" / "ca.pem"
            assert new_ca.read_bytes() != old_ca.cert.read_bytes()
            assert "made by an earlier version" not in srv.log_path.read_text()
            assert "Verify return code: 0 (ok)" in openssl_verifies("10.0.0.57", new_ca)
            assert "Verify return code: 0 (ok)" not in openssl_verifies("10.0.0.57", old_ca.cert)
        finally:
            srv.stop()
    fresh = CaFiles(var / "tls" / "ca.pem", var / "tls" / "ca.key")
    assert "permitted subtree violation" in openssl_verify(fresh, forge_leaf(fresh, tmp_path / "forged", ip="1.1.1.1"))
