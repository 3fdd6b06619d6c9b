"""A real venue: QR codes carry an address phones can open, HTTPS with the venue's own CA, the
trust page, staff tokens never over plain HTTP, and printouts that say what they are."""

import datetime as dt
import re
import shutil
import subprocess

import pytest
import requests
import socketio
from cryptography import x509
from cryptography.x509 import DNSName, IPAddress
from cryptography.x509.verification import PolicyBuilder, Store, VerificationError

from backend.venue.lan import is_loopback_url, lan_addresses, rank_addresses
from backend.venue.local_ca import CaError, ensure_certificates
from backend.venue.serve import plan_venue
from server import Api, ServerProcess, command_ok, director, free_port, links, seated_tournament, token_of
from venue_ca import CaFiles, forge_leaf, openssl_verify

# --- where phones find the server -------------------------------------------------------------


def test_rank_addresses_prefers_the_default_route_and_leaves_out_bridges_and_loopback():
    interfaces = [
        ("lo", "127.0.0.1"),
        ("docker0", "172.17.0.1"),
        ("eth0", "203.0.113.7"),
        ("wlan0", "192.168.1.20"),
        ("br-5a", "172.18.0.1"),
        ("eth1", "169.254.3.3"),
    ]
    assert rank_addresses(interfaces, "192.168.1.20", []) == ["192.168.1.20", "203.0.113.7"]
    # without a default route (an offline club router): private addresses first
    assert rank_addresses(interfaces, None, ["127.0.1.1"]) == ["192.168.1.20", "203.0.113.7"]
    assert rank_addresses([("lo", "127.0.0.1")], None, ["127.0.1.1"]) == []


def test_lan_addresses_are_this_machines_non_loopback_ipv4_addresses():
    if not shutil.which("ip"):
        pytest.skip("no `ip` command to compare with")
    out = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True, check=True).stdout
    listed = {m.group(2) for m in re.finditer(r"^\d+: (\S+)\s+inet (\S+?)/", out, re.M) if m.group(1) != "lo"}
    found = lan_addresses()
    assert set(found) <= listed | set(found) and set(found) & listed == set(found) & listed
    assert not any(a.startswith("127.") for a in found)
    assert {a for a in listed if not a.startswith(("169.254.", "172.17."))} <= set(found)


def test_loopback_urls():
    for url in ("http://127.0.0.1:5000", "http://localhost:5000/p", "http://[::1]:5000", "http://0.0.0.0:5000"):
        assert is_loopback_url(url), url
    for url in ("http://192.168.1.20:5000", "https://poker.example.org", "http://pokerfloor.test:5000"):
        assert not is_loopback_url(url), url


def test_plan_venue_puts_the_lan_address_in_links():
    plan = plan_venue(
        "0.0.0.0", 5000, https=False, https_port=5443, hostnames=[], addresses=["192.168.1.20", "10.0.0.5"]
    )
    assert (plan.staff_url, plan.player_url) == ("http://192.168.1.20:5000", "")
    assert plan.other_urls == ["http://10.0.0.5:5000"] and not plan.warning
    # PUBLIC_URL (a proxy with a real name) always wins
    assert (
        plan_venue(
            "0.0.0.0",
            5000,
            https=False,
            https_port=5443,
            hostnames=[],
            addresses=["192.168.1.20"],
            public_url="https://poker.example.org",
        ).staff_url
        == "https://poker.example.org"
    )
    # this computer only: the address the director used (nothing to invent)
    assert plan_venue("127.0.0.1", 5000, https=False, https_port=5443, hostnames=[], addresses=[]).staff_url == ""
    # listening on the network without any network: say so
    lonely = plan_venue("0.0.0.0", 5000, https=False, https_port=5443, hostnames=[], addresses=[])
    assert "Wi-Fi" in lonely.warning and lonely.staff_url == "http://127.0.0.1:5000"


def test_plan_venue_with_https_sends_staff_to_https_and_players_to_plain_http():
    plan = plan_venue(
        "0.0.0.0",
        5000,
        https=True,
        https_port=5443,
        hostnames=[],
        addresses=["192.168.1.20"],
        machine_names=["clublaptop", "clublaptop.local"],
    )
    assert plan.staff_url == "https://192.168.1.20:5443"
    assert plan.player_url == "http://192.168.1.20:5000/p"  # players never install a CA
    assert plan.trust_url == "http://192.168.1.20:5000/trust"
    assert plan.tls_ips == ["192.168.1.20", "127.0.0.1"]
    # the laptop's own names go in where the CA can vouch for them; only --hostname must
    assert plan.tls_names == ["localhost"]
    assert plan.tls_optional == ["clublaptop", "clublaptop.local"]


# --- the venue's own CA ------------------------------------------------------------------------


