"""Phones at a venue, in real Chromium: a staff phone trusts the venue's CA from the trust page and
reopens the dealer app offline over HTTPS; a player's phone that trusts nothing opens its seat card
over plain HTTP; a plain-HTTP venue says offline restart is off; a loopback server warns the
director; a lost table sheet is replaced and reprinted in two taps.

The venue's host name `pokerfloor.test` is mapped to 127.0.0.1 in the browser, so the origin is
not `localhost`: only real TLS with a trusted CA makes it a secure context (servers still listen
on 127.0.0.1 only)."""

import json
import re

import pytest
from playwright.sync_api import expect

from director_phone import director_at, in_section
from server import Api, ServerProcess, command_ok, free_port, links, read_db, seated_tournament, token_of
from trusted_browser import launch_trusting

HOST = "pokerfloor.test"
NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"
# Where a fingerprint wraps: the character before each line break (rendered position of every
# character, from Ranges over the text). Only ":" may end a line, never half of "AB".
LINE_ENDS = """el => {
  const chars = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    for (let i = 0; i < node.data.length; i++) {
      const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
      const box = r.getClientRects()[0];
      if (box) chars.push([node.data[i], Math.round(box.top)]);
    }
  }
  const ends = [];
  for (let i = 1; i < chars.length; i++) if (chars[i][1] > chars[i - 1][1]) ends.push(chars[i - 1][0]);
  return ends;
}"""
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


class Venue:
    """A server started as a club would at the venue, reached by the name phones use."""

    def __init__(self, tmp_path, https: bool):
        self.https_port = free_port()
        args = ["--host", "127.0.0.1", "--hostname", HOST]
        if https:
            args += ["--https", "--https-port", str(self.https_port)]
        self.server = ServerProcess(tmp_path / "var", args=args).start()
        self.ca = tmp_path / "var" / "tls" / "ca.pem"
        self.plain = f"http://{HOST}:{self.server.port}"
        self.secure = f"https://{HOST}:{self.https_port}" if https else None
        # The API from the tests: by address (requests does not know the test name), trusting the CA.
        self.api = Api(f"https://127.0.0.1:{self.https_port}" if https else self.server.url)
        if https:
            self.api.http.verify, self.api.http.trust_env = str(self.ca), False
        r = self.api.post(
            "/api/auth/setup", {"setup_token": self.server.setup_token(), "username": "td", "password": "correct horse"}
        )
        assert r.status_code == 200, r.text
        self.api.token = r.json()["token"]

    def director_api_as_seen_by_phones(self) -> Api:
        """The same session, with the base URL the phones use (for director_at)."""
        api = Api(self.secure or self.plain, self.api.token)
        return api


@pytest.fixture
def https_venue(tmp_path):
    venue = Venue(tmp_path, https=True)
    yield venue
    venue.server.stop()


@pytest.fixture
def plain_venue(tmp_path):
    venue = Venue(tmp_path, https=False)
    yield venue
    venue.server.stop()


