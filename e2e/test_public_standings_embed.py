"""The issue's acceptance (docs/standings-publish.md): a club's website frames the league's public
standings. A second web server (HTTPS, on 127.0.0.1 at another port) plays the club's site with an
iframe of the page: from https://127.0.0.1:<port>, the origin the director configured, the standings
render inside the frame; from https://localhost:<port>, the same page on an origin nobody configured,
Chromium refuses the frame (frame-ancestors) and it holds no standings. Real Chromium, real server."""

from __future__ import annotations

import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from playwright.sync_api import expect

from server import command_ok, director, free_port
from smtp_sink import self_signed


class ClubSite:
    """https://<127.0.0.1 or localhost>:<port>/: a phone-ready page with the iframe the director's
    screen gives to paste."""

    def __init__(self, directory, snippet: str):
        self.port = free_port()
        head = '<meta name="viewport" content="width=device-width, initial-scale=1">'
        html = (
            f"<!doctype html><html><head>{head}</head><body><h1>Poker Club Basel</h1>{snippet}</body></html>".encode()
        )

        class Page(BaseHTTPRequestHandler):
            def do_GET(self):
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


def test_the_standings_render_in_the_configured_site_s_frame_and_nowhere_else(live_server, phone, tmp_path, shot):
    td = director(live_server)
    tid = td.post("/api/tournaments", {"name": "Montagsturnier", "preset": "generic"}).json()["id"]
    ids = [
        command_ok(td, tid, "register_player", {"name": n})["result"]["entry_id"] for n in ("Jürg Meier", "Anna Weiss")
    ]
    command_ok(td, tid, "draw_seats", {"tables": 1})
    command_ok(td, tid, "record_bust", {"entry_id": ids[1]})  # Jürg wins
    lid = td.post("/api/leagues", {"name": "Basel Ranking 2026", "kind": "v_ranking"}).json()["id"]
    assert td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": tid}).status_code == 200
    snippet = td.get(f"/api/leagues/{lid}/publish").json()["embed"]

    site = ClubSite(tmp_path, snippet)
    try:
        settings = {"published": True, "names": "initials", "origins": [site.url("127.0.0.1")]}
        assert td.put(f"/api/leagues/{lid}/publish", settings).json()["origins"] == [site.url("127.0.0.1").rstrip("/")]
        refusals: list[str] = []
        context = phone(ignore_https_errors=True)  # the site's own certificate is made up for the test
        context.on("console", lambda m: refusals.append(m.text) if "frame-ancestors" in m.text else None)
        page = context.new_page()

        page.goto(site.url("127.0.0.1"))
        standings = page.frame_locator("iframe")
        expect(standings.locator("table[data-standings]")).to_be_visible()
        expect(standings.locator("tbody tr").first).to_contain_text("J. M.")
        expect(standings.locator("tbody tr").first).to_contain_text("25")  # V-XII: 25 for the win
        assert refusals == []
        shot(page, "public-standings-embed")

        page.goto(site.url("localhost"))  # the same page from an origin nobody configured
        page.wait_for_function("() => document.querySelector('iframe') !== null")
        page.wait_for_timeout(500)
        frame = page.frame(url=lambda url: "/s/" in url) or next(f for f in page.frames if f != page.main_frame)
        assert frame.url.startswith("chrome-error://") or frame.locator("table[data-standings]").count() == 0
        assert any("frame-ancestors" in text for text in refusals), refusals
    finally:
        site.close()
