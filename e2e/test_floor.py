"""Seating like a real floor — dealers run hands, the director balances, runs
hand-for-hand and breaks tables, and every phone follows at once. Real Chromium, real server."""

import re

from playwright.sync_api import expect

from director_phone import in_section, signed_in, tap_suggestion
from phone_storage import meta_keys
from server import Api, command_ok as ok, director, links, seated_tournament, token_of

EN = {"locale": "en-US"}


def director_view(api, tid):
    return api.get(f"/api/tournaments/{tid}/view").json()


def table_view(server, urls, tid, table_no):
    url = next(t["url"] for t in urls["tables"] if t["table_no"] == table_no)
    return Api(server.url, token_of(url)).get(f"/api/tournaments/{tid}/view").json()


def director_page(context, api):
    """A director phone that already holds the API's session token (skips the login form)."""
    signed_in(context, api)
    return context.new_page()


def dealer_page(phone, urls, table_no):
    page = phone(**EN).new_page()
    page.goto(next(t["url"] for t in urls["tables"] if t["table_no"] == table_no))
    expect(page.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
    return page


def player_page(phone, urls, entry_id):
    page = phone(**EN).new_page()
    page.goto(next(p["url"] for p in urls["players"] if p["entry_id"] == entry_id))
    return page


def expect_badges(page, view):
    """D, SB and BB on the seats the table view names (a dead seat shows its badge too)."""
    marks = {}
    for key, label in (("button", "D"), ("sb", "SB"), ("bb", "BB")):
        if view[key] is not None:
            marks.setdefault(view[key], []).append(label)
    for seat, labels in marks.items():
        expect(page.get_by_test_id(f"seat-badge-{seat}")).to_have_attribute("data-badges", ",".join(labels))
    expect(page.locator("[data-testid^='seat-badge-']")).to_have_count(len(marks))


def set_button_by_tap(page, seat):
    page.get_by_test_id("dealer-set-button").click()
    page.get_by_test_id(f"dealer-button-seat-{seat}").click()
    expect(page.get_by_test_id(f"seat-badge-{seat}")).to_have_text("D")


def test_two_dealers_set_the_button_and_deal_by_the_dead_button_rule(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=20, tables=2)
    urls = links(api, tid)
    dealers = {n: dealer_page(phone, urls, n) for n in (1, 2)}

    for n, page in dealers.items():
        # No button yet: the high-card flow is offered, New hand is not.
        expect(page.get_by_test_id("dealer-set-button")).to_have_text("Set button (high card)")
        expect(page.get_by_test_id("dealer-new-hand")).to_have_count(0)
        if n == 1:
            shot(page, "dealer-no-button")
        seats = [s["seat"] for s in table_view(live_server, urls, tid, n)["seats"]]
        winner = seats[n]  # whoever drew the high card
        page.get_by_test_id("dealer-set-button").click()
        expect(page.get_by_test_id(f"dealer-button-seat-{winner}")).to_be_visible()
        if n == 1:
            shot(page, "dealer-pick-button")
        page.get_by_test_id(f"dealer-button-seat-{winner}").click()
        expect(page.get_by_test_id(f"seat-badge-{winner}")).to_have_text("D")
        expect(page.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "0")
        assert table_view(live_server, urls, tid, n)["button"] == winner

    def deal(n):
        page = dealers[n]
        before = table_view(live_server, urls, tid, n)
        upcoming = before["next"]
        page.get_by_test_id("dealer-new-hand").click()
        expect(page.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", str(before["hand_no"] + 1))
        after = table_view(live_server, urls, tid, n)
        assert (after["button"], after["sb"], after["bb"]) == (upcoming["button"], upcoming["sb"], upcoming["bb"])
        expect_badges(page, after)
        # The new hand's big blind, and the next one's, in words.
        expect(page.get_by_test_id("dealer-bb")).to_have_attribute("data-seat", str(after["bb"]))
        expect(page.get_by_test_id("dealer-next-bb")).to_have_attribute("data-seat", str(after["next"]["bb"]))
        return after

    for _ in range(3):
        for n in (1, 2):
            deal(n)
    shot(dealers[1], "dealer-hand")

    # The big blind of table 1 busts: next hand the small blind is dead (N-2.25 / TDA 32).
    t1 = table_view(live_server, urls, tid, 1)
    bb_player = next(s for s in t1["seats"] if s["seat"] == t1["bb"])
    ok(api, tid, "record_bust", {"entry_id": bb_player["entry_id"]})
    expect(dealers[1].get_by_test_id(f"seat-{t1['bb']}")).to_have_count(0)
    after = deal(1)
    assert after["sb"] == t1["bb"] and after["button"] == t1["sb"]
    expect(dealers[1].get_by_test_id(f"seat-badge-{t1['bb']}")).to_have_text("SB")
    shot(dealers[1], "dealer-dead-small-blind")
    deal(1)
    deal(2)


def test_a_suggested_move_reaches_both_dealers_and_the_player_at_once(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=20, tables=2)
    urls = links(api, tid)
    for n in (1, 2):  # buttons known: who moves is the player due for the big blind (N-2.11)
        first = table_view(live_server, urls, tid, n)["seats"][0]["seat"]
        ok(api, tid, "set_button", {"table_no": n, "seat": first})
    dealers = {n: dealer_page(phone, urls, n) for n in (1, 2)}
    td = director_page(phone(**EN), api)
    td.goto(f"{live_server.url}/#/director/{tid}/floor")  # The floor section
    expect(td.get_by_test_id("table-map")).to_be_visible()
    expect(td.get_by_test_id("suggestions")).to_contain_text("Tables are balanced")

    # The director busts three players of table 2 from the table list (folded under the map).
    victims = [s["entry_id"] for s in table_view(live_server, urls, tid, 2)["seats"][:3]]
    td.get_by_test_id("tables-fold").locator("summary").click()
    for entry_id in victims:
        td.get_by_test_id(f"table-bust-{entry_id}").click()
        td.get_by_test_id("bust-confirm").click()
        expect(td.get_by_test_id(f"table-bust-{entry_id}")).to_have_count(0)  # gone from the table
    # The rows leave at once (the phone shows its own command); the server has them once sent.
    expect(td.get_by_test_id("sync-pending")).to_have_attribute("data-count", "0")
    assert all(e["status"] == "busted" for e in director_view(api, tid)["entries"] if e["entry_id"] in victims)

    suggestion = td.get_by_test_id("suggestion-move")
    expect(suggestion).to_have_count(1)
    (move,) = [s for s in director_view(api, tid)["suggestions"] if s["kind"] == "move"]
    expect(suggestion).to_have_attribute("data-id", move["id"])
    expect(suggestion.get_by_test_id("suggestion-text")).to_have_text(move["text"])
    expect(suggestion.get_by_test_id("suggestion-rule")).to_contain_text(move["rule"])
    expect(td.get_by_test_id("map-table-2")).to_have_attribute("data-short", "true")
    expect(td.get_by_test_id("map-table-2")).to_have_attribute("data-players", "7")
    td.get_by_test_id("suggestions").scroll_into_view_if_needed()
    shot(td, "director-suggestions")
    # German: the same suggestion from its fields.
    td.get_by_test_id("lang-switch").click()
    expect(suggestion.get_by_test_id("suggestion-text")).to_contain_text(
        f"Sitz {move['from_seat']} ({move['name']}) an Tisch 1 wäre als Nächstes Big Blind"
    )
    expect(suggestion.get_by_test_id("suggestion-text")).to_contain_text(f"an Tisch 2, Sitz {move['to_seat']} setzen")
    shot(td, "director-suggestions-de")
    td.get_by_test_id("lang-switch").click()
    td.get_by_test_id("table-map").scroll_into_view_if_needed()
    shot(td, "director-map")

    # The moved player's phone is open on the old seat.
    player = player_page(phone, urls, move["entry_id"])
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-table", "1")
    expect(player.get_by_test_id("player-table-map")).to_be_visible()
    expect(player.get_by_test_id("player-moved")).to_have_count(0)

    # One tap applies it; every phone shows the move without a reload.
    suggestion.get_by_test_id("suggestion-apply").click()
    expect(td.locator(f"[data-id='{move['id']}']")).to_have_count(0)
    expect(td.get_by_test_id("suggestion-move")).to_have_count(0)
    leave = dealers[1].get_by_test_id(f"dealer-move-{move['entry_id']}")
    expect(leave).to_have_attribute("data-kind", "leave")
    expect(leave).to_have_attribute("data-fresh", "true")
    expect(leave).to_contain_text(f"Seat {move['from_seat']} {move['name']} leaves for table 2, seat {move['to_seat']}")
    arrive = dealers[2].get_by_test_id(f"dealer-move-{move['entry_id']}")
    expect(arrive).to_have_attribute("data-kind", "arrive")
    expect(arrive).to_contain_text(f"Seat {move['to_seat']}: {move['name']} arrives from table 1")
    expect(dealers[2].get_by_test_id(f"seat-{move['to_seat']}")).to_have_attribute(
        "data-entry-id", str(move["entry_id"])
    )
    expect(dealers[1].get_by_test_id(f"seat-{move['from_seat']}")).to_have_count(0)
    card = player.get_by_test_id("player-moved")
    expect(card).to_contain_text(f"You moved: table 2, seat {move['to_seat']}")
    expect(card).to_contain_text(f"Before: table 1, seat {move['from_seat']}")
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-seat", str(move["to_seat"]))
    shot(dealers[2], "dealer-moves")
    shot(dealers[1], "dealer-moves-leave")
    shot(player, "player-moved")
    # The card stays through a reload until the player dismisses it.
    player.reload()
    expect(player.get_by_test_id("player-moved")).to_be_visible()
    player.get_by_test_id("player-moved-dismiss").click()
    expect(player.get_by_test_id("player-moved")).to_have_count(0)
    # the dismissal is written to the phone's storage before the next reload (a reload in the
    # same instant may cut that write short: the card would come back, found as a CI race)
    for _ in range(100):
        if not any(k.startswith("moved:") for k in meta_keys(player)):
            break
        player.wait_for_timeout(50)
    assert not any(k.startswith("moved:") for k in meta_keys(player)), "the dismissed card is still stored"
    player.reload()
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-seat", str(move["to_seat"]))
    expect(player.get_by_test_id("player-moved")).to_have_count(0)
    shot(player, "player-seat-map")

    # A manual move between the button and the small blind is refused (N-2.10) and can be forced.
    view = director_view(api, tid)
    table2 = next(t for t in view["tables"] if t["table_no"] == 2)
    free = [s for s in range(1, table2["max_seats"] + 1) if s not in {x["seat"] for x in table2["seats"]}]
    # The busted seats were 1-3 with the button on seat 1: the newcomer took seat 1, seats 2 and 3
    # lie between the button and the next small blind (seat 4).
    assert (move["to_seat"], free, table2["button"], table2["next"]["sb"]) == (1, [2, 3], 1, 4)
    movers = [e for e in view["entries"] if e["status"] == "active" and e["table_no"] == 1]
    td.get_by_test_id("move-open").click()
    td.get_by_test_id("move-player").select_option(str(movers[0]["entry_id"]))
    td.get_by_test_id("move-table").select_option("2")
    td.get_by_test_id("move-seat").select_option("2")
    td.get_by_test_id("move-submit").click()
    error = td.get_by_test_id("move-error")
    expect(error).to_have_attribute("data-error", "between_button_and_small_blind")
    expect(error).to_have_attribute("data-field", "to_seat")
    expect(td.get_by_test_id("move-seat").locator("xpath=..")).to_have_class(re.compile("is-bad"))
    shot(td, "director-move-between-button-and-sb")
    td.get_by_test_id("move-force").click()
    expect(td.get_by_test_id("move-dialog")).to_have_count(0)
    in_section(td, "players")
    expect(td.get_by_test_id(f"entry-row-{movers[0]['entry_id']}")).to_contain_text("Table 2 · Seat 2")
    in_section(td, "floor")
    expect(dealers[2].get_by_test_id(f"dealer-move-{movers[0]['entry_id']}")).to_have_attribute("data-kind", "arrive")

    # A move queued offline meets a seat taken meanwhile: the dialog names the seat.
    td.get_by_test_id("move-open").click()
    td.get_by_test_id("move-player").select_option(str(movers[1]["entry_id"]))
    td.get_by_test_id("move-table").select_option("2")
    td.get_by_test_id("move-seat").select_option("3")
    td.context.set_offline(True)
    td.get_by_test_id("move-submit").click()
    expect(td.get_by_test_id("move-pending")).to_be_visible()
    ok(api, tid, "move_player", {"entry_id": movers[2]["entry_id"], "to_table": 2, "to_seat": 3})
    td.context.set_offline(False)
    expect(error).to_have_attribute("data-field", "to_seat", timeout=20_000)
    expect(error).to_contain_text("Seat 3 at table 2 is taken")
    expect(td.get_by_test_id("move-seat")).to_have_value("3")
    expect(td.get_by_test_id("move-seat").locator("xpath=..")).to_have_class(re.compile("is-bad"))
    shot(td, "director-move-error")
    td.get_by_test_id("move-cancel").click()
    expect(td.get_by_test_id("move-dialog")).to_have_count(0)
    expect(td.get_by_test_id("rejected-item")).to_contain_text("Seat 3 at table 2 is taken")
    in_section(td, "players")
    expect(td.get_by_test_id(f"entry-row-{movers[1]['entry_id']}")).to_contain_text("Table 1")


def test_hand_for_hand_waits_for_every_table(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=20, tables=2)
    urls = links(api, tid)
    dealers = {n: dealer_page(phone, urls, n) for n in (1, 2)}
    for n, page in dealers.items():
        set_button_by_tap(page, table_view(live_server, urls, tid, n)["seats"][0]["seat"])
        page.get_by_test_id("dealer-new-hand").click()
        expect(page.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "1")
    td = director_page(phone(**EN), api)
    td.goto(f"{live_server.url}/#/director/{tid}/floor")
    expect(td.get_by_test_id("hfh-start")).to_be_visible()
    expect(td.get_by_test_id("hfh-stop")).to_have_count(0)
    td.get_by_test_id("hfh-start").click()
    expect(td.get_by_test_id("hfh-stop")).to_be_visible()
    expect(td.get_by_test_id("hfh-status")).to_have_attribute("data-round", "1")

    for page in dealers.values():
        banner = page.get_by_test_id("dealer-hfh-banner")
        expect(banner).to_have_attribute("data-state", "playing")
        expect(banner).to_contain_text("Hand-for-hand — play one hand, then tap Hand done")
        # N-2.13: the hand in play is this round's; no new hand until every table is done
        expect(page.get_by_test_id("dealer-new-hand")).to_be_disabled()
    shot(dealers[1], "dealer-hfh")

    dealers[1].get_by_test_id("dealer-hand-done").click()
    expect(dealers[1].get_by_test_id("dealer-hfh-wait")).to_contain_text("Wait — 1 table is still playing")
    expect(dealers[1].get_by_test_id("dealer-new-hand")).to_be_disabled()
    expect(dealers[1].get_by_test_id("dealer-hand-done")).to_have_count(0)
    expect(dealers[2].get_by_test_id("dealer-hfh-banner")).to_have_attribute("data-state", "playing")
    expect(td.get_by_test_id("hfh-status")).to_contain_text("Done this round: 1")
    shot(dealers[1], "dealer-hfh-wait")

    dealers[2].get_by_test_id("dealer-hand-done").click()
    for page in dealers.values():
        banner = page.get_by_test_id("dealer-hfh-banner")
        expect(banner).to_have_attribute("data-state", "next")
        expect(banner).to_have_attribute("data-round", "2")
        expect(banner).to_contain_text("start the next hand now")
        expect(page.get_by_test_id("dealer-new-hand")).to_be_enabled()
    shot(dealers[1], "dealer-hfh-next")
    dealers[1].get_by_test_id("dealer-new-hand").click()
    expect(dealers[1].get_by_test_id("dealer-hfh-banner")).to_have_attribute("data-state", "playing")
    expect(dealers[1].get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "2")

    td.get_by_test_id("hfh-stop").click()
    for page in dealers.values():
        expect(page.get_by_test_id("dealer-hfh-banner")).to_have_count(0)
    expect(td.get_by_test_id("hfh-start")).to_be_visible()


def test_breaking_a_table_sends_everyone_to_new_seats(live_server, phone, shot):
    api = director(live_server)
    tid = seated_tournament(api, players=20, tables=3)
    urls = links(api, tid)
    td = director_page(phone(**EN), api)
    td.goto(f"{live_server.url}/#/director/{tid}/floor")
    # 20 players fit at 2 tables: break a table. The break order puts table 2 first.
    expect(td.get_by_test_id("suggestion-break")).to_have_attribute("data-id", re.compile(r"^break:3:"))
    expect(td.get_by_test_id("break-order-row-3")).to_contain_text("Table 3")
    td.get_by_test_id("break-order-up-2").click()
    td.get_by_test_id("break-order-save").click()
    expect(td.get_by_test_id("suggestion-break")).to_have_attribute("data-id", re.compile(r"^break:2:"))
    assert director_view(api, tid)["break_order"][0] == 2

    leaving = table_view(live_server, urls, tid, 2)["seats"]
    dealer2 = dealer_page(phone, urls, 2)
    dealer1 = dealer_page(phone, urls, 1)
    player = player_page(phone, urls, leaving[0]["entry_id"])
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-table", "2")

    tap_suggestion(td, td.get_by_test_id("suggestion-break"), "break")  # a break asks once
    broken = dealer2.get_by_test_id("dealer-broken")
    expect(broken).to_contain_text("This table is closed")
    expect(dealer2.get_by_test_id("dealer-new-hand")).to_have_count(0)
    expect(dealer2.locator("[data-testid^='bust-']")).to_have_count(0)
    moved = {m["entry_id"]: m for m in table_view(live_server, urls, tid, 2)["moves"] if m["from_table"] == 2}
    assert set(moved) == {s["entry_id"] for s in leaving}
    for s in leaving:
        m = moved[s["entry_id"]]
        row = broken.get_by_test_id(f"dealer-move-{s['entry_id']}")
        expect(row).to_contain_text(s["name"])
        expect(row).to_contain_text(f"table {m['to_table']}, seat {m['to_seat']}")
    shot(dealer2, "dealer-broken")

    first = moved[leaving[0]["entry_id"]]
    card = player.get_by_test_id("player-moved")
    expect(card).to_contain_text(f"You moved: table {first['to_table']}, seat {first['to_seat']}")
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-seat", str(first["to_seat"]))
    shot(player, "player-moved-table-broken")
    expect(dealer1.get_by_test_id("dealer-moves")).to_be_visible()

    expect(td.get_by_test_id("map-table-2")).to_have_attribute("data-broken", "true")
    expect(td.get_by_test_id("suggestion-break")).to_have_count(0)
    td.get_by_test_id("table-map").scroll_into_view_if_needed()
    shot(td, "director-map-after-break")
    # Tapping a table opens its seats.
    td.get_by_test_id("map-table-1").click()
    expect(td.get_by_test_id("map-sheet")).to_have_attribute("data-table", "1")
    shot(td, "director-table-sheet")
    td.get_by_test_id("sheet-close").click()
    expect(td.get_by_test_id("map-sheet")).to_have_count(0)


def test_late_entry_with_an_accessible_seat_shows_its_seat(live_server, phone, shot):
    api = director(live_server)
    r = api.post("/api/tournaments", {"name": "Qualifier", "preset": "p-qualifier"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for i in range(1, 9):  # a qualifier is one table of 8-10 (P-Teilnahme): capacity 10
        ok(api, tid, "register_player", {"name": f"Player {i:02d}", "id_checked": True})
    td = director_page(phone(**EN), api)
    td.goto(f"{live_server.url}/#/director/{tid}")
    td.get_by_test_id("register-name").fill("Rolli Rita")
    td.get_by_test_id("register-accessible").check()
    td.get_by_test_id("register-submit").click()  # P-Teilnahme: "ID seen (18+) · Register"
    expect(td.get_by_test_id("desk-row-9")).to_be_visible()
    expect(td.get_by_test_id("register-accessible")).not_to_be_checked()
    td.get_by_test_id("draw-other").click()
    td.get_by_test_id("draw-accessible-seats").fill("4")
    td.get_by_test_id("draw-submit").click()
    td.get_by_test_id("draw-confirm").click()
    in_section(td, "players")
    expect(td.get_by_test_id("entry-row-9")).to_contain_text("Seat 4")

    # After the draw the qualifier still seats late entries at once.
    in_section(td, "desk")
    expect(td.get_by_test_id("register-name")).to_be_visible()
    td.get_by_test_id("register-name").fill("Late Larry")
    td.get_by_test_id("register-submit").click()
    late = td.get_by_test_id("register-late-result")
    expect(late).to_contain_text("Late Larry: table")
    entry = next(e for e in director_view(api, tid)["entries"] if e["name"] == "Late Larry")
    expect(late).to_have_attribute("data-seat", str(entry["seat"]))
    expect(late).to_have_attribute("data-table", str(entry["table_no"]))
    shot(td, "director-late-entry")