def test_staff_phone_trusts_the_venue_and_reopens_offline_player_needs_nothing(
    https_venue, browser_type, browser_type_launch_args, tmp_path, shot
):
    venue = https_venue
    td = venue.api
    tid = seated_tournament(td, players=8, tables=1)
    command_ok(td, tid, "start_clock")
    got = links(td, tid)
    dealer_url, player_url = got["tables"][0]["url"], got["players"][0]["url"]
    assert dealer_url.startswith(f"{venue.secure}/#/dealer/")
    assert player_url.startswith(f"{venue.plain}/p/#/player/")

    trusting = launch_trusting(
        browser_type, venue.ca, {HOST: "127.0.0.1"}, tmp_path / "trusting", browser_type_launch_args
    )
    untrusting = launch_trusting(
        browser_type, None, {HOST: "127.0.0.1"}, tmp_path / "untrusting", browser_type_launch_args
    )
    try:
        # A player's phone trusts nothing: its seat card opens over plain HTTP anyway.
        player = untrusting.new_context(**PHONE).new_page()
        player.goto(player_url)
        expect(player.get_by_test_id("player-seat")).to_have_attribute("data-table", "1")
        expect(player.get_by_test_id("insecure-notice")).to_have_count(0)  # nothing players can act on
        shot(player, "venue-player-plain-http")
        # ...and the trust page tells it honestly that it does not trust the server
        player.goto(f"{venue.plain}/trust")
        expect(player.get_by_test_id("trust-status")).to_have_attribute("data-trusted", "false")
        shot(player, "venue-trust-untrusted")
        # a staff link on an untrusting phone: the browser refuses the certificate
        with pytest.raises(Exception, match="ERR_CERT"):
            player.goto(dealer_url)

        # The dealer's phone did the trust step: the page says so and opens the secure app.
        ctx = trusting.new_context(**PHONE)
        dealer = ctx.new_page()
        dealer.goto(f"{venue.plain}/trust?lang=de")
        expect(dealer.get_by_test_id("trust-status")).to_have_attribute("data-trusted", "true")
        expect(dealer.get_by_test_id("trust-fingerprint")).to_contain_text(
            td.get("/api/venue").json()["ca_fingerprint"]
        )
        assert set(dealer.get_by_test_id("trust-fingerprint").evaluate(LINE_ENDS)) <= {":"}
        shot(dealer, "venue-trust-trusted-de")
        dealer.goto(dealer_url)
        seats = dealer.locator("[data-testid^='seat-'][data-entry-id]")
        expect(seats).to_have_count(8)
        assert dealer.evaluate("isSecureContext") is True
        expect(dealer.get_by_test_id("insecure-notice")).to_have_count(0)
        dealer.wait_for_function(
            "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=15_000
        )
        victim = int(seats.nth(3).get_attribute("data-entry-id"))

        ctx.set_offline(True)
        dealer.get_by_test_id(f"bust-{victim}").click()
        dealer.get_by_test_id("bust-confirm").click()
        expect(dealer.get_by_test_id("sync-pending")).to_have_attribute("data-count", "1")
        dealer.reload()  # offline, over HTTPS: the service worker serves the app
        expect(seats).to_have_count(8)
        expect(dealer.get_by_test_id("sync-pending")).to_have_attribute("data-count", "1")
        shot(dealer, "venue-dealer-https-offline")
        ctx.set_offline(False)
        expect(dealer.get_by_test_id("sync-pending")).to_have_attribute("data-count", "0", timeout=20_000)
        busts = read_db(
            venue.server, "SELECT payload FROM event WHERE tournament_id = ? AND type = 'player_busted'", (tid,)
        )
        assert [json.loads(payload)["entry_id"] for (payload,) in busts] == [victim]  # once

        # The table sheets were printed at another address (the laptop moved, or this is a restore):
        # the director's screens say so, loudly, with the fix.
        (venue.server.var_dir / "printed.json").write_text(
            json.dumps({"staff_url": "https://192.168.1.99:5443", "player_url": "http://192.168.1.99:5000/p"})
        )
        # The director, on the trusted phone, sees the phones' addresses and the trust QR.
        page = director_at(
            lambda **o: trusting.new_context(**{**PHONE, **o}),
            venue.director_api_as_seen_by_phones(),
            f"/director/{tid}",
            "clock-status",
        )
        alarm = page.get_by_test_id("venue-printed-elsewhere")
        expect(alarm).to_contain_text("Printed QR codes point at https://192.168.1.99:5443")
        expect(alarm).to_contain_text(f"This server is now at {venue.secure}")
        expect(alarm).to_contain_text("DHCP reservation")
        shot(page, "venue-director-printed-elsewhere")
        in_section(page, "tools")  # the phones' addresses and QR codes (the Tools section)
        card = page.get_by_test_id("venue-card")
        card.scroll_into_view_if_needed()
        fingerprint = page.get_by_test_id("venue-fingerprint")
        expect(fingerprint).to_have_text(td.get("/api/venue").json()["ca_fingerprint"])
        ends = fingerprint.evaluate(LINE_ENDS)
        assert ends and set(ends) <= {":"}, ends  # it wraps at 390 px, between groups only
        expect(page.get_by_test_id("venue-staff-url")).to_have_text(venue.secure)
        expect(page.get_by_test_id("venue-player-url")).to_have_text(f"{venue.plain}/p")
        expect(page.get_by_test_id("venue-trust")).to_be_visible()
        expect(page.get_by_test_id("venue-loopback")).to_have_count(0)
        assert page.evaluate(NO_SIDEWAYS_SCROLL)
        shot(page, "venue-director-phones-card")
    finally:
        trusting.close()
        untrusting.close()


