"""The acceptance for the S rulebook (Swiss Poker Trophy, preset s-trophy): a whole night in
real Chromium against a real server, driven through the director's and the dealers' phones; the
HTTP API is read as the oracle of where players sit (and of what the screens must show).

Rule ids (../shared/RULES.md), in the order the night passes them:
- S-#2   up to 11 per table: 33 players draw onto three tables of 11.
- S-#47  re-entry until the first break: same seat, a full stack, buy-in and fee again.
- S-#46  an alternate takes a busted player's seat until the first break, with a full stack.
- S-#10  colour-up after levels 4, 8 and 12 (in the breaks), shown on every screen; after the
         first break re-entry and alternates are refused (S-#47, S-#46).
- S-#6   balancing: who moves is drawn by lot, and never into the small blind (S-#5/#6).
- S-#5   a table is broken only when the rest fit at 10 a table (not at 21 on three tables).
- S-#19  the dealer's time call: 30 s, the last 5 counted.
- S-#2   hand-for-hand from 11 (the preset's note), the final table at 10, seats redrawn and the
         button drawn by high card there (S-#4).
- S-#47  prizes: S names no payout table; the preset's note pays by field size (the generic
         TDA table) once the director has set the announced buy-in: 8 places of 35 buy-ins.
"""

from fractions import Fraction

from playwright.sync_api import expect

from director_phone import (
    director_at,
    draw_at_desk,
    in_section,
    new_tournament,
    register_at_desk,
    start_clock,
    tap_suggestion,
)
from server import director, public, seat_of, view, view_when

EN = {"locale": "en-US"}
PLAYERS = 33
BUY_IN, FEE = 50, 10  # S-#47 leaves them to the announcement; the director sets them before the draw


