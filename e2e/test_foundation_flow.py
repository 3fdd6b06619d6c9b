"""Director, an offline dealer phone and a player phone, all in real Chromium."""

import re

from playwright.sync_api import expect

from director_phone import first_director_seats_a_tournament, in_section
from server import Api


def test_offline_dealer_busts_reach_the_director_exactly_once(live_server, phone, shot):
    # The director takes the first-login link printed by the server.
    director = phone().new_page()
    tid = first_director_seats_a_tournament(director, live_server.url, live_server.setup_token(), 20, 2)
    shot(director, "director-seated")

    # The dealer phone opens table 1 from its QR link.
    in_section(director, "tools")
    dealer_url = director.get_by_test_id("link-table-1").get_attribute("href")
    assert "#/dealer/" in dealer_url and "?" not in dealer_url
    dealer_ctx = phone()
    dealer = dealer_ctx.new_page()
    dealer.goto(dealer_url)
    seats = dealer.locator("[data-testid^='seat-'][data-entry-id]")
    expect(seats).to_have_count(10)
    dealer.wait_for_function(
        "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=15_000
    )
    victims = [int(seats.nth(i).get_attribute("data-entry-id")) for i in (2, 5)]

    dealer_ctx.set_offline(True)
    for entry_id in victims:
        dealer.get_by_test_id(f"bust-{entry_id}").click()
        dealer.get_by_test_id("bust-confirm").click()
    expect(dealer.get_by_test_id("sync-pending")).to_contain_text("2")
    dealer.reload()  # offline: the service worker serves the app, IndexedDB the table and the queue
    expect(dealer.get_by_test_id("sync-pending")).to_contain_text("2")
    expect(dealer.get_by_test_id("sync-online")).to_contain_text(re.compile("offline", re.I))
    expect(seats).to_have_count(10)
    shot(dealer, "dealer-offline-2-pending")

    dealer_ctx.set_offline(False)
    expect(dealer.get_by_test_id("sync-pending")).to_contain_text("0", timeout=20_000)
    expect(dealer.get_by_test_id("sync-rejected")).to_contain_text("0")

    # The director sees both busts, once each, placed 20th and 19th in the order recorded.
    in_section(director, "players")
    for entry_id, place in zip(victims, (20, 19)):
        row = director.get_by_test_id(f"entry-row-{entry_id}")
        expect(row).to_have_attribute("data-status", "busted")
        expect(row).to_have_attribute("data-place", str(place))
    expect(director.get_by_test_id("players-left")).to_contain_text("18")
    shot(director, "director-after-busts")
    api = Api(live_server.url)
    api.token = api.post("/api/auth/login", {"username": "floor", "password": "a long password"}).json()["token"]
    view = api.get(f"/api/tournaments/{tid}/view").json()
    assert [(b["entry_id"], b["place"]) for b in reversed(view["busts"])] == list(zip(victims, (20, 19)))

    # A player phone shows its seat and a running clock.
    survivor_seat = next(
        seats.nth(i) for i in range(8) if int(seats.nth(i).get_attribute("data-entry-id")) not in victims
    )
    survivor = int(survivor_seat.get_attribute("data-entry-id"))
    seat_no = survivor_seat.get_attribute("data-testid").split("-")[1]
    in_section(director, "tools")
    player_url = director.get_by_test_id(f"link-player-{survivor}").get_attribute("href")
    player = phone().new_page()
    player.goto(player_url)
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-table", "1")
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-seat", seat_no)
    expect(player.get_by_test_id("player-seat")).to_contain_text(f"Seat {seat_no}")
    first = player.get_by_test_id("clock-time").inner_text()
    player.wait_for_timeout(2_100)
    assert player.get_by_test_id("clock-time").inner_text() != first
    shot(player, "player-seat")
