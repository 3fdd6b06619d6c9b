"""A dealer's phone whose socket comes back while PostgreSQL restarts (issue 36's faults).

The server refuses such a socket as "unavailable" (backend/outages.py), and the phone takes that
as "not now", not as its token refused: it tries again after its usual pause of a few seconds, so
a bust recorded once the database is back shows on the dealer's screen without a reload. (Taken
as a refused token, the phone would have tried again only after half a minute, showing a stale
table meanwhile.) A real server on a PostgreSQL of this test's own, stopped and started here; the
shared one is never touched."""

import re
import sys
import time
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "perf"))
from throwaway_services import ThrowawayPostgres

from server import ServerProcess, director, links, seated_tournament, view


def wait_until(page, ready, why: str, timeout_ms: int = 15_000) -> None:
    for _ in range(timeout_ms // 100):
        if ready():
            return
        page.wait_for_timeout(100)  # the page's events (the routed sockets) run meanwhile
    raise AssertionError(why)


def applied_once_the_database_answers(td, tid: int, entry_id: int, timeout: float = 20) -> None:
    """The director's bust, sent again with the same op_id while the server still says 503."""
    op_id = f"bust-{entry_id}-after-restart"
    deadline = time.monotonic() + timeout
    while True:
        answer = td.post(
            f"/api/tournaments/{tid}/commands",
            {"op_id": op_id, "device_id": "director-desk", "type": "record_bust", "payload": {"entry_id": entry_id}},
        )
        if answer.status_code == 200:
            assert answer.json()["status"] == "applied", answer.text
            return
        assert answer.status_code == 503 and answer.headers.get("Retry-After"), answer.text
        assert time.monotonic() < deadline, "the database did not come back"
        time.sleep(0.3)


def test_a_socket_refused_while_the_database_restarts_is_back_in_seconds(phone, tmp_path):
    postgres = ThrowawayPostgres().start()
    srv = None
    try:
        srv = ServerProcess(tmp_path / "var", database_url=postgres.url).start()
        td = director(srv)
        tid = seated_tournament(td, players=10, tables=1)
        at_table = [e["entry_id"] for e in view(td, tid)["entries"] if e["table_no"] == 1]
        victim = at_table[0]

        page = phone(locale="en-US").new_page()
        # The phone's sockets pass through the browser's own WebSocket routing, so the test can
        # cut them as a Wi-Fi drop does (Chromium's offline mode leaves an open WebSocket alone).
        sockets = []

        def forward(route):
            route.connect_to_server()  # everything passes as it is
            sockets.append(route)

        page.route_web_socket(re.compile(r"/socket\.io/"), forward)
        page.goto(links(td, tid)["tables"][0]["url"])
        expect(page.get_by_test_id(f"bust-{victim}")).to_be_visible()
        wait_until(page, lambda: sockets, "the dealer's screen opened no socket")

        postgres.stop()
        # The Wi-Fi drops while the database is gone: the socket connects again and is refused as
        # "unavailable", and again at each try until the database is back.
        dropped = len(sockets)
        for route in sockets:
            route.close(code=1006, reason="the Wi-Fi dropped")
        wait_until(page, lambda: len(sockets) > dropped + 1, "the phone did not try its socket again, twice")
        postgres.start()

        applied_once_the_database_answers(td, tid, victim)
        # Pushed when the socket is back (its join sends the table whole): the reconnect pause is at
        # most 10 s; a refused token's 30 s would leave the busted player on the screen.
        expect(page.get_by_test_id(f"bust-{victim}")).to_have_count(0, timeout=15_000)
    finally:
        if srv is not None:
            srv.stop()
        postgres.close()
