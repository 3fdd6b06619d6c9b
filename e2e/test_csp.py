"""The app under its Content-Security-Policy in real Chromium: every screen of every role (the
director's list, invite, sections, structure, audit log and leagues; the dealer; the player; the
TV and its seating page; sign-in; the trust page) and the printouts opened from the app as blob:
pages, which inherit the app's policy. No violation anywhere; the sockets connect; the service
worker registers; the QR codes render; the printouts are styled and their Print button prints."""

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from playwright.sync_api import expect

from director_phone import SECTIONS, in_section, open_section, signed_in
from server import command_ok, director, links

EN = {"locale": "en-US"}
# A violation reported by the page itself (also in blob: popups), and print() counted, not opened.
GUARD = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolation(JSON.stringify({directive: e.violatedDirective, blocked: e.blockedURI,
                                        source: e.sourceFile, line: e.lineNumber, page: location.href}));
});
window.print = () => { window.__printed = (window.__printed || 0) + 1; };
"""


class Watch:
    """Every CSP violation in a browser context: the page's own report and Chromium's console line."""

    def __init__(self):
        self.found: list[str] = []

    def attach(self, context):
        context.expose_binding("__cspViolation", lambda source, text: self.found.append(text))
        context.add_init_script(GUARD)
        context.on("console", lambda m: self.found.append(m.text) if "Content Security Policy" in m.text else None)
        return context


def online(page) -> None:
    """The page's socket is connected (the app's own origin is accepted)."""
    expect(page.get_by_test_id("sync-online")).to_have_attribute("data-online", "true")


def image_shows(page, selector: str) -> None:
    img = page.locator(selector).first
    expect(img).to_be_visible()
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=img.element_handle())


def printout(page, testid: str, ready: str):
    """Open a printout from the app's button; it must be styled and its own Print button must print."""
    with page.context.expect_page() as popup:
        page.get_by_test_id(testid).click()
    doc = popup.value
    doc.wait_for_load_state()
    expect(doc.locator(ready).first).to_be_visible()
    assert doc.url.startswith("blob:")
    doc.wait_for_function("() => document.readyState === 'complete'")  # print.js has run: the button is wired
    # its stylesheet is a file (inline <style> would be blocked), loaded with its rules
    doc.wait_for_function(
        "() => [...document.styleSheets].some((s) => s.href && s.href.endsWith('.css') && s.cssRules.length > 5)"
    )
    doc.locator("[data-print]").click()
    doc.wait_for_function("() => window.__printed === 1")
    return doc


