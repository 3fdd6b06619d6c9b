"""The dealer's bust in two taps, with Undo. A real server, a dealer's phone at 390×844
with 10 seated and a hand on: every seat's Bust button is on the first screen; Bust, then the
dialog's confirm, and a toast says "Anna — 10th" with Undo for 10 seconds. Undo sent after the bust
reached the server is a correcting command (`undo_bust`, engine/undo.py: the dealer's own table's
latest bust, before the next hand): the server's table view has Anna seated again, the director's
view has no bust, the log holds player_busted then bust_undone. Offline, Undo takes the bust back
out of the outbox: nothing reaches the server once the phone is online again."""

import time

from playwright.sync_api import expect

from phone_storage import outbox
from server import Api, dealt_table, director, links, read_db, token_of

NAMES = ["Anna", "Ben", "Cleo", "Dario", "Eva", "Fritz", "Greta", "Hugo", "Ida", "Jonas"]
EN = {"locale": "en-US", "viewport": {"width": 390, "height": 844}}
DE = {"locale": "de-DE", "viewport": {"width": 390, "height": 844}}


def table_of_ten(api):
    return dealt_table(api, NAMES)


def all_busts_on_first_screen(page, seats, height):
    for s in seats:
        box = page.get_by_test_id(f"bust-{s['entry_id']}").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (s, box)
        assert box["height"] >= 48 and box["width"] >= 48
    assert page.evaluate("window.scrollY") == 0


def events(server, tid, api):
    return [
        r[0]
        for r in read_db(
            server,
            "SELECT type FROM event WHERE tournament_id = ? AND device_id IS NOT NULL AND device_id != ? ORDER BY seq",
            (tid, api.device_id),
        )
    ]


def test_two_taps_bust_anna_then_undo_puts_her_back_on_the_server(live_server, phone, shot):
    api = director(live_server)
    tid, seats = table_of_ten(api)
    url = links(api, tid)["tables"][0]["url"]
    dealer_api = Api(live_server.url, token_of(url))
    anna = next(s for s in seats if s["name"] == "Anna")

    page = phone(**EN).new_page()
    page.goto(url)
    expect(page.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "1")
    expect(page.get_by_test_id("dealer-clock-line")).to_be_visible()  # the clock in one line
    all_busts_on_first_screen(page, seats, 844)
    shot(page, "dealer-hand-on-390")

    page.get_by_test_id(f"bust-{anna['entry_id']}").click()  # tap 1
    page.get_by_test_id("bust-confirm").click()  # tap 2
    text = page.get_by_test_id("bust-toast-text")
    expect(text).to_have_text("Anna — 10th")
    expect(text).to_have_attribute("data-place", "10")
    expect(page.get_by_test_id("bust-toast-action")).to_have_text("Undo")
    expect(page.get_by_test_id(f"seat-{anna['seat']}")).to_have_count(0, timeout=10_000)  # her seat is free
    bust = next(e for e in api.get(f"/api/tournaments/{tid}/view").json()["entries"] if e["name"] == "Anna")
    assert (bust["status"], bust["place"]) == ("busted", 10)  # the toast's place is the server's
    shot(page, "dealer-bust-toast-390")

    page.get_by_test_id("bust-toast-action").click()
    expect(text).to_have_attribute("data-phase", "undone", timeout=10_000)
    expect(text).to_have_text(f"Anna is back in seat {anna['seat']}")
    expect(page.get_by_test_id(f"seat-{anna['seat']}")).to_contain_text("Anna")
    shot(page, "dealer-bust-undone-390")
    table = dealer_api.get(f"/api/tournaments/{tid}/view").json()
    assert any(s["entry_id"] == anna["entry_id"] and s["seat"] == anna["seat"] for s in table["seats"])
    assert not any(b["entry_id"] == anna["entry_id"] for b in table["busts"])
    view = api.get(f"/api/tournaments/{tid}/view").json()
    assert view["players_left"] == 10
    assert not [e for e in view["entries"] if e["place"] is not None or e["status"] != "active"]
    assert events(live_server, tid, api) == ["player_busted", "bust_undone"]
    assert outbox(page) == []
    # The toast goes by itself; the Bust buttons are all on the first screen again.
    expect(page.get_by_test_id("bust-toast")).to_have_count(0, timeout=8_000)
    all_busts_on_first_screen(page, seats, 844)


