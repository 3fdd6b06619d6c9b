"""A whole 44-player tournament under the N preset (Noohn Monday), driven
through the director's and the dealers' screens to its winner, in real Chromium against a real
server. The API is only read, as the oracle of where players sit.

- Registration, the seat draw onto 4 tables of 11 (N-3.5: 22-44 players), the clock: director.
- Every one of the 43 busts is entered on the phone of the dealer at that player's table.
- The director applies the balancing moves (N-2.11), breaks tables and forms the final table at
  10 (N-2.9) from the suggestion list, and hands out each prize with "Paid" (N-3.8).
- One player's phone follows its seat through a balancing move and a table break and ends with
  the place and the prize.
- The payouts at 44 players are N-3.7's 31-44 column of a 5,500 CHF pool.
"""

import re
from fractions import Fraction

from playwright.sync_api import expect

from director_phone import (
    draw_at_desk,
    in_section,
    new_tournament,
    register_at_desk,
    signed_in,
    start_clock,
    tap_suggestion,
)
from server import director, seat_of, view

EN = {"locale": "en-US"}
N_3_7_31_TO_44 = [34, 22, 17, 13, 9, 5]  # percent of the pool by place, N-3.7
BUY_IN = 125  # N-3.1: 125 + 25 CHF, the 25 is the fee and not in the pool


def money_re(amount):
    """1870 as the screen writes it in any locale: 1,870 / 1'870 / 1.870 / 1 870."""
    digits = str(amount)
    return re.compile(
        r"(?<!\d)" + digits[:-3] + r"[,.'\u2019\u202f\u00a0 ]?" + digits[-3:] + r"(?!\d)"
        if len(digits) > 3
        else r"(?<!\d)" + digits + r"(?!\d)"
    )