def _verify(files, name):
    store = Store(x509.load_pem_x509_certificates(files.ca_cert.read_bytes()))
    chain = x509.load_pem_x509_certificates(files.server_chain.read_bytes())
    verifier = PolicyBuilder().store(store).build_server_verifier(name)
    return verifier.verify(chain[0], chain[1:])


def test_local_ca_issues_a_server_certificate_phones_can_verify(tmp_path):
    files = ensure_certificates(tmp_path / "tls", ["clublaptop.local", "localhost"], ["192.168.1.20", "127.0.0.1"])
    import ipaddress

    _verify(files, DNSName("clublaptop.local"))
    _verify(files, IPAddress(ipaddress.ip_address("192.168.1.20")))
    with pytest.raises(VerificationError):
        _verify(files, DNSName("bank.example.com"))
    assert (tmp_path / "tls" / "ca.key").stat().st_mode & 0o777 == 0o600
    assert re.fullmatch(r"([0-9A-F]{2}:){31}[0-9A-F]{2}", files.fingerprint)


def test_local_ca_is_name_constrained_and_kept_across_new_addresses(tmp_path):
    first = ensure_certificates(tmp_path, ["clublaptop.local"], ["192.168.1.20"])
    server_before = first.server_chain.read_bytes()
    again = ensure_certificates(tmp_path, ["clublaptop.local"], ["192.168.1.20"])
    assert again.server_chain.read_bytes() == server_before  # nothing changed: nothing re-issued
    moved = ensure_certificates(tmp_path, ["clublaptop.local"], ["10.0.0.7"])  # another club's Wi-Fi
    assert moved.fingerprint == first.fingerprint  # the phones' trust stays valid
    assert moved.server_chain.read_bytes() != server_before
    import ipaddress

    _verify(moved, IPAddress(ipaddress.ip_address("10.0.0.7")))
    with pytest.raises(CaError, match=r"not for www\.bank\.com"):
        ensure_certificates(tmp_path, ["www.bank.com"], ["10.0.0.7"])
    # near its end the server certificate is renewed, with the same CA
    later = dt.datetime.now(dt.UTC) + dt.timedelta(days=380)
    renewed = ensure_certificates(tmp_path, ["clublaptop.local"], ["10.0.0.7"], now=later)
    cert = x509.load_pem_x509_certificate(renewed.server_chain.read_bytes())
    assert cert.not_valid_after_utc > later + dt.timedelta(days=300)
    assert renewed.fingerprint == first.fingerprint


def test_the_venue_ca_refuses_public_addresses_and_names_openssl_on_forged_leaves(tmp_path):
    """A thief with var/tls/ca.key forges certificates with openssl: a phone trusting the CA
    (openssl with only the CA as root) refuses every public address and name, accepts the local."""
    files = ensure_certificates(tmp_path / "tls", ["localhost"], ["192.168.1.20", "127.0.0.1"])
    ca = CaFiles(files.ca_cert, tmp_path / "tls" / "ca.key")
    refused = {
        "1.1.1.1": forge_leaf(ca, tmp_path / "ip4", ip="1.1.1.1"),
        "8.8.8.8": forge_leaf(ca, tmp_path / "ip4b", ip="8.8.8.8"),
        "2001:4860:4860::8888": forge_leaf(ca, tmp_path / "ip6", ip="2001:4860:4860::8888"),
        "www.bank.com": forge_leaf(ca, tmp_path / "dns", dns="www.bank.com"),
        "fritz.box": forge_leaf(ca, tmp_path / "box", dns="fritz.box"),
    }
    for what, leaf in refused.items():
        assert "permitted subtree violation" in openssl_verify(ca, leaf), what
    accepted = {
        "192.168.1.20": forge_leaf(ca, tmp_path / "lan", ip="192.168.1.20"),
        "10.1.2.3": forge_leaf(ca, tmp_path / "ten", ip="10.1.2.3"),
        "172.16.5.5": forge_leaf(ca, tmp_path / "172", ip="172.16.5.5"),
        "169.254.7.7": forge_leaf(ca, tmp_path / "ll", ip="169.254.7.7"),
        "fd12:3456::1": forge_leaf(ca, tmp_path / "ula", ip="fd12:3456::1"),
        "poker.lan": forge_leaf(ca, tmp_path / "lanname", dns="poker.lan"),
        "laptop.local": forge_leaf(ca, tmp_path / "mdns", dns="laptop.local"),
        "poker.home.arpa": forge_leaf(ca, tmp_path / "arpa", dns="poker.home.arpa"),
    }
    for what, leaf in accepted.items():
        assert openssl_verify(ca, leaf) == "OK", what
    # just outside a private range: 172.32/12 is public
    assert "permitted subtree violation" in openssl_verify(ca, forge_leaf(ca, tmp_path / "172b", ip="172.32.0.1"))
    # the server certificate itself, checked for the address a phone opens
    assert openssl_verify(ca, files.server_chain, ip="192.168.1.20") == "OK"
    # and the server will not ask for a public address or name
    with pytest.raises(CaError, match=r"1\.1\.1\.1"):
        ensure_certificates(tmp_path / "tls", ["localhost"], ["1.1.1.1"])
    with pytest.raises(CaError, match=r"poker\.fritz\.box"):
        ensure_certificates(tmp_path / "tls", ["poker.fritz.box"], ["192.168.1.20"])