def test_the_undo_is_offered_for_10_seconds_only(live_server, phone):
    api = director(live_server)
    tid, seats = table_of_ten(api)
    page = phone(**EN).new_page()
    page.goto(links(api, tid)["tables"][0]["url"])
    ben = next(s for s in seats if s["name"] == "Ben")
    page.get_by_test_id(f"bust-{ben['entry_id']}").click()
    page.get_by_test_id("bust-confirm").click()
    expect(page.get_by_test_id("bust-toast-action")).to_be_visible()
    started = time.monotonic()
    expect(page.get_by_test_id("bust-toast")).to_have_count(0, timeout=15_000)
    assert 8 <= time.monotonic() - started <= 12.5
    assert events(live_server, tid, api) == ["player_busted"]


def test_offline_bust_then_undo_leaves_the_outbox_empty_and_sends_nothing(live_server, phone, shot):
    api = director(live_server)
    tid, seats = table_of_ten(api)
    url = links(api, tid)["tables"][0]["url"]
    context = phone(**DE)
    page = context.new_page()
    page.goto(url)
    expect(page.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "1")
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    anna = next(s for s in seats if s["name"] == "Anna")
    eva = next(s for s in seats if s["name"] == "Eva")

    context.set_offline(True)
    expect(page.get_by_test_id("sync-online")).to_have_attribute("data-online", "false")
    page.get_by_test_id(f"bust-{anna['entry_id']}").click()
    page.get_by_test_id("bust-confirm").click()
    text = page.get_by_test_id("bust-toast-text")
    # the expected place (10 players left before her bust), marked as this phone's guess
    expect(text).to_have_text("Anna — 10. · vorläufig, bis gesendet")
    expect(page.get_by_test_id("sync-pending")).to_have_attribute("data-count", "1")
    assert [e["type"] for e in outbox(page)] == ["record_bust"]
    shot(page, "dealer-bust-toast-offline-de-390")
    page.get_by_test_id("bust-toast-action").click()
    expect(text).to_have_attribute("data-phase", "undone")
    expect(text).to_have_text(f"Anna sitzt wieder auf Sitz {anna['seat']}")
    assert outbox(page) == []
    expect(page.get_by_test_id("sync-pending")).to_have_attribute("data-count", "0")
    expect(page.get_by_test_id(f"bust-{anna['entry_id']}")).to_be_visible()

    # Another entry while still offline, then online: only that one reaches the server.
    page.get_by_test_id(f"away-toggle-{eva['seat']}").click()
    context.set_offline(False)
    expect(page.get_by_test_id("sync-pending")).to_have_attribute("data-count", "0", timeout=20_000)
    expect(page.get_by_test_id(f"away-badge-{eva['seat']}")).to_be_visible(timeout=10_000)
    assert events(live_server, tid, api) == ["player_away"]
    view = api.get(f"/api/tournaments/{tid}/view").json()
    assert view["players_left"] == 10


def test_undo_after_the_next_hand_is_refused_and_the_phone_says_why_in_german(live_server, phone):
    """The server refuses an undo once a hand has started since (hand_since_bust), in the phone's
    language (refusal.<code>)."""
    api = director(live_server)
    tid, seats = table_of_ten(api)
    url = links(api, tid)["tables"][0]["url"]
    anna = next(s for s in seats if s["name"] == "Anna")
    page = phone(**DE).new_page()
    page.goto(url)
    page.get_by_test_id(f"bust-{anna['entry_id']}").click()
    page.get_by_test_id("bust-confirm").click()
    expect(page.get_by_test_id(f"seat-{anna['seat']}")).to_have_count(0, timeout=10_000)
    # A new hand is dealt before the dealer taps Undo: the server refuses, the phone says why.
    page.get_by_test_id("dealer-new-hand").click()
    expect(page.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "2", timeout=10_000)
    page.get_by_test_id("bust-toast-action").click()
    rejected = page.get_by_test_id("rejected-item")
    expect(rejected).to_contain_text("hat seit dem Bust von Anna eine neue Hand begonnen", timeout=10_000)
    expect(page.get_by_test_id("bust-toast")).to_have_count(0)
    assert events(live_server, tid, api) == ["player_busted", "hand_started"]
