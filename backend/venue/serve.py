"""`pokerfloor serve`: the gevent server process (one worker).

At a venue the phones are on the club's Wi-Fi, so the links in QR codes must carry an address
they can open: `--lan` (or HOST=0.0.0.0) listens on the network and puts this machine's LAN
address in every link; `--https` also serves TLS with the venue's own CA (docs/venue.md), keeping
plain HTTP for the trust page and the players' seat cards and sending everything else to HTTPS.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment
    from flask import Flask


ANY_HOST = ("0.0.0.0", "::", "")
DEFAULT_HTTPS_PORT = 5443
# What the plain-HTTP listener still serves next to HTTPS: the trust page, the players' app
# under /p (their phones never install a CA) with its files, and the API and socket they use.
# Everything else (a director typing the address) is sent to HTTPS.
PLAIN_HTTP_PREFIXES = ("/p/", "/trust", "/assets/", "/icons/", "/api/", "/socket.io/")
PLAIN_HTTP_PATHS = ("/p", "/favicon.svg", "/manifest.webmanifest")
HOSTNAME_RE = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")


@dataclass
class VenuePlan:
    """What phones are told: pure, so the choice is tested without opening sockets."""

    staff_url: str  # "" = the address the director's phone used
    player_url: str  # "" = staff_url
    other_urls: list[str] = field(default_factory=list)
    trust_url: str = ""
    tls_names: list[str] = field(default_factory=list)  # must be in the certificate (--hostname)
    tls_ips: list[str] = field(default_factory=list)
    warning: str = ""
    tls_optional: list[str] = field(default_factory=list)  # this machine's names, where the CA vouches


def plan_venue(
    bind_host: str,
    port: int,
    *,
    https: bool,
    https_port: int,
    hostnames: list[str],
    addresses: list[str],
    public_url: str = "",
    player_url: str = "",
    machine_names: Sequence[str] = (),
) -> VenuePlan:
    """Links for phones: PUBLIC_URL when set; else a given host name; else the best LAN address
    when listening on the network; else (this computer only) the address the director used."""
    lan = bind_host in ANY_HOST
    if hostnames:
        phone_hosts = list(hostnames)
    elif lan:
        phone_hosts = list(addresses)
    else:
        phone_hosts = [bind_host]
    warning = ""
    if lan and not hostnames and not addresses and not public_url:
        warning = (
            "No network address found: connect this computer to the club's Wi-Fi and restart, "
            "or phones cannot open the QR codes."
        )
        phone_hosts = ["127.0.0.1"]

    def url(scheme: str, host: str, p: int) -> str:
        return f"{scheme}://{host}:{p}"

    if https:
        staff = public_url or url("https", phone_hosts[0], https_port)
        plain = url("http", phone_hosts[0], port)
        players = player_url or f"{plain}/p"
        others = [url("https", h, https_port) for h in phone_hosts[1:]]
        names = [*hostnames, "localhost"]
        ips = [*addresses, "127.0.0.1"] if lan else [h for h in (bind_host, "127.0.0.1") if _is_ip(h)]
        return VenuePlan(
            staff,
            players,
            others,
            f"{plain}/trust",
            list(dict.fromkeys(names)),
            list(dict.fromkeys(ips)),
            warning,
            [n for n in dict.fromkeys(machine_names) if n not in names],
        )
    if public_url:
        return VenuePlan(public_url, player_url, [], "", warning=warning)
    if lan or hostnames:
        return VenuePlan(
            url("http", phone_hosts[0], port),
            player_url,
            [url("http", h, port) for h in phone_hosts[1:]],
            warning=warning,
        )
    return VenuePlan("", player_url, warning=warning)


def _is_ip(host: str) -> bool:
    import ipaddress

    try:
        return ipaddress.ip_address(host).version == 4
    except ValueError:
        return False


def machine_names() -> list[str]:
    """This machine's own names for the certificate (name and name.local, for mDNS)."""
    import socket

    name = socket.gethostname().lower()
    if not HOSTNAME_RE.match(name) or name == "localhost":
        return []
    short = name.split(".")[0]
    return list(dict.fromkeys([name, f"{short}.local"]))


