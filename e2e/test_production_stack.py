"""The production topology, as deploy/ runs it, in real Chromium over real HTTPS: Caddy
(deploy/Caddyfile, internal CA, pokerfloor.test) → 2 workers → PostgreSQL, Redis as the
Socket.IO queue (deploy/local_stack.py brings it up). The browser trusts Caddy's root through an
NSS database, as a phone that installed it would; no certificate errors are ignored.

The director's phone is pinned to worker 0 and the dealer's to worker 1 through Caddy's
load-balancing cookie (the value Caddy would give a client it sent to that worker). That the
cookie routes where we say is checked, not assumed: an Engine.IO session opened through Caddy
with each cookie is known by exactly that worker (stack.worker_behind). The cookie routes what
is not the tournament's (sign-in, the director's lists, the app's files); the tournament's own
requests and both phones' sockets (`?tid=`) go to the one worker its number hashes to, whatever
cookie a phone has (issue 36, deploy/Caddyfile): the workers' access logs show who served what.
At the end both phones still carry the cookie they were given (Caddy replaces a cookie that
matches no worker)."""

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from director_phone import first_director_seats_a_tournament, in_section
from trusted_browser import MISSING_CERTUTIL, launch_trusting

ROOT = Path(__file__).resolve().parents[1]


def load_local_stack():
    """deploy/local_stack.py is a script, not a package: load it by path."""
    if "local_stack" not in sys.modules:
        spec = importlib.util.spec_from_file_location("local_stack", ROOT / "deploy" / "local_stack.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["local_stack"] = module  # before running it: its dataclasses look it up
        spec.loader.exec_module(module)
    return sys.modules["local_stack"]


local_stack = load_local_stack()
DIRECTOR, DEALER = 0, 1  # worker indexes
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}  # as e2e/conftest.py


@pytest.fixture
def stack(tmp_path):
    if not local_stack.caddy_binary():
        pytest.fail(local_stack.MISSING_CADDY)
    if not shutil.which("certutil"):
        pytest.fail(MISSING_CERTUTIL)
    if not (ROOT / "pwa/dist/index.html").exists():
        pytest.fail("pwa/dist is not built: run `make test`, which builds it first")
    with local_stack.LocalStack(tmp_path / "stack", access_log=True) as s:
        yield s


@pytest.fixture
def trusting_browser(stack, browser_type, browser_type_launch_args, tmp_path):
    browser = launch_trusting(
        browser_type, stack.ca_root, {local_stack.HOST_NAME: "127.0.0.1"}, tmp_path, browser_type_launch_args
    )
    yield browser
    browser.close()


def pinned_phone(browser, stack, worker: int):
    context = browser.new_context(**PHONE)  # no ignore_https_errors: the CA is trusted for real
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": local_stack.LB_COOKIE, "value": stack.lb_cookie(worker), "url": stack.url}])
    return context


def served(stack, worker: int, needle: str) -> list[str]:
    """The request lines of a worker's access log (gevent's: `… "GET /path HTTP/1.1" 200 …`) naming `needle`."""
    return [line for line in stack.workers[worker].log().splitlines() if '"' in line and needle in line.split('"')[1]]


