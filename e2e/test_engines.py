"""The dealer's and the player's phone in WebKit and Firefox, not only Chromium (390×844).

WebKit is what every iPhone runs (Debian's WebKitGTK here), Firefox is the other engine phones
use; e2e/engines.py says how they are driven. Lean on purpose: one dealer's night and one first
scan per engine, each against a real server behind a TCP proxy (tests/tcp_proxy.py) that can
drop the server's answers or slow them down.

- **open by QR**: the table's link (what its QR code holds) opens the dealer's screen;
- **two-tap bust**: Bust, then the dialog's confirm: the toast names the place, the server has it;
- **offline reload**: the server gone (WebKit: killed; Firefox: the network off), the page reloaded:
  the service worker serves the app, IndexedDB the table;
- **exactly-once resend**: a bust queued meanwhile reaches the server, whose answer is lost on the
  way back; the phone sends it again and the server applies it once;
- **player first scan**: a phone that never saw the seat card, with slow answers, says "Loading…"
  until its view arrives, never "Seat not drawn yet" or a clock that has not started.

In WebKit also what an iPhone adds: the link's own manifest (the home-screen app starts at the
link, with storage of its own: here a new session), the link bringing a phone back after its
storage was wiped (Safari does that after 7 days unused), and a dealer's phone whose browser will
not keep the screen on. (Sounds unlock on WebKit's gestures: pwa/src/ui/alerts.test.ts; WebKitGTK
has no touch events to show the difference.)
"""

from __future__ import annotations

import time

import pytest

from engines import FirefoxPhone, WebKitPhone, Xvfb, why_missing
from server import ServerProcess, command_ok as ok, dealt_table, director, links, read_db, seated_tournament
from tcp_proxy import TcpProxy

ENGINES = ["webkit", "firefox"]
NAMES = ["Anna", "Ben", "Cleo", "Dario", "Eva", "Fritz", "Greta"]


@pytest.fixture(scope="module")
def xvfb():
    if why_missing("webkit"):
        yield None
        return
    screen = Xvfb()
    yield screen
    screen.close()


@pytest.fixture(params=ENGINES)
def engine(request, xvfb, tmp_path):
    """A factory of phones in this engine (each a browser of its own, closed afterwards)."""
    missing = why_missing(request.param)
    if missing:
        pytest.fail(missing)
    phones = []

    def make():
        log = tmp_path / f"{request.param}-{len(phones)}.log"
        phone = WebKitPhone(xvfb.display, log) if request.param == "webkit" else FirefoxPhone(log)
        phones.append(phone)
        return phone

    make.name = request.param
    yield make
    for phone in phones:
        phone.close()


@pytest.fixture
def venue(tmp_path):
    """A server and, in front of it, the proxy the phones talk to."""
    srv = ServerProcess(tmp_path / "var").start()
    proxy = TcpProxy(srv.port)
    yield srv, proxy
    proxy.close()
    srv.stop()


def via(proxy: TcpProxy, url: str) -> str:
    """A QR link, opened through the proxy."""
    return proxy.url + "/" + url.split("/", 3)[3]


def table_of_seven(api):
    return dealt_table(api, NAMES)


def busts(srv, tid):
    return read_db(srv, "SELECT op_id FROM event WHERE tournament_id = ? AND type = 'player_busted'", (tid,))