def first_login_lines(app: Flask, base_url: str) -> list[str]:
    """The director's first-login link (while no director exists), else the login page."""
    from sqlmodel import select

    from ..auth.clubs import first_setup_token
    from ..documents.qr import qr_text
    from ..floor import floor_of
    from ..service import now_ms
    from ..store import Director, session_scope

    floor = floor_of(app)
    with session_scope(floor.db) as session:
        if session.exec(select(Director)).first() is not None:
            return [f"Director login: {base_url}/#/login"]
        token = first_setup_token(session, floor.config.SECRET_KEY, now_ms())
    url = f"{base_url}/#/setup/{token}"
    return ["First login — open this link on the director's phone or scan the code:", qr_text(url), url]


def serving_line(plan: VenuePlan, bind_host: str, port: int, https_port: int, https: bool) -> str:
    """The terminal's first line: the address a phone opens (never 0.0.0.0, which none can)."""
    lan = bind_host in ANY_HOST
    where = " (listening on every network of this computer)" if lan else ""
    if https:
        plain = plan.trust_url.rsplit("/trust", 1)[0]
        return (
            f"pokerfloor serving on {plan.staff_url} and {plain} (players' seat cards, the TV, the trust page){where}"
        )
    if plan.staff_url:
        return f"pokerfloor serving on {plan.staff_url}{where}"
    return f"pokerfloor serving on http://{bind_host}:{port} (this computer only)"


def venue_lines(
    plan: VenuePlan, bind_host: str, port: int, https: bool, fingerprint: str, warnings: Sequence[str] = ()
) -> list[str]:
    """What the terminal says about the phones, before the first-login link."""
    from ..documents.qr import qr_text

    lines = []
    if plan.warning:
        lines.append(f"WARNING: {plan.warning}")
    lines += list(warnings)
    if https:
        lines += [
            f"Staff phones (director, dealers) open {plan.staff_url}; players' seat cards "
            f"and the TV use {plan.player_url}.",
            "Each staff phone trusts this server once: scan this code and follow the steps.",
            qr_text(plan.trust_url),
            plan.trust_url,
            f"Certificate fingerprint (SHA-256): {fingerprint}",
        ]
    elif plan.staff_url:
        lines += [
            f"Phones open {plan.staff_url}",
            "Phones cannot reopen the app without Wi-Fi over plain HTTP: for that, start with "
            "`make venue` (pokerfloor serve --https).",
        ]
    else:
        lines.append(
            f"Listening on this computer only ({bind_host}): phones cannot reach it. For phones on "
            "the club's Wi-Fi: `HOST=0.0.0.0 make run`, or `make venue` for HTTPS."
        )
    if plan.other_urls:
        lines.append("Also reachable at: " + ", ".join(plan.other_urls))
    return lines


def plain_http_gate(app: Flask, https_base: str) -> WSGIApplication:
    """The plain-HTTP listener next to HTTPS: serves what must work untrusted, flags those
    requests (staff tokens are refused on them), and sends the rest to HTTPS (307, not cached:
    the server may run without HTTPS tomorrow)."""
    from ..auth.plain_http import PLAIN_HTTP

    def gate(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "") or "/"
        if path in PLAIN_HTTP_PATHS or path.startswith(PLAIN_HTTP_PREFIXES):
            environ[PLAIN_HTTP] = True
            return app(environ, start_response)
        query = environ.get("QUERY_STRING", "")
        location = https_base + quote(path) + (f"?{query}" if query else "")
        start_response(
            "307 Temporary Redirect", [("Location", location), ("Content-Length", "0"), ("Cache-Control", "no-store")]
        )
        return [b""]

    return gate