def test_no_csp_violation_on_any_screen_of_any_role(live_server, phone, tv):
    td = director(live_server)
    tid = td.post("/api/tournaments", {"name": "CSP Night", "preset": "generic"}).json()["id"]
    for i in range(1, 13):
        command_ok(td, tid, "register_player", {"name": f"Player {i:02d}"})
    command_ok(td, tid, "draw_seats", {"tables": 2})
    command_ok(td, tid, "start_clock")
    urls = links(td, tid)
    watch = Watch()

    # The watch itself sees a violation: an inline script, which the app's policy must block.
    canary = watch.attach(phone(**EN)).new_page()
    canary.goto(f"{td.base}/#/login")
    canary.evaluate(
        "document.body.append(Object.assign(document.createElement('script'), {textContent: 'window.x = 1'}))"
    )
    canary.wait_for_function("() => document.readyState === 'complete'")
    canary.wait_for_timeout(300)
    assert canary.evaluate("window.x") is None
    assert any("script-src" in f for f in watch.found) and any("Content Security Policy" in f for f in watch.found)
    watch.found.clear()
    canary.context.close()

    # Director: the list (with the invite's data: QR), every section, structure, audit log, leagues.
    context = watch.attach(signed_in(phone(**EN), td))
    page = context.new_page()
    page.goto(f"{td.base}/#/director")
    # The cards above the invite button fill in as their answers come; a click while one still
    # grows lands on what moved under it (a CI run under load lost it, as test_director_tools did).
    expect(page.get_by_test_id("club-director-td")).to_be_visible()
    page.wait_for_load_state("networkidle")
    page.get_by_test_id("invite-button").click()
    image_shows(page, "[data-testid='invite-qr']")
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => !!r.active)")
    assert page.evaluate("fetch('/manifest.webmanifest').then((r) => r.json()).then((m) => m.name)") == "pokerfloor"
    page.goto(f"{td.base}/#/director/{tid}")
    online(page)
    for section in SECTIONS:
        open_section(page, section)
        page.wait_for_timeout(300)  # lazily loaded cards and their fetches
    # a QR code of the links list: fetched with the bearer header, shown from a blob: URL
    in_section(page, "tools")
    row = page.locator("li.link-row", has=page.get_by_test_id("link-table-1"))
    row.get_by_role("button", name="QR", exact=True).click()
    image_shows(page, "li.link-row .qr img")

    # Printouts from the app: blob: pages under the app's policy.
    page.get_by_test_id("print-card").scroll_into_view_if_needed()
    cards = printout(page, "print-seat-cards", ".card svg")
    assert cards.evaluate("getComputedStyle(document.querySelector('.page')).backgroundColor") == "rgb(255, 255, 255)"
    cards.close()
    printout(page, "print-table-sheets", "section.page[data-table='1']").close()
    printout(page, "print-seating-list", "[data-testid='seating-list']").close()
    open_section(page, "money")
    printout(page, "results-print", "table").close()

    for path, ready in [
        (f"/director/{tid}/structure", "body"),
        (f"/director/{tid}/audit", "audit-log"),
        ("/director/leagues", "leagues-none"),
    ]:
        page.goto(f"{td.base}/#{path}")
        if ready != "body":
            expect(page.get_by_test_id(ready)).to_be_visible()
        page.wait_for_timeout(300)

    # Dealer and player phones, each a fresh device opening its QR link.
    dealer = watch.attach(phone(**EN)).new_page()
    dealer.goto(next(t["url"] for t in urls["tables"] if t["table_no"] == 1))
    expect(dealer.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
    online(dealer)
    player = watch.attach(phone(**EN)).new_page()
    player.goto(urls["players"][0]["url"])
    expect(player.get_by_test_id("player-seat")).to_be_visible()
    online(player)

    # The TV and its seating page.
    screen = watch.attach(tv(**EN)).new_page()
    screen.goto(urls["display"]["url"])
    expect(screen.get_by_test_id("display-upcoming")).to_be_visible()
    online(screen)
    screen.get_by_test_id("display-show-seating").click()
    expect(screen.get_by_test_id("display-seating")).to_be_visible()

    # A phone with no session: the sign-in page; and the server's trust page.
    stranger = watch.attach(phone(**EN)).new_page()
    stranger.goto(f"{td.base}/#/login")
    expect(stranger.locator("input[type='password']")).to_be_visible()
    stranger.goto(f"{td.base}/trust")
    expect(stranger.locator("h1")).to_be_visible()

    for p in (page, dealer, player, screen, stranger):
        p.wait_for_timeout(200)  # late reports (lazy chunks, images) arrive
    assert watch.found == [], json.dumps(watch.found, indent=1)


OPEN_SOCKET = """async (url) => await new Promise((resolve) => {
  const ws = new WebSocket(url.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket");
  ws.onmessage = (m) => { resolve(String(m.data).startsWith("0") ? "open" : "other"); ws.close(); };
  ws.onerror = () => resolve("refused");
  ws.onclose = () => resolve("refused");
})"""


@pytest.fixture
def foreign_site():
    """Another site on this machine (another port: another origin) whose page has no policy of its own."""

    class Page(BaseHTTPRequestHandler):
        def do_GET(self):
            body = b"<!doctype html><p>another site</p>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()  # its listening socket too, or it warns when collected


def test_a_foreign_page_cannot_open_the_apps_socket(live_server, phone, foreign_site):
    """Browsers apply no CORS to websockets: the server's Origin check is what stops another site's
    page from opening a socket to the club's server. The app's own page opens one."""
    context = phone(**EN)
    own = context.new_page()
    own.goto(f"{live_server.url}/#/login")
    assert own.evaluate(OPEN_SOCKET, live_server.url) == "open"
    foreign = context.new_page()
    foreign.goto(foreign_site)
    assert foreign.evaluate(OPEN_SOCKET, live_server.url) == "refused"
    assert f"{foreign_site} is not an accepted origin" in live_server.log_path.read_text()


def test_venue_https_pages_under_their_policies_and_both_listeners_sockets(tmp_path, phone):
    """serve --https: the staff app over HTTPS and the players' app over plain HTTP on another port
    each open their socket (their own origin) with no violation; the trust page's check runs under
    its own policy; no answer carries HSTS (players would be locked out of plain HTTP)."""
    from server import Api, ServerProcess, free_port, seated_tournament

    https_port = free_port()
    srv = ServerProcess(tmp_path / "var", args=["--https", "--host", "127.0.0.1", "--https-port", str(https_port)])
    srv.start()
    try:
        secure = f"https://127.0.0.1:{https_port}"
        td = Api(secure)
        td.http.verify, td.http.trust_env = str(tmp_path / "var" / "tls" / "ca.pem"), False
        r = td.post(
            "/api/auth/setup", {"setup_token": srv.setup_token(), "username": "td", "password": "correct horse"}
        )
        td.token = r.json()["token"]
        tid = seated_tournament(td, players=4, tables=1)
        urls = links(td, tid)
        assert urls["players"][0]["url"].startswith(f"{srv.url}/p/#/player/")
        watch = Watch()
        staff = watch.attach(signed_in(phone(**EN, ignore_https_errors=True), td)).new_page()
        answer = staff.goto(f"{secure}/#/director/{tid}")
        assert "strict-transport-security" not in answer.headers
        online(staff)
        player = watch.attach(phone(**EN)).new_page()
        answer = player.goto(urls["players"][0]["url"])
        assert "strict-transport-security" not in answer.headers
        expect(player.get_by_test_id("player-seat")).to_be_visible()
        online(player)
        trust = watch.attach(phone(**EN)).new_page()
        trust.goto(f"{srv.url}/trust")
        expect(trust.get_by_test_id("trust-status")).to_have_attribute("data-trusted", "false")  # CA not installed
        for page in (staff, player, trust):
            page.wait_for_timeout(200)
        assert watch.found == [], json.dumps(watch.found, indent=1)
    finally:
        srv.stop()
