"""Web Push on a player's phone, real Chromium against a real server: the opt-in card,
then a move the server pushed (encrypted, signed, decrypted by the test's push service) delivered
to the phone's service worker through the DevTools protocol (ServiceWorker.deliverPushMessage).
The worker shows nothing while that very screen is on, shows the notification otherwise, and a tap
opens the player's screen with the new seat."""

import json

import pytest
from playwright.sync_api import expect

from push_service import PushService
from server import Api, ServerProcess, director, links, seated_tournament, token_of, view


@pytest.fixture
def push_floor(tmp_path):
    push = PushService()
    srv = ServerProcess(tmp_path / "var", env={"PUSH_SERVICES": "http://127.0.0.1:*"}).start()
    yield srv, push
    srv.stop()
    push.close()


def notifications(page) -> list[dict]:
    return page.evaluate(
        """() => navigator.serviceWorker.ready
            .then(r => r.getNotifications())
            .then(ns => ns.map(n => ({title: n.title, body: n.body, tag: n.tag, data: n.data, silent: n.silent})))"""
    )


def test_a_pushed_move_shows_on_the_locked_phone_and_a_tap_opens_the_new_seat(push_floor, phone, shot):
    srv, push = push_floor
    td = director(srv)
    tid = seated_tournament(td, 12, 2)
    found = links(td, tid)
    entries = {e["entry_id"]: e for e in view(td, tid)["entries"]}
    anna = next(e for e in entries.values() if e["table_no"] == 2)["entry_id"]
    token = next(token_of(p["url"]) for p in found["players"] if p["entry_id"] == anna)

    ctx = phone(locale="de-DE")
    ctx.grant_permissions(["notifications"], origin=srv.url)
    page = ctx.new_page()
    page.goto(f"{srv.url}/#/player/{token}")
    card = page.get_by_test_id("push-optin")
    expect(card).to_have_attribute("data-state", "off")
    expect(page.get_by_test_id("push-on")).to_contain_text("Sag mir, wenn ich umziehen muss")
    card.scroll_into_view_if_needed()
    shot(page, "push-optin-player")

    # The server's own message for this phone: subscribed for the test's push service (headless
    # Chromium has no push service of its own), moved by the director, decrypted there.
    assert Api(srv.url, token).post("/api/push/subscriptions", {**push.phone("anna").subscription(), "lang": "de"}).ok
    taken = {e["seat"] for e in entries.values() if e["table_no"] == 1}
    seat = min(s for s in range(1, 11) if s not in taken)
    assert td.command(tid, "move_player", {"entry_id": anna, "to_table": 1, "to_seat": seat}).status_code == 200
    (delivery,) = push.wait_for(1)
    message = delivery.message
    assert message["title"] == f"Wechsel an Tisch 1, Sitz {seat}" and message["url"] == f"/#/player/{token}"

    cdp = ctx.new_cdp_session(page)
    registrations = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: registrations.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    for _ in range(50):  # the registrations arrive as events after enable
        if any(r["scopeURL"].startswith(srv.url) for r in registrations):
            break
        page.wait_for_timeout(100)
    registration = next(r["registrationId"] for r in registrations if r["scopeURL"].startswith(srv.url))

    def deliver() -> None:
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {"origin": srv.url + "/", "registrationId": registration, "data": json.dumps(message)},
        )

    # The player's screen is on and shows the move itself: the notification comes silently (iOS
    # would revoke a subscription whose pushes show nothing).
    deliver()
    expect(page.get_by_test_id("player-moved")).to_have_attribute("data-table", "1")
    for _ in range(50):
        if notifications(page):
            break
        page.wait_for_timeout(100)
    (quiet,) = notifications(page)
    assert quiet["silent"] is True and quiet["title"] == f"Wechsel an Tisch 1, Sitz {seat}"

    # On another screen (the sign-in page), the same news is a notification with sound, in German.
    page.goto(f"{srv.url}/#/login")
    deliver()
    for _ in range(50):
        if notifications(page) and not notifications(page)[0]["silent"]:
            break
        page.wait_for_timeout(100)
    (shown,) = notifications(page)  # the same tag: it replaced the silent one
    assert shown["silent"] is False and shown["title"] == f"Wechsel an Tisch 1, Sitz {seat}"
    assert shown["body"] == "Die Turnierleitung hat dich von Tisch 2 umgesetzt."
    assert shown["data"]["url"] == f"/#/player/{token}" and shown["tag"] == f"pf-{tid}-seat"

    # A tap: the service worker's own click handler sends the open window to the player's screen.
    (worker,) = ctx.service_workers
    worker.evaluate(
        """() => self.registration.getNotifications().then(ns =>
            self.dispatchEvent(new NotificationEvent('notificationclick', {notification: ns[0]})))"""
    )
    expect(page.get_by_test_id("player-seat")).to_have_attribute("data-table", "1")
    expect(page.get_by_test_id("player-seat")).to_have_attribute("data-seat", str(seat))
    assert page.evaluate("location.hash") == f"#/player/{token}"
    assert notifications(page) == []  # the tap closed it


IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/18.1 Mobile/15E148 Safari/604.1"
)


def test_on_an_iphone_the_card_says_to_add_the_app_to_the_home_screen_first(live_server, phone, shot):
    """iOS offers Web Push only to the app opened from the home screen: in Safari the card says how."""
    td = director(live_server)
    tid = seated_tournament(td, 4, 1)
    token = token_of(links(td, tid)["players"][0]["url"])
    page = phone(locale="en-US", user_agent=IPHONE).new_page()
    page.goto(f"{live_server.url}/#/player/{token}")
    card = page.get_by_test_id("push-optin")
    expect(card).to_have_attribute("data-state", "ios_home_screen")
    expect(page.get_by_test_id("push-ios")).to_contain_text("Add to Home Screen")
    expect(page.get_by_test_id("push-on")).to_have_count(0)
    card.scroll_into_view_if_needed()
    shot(page, "push-optin-iphone")
    # a dealer's phone (Android) offers its own, below the table's busts
    dealer = phone(locale="en-US").new_page()
    dealer.goto(f"{live_server.url}/#/dealer/{token_of(links(td, tid)['tables'][0]['url'])}")
    expect(dealer.get_by_test_id("push-on")).to_have_text("Tell me when my table closes or must wait")
    dealer.get_by_test_id("push-optin").scroll_into_view_if_needed()
    shot(dealer, "push-optin-dealer")