def test_a_44_player_monday_tournament_runs_from_phones_to_its_winner(live_server, phone, shot):
    api = director(live_server)
    ctx = phone(**EN)
    signed_in(ctx, api)
    td = ctx.new_page()
    td.goto(f"{live_server.url}/#/director")

    # Set up from the N preset and register 44 players (the preset's capacity, N-3.5).
    tid = new_tournament(td, "Montagsturnier", "n-monday")
    register_at_desk(td, [f"Spieler {i:02d}" for i in range(1, 45)], id_checked=True)  # N-3.4: IDs at the desk
    draw_at_desk(td, 4)  # the rules propose 4 tables of 11 for 44 (N-2.9, N-3.12)
    in_section(td, "floor")  # The screen in sections, one tap apart
    expect(td.get_by_test_id("map-table-4")).to_have_attribute("data-players", "11")
    start_clock(td)

    # Payouts for 44 players: 5,500 CHF split by N-3.7's 31-44 column, whole francs.
    pool = 44 * BUY_IN
    expected = [int(Fraction(pool * p, 100)) for p in N_3_7_31_TO_44]
    expected[0] += pool - sum(expected)
    in_section(td, "money")
    payouts = td.get_by_test_id("director-payouts")
    expect(payouts.locator("li")).to_have_count(6)
    for place, amount in enumerate(expected, start=1):
        expect(payouts.locator(f"li[data-place='{place}']")).to_contain_text(money_re(amount))
    assert [p["amount"] for p in view(api, tid)["payouts"]] == expected == [1870, 1210, 935, 715, 495, 275]

    dealers = {}

    def dealer(table_no):
        if table_no not in dealers:
            page = phone(**EN).new_page()
            in_section(td, "tools")
            page.goto(td.get_by_test_id(f"link-table-{table_no}").get_attribute("href"))
            expect(page.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
            dealers[table_no] = page
        return dealers[table_no]

    # The dealers draw the button by high card and deal the first hand.
    for n in (1, 2, 3, 4):
        page = dealer(n)
        first = view(api, tid)["tables"][n - 1]["seats"][0]["seat"]
        page.get_by_test_id("dealer-set-button").click()
        page.get_by_test_id(f"dealer-button-seat-{first}").click()
        expect(page.get_by_test_id(f"seat-badge-{first}")).to_contain_text("D")
        page.get_by_test_id("dealer-new-hand").click()
        expect(page.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "1")

    def bust(entry_id):
        table_no, _ = seat_of(api, tid, entry_id)
        page = dealer(table_no)
        page.get_by_test_id(f"bust-{entry_id}").click()
        page.get_by_test_id("bust-confirm").click()
        in_section(td, "players")
        expect(td.get_by_test_id(f"entry-row-{entry_id}")).to_have_attribute("data-status", "busted")

    def apply_suggestions(kinds=("move", "break", "final_table")):
        """The director taps every balancing, break and final-table suggestion until none is left."""
        applied = []
        in_section(td, "floor")
        for _ in range(20):
            found = [s for s in view(api, tid)["suggestions"] if s["kind"] in kinds]
            if not found:
                return applied
            s = found[0]
            item = td.locator(f"[data-testid='suggestion-{s['kind']}'][data-id='{s['id']}']")
            tap_suggestion(td, item, s["kind"])
            expect(item).to_have_count(0)
            applied.append(s)
        raise AssertionError("suggestions kept coming")

    def pay_what_is_due():
        for d in view(api, tid)["payouts_due"]:
            in_section(td, "money")
            td.get_by_test_id(f"payout-paid-{d['entry_id']}").click()
            td.get_by_test_id("due-confirm").click()  # "Paid" asks once
            expect(td.get_by_test_id(f"payout-due-{d['entry_id']}")).to_have_count(0)

    # Three players bust at table 1: 8 there against 11 elsewhere, more than 2 apart (N-2.11).
    for s in view(api, tid)["tables"][0]["seats"][:3]:
        bust(s["entry_id"])
    moves = [s for s in view(api, tid)["suggestions"] if s["kind"] == "move"]
    assert moves and moves[0]["to_table"] == 1
    follow = moves[0]["entry_id"]
    player = phone(**EN).new_page()
    in_section(td, "tools")
    player.goto(td.get_by_test_id(f"link-player-{follow}").get_attribute("href"))
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-table", str(moves[0]["from_table"]))
    in_section(td, "floor")
    shot(td, "full-director-balancing")
    apply_suggestions()
    expect(player.get_by_test_id("player-moved")).to_be_visible()
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-table", "1")
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-seat", str(moves[0]["to_seat"]))
    shot(player, "full-player-moved")
    player.get_by_test_id("player-moved-dismiss").click()

    # Busts elsewhere until 33 are left: they fit on three tables of 11, and the director breaks
    # the followed player's table from the table map.
    while view(api, tid)["players_left"] > 33:
        left = view(api, tid)
        victim = next(
            s["entry_id"] for t in left["tables"] if t["table_no"] != 1 and not t.get("broken") for s in t["seats"]
        )
        bust(victim)
        apply_suggestions(("move",))
    before = seat_of(api, tid, follow)
    in_section(td, "floor")
    td.get_by_test_id(f"map-table-{before[0]}").click()
    td.get_by_test_id("sheet-break").click()
    td.get_by_test_id("sheet-break-confirm").click()
    expect(td.get_by_test_id(f"map-table-{before[0]}")).to_have_attribute("data-broken", "true")
    after = seat_of(api, tid, follow)
    assert after[0] != before[0]
    expect(player.get_by_test_id("player-moved")).to_be_visible()
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-table", str(after[0]))
    expect(player.get_by_test_id("player-seat")).to_have_attribute("data-seat", str(after[1]))
    expect(dealer(before[0]).get_by_test_id("dealer-broken")).to_be_visible()
    shot(player, "full-player-after-break")
    player.get_by_test_id("player-moved-dismiss").click()

    # Down to the winner: the director balances, forms the final table at 10 (N-2.9) and pays each
    # prize as it falls due (N-3.8). The followed player finishes third.
    while view(api, tid)["players_left"] > 1:
        left = view(api, tid)
        alive = [s["entry_id"] for t in left["tables"] if not t.get("broken") for s in t["seats"]]
        others = [e for e in alive if e != follow]
        victim = follow if left["players_left"] == 3 else others[-1]
        bust(victim)
        apply_suggestions()
        pay_what_is_due()
    final = view(api, tid)
    assert final["status"] == "finished"
    places = {e["entry_id"]: e.get("place") for e in final["entries"]}
    assert sorted(places.values()) == list(range(1, 45))
    assert places[follow] == 3

    expect(player.get_by_test_id("player-place")).to_have_attribute("data-place", "3")
    prize = player.get_by_test_id("player-prize")
    expect(prize).to_have_attribute("data-amount", str(expected[2]))
    expect(prize).to_have_attribute("data-paid", "true")
    # the clock stops with the last bust: no screen counts down levels nobody plays
    expect(player.get_by_test_id("clock-status")).to_have_attribute("data-status", "paused")
    expect(player.get_by_test_id("clock-reason")).to_have_attribute("data-reason", "tournament_over")
    assert player.evaluate("document.documentElement.scrollWidth") <= 390
    shot(player, "full-player-result")
    td.get_by_test_id("players-left").scroll_into_view_if_needed()
    shot(td, "full-director-finished")
    paid = {e["entry_id"]: e.get("paid") for e in final["entries"] if e.get("paid") is not None}
    assert sorted(paid.values(), reverse=True) == expected
