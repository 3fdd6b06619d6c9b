"""Security headers on every answer, no-store on every answer carrying a token, HSTS only where
it cannot lock players out, and Socket.IO refusing foreign pages (docs/security-headers.md)."""

import base64
import hashlib
import re
import socket
from urllib.parse import urlsplit

import pytest
import requests
import socketio
from flask.testing import FlaskClient

from backend.api.security_headers import socket_sources
from server import Api, ServerProcess, director, links, seated_tournament, token_of

HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


APP_HTML = '<!doctype html><script type="module" src="/assets/app.js"></script>'


def make_app(tmp_path, index_html: str = APP_HTML, **overrides):
    from backend.app import create_app
    from backend.config import Config

    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True, exist_ok=True)
    (dist / "index.html").write_text(index_html)
    (dist / "sw.js").write_text("self.addEventListener('fetch', () => {});")
    (dist / "manifest.webmanifest").write_text('{"name": "pokerfloor"}')
    (dist / "assets" / "app.js").write_text("console.log(1);")
    config = Config(
        SECRET_KEY="k" * 32,
        VAR_DIR=tmp_path,
        BACKUP_AUTO=False,
        **{"DATABASE_URL": f"sqlite:///{tmp_path / 'h.db'}", "PWA_DIST": dist, **overrides},
    )
    app = create_app(config, async_mode="threading")
    app.test_client_class = BufferedClient
    return app


class BufferedClient(FlaskClient):
    """Reads each answer whole and closes it, as a WSGI server does: a file answer left streaming
    (send_from_directory) would stay open and warn."""

    def open(self, *args, **kwargs):
        kwargs.setdefault("buffered", True)
        return super().open(*args, **kwargs)


def policy(response) -> dict[str, str]:
    """The Content-Security-Policy as {directive: sources}."""
    parts = (p.strip() for p in response.headers["Content-Security-Policy"].split(";"))
    return {p.split(" ", 1)[0]: (p.split(" ", 1) + [""])[1] for p in parts if p}


API_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
}
PAGE_ONLY = ("Referrer-Policy", "Cross-Origin-Opener-Policy", "Permissions-Policy")


def is_json(response) -> bool:
    return response.headers.get("Content-Type", "").split(";")[0].strip() == "application/json"


def assert_api_secured(response, what: str) -> None:
    """OWASP's set for a REST answer: nothing sniffed, framed or loaded; no page policies."""
    assert is_json(response), what
    for name, value in API_HEADERS.items():
        assert response.headers.get(name) == value, f"{what}: {name} is {response.headers.get(name)!r}"
    for name in PAGE_ONLY:
        assert name not in response.headers, f"{what}: a page's {name} on a JSON answer"


def assert_secured(response, what: str) -> None:
    """A page's or a file's headers and the app's policy; a JSON answer's are an API answer's."""
    if is_json(response):
        assert_api_secured(response, what)
        return
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, f"{what}: {name} is {response.headers.get(name)!r}"
    # the camera for the app itself only (the desk's QR scanner); the microphone never
    assert "camera=(self)" in response.headers["Permissions-Policy"], what
    assert "microphone=()" in response.headers["Permissions-Policy"], what
    csp = policy(response)
    assert csp.get("frame-ancestors") == "'none'", what
    assert "unsafe-inline" not in response.headers["Content-Security-Policy"], what
    assert "unsafe-eval" not in response.headers["Content-Security-Policy"], what


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path).test_client()