def test_plain_http_venue_says_offline_restart_is_off(
    plain_venue, browser_type, browser_type_launch_args, tmp_path, shot
):
    venue = plain_venue
    tid = seated_tournament(venue.api, players=6, tables=1)
    dealer_url = links(venue.api, tid)["tables"][0]["url"]
    assert dealer_url.startswith(f"{venue.plain}/#/dealer/")
    browser = launch_trusting(browser_type, None, {HOST: "127.0.0.1"}, tmp_path / "b", browser_type_launch_args)
    try:
        dealer = browser.new_context(**PHONE).new_page()
        dealer.goto(dealer_url)
        expect(dealer.locator("[data-testid^='seat-'][data-entry-id]")).to_have_count(6)
        notice = dealer.get_by_test_id("insecure-notice")
        expect(notice).to_contain_text(re.compile("Offline restart is off", re.I))
        expect(dealer.get_by_test_id("insecure-notice-fix")).to_have_attribute("href", "/trust")
        assert dealer.evaluate(NO_SIDEWAYS_SCROLL)
        shot(dealer, "venue-dealer-plain-http")
        # the TV in the same insecure context needs no trust step: the room never reads this notice
        screen = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        screen.goto(links(venue.api, tid)["display"]["url"])
        expect(screen.get_by_test_id("clock-time")).to_be_visible()
        assert screen.evaluate("() => window.isSecureContext") is False
        expect(screen.get_by_test_id("insecure-notice")).to_have_count(0)

        page = director_at(
            lambda **o: browser.new_context(**{**PHONE, **o}),
            venue.director_api_as_seen_by_phones(),
            f"/director/{tid}",
            "clock-status",
        )
        expect(page.get_by_test_id("insecure-notice")).to_be_visible()
        in_section(page, "tools")
        page.get_by_test_id("venue-card").scroll_into_view_if_needed()
        expect(page.get_by_test_id("venue-staff-url")).to_have_text(venue.plain)
        expect(page.get_by_test_id("venue-plain-http")).to_contain_text("make venue")
        assert page.evaluate(NO_SIDEWAYS_SCROLL)
        shot(page, "venue-director-plain-http")
    finally:
        browser.close()


def test_loopback_alarm_and_a_new_table_qr_in_two_taps(live_server, phone, shot):
    from server import director

    td = director(live_server)
    tid = seated_tournament(td, players=6, tables=1)
    old_url = links(td, tid)["tables"][0]["url"]
    dealer = phone().new_page()
    dealer.goto(old_url)
    expect(dealer.locator("[data-testid^='seat-'][data-entry-id]")).to_have_count(6)

    page = director_at(phone, td, f"/director/{tid}", "clock-status")
    alarm = page.get_by_test_id("venue-loopback")
    expect(alarm).to_contain_text("127.0.0.1")
    expect(alarm).to_contain_text("HOST=0.0.0.0 make run")
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    shot(page, "venue-director-loopback")

    in_section(page, "tools")
    row = page.get_by_test_id("renew-table-1")
    row.scroll_into_view_if_needed()
    row.click()  # tap 1
    shot(page, "venue-renew-confirm")
    with page.expect_popup() as popup:
        page.get_by_test_id("renew-confirm").click()  # tap 2
    sheet = popup.value
    expect(sheet.locator("[data-table='1']")).to_be_visible()
    expect(sheet.get_by_test_id("dealer-only")).to_contain_text("whoever scans this can record busts")
    expect(sheet.get_by_test_id("loopback-warning")).to_be_visible()
    # the phone that ran the old sheet is told at once; the new sheet's code is another link
    expect(page.get_by_test_id("link-table-1")).not_to_have_attribute("href", old_url)
    expect(dealer.get_by_test_id("dealer-invalid")).to_have_attribute("data-reason", "revoked")
    new_url = page.get_by_test_id("link-table-1").get_attribute("href")
    assert token_of(new_url) != token_of(old_url)
    assert Api(live_server.url, token_of(new_url)).get(f"/api/tournaments/{tid}/view").status_code == 200
    assert Api(live_server.url, token_of(old_url)).get(f"/api/tournaments/{tid}/view").status_code == 401
