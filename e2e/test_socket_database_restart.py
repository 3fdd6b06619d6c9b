"""A dealer's and a director's phone whose sockets come back while PostgreSQL restarts (issue 36).

The server refuses the dealer's socket as "unavailable" (backend/outages.py), and the phone takes
that as "not now", not as its token refused: it tries again after its usual pause of a few
seconds. (Taken as a refused token, it would have tried again only after half a minute, showing a
stale table meanwhile.) The director's socket connects (his token is known to the server) but his
subscribe to the tournament is answered "unavailable": the phone asks again after the answer's
retry_after. (Unanswered, it stayed connected and never heard of the tournament again.) Both see
a bust recorded once the database is back without a reload. A real server on a PostgreSQL of this
test's own, stopped and started here; the shared one is never touched."""

import json
import re
import sys
import time
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "perf"))
from throwaway_services import ThrowawayPostgres

from director_phone import signed_in
from server import ServerProcess, director, links, seated_tournament, view


def wait_until(page, ready, why: str, timeout_ms: int = 15_000) -> None:
    for _ in range(timeout_ms // 100):
        if ready():
            return
        page.wait_for_timeout(100)  # the page's events (the routed sockets) run meanwhile
    raise AssertionError(why)


def routed_sockets(page) -> tuple[list, list[dict]]:
    """The page's sockets pass through the browser's own WebSocket routing, so the test can cut
    them as a Wi-Fi drop does (Chromium's offline mode leaves an open WebSocket alone). Returns
    the sockets, and the server's answers to the page's subscribes as they arrive."""
    sockets, subscribed = [], []

    def forward(route):
        server = route.connect_to_server()
        server.on_message(lambda message: (note_answer(message), route.send(message)))
        route.on_message(server.send)
        sockets.append(route)

    def note_answer(message) -> None:
        # Socket.IO's ack: 43<id>[answer]; a subscribe's answer is the object with "ok" (the
        # heartbeats' are numbers)
        if isinstance(message, str) and (found := re.fullmatch(r"43\d+(\[.*\])", message, re.S)):
            answer = json.loads(found.group(1))[0]
            if isinstance(answer, dict) and "ok" in answer:
                subscribed.append(answer)

    page.route_web_socket(re.compile(r"/socket\.io/"), forward)
    return sockets, subscribed


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


def test_sockets_refused_while_the_database_restarts_are_back_in_seconds(phone, tmp_path):
    postgres = ThrowawayPostgres().start()
    srv = None
    try:
        srv = ServerProcess(tmp_path / "var", database_url=postgres.url).start()
        td = director(srv)
        tid = seated_tournament(td, players=10, tables=1)
        at_table = [e["entry_id"] for e in view(td, tid)["entries"] if e["table_no"] == 1]
        victim = at_table[0]

        dealer = phone(locale="en-US").new_page()
        dealer_sockets, _ = routed_sockets(dealer)
        dealer.goto(links(td, tid)["tables"][0]["url"])
        expect(dealer.get_by_test_id(f"bust-{victim}")).to_be_visible()
        # A session of his own, signed in now: the server first reads its token when this page
        # loads, and knows it for a minute (auth/access.py), so the socket's connect during the
        # outage is admitted and its subscribe is what the database's absence refuses.
        desk = signed_in(phone(locale="en-US"), director(srv)).new_page()
        desk_sockets, subscribed = routed_sockets(desk)
        desk.goto(f"{srv.url}/#/director/{tid}/floor")
        expect(desk.get_by_test_id("map-table-1")).to_have_attribute("data-players", "10")
        wait_until(dealer, lambda: dealer_sockets and desk_sockets, "a screen opened no socket")
        wait_until(desk, lambda: subscribed and subscribed[-1].get("ok") is True, f"no subscribe: {subscribed}")

        postgres.stop()
        # The Wi-Fi drops while the database is gone: the dealer's socket connects again and is
        # refused as "unavailable" at each try; the director's connects and its subscribe is.
        dropped = {"dealer": len(dealer_sockets), "desk": len(desk_sockets)}
        answered = len(subscribed)
        for route in dealer_sockets + desk_sockets:
            route.close(code=1006, reason="the Wi-Fi dropped")
        wait_until(dealer, lambda: len(dealer_sockets) > dropped["dealer"] + 1, "the dealer's phone did not try twice")
        wait_until(
            desk,
            lambda: any(a.get("error") == "unavailable" for a in subscribed[answered:]),
            f"the director's phone was not told 'unavailable' on subscribing: {subscribed}",
        )
        postgres.start()

        applied_once_the_database_answers(td, tid, victim)
        # Pushed when the sockets are back in the tournament's rooms (joining sends the views
        # whole): the pauses are a few seconds; a refused token's 30 s, or a subscribe never asked
        # again, would leave the busted player on the screens.
        expect(dealer.get_by_test_id(f"bust-{victim}")).to_have_count(0, timeout=15_000)
        expect(desk.get_by_test_id("map-table-1")).to_have_attribute("data-players", "9", timeout=15_000)
        # (His floor also reads the view on a timer:) the phone itself asked again after the
        # answer's retry_after and is in the tournament's rooms once more, for every later push.
        wait_until(desk, lambda: subscribed[-1].get("ok") is True, f"the director never subscribed again: {subscribed}")
    finally:
        if srv is not None:
            srv.stop()
        postgres.close()