def test_an_s_trophy_night_from_the_draw_to_the_final_table_and_its_winner(live_server, phone, tv, shot):
    api = director(live_server)
    td = director_at(phone, api, "/director", "new-tournament-name", **EN)
    tid = new_tournament(td, "Swiss Poker Trophy", "s-trophy")

    # The announcement's buy-in and fee (S-#47: "Buy-in und Teilnahmegebühr"), set before the draw.
    td.get_by_test_id("settings-edit").click()
    td.get_by_test_id("settings-input-buy_in").fill(str(BUY_IN))
    td.get_by_test_id("settings-input-fee").fill(str(FEE))
    td.get_by_test_id("settings-save").click()
    expect(td.get_by_test_id("settings-buy_in")).to_contain_text(str(BUY_IN))

    register_at_desk(td, [f"Spieler {i:02d}" for i in range(1, PLAYERS + 1)])
    # S-#2: at most 11 a table: the draw proposes three tables of 11.
    expect(td.get_by_test_id("draw-plan")).to_have_attribute("data-tables", "3")
    draw_at_desk(td)
    in_section(td, "floor")  # The director's screen in sections
    for n in (1, 2, 3):
        expect(td.get_by_test_id(f"map-table-{n}")).to_have_attribute("data-players", "11")
    start_clock(td)

    dealers = {}

    def dealer(table_no):
        if table_no not in dealers:
            page = phone(**EN).new_page()
            in_section(td, "tools")
            page.goto(td.get_by_test_id(f"link-table-{table_no}").get_attribute("href"))
            expect(page.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
            dealers[table_no] = page
        return dealers[table_no]

    screen = tv(**EN).new_page()
    in_section(td, "tools")
    screen.goto(td.get_by_test_id("link-display").get_attribute("href"))
    expect(screen.get_by_test_id("players-left")).to_have_text(str(PLAYERS))

    # The dealers draw the button by high card (S-01) and deal.
    for n in (1, 2, 3):
        page = dealer(n)
        first = view(api, tid)["tables"][n - 1]["seats"][0]["seat"]
        page.get_by_test_id("dealer-set-button").click()
        page.get_by_test_id(f"dealer-button-seat-{first}").click()
        expect(page.get_by_test_id(f"seat-badge-{first}")).to_contain_text("D")
        page.get_by_test_id("dealer-new-hand").click()
        expect(page.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "1")

    def bust(entry_id, deal=True):
        """The dealer of the player's table deals a new hand (when he may) and enters the bust."""
        table_no, _ = seat_of(api, tid, entry_id)
        page = dealer(table_no)
        if deal and page.get_by_test_id("dealer-new-hand").is_enabled():
            before = page.get_by_test_id("dealer-hand-no").get_attribute("data-hand-no")
            page.get_by_test_id("dealer-new-hand").click()
            expect(page.get_by_test_id("dealer-hand-no")).not_to_have_attribute("data-hand-no", before)
        page.get_by_test_id(f"bust-{entry_id}").click()
        page.get_by_test_id("bust-confirm").click()
        in_section(td, "players")
        expect(td.get_by_test_id(f"entry-row-{entry_id}")).to_have_attribute("data-status", "busted")

    # --- S-#47: a re-entry before the first break keeps the seat, with a full stack, and pays again.
    first_out = view(api, tid)["tables"][0]["seats"][2]
    bust(first_out["entry_id"])
    td.get_by_test_id(f"entry-reentry-{first_out['entry_id']}").click()
    td.get_by_test_id("entry-action-confirm").click()
    expect(td.get_by_test_id(f"entry-row-{first_out['entry_id']}")).to_have_attribute("data-status", "active")
    assert seat_of(api, tid, first_out["entry_id"]) == (1, first_out["seat"])  # "behält seinen Platz"
    v = view(api, tid)
    row = next(e for e in v["entries"] if e["entry_id"] == first_out["entry_id"])
    assert row["reentries"] == 1
    assert (v["money"]["prize_pool"], v["money"]["fees"]) == ((PLAYERS + 1) * BUY_IN, (PLAYERS + 1) * FEE)
    assert public(api, tid)["reentries"] == 1
    td.get_by_test_id(f"entry-row-{first_out['entry_id']}").scroll_into_view_if_needed()
    shot(td, "night-s-reentry")

    # --- S-#46: an alternate takes a busted player's empty seat: a new entry with a full stack.
    second_out = view(api, tid)["tables"][1]["seats"][4]
    bust(second_out["entry_id"])
    td.get_by_test_id(f"entry-alternate-{second_out['entry_id']}").click()
    td.get_by_test_id("entry-alternate-name").fill("Nachrücker Nora")
    shot(td, "night-s-alternate-dialog")
    td.get_by_test_id("entry-action-confirm").click()
    expect(td.get_by_test_id(f"entry-alternate-{second_out['entry_id']}")).to_have_count(0)  # the seat is taken
    v = view_when(api, tid, lambda v: any(e["name"] == "Nachrücker Nora" for e in v["entries"]))
    nora = next(e for e in v["entries"] if e["name"] == "Nachrücker Nora")
    assert (nora["status"], nora["table_no"], nora["seat"]) == ("active", 2, second_out["seat"])
    assert v["players_left"] == PLAYERS and v["chips"]["in_play"] == (PLAYERS + 2) * 10_000  # two full stacks more
    assert (v["money"]["prize_pool"], v["money"]["fees"]) == ((PLAYERS + 2) * BUY_IN, (PLAYERS + 2) * FEE)
    expect(dealer(2).get_by_test_id(f"seat-{second_out['seat']}")).to_contain_text("Nachrücker Nora")

    def apply(s):
        in_section(td, "floor")
        item = td.locator(f"[data-testid='suggestion-{s['kind']}'][data-id='{s['id']}']")
        tap_suggestion(td, item, s["kind"])
        expect(item).to_have_count(0)

    def suggestions(kind, v=None):
        return [s for s in (v or view(api, tid))["suggestions"] if s["kind"] == kind]

    def balance():
        """S-#6: the player who moves is drawn by lot; he never takes the small blind (S-#5/#6)."""
        moves = []
        for _ in range(10):
            v = view(api, tid)
            found = suggestions("move", v)
            if not found:
                return moves
            s = found[0]
            assert s["rule"] == "S-#6" and s["who"] == "lot", s
            target = next(t for t in v["tables"] if t["table_no"] == s["to_table"])
            assert s["to_seat"] != (target["next"] or {}).get("sb"), s  # never into the small blind
            apply(s)
            assert seat_of(api, tid, s["entry_id"]) == (s["to_table"], s["to_seat"])
            moves.append(s)
        raise AssertionError("moves kept coming")

    def jump(index, what):
        """The director jumps the clock (`what` is for the reader: the entry it lands on)."""
        in_section(td, "clock")
        td.get_by_test_id("clock-jump-select").select_option(str(index))
        td.get_by_test_id("clock-jump-submit").click()
        td.get_by_test_id("clock-jump-confirm").click()  # a jump asks once
        expect(td.get_by_test_id("clock-level")).to_have_attribute("data-index", str(index))

    # A third player out before the break neither re-enters nor gets an alternate (yet): both are
    # offered on his row until the first break.
    third_out = view(api, tid)["tables"][2]["seats"][6]["entry_id"]
    bust(third_out)
    expect(td.get_by_test_id(f"entry-reentry-{third_out}")).to_be_visible()
    expect(td.get_by_test_id(f"entry-alternate-{third_out}")).to_be_visible()

    # --- S-#10: the first break: colour-up of the 50s, rounded up, on the director's, the dealers'
    # and the TV's clock; re-entry (S-#47) and alternates (S-#46) end there.
    jump(4, "break 1")
    colour = "remove the 50 chips — round up"
    for page in (td, dealer(1), screen):
        expect(page.get_by_test_id("clock-notice-colour-up").first).to_contain_text(colour)
    dealer(1).evaluate("window.scrollTo(0, 0)")
    shot(dealer(1), "night-s-dealer-colour-up")
    shot(screen, "night-s-tv-colour-up")
    # Both windows closed with the break: no Re-entry or Alternate button, and the server refuses
    # them citing the rule (the oracle; the director's phone never offers them now).
    in_section(td, "players")
    expect(td.get_by_test_id(f"entry-row-{third_out}")).to_have_attribute("data-status", "busted")
    expect(td.get_by_test_id(f"entry-reentry-{third_out}")).to_have_count(0)
    expect(td.get_by_test_id(f"entry-alternate-{third_out}")).to_have_count(0)
    r = api.command(tid, "reentry", {"entry_id": third_out}).json()
    assert r["error"] == "reentry_closed" and r["rule"] == "S-#47", r
    r = api.command(tid, "seat_alternate", {"name": "Too Late", "replaces": third_out}).json()
    assert r["error"] == "alternates_closed" and r["rule"] == "S-#46", r
    jump(5, "level 5")
    expect(td.get_by_test_id("clock-level")).to_be_visible()
    expect(td.get_by_test_id("clock-notice-colour-up")).to_have_count(0)

    # --- Busts through the night. Three at table 1: 8 there against 11 and 11, more than 2 apart:
    # one player moves, drawn by lot, never into the small blind (S-#6, S-#5).
    for s_ in view(api, tid)["tables"][0]["seats"][:3]:
        bust(s_["entry_id"])
    moved = balance()
    assert len(moved) == 1 and moved[0]["to_table"] == 1
    arrival = dealer(1).get_by_test_id(f"dealer-move-{moved[0]['entry_id']}")
    expect(arrival).to_be_visible()
    arrival.scroll_into_view_if_needed()
    shot(dealer(1), "night-s-dealer-arrival")

    def bust_at_fullest():
        tables = [t for t in view(api, tid)["tables"] if not t["broken"]]
        fullest = max(tables, key=lambda t: (len(t["seats"]), -t["table_no"]))
        bust(fullest["seats"][-1]["entry_id"])
        return balance()

    colours = {9: "remove the 100 chips — round up", 14: "remove the 500 chips — round up"}
    while view(api, tid)["players_left"] > 21:
        moved += bust_at_fullest()
        left = view(api, tid)["players_left"]
        if left == 26:  # S-#10: after level 8 the 100s go
            jump(9, "break 2")
            expect(screen.get_by_test_id("clock-notice-colour-up")).to_contain_text(colours[9])
            expect(dealer(2).get_by_test_id("clock-notice-colour-up")).to_contain_text(colours[9])
            jump(10, "level 9")
    # S-#5: 21 players would fit at two tables of 11, but a table is broken only when the rest hold
    # at most 10 each: three tables stay.
    v = view(api, tid)
    assert v["players_left"] == 21 and not suggestions("break", v)
    assert len([t for t in v["tables"] if not t["broken"]]) == 3
    moved += bust_at_fullest()
    (brk,) = suggestions("break")
    assert brk["rule"] == "S-#5" and brk["text"].startswith("20 players fit at 2 tables")
    broken = brk["table_no"]
    leaving = [s_["entry_id"] for s_ in next(t for t in view(api, tid)["tables"] if t["table_no"] == broken)["seats"]]
    in_section(td, "floor")
    td.locator(f"[data-testid='suggestion-break'][data-id='{brk['id']}']").scroll_into_view_if_needed()
    shot(td, "night-s-break-suggested")
    apply(brk)
    expect(dealer(broken).get_by_test_id("dealer-broken")).to_be_visible()
    v = view(api, tid)
    for t in v["tables"]:
        if t["broken"]:
            continue
        newcomers = {s_["seat"] for s_ in t["seats"] if s_["entry_id"] in leaving}
        assert len(t["seats"]) == 10 and (t["next"] or {}).get("sb") not in newcomers, t  # S-#5: never the SB
    moved += balance()

    while view(api, tid)["players_left"] > 11:
        moved += bust_at_fullest()
        if view(api, tid)["players_left"] == 15:  # S-#10: after level 12 the 500s go
            jump(14, "break 3")
            expect(screen.get_by_test_id("clock-notice-colour-up")).to_contain_text(colours[14])
            shot(screen, "night-s-tv-colour-up-500")
            jump(15, "level 13")
    assert moved and all(m["rule"] == "S-#6" for m in moved)

    # --- S-#2: hand-for-hand from 11 (the preset's note, as N-2.13), then the final table at 10.
    (hfh,) = suggestions("hand_for_hand")
    assert hfh["rule"] == "S-#2"
    apply(hfh)
    expect(screen.get_by_test_id("display-hfh")).to_be_visible()
    playing = [t["table_no"] for t in view(api, tid)["tables"] if not t["broken"]]
    for n in playing:
        expect(dealer(n).get_by_test_id("dealer-hfh-banner")).to_be_visible()
    dealer(playing[0]).evaluate("window.scrollTo(0, 0)")
    shot(dealer(playing[0]), "night-s-dealer-hand-for-hand")
    bust(view(api, tid)["tables"][playing[0] - 1]["seats"][0]["entry_id"], deal=False)
    (final,) = suggestions("final_table")
    assert final["rule"] == "S-#2" and final["text"] == "10 players left: form the final table with all 10."
    apply(final)
    expect(screen.get_by_test_id("display-hfh")).to_have_count(0)  # hand-for-hand ends at the final table
    (ft,) = [t for t in view(api, tid)["tables"] if not t["broken"]]
    assert len(ft["seats"]) == 10 and ft["button"] is None and ft["redraw"] == {"reason": "final_table", "rule": "S-#4"}
    fd = dealer(ft["table_no"])
    redraw = fd.get_by_test_id("dealer-redraw")
    expect(redraw).to_have_attribute("data-rule", "S-#4")  # the button is drawn at the final table (S-#4)
    fd.evaluate("window.scrollTo(0, 0)")
    shot(fd, "night-s-final-table-redraw")
    first = sorted(ft["seats"], key=lambda x: x["seat"])[0]["seat"]
    redraw.get_by_test_id("dealer-set-button").click()
    fd.get_by_test_id(f"dealer-button-seat-{first}").click()
    expect(fd.get_by_test_id(f"seat-badge-{first}")).to_contain_text("D")

    # --- S-#19: the final table's dealer runs the time call: 30 s, the last 5 counted.
    time_button = fd.get_by_test_id("dealer-time")
    expect(time_button).to_contain_text("30 s, the last 5 counted")
    expect(time_button).to_have_attribute("data-seconds", "30")
    expect(time_button).to_have_attribute("data-final", "5")
    fd.clock.install()
    time_button.click()
    call = fd.get_by_test_id("time-call")
    expect(call).to_have_attribute("data-phase", "running")
    fd.clock.fast_forward(25_500)
    expect(call).to_have_attribute("data-phase", "final")
    expect(fd.get_by_test_id("time-count")).to_have_attribute("data-count", "5")
    fd.evaluate("window.scrollTo(0, 0)")
    shot(fd, "night-s-time-call-last-5")
    fd.clock.fast_forward("00:05")
    expect(call).to_have_attribute("data-phase", "over")  # 30 s in all, then folded or checked
    fd.get_by_test_id("time-stop").click()

    # --- Down to the winner at the final table; each prize is handed out as it falls due.
    def pay_what_is_due():
        for d in view(api, tid)["payouts_due"]:
            in_section(td, "money")
            td.get_by_test_id(f"payout-paid-{d['entry_id']}").click()
            td.get_by_test_id("due-confirm").click()  # "Paid" asks once
            expect(td.get_by_test_id(f"payout-due-{d['entry_id']}")).to_have_count(0)

    while view(api, tid)["players_left"] > 1:
        (ft,) = [t for t in view(api, tid)["tables"] if not t["broken"]]
        bust(ft["seats"][-1]["entry_id"])
        pay_what_is_due()
    final_view = view(api, tid)
    assert final_view["status"] == "finished"
    # Prizes as the preset pays them (S names no payout table; the s-trophy note: by field size,
    # the generic TDA table): 35 buy-ins (33 + a re-entry + an alternate) of 50 CHF are 1,750 CHF,
    # the 31-50 column pays 8 places, whole francs, the rest to the winner.
    pool = (PLAYERS + 2) * BUY_IN
    expected = [int(Fraction(pool * p, 100)) for p in (30, 20, 14, 10, 8, 7, 6, 5)]
    expected[0] += pool - sum(expected)
    assert [p["amount"] for p in final_view["payouts"]] == expected == [526, 350, 245, 175, 140, 122, 105, 87]
    places = sorted(e["place"] for e in final_view["entries"])
    assert places == list(range(1, PLAYERS + 2))  # 34 people: the re-entered player has one place
    paid = sorted((e["paid"] for e in final_view["entries"] if e.get("paid") is not None), reverse=True)
    assert paid == expected and not final_view["payouts_due"]
    assert final_view["money"]["paid_out"] == pool
    winner = next(e for e in final_view["entries"] if e["place"] == 1)
    in_section(td, "players")
    expect(td.get_by_test_id(f"entry-won-{winner['entry_id']}")).to_be_visible()
    expect(screen.get_by_test_id("players-left")).to_have_text("1")
    in_section(td, "money")
    td.get_by_test_id("money-card").scroll_into_view_if_needed()
    shot(td, "night-s-director-finished")