def test_every_kind_of_answer_carries_the_headers_and_the_app_policy(client):
    answers = {
        "the app": client.get("/"),
        "a deep link": client.get("/director/7"),
        "sw.js": client.get("/sw.js"),
        "the manifest": client.get("/manifest.webmanifest"),
        "a script": client.get("/assets/app.js"),
        "the print script": client.get("/print-assets/print.js"),
    }
    api_answers = {
        "health": client.get("/api/health"),
        "an API 404": client.get("/api/nothing-here"),
        "a 401": client.get("/api/me"),
        "a 405": client.delete("/api/health"),
        "a validation error": client.post("/api/auth/login", json={"username": 5}),
        "the openapi document": client.get("/api/openapi.json"),
    }
    for what, response in answers.items():
        assert not is_json(response), what
        assert_secured(response, what)
    for what, response in api_answers.items():
        assert_api_secured(response, what)
    for what, response in {**answers, **api_answers}.items():
        assert "Strict-Transport-Security" not in response.headers, f"{what}: HSTS over plain HTTP"
    app = policy(answers["the app"])
    assert app["default-src"] == "'self'" and app["script-src"] == "'self'" and app["style-src"] == "'self'"
    assert app["object-src"] == "'none'" and app["base-uri"] == "'self'" and app["form-action"] == "'self'"
    assert app["img-src"].split() == ["'self'", "data:", "blob:"]  # QR codes: data: (invite), blob: (links)
    assert app["connect-src"].split() == ["'self'", "ws://localhost", "wss://localhost"]
    assert answers["sw.js"].headers["Cache-Control"] == "no-cache"  # still never cached, so phones update
    assert api_answers["health"].headers["Cache-Control"] == "no-store"  # API answers are per phone and live
    assert answers["the print script"].headers["Content-Type"].startswith("text/javascript")


def test_a_forged_host_writes_nothing_into_the_policy(client):
    forged = client.get("/", headers={"Host": "x; script-src *"})
    assert "script-src *" not in forged.headers["Content-Security-Policy"]
    assert policy(forged)["connect-src"] == "'self'"
    # The headers go onto the answer unchecked (security_headers.py): a host ending in a line
    # break must not pass as a name and split the policy header.
    assert socket_sources("pokerfloor.local\n") == ""
    assert socket_sources("pokerfloor.local\r\nSet-Cookie: a=b") == ""
    lan = client.get("/", headers={"Host": "192.168.1.20:5000"})
    assert policy(lan)["connect-src"] == "'self' ws://192.168.1.20:5000 wss://192.168.1.20:5000"


def test_hsts_only_over_https_and_never_in_the_venue_split_mode(tmp_path):
    plain = make_app(tmp_path / "a").test_client()
    assert "Strict-Transport-Security" not in plain.get("/api/health").headers
    secure = plain.get("/api/health", base_url="https://pokerfloor.example")
    assert secure.headers["Strict-Transport-Security"] == "max-age=15552000"
    # X-Forwarded-Proto counts only from a trusted proxy (ProxyFix), never from anyone
    forged = plain.get("/api/health", headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in forged.headers
    proxied = make_app(tmp_path / "b", TRUSTED_PROXIES=1).test_client()
    behind = proxied.get("/api/health", headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "10.0.0.9"})
    assert behind.headers["Strict-Transport-Security"] == "max-age=15552000"
    assert "Strict-Transport-Security" not in proxied.get("/api/health", headers={"X-Forwarded-Proto": "http"}).headers
    # serve --https: players use plain HTTP on the same host name, HSTS (which ignores ports) would lock them out
    venue = make_app(tmp_path / "c", LOCAL_HTTPS=True).test_client()
    assert "Strict-Transport-Security" not in venue.get("/api/health", base_url="https://venue.local:5443").headers
    off = make_app(tmp_path / "d", HSTS_SECONDS=0).test_client()
    assert "Strict-Transport-Security" not in off.get("/api/health", base_url="https://pokerfloor.example").headers


