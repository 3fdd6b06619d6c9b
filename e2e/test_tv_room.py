"""The TV tells the room: real server, real Chromium, the TV at 1920×1080 and a player's
phone. The director starts and stops hand-for-hand (N-2.13): a banner on the TV and "Hand-for-hand"
on the phone, gone when it ends; a move and a table break run along the TV's ticker; the seating
page lists everyone by name with table and seat; the night driven to its end over the API shows
the winner with the places and prizes. Read-only screens show no pending/rejected counts."""

import re
from pathlib import Path

from playwright.sync_api import expect

from server import command_ok, director, links

EN = {"locale": "en-US"}
DE = {"locale": "de-DE"}
SHOTS = Path(__file__).parent / "screenshots"  # as the `shot` fixture: inside this checkout, never shared
NAMES = [
    "Zora",
    "Ärne",
    "anton",
    "Anna",
    "Bärbel",
    "Weiß",
    "Wein",
    "Carl",
    "Émile",
    "Dora",
    "Özil",
    "Oskar",
    "Bruno",
    "Céline",
    "Dieter",
    "Eva",
    "Frieda",
    "Gustav",
    "Hanna",
    "Ida",
    "Jörg",
    "Karl",
]


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def tournament(api):
    r = api.post("/api/tournaments", {"name": "Monday TV", "preset": "n-monday"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for name in NAMES:
        command_ok(api, tid, "register_player", {"name": name, "id_checked": True, "prepaid": True})
    command_ok(api, tid, "draw_seats", {"tables": 3})
    return tid


def director_view(api, tid):
    return api.get(f"/api/tournaments/{tid}/view").json()


def bust_to(api, tid, left):
    while True:
        view = director_view(api, tid)
        if view["players_left"] <= left:
            return
        fullest = min((t for t in view["tables"] if not t["broken"]), key=lambda t: (-len(t["seats"]), t["table_no"]))
        command_ok(api, tid, "record_bust", {"entry_id": fullest["seats"][0]["entry_id"]})


def no_counts(page):
    """A read-only screen's badge: the connection, never "0 pending" / "0 rejected"."""
    badge = page.get_by_test_id("sync-badge")
    expect(badge).to_be_visible()
    expect(badge.get_by_test_id("sync-online")).to_have_attribute("data-online", "true")
    expect(badge.get_by_test_id("sync-pending")).to_have_count(0)
    expect(badge.get_by_test_id("sync-rejected")).to_have_count(0)
    text = badge.inner_text().lower()
    assert "pending" not in text and "rejected" not in text and "ausstehend" not in text and "abgelehnt" not in text


def test_the_tv_tells_the_room_hand_for_hand_moves_seating_and_the_winner(live_server, tv, phone):
    api = director(live_server)
    tid = tournament(api)
    command_ok(api, tid, "start_clock")
    ls = links(api, tid)
    screen = tv(**EN).new_page()
    screen.goto(ls["display"]["url"])
    expect(screen.get_by_test_id("clock-time")).to_be_visible()
    # the next levels: after "Next", the three entries after it with blinds (n-monday: levels of 20 min)
    upcoming = screen.get_by_test_id("display-upcoming").locator("li")
    expect(upcoming).to_have_count(3)
    expect(upcoming.first).to_have_attribute("data-index", "2")
    expect(upcoming.first).to_contain_text(re.compile(r"Level 3: [\d,]+ / [\d,]+"))
    expect(screen.get_by_test_id("display-hfh-banner")).to_have_count(0)
    no_counts(screen)
    shoot(screen, "tv-clock-next-levels")

    anna = next(e for e in director_view(api, tid)["entries"] if e["name"] == "Anna")
    anna_link = next(p["url"] for p in ls["players"] if p["entry_id"] == anna["entry_id"])
    player = phone(**EN).new_page()
    player.goto(anna_link)
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-table", str(anna["table_no"]))
    expect(player.get_by_test_id("player-hfh")).to_have_count(0)
    no_counts(player)
    small = phone(**DE, viewport={"width": 360, "height": 800}).new_page()
    small.goto(anna_link)
    expect(small.get_by_test_id("player-seat")).to_be_visible()
    no_counts(small)

    # N-2.13: hand-for-hand on the TV (big) and the player's phone, gone when the director stops it
    command_ok(api, tid, "start_hand_for_hand")
    banner = screen.get_by_test_id("display-hfh-banner")
    expect(banner).to_be_visible()
    expect(screen.get_by_test_id("display-hfh")).to_have_text("Hand-for-hand")
    box = banner.bounding_box()
    assert box["width"] > 1400 and box["height"] > 80  # across the screen, readable from the back
    expect(player.get_by_test_id("player-hfh")).to_contain_text("Hand-for-hand")
    expect(small.get_by_test_id("player-hfh")).to_contain_text("Hand-für-Hand")
    shoot(screen, "tv-hand-for-hand")
    shoot(player, "player-hfh-390-en")
    shoot(small, "player-hfh-360-de")
    command_ok(api, tid, "stop_hand_for_hand")
    expect(screen.get_by_test_id("display-hfh-banner")).to_have_count(0)
    expect(player.get_by_test_id("player-hfh")).to_have_count(0)

    # a move on the ticker, then a table break under its heading
    view = director_view(api, tid)
    other = next(t for t in view["tables"] if t["table_no"] not in (anna["table_no"], 3) and not t["broken"])
    free = next(s for s in range(1, other["max_seats"] + 1) if s not in {x["seat"] for x in other["seats"]})
    command_ok(api, tid, "move_player", {"entry_id": anna["entry_id"], "to_table": other["table_no"], "to_seat": free})
    move = screen.get_by_test_id("display-ticker-move").first
    expect(move).to_have_text(f"Anna → table {other['table_no']}, seat {free}")
    command_ok(api, tid, "break_table", {"table_no": 3})
    expect(screen.get_by_test_id("display-ticker-head").first).to_have_text("Table 3 broken")
    expect(screen.get_by_test_id("display-ticker-head").first).to_have_attribute("data-reason", "table_broken")
    from_three = len(director_view(api, tid)["tables"][2]["seats"]) == 0
    broken_moves = [
        m for m in api.get(f"/api/tournaments/{tid}/display").json()["moves"] if m["reason"] == "table_broken"
    ]
    assert from_three and broken_moves
    # the display view keeps the last 10 moves: the break's and Anna's, newest first
    expect(screen.get_by_test_id("display-ticker-move")).to_have_count(min(10, len(broken_moves) + 1))
    expect(screen.get_by_test_id("display-ticker-move").first).to_contain_text(broken_moves[0]["name"])
    shoot(screen, "tv-ticker")

    # the seating page: everyone by name with table and seat, as the server has them
    screen.get_by_test_id("display-show-seating").click()
    seating = screen.get_by_test_id("display-seating")
    expect(seating).to_be_visible()
    rows = screen.get_by_test_id("display-seating-row")
    expect(rows).to_have_count(len(NAMES))  # one page at 1920×1080 (3 columns)
    where = {
        s["name"]: (t["table_no"], s["seat"])
        for t in director_view(api, tid)["tables"]
        if not t["broken"]
        for s in t["seats"]
    }
    shown = [rows.nth(i).locator(".tv-seating-name").inner_text() for i in range(len(NAMES))]
    assert shown[:6] == ["Anna", "anton", "Ärne", "Bärbel", "Bruno", "Carl"], shown
    assert shown[-3:] == ["Wein", "Weiß", "Zora"], shown  # ß as ss: Weiss after Wein
    for i, name in enumerate(shown):
        table_no, seat = where[name]
        expect(rows.nth(i)).to_have_attribute("data-table", str(table_no))
        expect(rows.nth(i)).to_have_attribute("data-seat", str(seat))
    expect(rows.first.locator("td")).to_have_text(["Anna", str(where["Anna"][0]), str(where["Anna"][1])])
    expect(seating.locator("th").first).to_have_text("Name")
    expect(screen.get_by_test_id("clock-time")).to_be_visible()  # the clock stays up, as a strip
    shoot(screen, "tv-seating")
    screen.get_by_test_id("lang-switch").click()
    expect(seating.locator("th").nth(1)).to_have_text("Tisch")
    expect(seating.locator("th").nth(2)).to_have_text("Sitz")
    expect(screen.get_by_test_id("display-ticker-head").first).to_have_text("Tisch 3 aufgelöst")
    no_counts(screen)
    shoot(screen, "tv-seating-de")
    screen.get_by_test_id("display-show-clock").click()
    expect(screen.get_by_test_id("display-seating")).to_have_count(0)
    screen.get_by_test_id("lang-switch").click()

    # to the end: the winner big, and the places in the money with names and prizes
    bust_to(api, tid, 10)
    command_ok(api, tid, "form_final_table")
    bust_to(api, tid, 1)
    public = api.get(f"/api/tournaments/{tid}/public").json()
    results = public["results"]
    assert results and results[0]["place"] == 1 and len(results) == len(public["payouts"])
    winner = screen.get_by_test_id("display-winner")
    expect(winner).to_be_visible()
    expect(winner).to_contain_text(results[0]["name"])
    expect(screen.get_by_test_id("display-winner-prize")).to_have_attribute("data-amount", str(results[0]["prize"]))
    places = screen.get_by_test_id("display-results").locator("li")
    expect(places).to_have_count(len(results) - 1)
    for i, row in enumerate(results[1:]):
        expect(places.nth(i)).to_have_attribute("data-place", str(row["place"]))
        expect(places.nth(i)).to_contain_text(row["name"])
        expect(places.nth(i)).to_have_attribute("data-amount", str(row["prize"]))
    expect(screen.get_by_test_id("clock-time")).to_be_hidden()  # no frozen clock
    expect(screen.get_by_test_id("display-ticker")).to_have_count(0)
    no_counts(screen)
    shoot(screen, "tv-winner")
    screen.get_by_test_id("lang-switch").click()
    expect(winner).to_contain_text("Sieger")
    shoot(screen, "tv-winner-de")


def test_the_tv_turns_to_the_seating_list_by_itself_and_back_to_the_clock(live_server, tv):
    """Nobody taps a TV on the wall: after 40 s of clock it shows the seating list (20 s a page),
    then the clock again. The browser's clock is driven by Playwright, the server is real."""
    api = director(live_server)
    tid = tournament(api)
    screen = tv(**EN).new_page()
    screen.clock.install()
    screen.goto(links(api, tid)["display"]["url"])
    expect(screen.get_by_test_id("clock-time")).to_be_visible()
    display = screen.get_by_test_id("display")
    expect(display).to_have_attribute("data-page", "clock")
    # the turn starts once the TV's own view (who sits where) has arrived
    expect(display).to_have_attribute("data-seating", "on")
    screen.clock.run_for(30_000)
    expect(display).to_have_attribute("data-page", "clock")
    screen.clock.run_for(11_000)
    expect(display).to_have_attribute("data-page", "seating")
    expect(screen.get_by_test_id("display-seating-row")).to_have_count(len(NAMES))
    screen.clock.run_for(41_000)  # one page here: its turn of two pages shows it twice, then the clock
    expect(display).to_have_attribute("data-page", "clock")
    expect(screen.get_by_test_id("display-seating")).to_have_count(0)