def test_the_machines_own_names_go_in_where_the_ca_vouches_and_never_stop_the_server(tmp_path):
    """A replacement laptop's bare host name is outside every CA's constraints: left out, not fatal."""
    files = ensure_certificates(
        tmp_path, ["localhost"], ["10.0.0.57"], optional_dns=["sparelaptop", "sparelaptop.local"]
    )
    assert files.left_out == ("sparelaptop",) and not files.outdated
    import ipaddress

    _verify(files, DNSName("sparelaptop.local"))
    _verify(files, IPAddress(ipaddress.ip_address("10.0.0.57")))


# --- a server with HTTPS at the venue ------------------------------------------------------------


@pytest.fixture
def https_server(tmp_path):
    https_port = free_port()
    srv = ServerProcess(
        tmp_path / "var",
        args=["--https", "--host", "127.0.0.1", "--https-port", str(https_port), "--hostname", "pokerfloor.test"],
    ).start()
    srv.https = f"https://127.0.0.1:{https_port}"
    srv.https_port = https_port
    srv.ca = tmp_path / "var" / "tls" / "ca.pem"
    yield srv
    srv.stop()


def _secure_director(srv) -> Api:
    return _setup(_trusting(Api(srv.https), srv), srv)


def _trusting(api: Api, srv) -> Api:
    """A client that trusts the venue's CA, as a phone that did the trust step (and only it:
    REQUESTS_CA_BUNDLE and the like in the environment would override a session's verify)."""
    api.http.verify, api.http.trust_env = str(srv.ca), False
    return api


def _setup(api: Api, srv) -> Api:
    r = api.post("/api/auth/setup", {"setup_token": srv.setup_token(), "username": "td", "password": "correct horse"})
    assert r.status_code == 200, r.text
    api.token = r.json()["token"]
    return api