def wait_for(what, check, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_dealers_night(engine, venue, shot, tmp_path):
    srv, proxy = venue
    api = director(srv)
    tid, seats = table_of_seven(api)
    url = via(proxy, links(api, tid)["tables"][0]["url"])
    dealer = engine()

    # open by QR
    dealer.goto(url)
    dealer.wait_testid("dealer-hand-no", "data-hand-no", equals="1")
    dealer.wait_testid("sync-badge", "data-state", equals="online")
    shot(dealer, f"engine-{engine.name}-dealer-390")

    # two-tap bust
    anna = seats[1]
    dealer.click(f"bust-{anna['entry_id']}")
    dealer.click("bust-confirm")
    dealer.wait_testid("bust-toast-text", equals=f"{anna['name']} — 7th")
    assert dealer.testid("bust-toast-text", "data-provisional") == "false"
    wait_for("the bust on the server", lambda: len(busts(srv, tid)) == 1)
    dealer.wait_gone(f"seat-{anna['seat']}")  # her seat is free
    shot(dealer, f"engine-{engine.name}-dealer-bust-390")

    # offline reload: the service worker serves the app, IndexedDB the table
    dealer.wait("return !!navigator.serviceWorker.controller", what="the service worker controls the page")
    if engine.name == "firefox":
        dealer.set_offline(True)
    else:
        srv.kill()  # WebKitGTK's driver cannot switch the network off: the server is gone instead
    dealer.reload()
    dealer.wait_testid("dealer-hand-no", "data-hand-no", equals="1")
    gone = "offline" if engine.name == "firefox" else "unreachable"
    dealer.wait_testid("sync-badge", "data-state", equals=gone)

    # a bust while the server cannot be reached: queued, its place provisional
    ben = seats[4]
    dealer.click(f"bust-{ben['entry_id']}")
    dealer.click("bust-confirm")
    dealer.wait_testid("bust-toast-text", "data-provisional", equals="true")
    dealer.wait_testid("sync-pending", "data-count", equals="1")
    if engine.name == "firefox":  # no network: nothing to press, no countdown
        assert dealer.testid("sync-send-now") is None and dealer.testid("sync-retry") is None
        assert dealer.testid("sync-offline-wait") == "sent when back online"
    else:  # the server does not answer: the next try and Send now
        dealer.wait_testid("sync-send-now")
    shot(dealer, f"engine-{engine.name}-dealer-offline-390")
    (queued,) = dealer.outbox()
    assert queued["type"] == "record_bust" and queued["state"] == "pending"
    sent = proxy.count(queued["op_id"].encode())
    tries = queued.get("attempts", 0)

    # exactly-once resend: the server commits, its answer is lost, the phone sends it again
    proxy.lose_answers()
    if engine.name == "firefox":
        dealer.set_offline(False)
    else:
        srv.start()  # same port and database
    wait_for("the server to apply the bust", lambda: len(busts(srv, tid)) == 2, timeout=30)
    first = proxy.count(queued["op_id"].encode()) - sent
    # the phone knows the send failed (its answer was lost) before the answers flow again
    wait_for(
        "the lost answer to count as a failed try", lambda: (dealer.outbox() or [{}])[0].get("attempts", 0) > tries
    )
    proxy.lose_answers(False)
    wait_for("the outbox to empty", lambda: dealer.outbox() == [], timeout=30)  # not the badge: it may redraw 0
    dealer.wait_testid("sync-pending", "data-count", equals="0", timeout=30)
    again = proxy.count(queued["op_id"].encode()) - sent
    assert first >= 1 and again > first, (first, again)  # sent, answer lost, sent again
    assert busts(srv, tid).count((queued["op_id"],)) == 1
    receipts = read_db(srv, "SELECT COUNT(*) FROM op_receipt WHERE op_id = ?", (queued["op_id"],))
    assert receipts == [(1,)]
    dealer.wait_gone(f"seat-{ben['seat']}")
    assert dealer.outbox() == []
    shown = [r for r in dealer.reports() if r.get("show")]
    assert not shown, shown  # nothing went wrong on screen


SEEN = """
const out = [];
for (const id of ["player-seat", "clock-status", "clock-time", "clock-loading"]) {
  const el = document.querySelector(`[data-testid="${id}"]`);
  if (el) out.push(`${id}:${el.textContent.trim()}`);
}
return out;
"""


def test_a_players_first_scan(engine, venue, shot):
    srv, proxy = venue
    api = director(srv)
    tid = seated_tournament(api, players=6, tables=1)
    ok(api, tid, "start_clock")
    player = engine()
    proxy.slow_api(1.5)  # slow Wi-Fi: every API answer (and the socket) 1.5 s late
    player.goto(via(proxy, links(api, tid)["players"][0]["url"]))
    seen: list[str] = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        now = player.js(SEEN)
        if "player-seat:Loading…" in now and "player-seat:Loading…" not in seen:
            shot(player, f"engine-{engine.name}-player-loading-390")
        seen += [x for x in now if x not in seen]
        if player.testid("player-seat", "data-table") == "1":
            break
        time.sleep(0.03)
    assert player.testid("player-seat", "data-table") == "1", seen
    assert "player-seat:Loading…" in seen, seen
    assert not [s for s in seen if "Seat not drawn yet" in s or "Not started" in s or s == "clock-time:00:00"], seen
    player.wait_testid("clock-status", "data-status", equals="running")
    shot(player, f"engine-{engine.name}-player-seated-390")


@pytest.mark.parametrize("engine", ["webkit"], indirect=True)  # what an iPhone adds: WebKit's
def test_an_iphone_dealer_home_screen_wiped_storage_and_screen_lock(engine, venue, shot):
    srv, proxy = venue
    api = director(srv)
    tid, seats = table_of_seven(api)
    url = via(proxy, links(api, tid)["tables"][0]["url"])
    dealer = engine()
    dealer.goto(url)
    dealer.wait_testid("dealer-hand-no", "data-hand-no", equals="1")

    # Add to Home Screen takes the page's manifest: this link's own, starting at the link
    # (its content: pwa/src/homeScreen.test.ts; the page's CSP lets no script read a blob: URL)
    start_url = dealer.wait(
        "const link = document.querySelector('link[rel=manifest]');"
        "return link.href.startsWith('blob:') && link.dataset.startUrl;",
        what="the link's own manifest",
    )
    assert start_url == url

    # The screen lock: WebKitGTK here refuses it ("Permission was denied"), as older iPhones in
    # home-screen mode do. The dealer's screen works on (this whole test and the night above ran
    # without it); the phone's own Auto-Lock decides when the screen goes dark (docs/venue.md).
    refused = dealer.js(
        "try { const s = await navigator.wakeLock.request('screen'); await s.release(); return false; }"
        "catch (e) { return e.name; }"
    )
    assert refused == "NotAllowedError", refused
    assert [r for r in dealer.reports() if r["where"] == "wakeLock.request" and not r["show"]]

    # The home-screen app (storage of its own), or this phone after Safari wiped the site's data:
    # a session with empty storage. The manifest's start URL brings the table back at once...
    home = engine()
    home.goto(start_url)
    home.wait_testid("dealer-hand-no", "data-hand-no", equals="1")
    assert home.js("return document.title") and home.testid("seat-" + str(seats[0]["seat"])) is not None
    shot(home, "engine-webkit-dealer-home-screen-390")
    # ...where the app's own start ("/") would have asked a dealer to sign in.
    wiped = engine()
    wiped.goto(proxy.url + "/")
    wiped.wait("return location.hash === '#/login'", what="the sign-in page")