def test_every_answer_with_a_token_is_no_store(server):
    """Login, setup, invite, links, the QR codes and the printouts: each carries a token (or a link
    holding one) and must never sit in a cache."""
    setup = requests.post(
        server.url + "/api/auth/setup",
        json={"setup_token": server.setup_token(), "username": "td", "password": "correct horse"},
        timeout=10,
    )
    assert setup.status_code == 200 and setup.json()["token"]
    td = Api(server.url, setup.json()["token"])
    answers = {
        "setup": setup,
        "login": td.post("/api/auth/login", {"username": "td", "password": "correct horse"}),
        "a refused login": td.post("/api/auth/login", {"username": "td", "password": "wrong one"}),
        "invite": td.post("/api/directors/invite", {}),
    }
    assert answers["login"].json()["token"] and "/#/setup/" in answers["invite"].json()["url"]
    tid = seated_tournament(td, players=4, tables=1)
    answers["links"] = td.get(f"/api/tournaments/{tid}/links")
    entry = answers["links"].json()["players"][0]["entry_id"]
    for path in [
        "qr/display.svg",
        "qr/table/1.svg",
        f"qr/player/{entry}.svg",
        "print/seat-cards?lang=en",
        "print/table-sheets?lang=en",
        "print/seating-list?lang=en",
        "results.html?lang=en",
    ]:
        answers[path] = td.get(f"/api/tournaments/{tid}/{path}")
    for what, response in answers.items():
        assert response.status_code in (200, 201, 401), f"{what}: {response.status_code} {response.text[:200]}"
        assert response.headers["Cache-Control"] == "no-store", f"{what}: {response.headers.get('Cache-Control')}"
        assert_secured(response, what)
    assert answers["a refused login"].status_code == 401


def test_printouts_have_no_inline_script_or_style_and_link_their_files(td):
    tid = seated_tournament(td, players=4, tables=1)
    for path in ["print/seat-cards", "print/table-sheets", "print/seating-list", "results.html"]:
        page = td.get(f"/api/tournaments/{tid}/{path}?lang=en")
        assert page.status_code == 200, path
        html = page.text
        assert "<style" not in html and " style=" not in html and "onclick" not in html.lower(), path
        assert re.findall(r"<script[^>]*>", html) == [f'<script src="{td.base}/print-assets/print.js">'], path
        sheet = re.search(r'<link rel="stylesheet" href="([^"]+)">', html).group(1)
        assert sheet.startswith(f"{td.base}/print-assets/") and sheet.endswith(".css"), path
        assert "data-print>" in html, path  # the print button, wired by print.js
        csp = policy(page)
        assert csp["script-src"] == "'self'" and csp["style-src"] == "'self'" and csp["default-src"] == "'none'"
        css = requests.get(sheet, timeout=5)
        assert css.status_code == 200 and css.headers["Content-Type"].startswith("text/css") and "@page" in css.text
    script = requests.get(f"{td.base}/print-assets/print.js", timeout=5)
    assert "window.print()" in script.text and script.headers["X-Content-Type-Options"] == "nosniff"
    other = requests.get(f"{td.base}/print-assets/printout.py", timeout=5)  # only the three named files
    assert "print_assets" not in other.text and not other.headers["Content-Type"].startswith("text/x-python")


# --- Socket.IO: which pages may open a socket -----------------------------------------------------


def socket_client(
    origin: str | None, transport: str, sock: socket.socket | None = None, **client_options
) -> socketio.Client:
    """A python-socketio client whose handshake carries `origin` as a browser's would (None: no Origin);
    over a websocket on `sock` if given (the caller then closes it)."""
    if transport == "websocket":  # websocket-client writes its own Origin header unless told which
        ws_options: dict = {"origin": origin, "suppress_origin": origin is None}
        if sock is not None:
            ws_options["socket"] = sock
        client_options["websocket_extra_options"] = ws_options
    return socketio.Client(reconnection=False, **client_options)


def handshake(
    client: socketio.Client, url: str, token: str, origin: str | None, transport: str, extra: dict | None
) -> None:
    headers = {**({"Origin": origin} if origin and transport == "polling" else {}), **(extra or {})}
    client.connect(url, auth={"token": token}, transports=[transport], headers=headers, wait_timeout=5)


