"""The dealer's phone holds a hand when the rules say so — a short table (V-III.h), a
hand-for-hand round (N-2.13) — and asks for a new button when two newcomers arrive (V-III.i) or
the final table forms; the TV and the players' phones say "Hand-for-hand" while it runs.
Real Chromium at 390×844, real server."""

from playwright.sync_api import expect

from director_phone import director_at
from server import Api, command_ok, director, links, token_of

EN = {"locale": "en-US"}
DE = {"locale": "de-DE"}


def tournament(api, preset, players, tables):
    r = api.post("/api/tournaments", {"name": f"Issue 12 {preset}", "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for i in range(1, players + 1):
        command_ok(api, tid, "register_player", {"name": f"Player {i:02d}", "id_checked": True, "prepaid": True})
    command_ok(api, tid, "draw_seats", {"tables": tables})
    return tid


def dealer_api(server, api, tid, table_no):
    url = next(t["url"] for t in links(api, tid)["tables"] if t["table_no"] == table_no)
    return Api(server.url, token_of(url))


def table_view(server, api, tid, table_no):
    return dealer_api(server, api, tid, table_no).get(f"/api/tournaments/{tid}/view").json()


def deal(server, api, tid, table_no):
    dealer = dealer_api(server, api, tid, table_no)
    view = dealer.get(f"/api/tournaments/{tid}/view").json()
    if view["button"] is None:
        command_ok(dealer, tid, "set_button", {"table_no": table_no, "seat": view["seats"][0]["seat"]})
    command_ok(dealer, tid, "new_hand", {"table_no": table_no})


def bust_at(server, api, tid, table_no, times=1):
    for _ in range(times):
        victim = table_view(server, api, tid, table_no)["seats"][0]["entry_id"]
        command_ok(api, tid, "record_bust", {"entry_id": victim})


def bust_to(server, api, tid, left):
    while True:
        view = api.get(f"/api/tournaments/{tid}/view").json()
        if view["players_left"] <= left:
            return
        fullest = min((t for t in view["tables"] if not t["broken"]), key=lambda t: (-len(t["seats"]), t["table_no"]))
        command_ok(api, tid, "record_bust", {"entry_id": fullest["seats"][0]["entry_id"]})


def dealer_page(phone, api, tid, table_no, **options):
    page = phone(**(options or EN)).new_page()
    page.goto(next(t["url"] for t in links(api, tid)["tables"] if t["table_no"] == table_no))
    expect(page.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
    return page


def apply_first_move(api, tid):
    view = api.get(f"/api/tournaments/{tid}/view").json()
    move = next(s for s in view["suggestions"] if s["kind"] == "move")
    command_ok(
        api,
        tid,
        "move_player",
        {"entry_id": move["entry_id"], "to_table": move["to_table"], "to_seat": move["to_seat"], "reason": "balancing"},
    )
    return move


def test_v_iii_h_a_short_table_holds_its_next_hand_then_v_iii_i_redraws_the_button(live_server, phone, shot):
    """V-III.h: table 3 is four short — its dealer sees "Hold the next hand — balancing" and no New
    hand (German too). The director balances: two newcomers arrive, the hold ends and V-III.i asks
    for a new high-card draw; then the table deals on."""
    api = director(live_server)
    tid = tournament(api, "v-ranking", 27, 3)
    for n in (1, 2, 3):
        deal(live_server, api, tid, n)
    page = dealer_page(phone, api, tid, 3)
    german = dealer_page(phone, api, tid, 3, **DE)
    expect(page.get_by_test_id("dealer-new-hand")).to_be_enabled()
    bust_at(live_server, api, tid, 3, times=4)  # 9, 9, 5

    hold = page.get_by_test_id("dealer-halt")
    expect(hold).to_be_visible()
    expect(hold).to_contain_text("Hold the next hand — balancing")
    expect(hold).to_contain_text("This table is 4 players short of the fullest table")
    expect(hold).to_have_attribute("data-rule", "V-III.h")
    expect(hold).to_contain_text("Rule V-III.h")
    new_hand = page.get_by_test_id("dealer-new-hand")
    expect(new_hand).to_be_disabled()
    expect(new_hand).to_have_attribute("data-locked", "halt")
    expect(page.get_by_test_id("dealer-new-hand-why")).to_contain_text("until the director balances this table")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "dealer-hold-balancing")
    expect(german.get_by_test_id("dealer-halt")).to_contain_text("Nächste Hand anhalten — es wird ausgeglichen")
    expect(german.get_by_test_id("dealer-new-hand")).to_be_disabled()
    shot(german, "dealer-hold-balancing-de")
    # The director's card says the same and offers to let the table play on (not used here).
    td = director_at(phone, api, f"/director/{tid}/floor", "suggestions", **EN)
    card = td.get_by_test_id("suggestion-halt")
    expect(card).to_contain_text("Table 3 is 4 players short")
    expect(card.get_by_test_id("suggestion-rule")).to_contain_text("V-III.h")
    expect(card.get_by_test_id("suggestion-apply")).to_have_text("Let table 3 play on")
    card.scroll_into_view_if_needed()
    shot(td, "director-halt-card")
    # The full tables deal on.
    other = dealer_page(phone, api, tid, 1)
    expect(other.get_by_test_id("dealer-halt")).to_have_count(0)
    expect(other.get_by_test_id("dealer-new-hand")).to_be_enabled()

    first = apply_first_move(api, tid)  # 8, 9, 6: still short, the button stays
    assert first["to_table"] == 3
    expect(page.get_by_test_id(f"seat-{first['to_seat']}")).to_have_attribute("data-entry-id", str(first["entry_id"]))
    expect(hold).to_contain_text("3 players short")
    expect(page.get_by_test_id("dealer-redraw")).to_have_count(0)
    second = apply_first_move(api, tid)  # 8, 8, 7: balanced; two newcomers before a hand
    assert second["to_table"] == 3 and second["redraw_button"] is True
    expect(hold).to_have_count(0)
    redraw = page.get_by_test_id("dealer-redraw")
    expect(redraw).to_be_visible()
    expect(redraw).to_have_attribute("data-reason", "new_players")
    expect(redraw).to_contain_text("Redraw the button")
    expect(redraw).to_contain_text("Two or more new players joined this table")
    expect(redraw).to_contain_text("Rule V-III.i")
    expect(page.get_by_test_id("dealer-new-hand")).to_have_count(0)
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "dealer-redraw-button")
    expect(german.get_by_test_id("dealer-redraw")).to_contain_text("Button neu ziehen")
    shot(german, "dealer-redraw-button-de")

    seat = table_view(live_server, api, tid, 3)["seats"][2]["seat"]
    redraw.get_by_test_id("dealer-set-button").click()
    page.get_by_test_id(f"dealer-button-seat-{seat}").click()
    expect(page.get_by_test_id(f"seat-badge-{seat}")).to_have_text("D")
    expect(page.get_by_test_id("dealer-redraw")).to_have_count(0)
    page.get_by_test_id("dealer-new-hand").click()
    expect(page.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "1")


def test_n_2_13_hand_for_hand_every_dealer_waits_and_the_tv_and_players_show_it(live_server, phone, tv, shot):
    """N-2.13: at 11 players hand-for-hand at both tables. A dealer's New hand stays off while his
    hand runs and while the other table plays, each time saying why; the TV and a player's phone
    show "Hand-for-hand". The final table at 10 ends it and asks for a high-card button (N-2.9)."""
    api = director(live_server)
    tid = tournament(api, "n-monday", 22, 2)
    for n in (1, 2):
        deal(live_server, api, tid, n)
    bust_to(live_server, api, tid, 11)
    dealers = {n: dealer_page(phone, api, tid, n) for n in (1, 2)}
    screen = tv().new_page()
    screen.goto(links(api, tid)["display"]["url"])
    expect(screen.get_by_test_id("clock-time")).to_be_visible()
    expect(screen.get_by_test_id("display-hfh")).to_have_count(0)
    seated = next(s for s in table_view(live_server, api, tid, 1)["seats"])
    player = phone(**EN).new_page()
    player.goto(next(p["url"] for p in links(api, tid)["players"] if p["entry_id"] == seated["entry_id"]))
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-table", "1")

    command_ok(api, tid, "start_hand_for_hand")
    expect(screen.get_by_test_id("display-hfh")).to_have_text("Hand-for-hand")
    expect(player.get_by_test_id("player-hfh")).to_contain_text("Hand-for-hand")
    shot(screen, "display-hand-for-hand")
    shot(player, "player-hand-for-hand")

    one = dealers[1]
    banner = one.get_by_test_id("dealer-hfh-banner")
    expect(banner).to_have_attribute("data-state", "playing")
    expect(banner).to_contain_text("N-2.13")
    expect(one.get_by_test_id("dealer-new-hand")).to_be_disabled()
    expect(one.get_by_test_id("dealer-new-hand")).to_have_attribute("data-locked", "playing")
    expect(one.get_by_test_id("dealer-new-hand-why")).to_contain_text("finish this hand and tap Hand done first")
    expect(one.get_by_test_id("dealer-hand-done")).to_be_visible()
    shot(one, "dealer-hfh-playing")

    one.get_by_test_id("dealer-hand-done").click()
    expect(one.get_by_test_id("dealer-hfh-wait")).to_contain_text("Wait — 1 table is still playing")
    expect(one.get_by_test_id("dealer-new-hand")).to_be_disabled()
    expect(one.get_by_test_id("dealer-new-hand")).to_have_attribute("data-locked", "wait")
    expect(one.get_by_test_id("dealer-new-hand-why")).to_contain_text("until every table is done")
    expect(one.get_by_test_id("dealer-hand-done")).to_have_count(0)
    shot(one, "dealer-hfh-waiting")
    # The server agrees: a new hand now is refused with the rule.
    r = dealer_api(live_server, api, tid, 1).command(tid, "new_hand", {"table_no": 1})
    assert r.status_code == 409 and r.json()["params"]["rule"] == "N-2.13"

    dealers[2].get_by_test_id("dealer-hand-done").click()
    for page in dealers.values():
        expect(page.get_by_test_id("dealer-hfh-banner")).to_have_attribute("data-state", "next")
        expect(page.get_by_test_id("dealer-new-hand")).to_be_enabled()
    shot(one, "dealer-hfh-next")
    one.get_by_test_id("dealer-new-hand").click()
    expect(one.get_by_test_id("dealer-hfh-banner")).to_have_attribute("data-state", "playing")
    expect(one.get_by_test_id("dealer-new-hand")).to_be_disabled()

    # German: the same holds in the dealer's words.
    one.get_by_test_id("lang-switch").click()
    expect(one.get_by_test_id("dealer-new-hand-why")).to_contain_text("erst diese Hand beenden")
    shot(one, "dealer-hfh-playing-de")
    one.get_by_test_id("lang-switch").click()

    bust_to(live_server, api, tid, 10)
    command_ok(api, tid, "form_final_table")
    expect(screen.get_by_test_id("display-hfh")).to_have_count(0)
    expect(player.get_by_test_id("player-hfh")).to_have_count(0)
    final = api.get(f"/api/tournaments/{tid}/view").json()
    (table,) = [t for t in final["tables"] if not t["broken"]]
    page = dealers[table["table_no"]]
    expect(page.get_by_test_id("dealer-hfh-banner")).to_have_count(0)
    redraw = page.get_by_test_id("dealer-redraw")
    expect(redraw).to_have_attribute("data-reason", "final_table")
    expect(redraw).to_contain_text("The final table draws for the button")
    expect(redraw).to_contain_text("N-2.9")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "dealer-redraw-final-table")
