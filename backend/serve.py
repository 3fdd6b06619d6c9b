"""`pokerfloor serve`: the gevent server process (one worker)."""
from __future__ import annotations


def first_login_lines(app, base_url: str) -> list[str]:
    """The director's first-login link (while no director exists), else the login page."""
    from sqlmodel import select

    from .auth.tokens import subject_token
    from .qr import qr_text
    from .service import now_ms
    from .store import Director, session_scope

    floor = app.extensions["pokerfloor"]
    with session_scope(floor.db) as session:
        if session.exec(select(Director)).first() is not None:
            return [f"Director login: {base_url}/#/login"]
        token = subject_token(session, floor.config.SECRET_KEY, role="setup", now=now_ms(),
                              tournament_id=None)
    url = f"{base_url}/#/setup/{token}"
    return ["First login — open this link on the director's phone or scan the code:",
            qr_text(url), url]


def serve(host: str, port: int) -> None:
    # Patch before anything imports socket or threading; tests import the app unpatched.
    from gevent import monkey
    monkey.patch_all()

    import socket

    from gevent.pywsgi import WSGIServer
    from geventwebsocket.handler import WebSocketHandler

    from .app import create_app

    class NoDelayServer(WSGIServer):
        # gevent does not set TCP_NODELAY: Nagle plus delayed ACK cost ~40 ms per answer.
        def handle(self, sock, address):
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
            super().handle(sock, address)

    app = create_app()
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    base = app.extensions["pokerfloor"].config.PUBLIC_URL or f"http://{shown}:{port}"
    print(f"pokerfloor serving on http://{host}:{port}", flush=True)
    print("\n".join(first_login_lines(app, base)), flush=True)
    server = NoDelayServer((host, port), app, handler_class=WebSocketHandler, log=None)
    server.serve_forever()