def connect(
    url: str, token: str, origin: str | None, transport: str, extra: dict | None = None, **client_options
) -> socketio.Client:
    client = socket_client(origin, transport, **client_options)
    handshake(client, url, token, origin, transport, extra)
    return client


def hang_up(client: socketio.Client) -> None:
    """Disconnect and close the client's HTTP session too (python-engineio leaves it open)."""
    client.disconnect()
    if client.eio.http is not None:
        client.eio.http.close()


def refused(url: str, token: str, origin: str, transport: str, extra: dict | None = None, **client_options) -> None:
    """The server answers 400 before any Socket.IO session exists. Over a websocket gevent-websocket has
    already upgraded, so the client sees an empty answer (ValueError) rather than a ConnectionError."""
    # python-engineio and websocket-client close neither the socket nor the HTTP session of a
    # handshake the server refused: the test owns both and closes them, rather than let their
    # ResourceWarning fail whichever test the garbage collector runs in (a full gc.collect()
    # instead cost seconds per call in a pytest worker that had run hundreds of tests).
    parts = urlsplit(url)
    sock = socket.create_connection((parts.hostname, parts.port)) if transport == "websocket" else None
    client = socket_client(origin, transport, sock=sock, **client_options)
    try:
        with pytest.raises((socketio.exceptions.ConnectionError, ValueError)):
            handshake(client, url, token, origin, transport, extra)
    finally:
        if sock is not None:
            sock.close()
        if client.eio.http is not None and "http_session" not in client_options:
            client.eio.http.close()
    assert not client.connected


@pytest.mark.parametrize("transport", ["websocket", "polling"])
def test_socket_refuses_a_foreign_origin_and_takes_the_apps_own(server, transport):
    td = director(server)
    tid = seated_tournament(td, players=4, tables=1)
    player = token_of(links(td, tid)["players"][0]["url"])
    for foreign in [
        "http://evil.example",
        f"http://127.0.0.1:{server.port + 1}",
        f"https://127.0.0.1:{server.port}",
        "null",
    ]:
        refused(server.url, player, foreign, transport)
    assert "http://evil.example is not an accepted origin" in server.log_path.read_text()
    for own in [server.url, None]:  # a browser on the app's own page; a native client sends none
        client = connect(server.url, player, own, transport)
        assert client.connected
        hang_up(client)
    raw = requests.get(
        server.url + "/socket.io/?EIO=4&transport=polling", headers={"Origin": "http://evil.example"}, timeout=5
    )
    assert raw.status_code == 400 and "Access-Control-Allow-Origin" not in raw.headers


def test_socket_accepts_the_configured_public_origin_behind_a_proxy(tmp_path):
    """PUBLIC_URL's origin is the app's, whatever Host a proxy forwards; X-Forwarded-Proto only from a
    trusted proxy."""
    srv = ServerProcess(tmp_path / "var", env={"PUBLIC_URL": "https://poker.example", "TRUSTED_PROXIES": "1"}).start()
    try:
        td = director(srv)
        tid = seated_tournament(td, players=2, tables=1)
        player = token_of(links(td, tid)["players"][0]["url"])
        client = connect(srv.url, player, "https://poker.example", "polling")
        assert client.connected
        hang_up(client)
        refused(srv.url, player, "https://evil.example", "polling")
        # the proxy says the phone came over HTTPS: https://<its Host> is the request's own origin
        own = f"https://127.0.0.1:{srv.port}"
        client = connect(srv.url, player, own, "polling", extra={"X-Forwarded-Proto": "https"})
        assert client.connected
        hang_up(client)
        refused(srv.url, player, own, "polling")
    finally:
        srv.stop()


