"""The issue's acceptance (docs/standings-publish.md): a club's website frames the league's public
standings. The director switches the page on in the league's Publish card (a plain-HTTP website is
refused there, the https one taken) and copies the code to paste. A second web server (HTTPS, on 127.0.0.1 at another port) plays the club's site with an
iframe of the page: from https://127.0.0.1:<port>, the origin the director configured, the standings
render inside the frame; from https://localhost:<port>, the same page on an origin nobody configured,
Chromium refuses the frame (frame-ancestors) and it holds no standings. Real Chromium, real server."""

from __future__ import annotations

import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from playwright.sync_api import expect

from director_phone import director_at
from server import command_ok, director, free_port
from smtp_sink import self_signed


class ClubSite:
    """https://<127.0.0.1 or localhost>:<port>/: a phone-ready page with the iframe the director's
    screen gives to paste."""

    def __init__(self, directory):
        self.port = free_port()
        self.snippet = ""  # pasted once the director has it
        site = self

        class Page(BaseHTTPRequestHandler):
            def do_GET(self):
                head = '<meta name="viewport" content="width=device-width, initial-scale=1">'
                body = f"<h1>Poker Club Basel</h1>{site.snippet}"
                html = f"<!doctype html><html><head>{head}</head><body>{body}</body></html>".encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(html)))
                self.end_headers()
                self.wfile.write(html)

            def log_message(self, *args):
                pass

        cert, key = self_signed(directory)
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(cert, key)
        self.httpd = ThreadingHTTPServer(("127.0.0.1", self.port), Page)
        self.httpd.socket = tls.wrap_socket(self.httpd.socket, server_side=True)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, host: str) -> str:
        return f"https://{host}:{self.port}/"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


def test_the_director_publishes_and_the_club_site_frames_the_standings_nowhere_else(live_server, phone, tmp_path, shot):
    td = director(live_server)
    tid = td.post("/api/tournaments", {"name": "Montagsturnier", "preset": "generic"}).json()["id"]
    players = ("Jürg Meier", "Anna Weiss")
    ids = [command_ok(td, tid, "register_player", {"name": n})["result"]["entry_id"] for n in players]
    command_ok(td, tid, "draw_seats", {"tables": 1})
    command_ok(td, tid, "record_bust", {"entry_id": ids[1]})  # Jürg wins
    lid = td.post("/api/leagues", {"name": "Basel Ranking 2026", "kind": "v_ranking"}).json()["id"]
    assert td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": tid}).status_code == 200

    site = ClubSite(tmp_path)
    try:
        # the director's league screen: Publish, initials, the club's website; the code to paste
        desk = director_at(phone, td, f"/director/leagues/{lid}", "publish-card", locale="en-US")
        card = desk.get_by_test_id("publish-card")
        card.scroll_into_view_if_needed()
        shot(desk, "publish-card-off")
        desk.get_by_test_id("publish-on").check()
        desk.get_by_test_id("publish-names-initials").check()
        desk.get_by_test_id("publish-origins").fill("http://127.0.0.1")
        desk.get_by_test_id("publish-save").click()
        expect(desk.get_by_test_id("publish-note")).to_contain_text("Line 1: Must start with https://")
        desk.get_by_test_id("publish-origins").fill(site.url("127.0.0.1"))
        desk.get_by_test_id("publish-save").click()
        expect(desk.get_by_test_id("publish-note")).to_have_text("Saved.")
        expect(card).to_have_attribute("data-published", "true")
        expect(desk.get_by_test_id("publish-qr")).to_be_visible()
        site.snippet = desk.get_by_test_id("publish-embed").input_value()
        assert site.snippet.startswith('<iframe src="') and "/s/" in site.snippet
        desk.get_by_test_id("publish-link").scroll_into_view_if_needed()
        shot(desk, "publish-card-on")
        german = director_at(phone, td, f"/director/leagues/{lid}", "publish-link", locale="de-CH")
        expect(german.get_by_test_id("publish-card")).to_contain_text("Veröffentlicht")
        german.get_by_test_id("publish-card").scroll_into_view_if_needed()
        shot(german, "publish-card-de")

        refusals: list[str] = []
        context = phone(ignore_https_errors=True)  # the site's own certificate is made up for the test
        context.on("console", lambda m: refusals.append(m.text) if "Content Security Policy" in m.text else None)
        page = context.new_page()

        page.goto(site.url("127.0.0.1"))
        standings = page.frame_locator("iframe")
        expect(standings.locator("table[data-standings]")).to_be_visible()
        expect(standings.locator("tbody tr").first).to_contain_text("J. M.")
        expect(standings.locator("tbody tr").first).to_contain_text("25")  # V-XII: 25 for the win
        assert standings.locator("table").evaluate("t => getComputedStyle(t).borderCollapse") == "collapse"  # styled
        assert refusals == []  # nothing of the page refused: its frame, its stylesheet
        shot(page, "public-standings-embed")

        page.goto(site.url("localhost"))  # the same page from an origin nobody configured
        page.wait_for_function("() => document.querySelector('iframe') !== null")
        page.wait_for_timeout(500)
        frame = next(f for f in page.frames if f != page.main_frame)
        assert frame.url.startswith("chrome-error://") or frame.locator("table[data-standings]").count() == 0
        assert any("frame-ancestors" in text for text in refusals), refusals
    finally:
        site.close()