STOP_REQUESTS_S = 2.0  # a stop waits this long for requests under way (a command takes milliseconds)


def stop_on_signals(servers: list) -> None:
    """SIGTERM (systemd, every deploy) and Ctrl-C stop the server in order: no new connection, the
    requests under way answered, then serve() hands over the push queue. A second signal ends the
    process at once."""
    import signal

    import gevent

    stopping: list[bool] = []

    def stop() -> None:
        for server in servers:
            server.stop(timeout=STOP_REQUESTS_S)

    def on_signal() -> None:
        if stopping:
            os._exit(1)
        stopping.append(True)
        print("pokerfloor stopping: finishing the requests and the push notices under way", flush=True)
        gevent.spawn(stop)

    for sig in (signal.SIGTERM, signal.SIGINT):
        gevent.signal_handler(sig, on_signal)


def serve(
    host: str,
    port: int,
    *,
    https: bool = False,
    https_port: int = DEFAULT_HTTPS_PORT,
    hostnames: list[str] | None = None,
) -> None:
    # Patch before anything imports socket, ssl or threading; tests import the app unpatched.
    from gevent import monkey

    monkey.patch_all()

    from ..store import cooperative_wait

    cooperative_wait.install()  # psycopg's wait on gevent's hub, without its emulated poll

    import socket
    import ssl

    from gevent.pywsgi import WSGIServer
    from geventwebsocket.handler import WebSocketHandler as GeventHandler

    from ..api.edge import json_error_handler
    from ..app import create_app
    from ..config import Config
    from ..floor import floor_of
    from ..store.db import NotMigrated
    from .lan import lan_addresses
    from .request_headers import read_request_headers

    class NoDelayServer(WSGIServer):
        # A room's phones come back at once (a Caddy reload, the Wi-Fi back): gevent's queue of
        # 128 connections not yet accepted overflowed with 420 sockets per worker, and the kernel
        # then drops handshakes, which the phones and Caddy send again after 1, 2, 4 … s (joins
        # of 10 s and more, docs/faults.md). The kernel caps it at net.core.somaxconn.
        backlog = 4096

        # gevent does not set TCP_NODELAY: Nagle plus delayed ACK cost ~40 ms per answer.
        def handle(self, sock: socket.socket, address: Any) -> None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            super().handle(sock, address)

        def wrap_socket_and_handle(self, client_socket: socket.socket, address: Any) -> Any:
            # A phone that does not trust the CA yet aborts the handshake: not worth a traceback.
            try:
                return super().wrap_socket_and_handle(client_socket, address)
            except (ssl.SSLError, ConnectionError, TimeoutError):
                return None

    hostnames = [h.lower() for h in hostnames or []]
    for name in hostnames:
        if not HOSTNAME_RE.match(name):
            raise SystemExit(f"--hostname {name!r} is not a host name (letters, digits, dots, dashes).")
    lan = host in ANY_HOST
    config = Config()
    addresses = lan_addresses() if lan or https else []
    warnings: list[str] = []
    ca = None
    if https:
        from .local_ca import CaError, load_ca, permits_address

        try:
            ca, _ = load_ca(config.TLS_DIR, socket.gethostname().split(".")[0])
        except CaError as err:
            raise SystemExit(str(err)) from None
        public = [a for a in addresses if not permits_address(ca, a)]
        addresses = [a for a in addresses if a not in public]
        if public:  # the venue's CA vouches for private addresses only
            warnings.append(
                f"Not offered to phones: {', '.join(public)} (not a private address: the venue's certificate "
                "cannot vouch for it)."
            )
    plan = plan_venue(
        host,
        port,
        https=https,
        https_port=https_port,
        hostnames=hostnames,
        addresses=addresses,
        public_url=os.environ.get("PUBLIC_URL", "").rstrip("/"),
        player_url=os.environ.get("PLAYER_URL", "").rstrip("/"),
        machine_names=machine_names(),
    )
    overrides = {
        "HOST": host,
        "PORT": port,
        "PUBLIC_URL": plan.staff_url,
        "PLAYER_URL": plan.player_url,
        "OTHER_URLS": plan.other_urls,
    }
    tls = None
    if https:
        from .local_ca import ensure_certificates

        try:
            tls = ensure_certificates(config.TLS_DIR, plan.tls_names, plan.tls_ips, optional_dns=plan.tls_optional)
        except CaError as err:
            raise SystemExit(str(err)) from None
        overrides.update(LOCAL_HTTPS=True, TRUST_URL=plan.trust_url, CA_FINGERPRINT=tls.fingerprint)
        if tls.outdated:
            warnings.append(
                "WARNING: the venue's certificate (var/tls/) was made by an earlier version: it could vouch for "
                "addresses outside the club's network. It keeps working; when every staff phone can trust "
                "again (before a night, not during one): `pokerfloor tls new-ca`, then trust this server "
                "again on each staff phone and remove the old 'pokerfloor CA' profile (docs/venue.md)."
            )
    from . import printed

    stale = printed.stale(config.VAR_DIR, plan.staff_url, plan.player_url)
    if stale:
        warnings.append(printed.warning(stale, plan.staff_url))
    try:
        app = create_app(Config(**overrides))
    except NotMigrated as err:  # a worker on PostgreSQL: `pokerfloor init` runs once before
        raise SystemExit(str(err)) from None
    # The first line: the address phones open (before the database line and the rest); never
    # printed by a worker that refuses to start.
    print(serving_line(plan, host, port, https_port, https), flush=True)
    from ..operations.backup import start_auto_backups

    start_auto_backups(app)  # the database line, the server lock, automatic backups
    from ..operations.privacy import start_privacy_sweeps

    start_privacy_sweeps(app)  # sign-ups' e-mails erased past their club's retention (docs/privacy.md)
    from ..operations.gc_watch import log_pauses, settle_after_start

    settle_after_start(floor_of(app).config.GC_THRESHOLDS)
    if floor_of(app).config.GC_LOG_MS > 0:
        log_pauses(floor_of(app).config.GC_LOG_MS)

    # gevent's own 414/400 answers as JSON; the access log if ACCESS_LOG is set; headers read
    # without the email package
    WebSocketHandler = json_error_handler(GeventHandler, floor_of(app).config.ACCESS_LOG, read_request_headers)

    if tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.load_cert_chain(tls.server_chain, tls.server_key)
        secure = NoDelayServer((host, https_port), app, handler_class=WebSocketHandler, log=None, ssl_context=context)
        plain = NoDelayServer(
            (host, port), plain_http_gate(app, plan.staff_url), handler_class=WebSocketHandler, log=None
        )
        servers = [secure, plain]
    else:
        servers = [NoDelayServer((host, port), app, handler_class=WebSocketHandler, log=None)]
    shown = "127.0.0.1" if lan else host
    base = plan.staff_url or f"http://{shown}:{port}"
    print("\n".join(venue_lines(plan, host, port, https, tls.fingerprint if tls else "", warnings)), flush=True)
    print("\n".join(first_login_lines(app, base)), flush=True)
    floor = floor_of(app)
    floor.pusher.start()  # notices left in the outbox: by a stop, a crash, another worker
    floor.mailer.start()  # and mails left in theirs
    for start in floor.on_serve:  # views sent again after a restart of Redis or of this worker
        start()
    for server in servers[1:]:
        server.start()
    stop_on_signals(servers)
    servers[0].serve_forever()  # until SIGTERM (systemd, a deploy) or Ctrl-C
    floor.pusher.stop()  # the posts under way finish; what is left stays in the outbox for the next start
    if not floor.mailer.stop(STOP_REQUESTS_S * 2):  # the mail under way finishes; the rest waits in the outbox
        print("pokerfloor stopping: some mails are not sent yet; the next start sends them", flush=True)