def test_https_server_links_trust_page_and_plain_http_rules(https_server):
    srv = https_server
    port = srv.port
    log = srv.log_path.read_text()
    assert f"http://pokerfloor.test:{port}/trust" in log and "fingerprint" in log
    assert f"https://pokerfloor.test:{srv.https_port}/#/setup/" in log
    # plain HTTP sends the app to HTTPS, keeps the trust page and the players' /p
    r = requests.get(srv.url + "/?x=1", allow_redirects=False, timeout=5)
    assert r.status_code == 307 and r.headers["Location"] == f"https://pokerfloor.test:{srv.https_port}/?x=1"
    assert requests.get(srv.url + "/p/", timeout=5).status_code == 200
    trust = requests.get(srv.url + "/trust", headers={"Accept-Language": "de-CH,de;q=0.9"}, timeout=5)
    assert trust.status_code == 200 and "Diesem Server vertrauen" in trust.text
    assert "script-src 'self'" in trust.headers["Content-Security-Policy"]
    der = requests.get(srv.url + "/trust/pokerfloor-ca.crt", timeout=5)
    assert der.headers["Content-Type"] == "application/x-x509-ca-cert"
    ca = x509.load_pem_x509_certificate(srv.ca.read_bytes())
    assert x509.load_der_x509_certificate(der.content) == ca
    fingerprint = ca.fingerprint(__import__("cryptography.hazmat.primitives.hashes", fromlist=["SHA256"]).SHA256())
    # in groups of four bytes that never wrap inside ("AB:CD:EF:01:" …)
    assert fingerprint.hex(":").upper() in re.sub(r"<[^>]+>", "", trust.text)
    assert f"<span>{fingerprint.hex(':').upper()[:12]}</span><wbr>" in trust.text

    # TLS for real: verified against the venue's CA, refused without it
    assert requests.get(srv.https + "/api/health", verify=str(srv.ca), timeout=5).ok
    with pytest.raises(requests.exceptions.SSLError):
        requests.get(srv.https + "/api/health", timeout=5)

    td = _secure_director(srv)
    venue = td.get("/api/venue").json()
    assert venue["local_https"] and venue["secure"] and not venue["loopback"]
    assert venue["staff_url"] == f"https://pokerfloor.test:{srv.https_port}"
    assert venue["player_url"] == f"http://pokerfloor.test:{port}/p"
    tid = seated_tournament(td, players=4, tables=1)
    got = links(td, tid)
    dealer_url, player_url = got["tables"][0]["url"], got["players"][0]["url"]
    assert dealer_url.startswith(f"https://pokerfloor.test:{srv.https_port}/#/dealer/")
    assert player_url.startswith(f"http://pokerfloor.test:{port}/p/#/player/")
    assert got["display"]["url"].startswith(f"http://pokerfloor.test:{port}/p/#/display/")

    # staff tokens never travel in clear: refused on plain HTTP, fine over HTTPS
    plain_login = requests.post(
        srv.url + "/api/auth/login", json={"username": "td", "password": "correct horse"}, timeout=5
    )
    assert plain_login.status_code == 403 and plain_login.json()["error"] == "https_required"
    assert plain_login.json()["secure_url"] == venue["staff_url"]
    plain_dealer = Api(srv.url, token_of(dealer_url))
    refused = plain_dealer.command(tid, "new_hand", {"table_no": 1})
    assert refused.status_code == 403 and refused.json()["error"] == "https_required"
    assert Api(srv.url, td.token).get(f"/api/tournaments/{tid}/view").status_code == 403
    secure_dealer = _trusting(Api(srv.https, token_of(dealer_url)), srv)
    assert secure_dealer.get(f"/api/tournaments/{tid}/view").status_code == 200
    # a player's seat card works over plain HTTP (players never install a CA)
    assert Api(srv.url, token_of(player_url)).get(f"/api/tournaments/{tid}/view").status_code == 200

    # the socket follows the same rule
    staff_socket = socketio.Client(reconnection=False)
    with pytest.raises(socketio.exceptions.ConnectionError):
        staff_socket.connect(srv.url, auth={"token": token_of(dealer_url)}, transports=["websocket"], wait_timeout=5)
    player_socket = socketio.Client(reconnection=False)
    player_socket.connect(srv.url, auth={"token": token_of(player_url)}, transports=["websocket"], wait_timeout=5)
    assert player_socket.connected
    player_socket.disconnect()

    # the table sheet says who it is for and how a new phone trusts the server
    sheet = td.get(f"/api/tournaments/{tid}/print/table-sheets?lang=en&table=1")
    assert sheet.status_code == 200
    assert "Dealer only — whoever scans this can record busts at this table" in sheet.text
    assert 'data-testid="trust-qr"' in sheet.text and f"http://pokerfloor.test:{port}/trust" in sheet.text
    assert 'data-testid="loopback-warning"' not in sheet.text


def test_loopback_links_are_flagged_to_the_director_and_on_printouts(tmp_path):
    srv = ServerProcess(tmp_path / "var").start()  # `make run` as is: this computer only
    try:
        assert "Listening on this computer only" in srv.log_path.read_text()
        td = director(srv)
        venue = td.get("/api/venue").json()
        assert venue["loopback"] is True and venue["fix"] == "listen_on_lan" and not venue["secure"]
        tid = seated_tournament(td, players=4, tables=1)
        sheet = td.get(f"/api/tournaments/{tid}/print/table-sheets?lang=de")
        assert "Diese QR-Codes zeigen auf http://127.0.0.1" in sheet.text
        assert "Nur für den Dealer" in sheet.text
        cards = td.get(f"/api/tournaments/{tid}/print/seat-cards?lang=en")
        assert cards.text.count('data-testid="loopback-warning"') == 1  # one page of 4 cards
        # the trust page explains how to turn HTTPS on
        trust = requests.get(srv.url + "/trust?lang=en", timeout=5)
        assert "runs without HTTPS" in trust.text and "make venue" in trust.text
        assert requests.get(srv.url + "/trust/pokerfloor-ca.crt", timeout=5).status_code == 404
        # the venue view is the director's only
        player = Api(srv.url, token_of(links(td, tid)["players"][0]["url"]))
        assert player.get("/api/venue").status_code == 403
    finally:
        srv.stop()


def test_lan_name_goes_into_links_without_https(tmp_path):
    srv = ServerProcess(tmp_path / "var", args=["--hostname", "poker.lan"]).start()
    try:
        assert f"Phones open http://poker.lan:{srv.port}" in srv.log_path.read_text()
        td = director(srv)
        tid = seated_tournament(td, players=2, tables=1)
        assert links(td, tid)["tables"][0]["url"].startswith(f"http://poker.lan:{srv.port}/#/dealer/")
        venue = td.get("/api/venue").json()
        assert not venue["loopback"] and not venue["secure"] and not venue["local_https"]
        command_ok(td, tid, "start_clock")
    finally:
        srv.stop()