def test_dealer_offline_over_https_through_caddy_reaches_the_director(stack, trusting_browser):
    # The cookies route where we say (checked against the workers' own Engine.IO sessions).
    assert stack.worker_behind(DIRECTOR) == DIRECTOR and stack.worker_behind(DEALER) == DEALER

    director_ctx = pinned_phone(trusting_browser, stack, DIRECTOR)
    director = director_ctx.new_page()
    sockets = []  # websockets pass through Caddy: the views reach the director over one
    director.on("websocket", lambda ws: sockets.append(ws) if "/socket.io/" in ws.url else None)
    tid = first_director_seats_a_tournament(director, stack.url, stack.setup_token(), 6, 1)
    # The tournament's worker: its sockets go there, whatever cookie the phone has.
    home = stack.worker_behind(tournament=tid)
    assert stack.worker_behind(worker=1 - home, tournament=tid) == home

    # The table's QR link points at the public HTTPS address (PUBLIC_URL), token in the fragment.
    in_section(director, "tools")  # the QR links live in the Tools section
    dealer_url = director.get_by_test_id("link-table-1").get_attribute("href")
    assert dealer_url.startswith(f"{stack.url}/#/dealer/"), dealer_url
    dealer_ctx = pinned_phone(trusting_browser, stack, DEALER)
    dealer = dealer_ctx.new_page()
    dealer_sockets = []
    dealer.on("websocket", lambda ws: dealer_sockets.append(ws.url) if "/socket.io/" in ws.url else None)
    dealer.goto(dealer_url)
    assert dealer.evaluate("window.isSecureContext")
    seats = dealer.locator("[data-testid^='seat-'][data-entry-id]")
    expect(seats).to_have_count(6)
    dealer.wait_for_function(
        "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=15_000
    )
    victims = [int(seats.nth(i).get_attribute("data-entry-id")) for i in (1, 4)]

    dealer_ctx.set_offline(True)
    for entry_id in victims:
        dealer.get_by_test_id(f"bust-{entry_id}").click()
        dealer.get_by_test_id("bust-confirm").click()
    expect(dealer.get_by_test_id("sync-pending")).to_contain_text("2")
    dealer.reload()  # offline: the app comes from the service worker, the table and queue from IndexedDB
    expect(dealer.get_by_test_id("sync-pending")).to_contain_text("2")
    expect(seats).to_have_count(6)
    assert dealer.evaluate("navigator.serviceWorker.controller !== null")
    assert stack.sql("SELECT count(*) FROM event WHERE tournament_id = %s AND type LIKE '%%busted'", (tid,)) == [(0,)]

    dealer_ctx.set_offline(False)
    expect(dealer.get_by_test_id("sync-pending")).to_contain_text("0", timeout=20_000)
    expect(dealer.get_by_test_id("sync-rejected")).to_contain_text("0")

    # The director, on the other worker, sees both busts, placed 6th and 5th in the order recorded.
    in_section(director, "players")
    for entry_id, place in zip(victims, (6, 5)):
        row = director.get_by_test_id(f"entry-row-{entry_id}")
        expect(row).to_have_attribute("data-status", "busted")
        expect(row).to_have_attribute("data-place", str(place))
    expect(director.get_by_test_id("players-left")).to_contain_text("4")
    live = [ws for ws in sockets if not ws.is_closed()]
    assert live and "transport=websocket" in live[-1].url, [ws.url for ws in sockets]
    assert f"tid={tid}" in live[-1].url, live[-1].url  # the director's socket names its tournament
    assert dealer_sockets and all(f"tid={tid}" in url for url in dealer_sockets), dealer_sockets  # the dealer's too

    # Applied exactly once: one event per bust in PostgreSQL's log, from the dealer's phone.
    busts = stack.sql(
        "SELECT type, payload, device_id FROM event WHERE tournament_id = %s "
        "AND type IN ('player_busted', 'players_busted') ORDER BY seq",
        (tid,),
    )
    assert [(t, p["entry_id"]) for t, p, _ in busts] == [("player_busted", e) for e in victims], busts
    assert len({device for _, _, device in busts}) == 1
    assert stack.sql("SELECT count(*) FROM op_receipt WHERE tournament_id = %s AND type = 'record_bust'", (tid,)) == [
        (2,)
    ]

    # The tournament's requests, the dealer's commands among them, all went to its worker; the
    # director's list of tournaments (not one tournament's) went to his cookie's worker.
    ours = f"/api/tournaments/{tid}/"
    assert served(stack, 1 - home, ours) == [], served(stack, 1 - home, ours)[:3]
    assert len([line for line in served(stack, home, ours) if "/commands" in line]) >= 2
    assert served(stack, DIRECTOR, "/api/tournaments ") or served(stack, DIRECTOR, "/api/tournaments?")

    # Every request of each phone went to its pinned worker: Caddy never had to re-pin them.
    for context, worker in ((director_ctx, DIRECTOR), (dealer_ctx, DEALER)):
        values = [c["value"] for c in context.cookies(stack.url) if c["name"] == local_stack.LB_COOKIE]
        assert values == [stack.lb_cookie(worker)], (worker, values)
    director_ctx.close()
    dealer_ctx.close()