def test_venue_https_serves_staff_and_players_sockets_with_no_hsts(tmp_path):
    """serve --https: staff over HTTPS, players over plain HTTP on another port: each listener takes its
    own origin, refuses a foreign one, and no answer on either carries HSTS."""
    from local_stack import free_port

    https_port = free_port()
    srv = ServerProcess(tmp_path / "var", args=["--https", "--host", "127.0.0.1", "--https-port", str(https_port)])
    srv.start()
    try:
        ca = str(tmp_path / "var" / "tls" / "ca.pem")
        secure = f"https://127.0.0.1:{https_port}"
        td = Api(secure)
        td.http.verify, td.http.trust_env = ca, False
        r = td.post(
            "/api/auth/setup", {"setup_token": srv.setup_token(), "username": "td", "password": "correct horse"}
        )
        assert r.status_code == 200, r.text
        td.token = r.json()["token"]
        tid = seated_tournament(td, players=2, tables=1)
        player = token_of(links(td, tid)["players"][0]["url"])
        for response in [
            td.get("/api/health"),
            td.get("/"),
            requests.get(srv.url + "/p/", timeout=5),
            requests.get(srv.url + "/api/health", timeout=5),
        ]:
            assert "Strict-Transport-Security" not in response.headers, response.url
            assert_secured(response, response.url)
        http = requests.Session()
        http.verify, http.trust_env = ca, False
        staff = connect(secure, td.token, secure, "polling", http_session=http)
        assert staff.connected
        hang_up(staff)
        players = connect(srv.url, player, srv.url, "websocket")
        assert players.connected
        hang_up(players)
        for url, token, session in [(secure, td.token, http), (srv.url, player, None)]:
            refused(url, token, "http://evil.example", "polling", **({"http_session": session} if session else {}))
    finally:
        srv.stop()


def test_origin_rules():
    from backend.realtime.origins import origin_checker, origin_of, own_origin

    class Conf:
        PUBLIC_URL, PLAYER_URL, TRUSTED_PROXIES = "https://Poker.example:443/", "", 1
        OTHER_URLS = ("http://10.0.0.5:5000",)

    assert origin_of("https://Poker.example:443/x") == "https://poker.example"
    assert origin_of("http://[::1]:5000") == "http://[::1]:5000" and origin_of("null") == ""
    allowed = origin_checker(Conf)
    env = {"wsgi.url_scheme": "http", "HTTP_HOST": "127.0.0.1:5000"}
    assert allowed("https://poker.example", env) and allowed("http://10.0.0.5:5000", env)
    assert allowed("http://127.0.0.1:5000", env) and not allowed("http://127.0.0.1:5001", env)
    assert not allowed("http://poker.example", env) and not allowed("", env)
    proxied = {**env, "HTTP_X_FORWARDED_PROTO": "http, https"}  # the last proxy's word counts
    assert own_origin(proxied, 1) == "https://127.0.0.1:5000" and own_origin(proxied, 0) == "http://127.0.0.1:5000"


def test_the_built_pages_inline_boot_script_and_styles_are_allowed_by_their_hash_and_no_other(tmp_path):
    """index.html's boot script (pwa/boot/firstScreen.js) and its inlined stylesheet (docs/first-scan.md)
    run under the strict policy by their sha256, read from the built file at start; an inline script
    or style it does not name is blocked."""
    boot = "(function () { window.__firstScreen = null; })();"
    styles = ".card{color:#fff}\nbody{background:#000}"
    html = (
        f'<!doctype html><head><meta charset="utf-8">\n<script>{boot}</script>{APP_HTML}<style>{styles}</style></head>'
    )
    app = make_app(tmp_path, index_html=html)  # the policy is made when the app starts, from the build it serves
    digest = lambda text: base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    csp = policy(app.test_client().get("/"))
    assert csp["script-src"].split() == ["'self'", f"'sha256-{digest(boot)}'"]
    assert csp["style-src"].split() == ["'self'", f"'sha256-{digest(styles)}'"]
    for kind in ("script-src", "style-src"):
        assert "unsafe-inline" not in csp[kind] and "unsafe-eval" not in csp[kind]
