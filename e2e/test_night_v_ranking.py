"""The whole-night acceptance for the club ranking preset (v-ranking, seed 001 = V), in real
Chromium against a real server, 390×844 phones. The director's phone and the two dealers' phones do
the night; the HTTP API is read as the oracle of where players sit, and sets up the second
tournament day quickly (bulk set-up, not the point of the test).

- V-II.a: 18 players, seats drawn onto 2 tables of 9.
- V-XIII: rebuys (7,500) for busted players before the break, none at the break; the add-on
  (10,000) during the break, none after it.
- V-VII.r: the dealer names who eliminated whom; the busted player's HH chip moves to him. In one
  hand two players go out to two different winners (main pot and side pot): each chip goes to its
  own winner, and the two are placed by their starting stacks (V-V.a).
- V-III.e: balancing moves the UTG player of the next hand from the fuller table to the seat
  closest to the big blind; V-III.h: the short table holds its next hand until then.
- V-V.b: hand-for-hand at 9 (one bust before the final table, a player all-in).
- V-IV: the final table at 8 — the clock stops for the merge (V-IV.b), the feature table keeps its
  players in their seats and the others fill its free seats (V-IV.c), button by high card (V-IV.d).
- V-XII: points 25-21-17-13-11-10-9-8-7, then one less per place down to 1 (the preset's note).
- V-VII.r/s: HH chips add up across tournament days: day 2 starts everybody with 1 + his day-1
  balance; V-I.d.1/V-I.e: the month's standings over both days, its winner qualifies.
"""

import re

from playwright.sync_api import expect

from director_phone import director_at, draw_at_desk, in_section, new_tournament, register_at_desk, start_clock
from night_phones import EN, Night
from server import command_ok as ok, director

NAMES = [
    "Anna Keller",
    "Bert Vogel",
    "Carla Brandt",
    "Dieter Huber",
    "Eva Lorenz",
    "Franz Maier",
    "Gina Roth",
    "Hans Weber",
    "Ines Wolf",
    "Jürgen Müller",
    "Karin Fuchs",
    "Lars Berger",
    "Mia Schulz",
    "Nico Frank",
    "Olga Hahn",
    "Paul Kraus",
    "Rita Sommer",
    "Sven Ebert",
]
V_XII = [25, 21, 17, 13, 11, 10, 9, 8, 7]  # V-XII, then one less per place, floor 1 (preset note)
BREAK, AFTER_BREAK = 7, 8  # structure indexes: the add-on break (V-XIII "VIII. PAUSE") and level IX


def v_xii(place):
    return V_XII[place - 1] if place <= len(V_XII) else max(V_XII[-1] - (place - len(V_XII)), 1)


def between(n, a, b):
    """Seats strictly between a and b, clockwise, at a table of n seats."""
    out, x = [], a % n + 1
    while x != b:
        out.append(x)
        x = x % n + 1
    return out


def closest_to_big_blind(table):
    """V-III.e "an der Position, die dem Big Blind am nahesten ist", V-III.c never between button
    and small blind: the free seat that posts the big blind soonest (the oracle, from the view)."""
    n, taken = table["max_seats"], {s["seat"] for s in table["seats"]}
    button, sb = table["next"]["button"], table["next"]["sb"]
    free = [s for s in range(1, n + 1) if s not in taken and s not in between(n, button, sb)]
    return min(free, key=lambda e: (sum(1 for x in between(n, sb, e) if x in taken), (e - sb) % n))


def check_v_move(move, view):
    """V-III.e: the UTG player of the next hand at the fuller table moves, to the seat closest to
    the big blind at the short one."""
    tables = {t["table_no"]: t for t in view["tables"] if not t["broken"]}
    src, dst = tables[move["from_table"]], tables[move["to_table"]]
    utg = next(s["entry_id"] for s in src["seats"] if s["seat"] == src["next"]["utg"])
    assert move["rule"] == "V-III.e" and move["who"] == "utg_next_hand" and move["entry_id"] == utg
    assert move["to_seat"] == closest_to_big_blind(dst)


def jump_clock(td, index):
    in_section(td, "clock")
    td.get_by_test_id("clock-jump-select").select_option(str(index))
    td.get_by_test_id("clock-jump-submit").click()
    td.get_by_test_id("clock-jump-confirm").click()  # a jump asks once


def test_v_ranking_a_night_and_a_second_day_from_the_phones(live_server, phone, shot):
    api = director(live_server)
    td = director_at(phone, api, "/director", "new-tournament-name", **EN)
    tid = new_tournament(td, "Rangliste März 1", "v-ranking")
    register_at_desk(td, NAMES)
    expect(td.get_by_test_id("draw-plan")).to_have_attribute("data-tables", "2")  # V-II.a: 9 a table
    draw_at_desk(td)
    in_section(td, "floor")  # The director's screen in sections
    for n in (1, 2):  # V-II.a: start at 9 per table
        expect(td.get_by_test_id(f"map-table-{n}")).to_have_attribute("data-players", "9")
    start_clock(td)

    night = Night(api, tid, td, phone, live_server.url)
    notes = {n["rule"] for n in api.get("/api/presets/v-ranking").json()["notes"]}
    assert {"V-VII.r", "V-XII", "V-XIII", "V-III.h"} <= notes  # where V is silent, the notes say
    hh = {e["entry_id"]: 1 for e in night.view()["entries"]}  # V-VII.r: one HH chip each at the start
    for e in night.view()["entries"]:
        assert e["headhunter"]["hh_chips"] == 1

    def bust(victim, by):
        """A bust at the table with the eliminator named; his HH chip goes to the eliminator."""
        row = night.bust(victim, by)
        moved = min(1, hh[victim])
        hh[victim] -= moved
        hh[by] += moved
        assert row["eliminated_by"] == by
        assert row["headhunter"]["hh_chips"] == hh[victim]
        assert night.entry(by)["headhunter"]["hh_chips"] == hh[by]  # V-VII.r
        return row

    def pair_at(table_no, view=None):
        """(victim, eliminator) at a table: the eliminator is the player holding most HH chips."""
        seats = night.tables(view)[table_no]["seats"]
        by = max(seats, key=lambda s: (hh[s["entry_id"]], -s["seat"]))["entry_id"]
        victim = min((s for s in seats if s["entry_id"] != by), key=lambda s: (hh[s["entry_id"]], s["seat"]))
        return victim["entry_id"], by

    for n in (1, 2):
        night.deal(n)

    # ---- V-XIII: rebuys before the break, from the director's row ----------------------------
    rebought = []
    for n in (1, 2):
        victim, by = pair_at(n)
        seat = night.seat_of(victim)
        bust(victim, by)
        td.get_by_test_id(f"entry-rebuy-{victim}").click()
        td.get_by_test_id("entry-action-confirm").click()
        row = td.get_by_test_id(f"entry-row-{victim}")
        expect(row).to_have_attribute("data-status", "active")
        expect(row).to_have_attribute("data-rebuys", "1")
        assert night.seat_of(victim) == seat  # back in his seat with 7,500
        # his HH chip stays with the eliminator: a rebuy brings none (the preset's note on V-VII.r)
        assert night.entry(victim)["headhunter"]["hh_chips"] == 0
        rebought.append(victim)
        night.deal(n)
    in_section(td, "money")
    expect(td.get_by_test_id("money-rebuys")).to_have_text("2")
    # One more out before the break who does not rebuy.
    late_victim, late_by = pair_at(1)
    bust(late_victim, late_by)
    expect(td.get_by_test_id(f"entry-rebuy-{late_victim}")).to_be_visible()
    expect(td.locator("[data-testid^='entry-addon-']")).to_have_count(0)  # not before the break
    assert night.entry(late_victim)["place"] == 18

    # ---- V-XIII: the break is the add-on phase; rebuys are closed there -----------------------
    jump_clock(td, BREAK)
    expect(td.get_by_test_id("clock-level")).to_have_attribute("data-index", str(BREAK))
    expect(td.get_by_test_id("clock-break")).to_have_attribute("data-addon", "true")
    # The director's phone no longer offers his rebuy; the add-on is the break's button.
    in_section(td, "players")
    expect(td.get_by_test_id(f"entry-rebuy-{late_victim}")).to_have_count(0)
    r = api.command(tid, "rebuy", {"entry_id": late_victim})
    assert r.status_code == 409 and r.json()["rule"] == "V-XIII", r.text
    takers = [s["entry_id"] for t in night.tables().values() for s in t["seats"][:2]]
    for eid in takers:
        td.get_by_test_id(f"entry-addon-{eid}").click()
        td.get_by_test_id("entry-action-confirm").click()
        expect(td.get_by_test_id(f"entry-facts-{eid}")).to_contain_text("add-on")
    assert night.public()["addons"] == len(takers)
    td.get_by_test_id(f"entry-row-{takers[0]}").scroll_into_view_if_needed()
    shot(td, "night-v-addon-break")
    jump_clock(td, AFTER_BREAK)
    expect(td.get_by_test_id("clock-level")).to_have_attribute("data-level", "8")
    in_section(td, "players")
    expect(td.get_by_test_id("entry-row-1")).to_be_visible()
    expect(td.locator("[data-testid^='entry-addon-']")).to_have_count(0)  # nor after it
    late = next(
        e["entry_id"] for e in night.view()["entries"] if e["status"] == "active" and e["entry_id"] not in takers
    )
    r = api.command(tid, "addon", {"entry_id": late})
    assert r.status_code == 409 and r.json()["rule"] == "V-XIII", r.text
    money = night.view()["money"]
    assert (money["rebuys"], money["addons"]) == (2, len(takers))
    # a busted stack went to the eliminator: chips in play = starting stacks + rebuys + add-ons
    assert night.view()["chips"]["in_play"] == 18 * 7500 + 2 * 7500 + len(takers) * 10000

    # ---- V-III.e / V-III.h: the table two short holds; the UTG of the next hand moves ---------
    counts = {n: len(t["seats"]) for n, t in night.tables().items()}
    short_no = min(counts, key=lambda n: (counts[n], n))
    full_no = 3 - short_no
    night.deal(short_no)
    victim, by = pair_at(short_no)
    bust(victim, by)
    view = night.view()
    counts = {n: len(t["seats"]) for n, t in night.tables(view).items()}
    assert counts[full_no] - counts[short_no] == 2
    (move,) = night.suggestions("move", view)
    check_v_move(move, view)
    assert (move["from_table"], move["to_table"]) == (full_no, short_no)
    halt = night.dealer(short_no).get_by_test_id("dealer-halt")
    expect(halt).to_have_attribute("data-rule", "V-III.h")
    expect(night.dealer(short_no).get_by_test_id("dealer-new-hand")).to_be_disabled()
    in_section(td, "floor")
    card = td.locator(f"[data-testid='suggestion-move'][data-id='{move['id']}']")
    expect(card.get_by_test_id("suggestion-rule")).to_contain_text("V-III.e")
    card.scroll_into_view_if_needed()
    shot(td, "night-v-move-utg")
    night.dealer(short_no).evaluate("window.scrollTo(0, 0)")
    shot(night.dealer(short_no), "night-v-dealer-halt")
    night.apply(move)
    assert night.seat_of(move["entry_id"]) == (short_no, move["to_seat"])
    expect(halt).to_have_count(0)

    # ---- V-VII.r, V-V.a: one hand, two players out to two different winners ------------------
    # A takes B's main pot, C takes D's side pot: B's chip goes to A, D's to C, and B and D are
    # placed by their stacks at the start of the hand, whatever order the dealer tapped them in.
    n = max(night.tables(), key=lambda n: (len(night.tables()[n]["seats"]), -n))
    night.deal(n)
    seats = [s["entry_id"] for s in night.tables()[n]["seats"]]
    a, b, c, d = seats[:4]
    left = night.view()["players_left"]
    night.bust_in_one_hand(n, [(d, 9_000, c), (b, 4_000, a)], shot=shot)
    for victim, by in ((b, a), (d, c)):
        moved = min(1, hh[victim])
        hh[victim] -= moved
        hh[by] += moved
    view = night.view()
    for e in (a, b, c, d):
        assert night.entry(e, view)["headhunter"]["hh_chips"] == hh[e]
    assert (night.entry(b, view)["eliminated_by"], night.entry(d, view)["eliminated_by"]) == (a, c)
    assert (night.entry(b, view)["place"], night.entry(d, view)["place"]) == (left, left - 1)  # fewer chips: worse
    while night.suggestions("move"):
        check_v_move(night.suggestions("move")[0], night.view())
        night.apply(night.suggestions("move")[0])

    # ---- down to 9: one bust per hand at alternating tables, every suggestion applied ---------
    turn = 0
    while night.view()["players_left"] > 9:
        tables = night.tables()
        order = sorted(tables, key=lambda n: (-len(tables[n]["seats"]), n))
        n = order[turn % len(order)]
        turn += 1
        if night.table_view(n)["redraw"]:
            night.set_button(n)  # V-III.i: two newcomers, the button is drawn again
        night.deal(n)
        victim, by = pair_at(n)
        bust(victim, by)
        while True:
            view = night.view()
            moves = night.suggestions("move", view)
            if not moves:
                break
            check_v_move(moves[0], view)
            night.apply(moves[0])
    view = night.view()
    assert view["players_left"] == 9 and len(night.tables(view)) == 2
    assert not night.suggestions("final_table", view)  # V-IV.a: not before 8

    # ---- V-V.b: hand-for-hand at 9 once a player is all-in ------------------------------------
    assert night.suggestions("hand_for_hand", view)
    for n in night.tables(view):
        if night.table_view(n)["redraw"]:
            night.set_button(n)
        night.deal(n)
    (hfh,) = night.suggestions("hand_for_hand")
    assert hfh["rule"] == "V-V.b" and hfh["players_left"] == 9
    night.apply(hfh)
    expect(td.get_by_test_id("hfh-status")).to_have_attribute("data-active", "true")
    for n in night.tables():
        night.hand_done(n)
    for n in night.tables():
        night.deal(n)
    for n, page in night.dealers.items():
        if n in night.tables():
            expect(page.get_by_test_id("dealer-hfh-banner")).to_contain_text("V-V.b")
    tables = night.tables()
    short_no = min(tables, key=lambda n: (len(tables[n]["seats"]), n))
    feature_no = 3 - short_no
    feature_seats = {s["entry_id"]: s["seat"] for s in tables[feature_no]["seats"]}
    victim, by = pair_at(short_no)
    bust(victim, by)  # the all-in is lost: 8 left

    # ---- V-IV: the final table at 8 -----------------------------------------------------------
    view = night.view()
    (final,) = night.suggestions("final_table", view)
    assert final["rule"] == "V-IV" and final["players_left"] == 8 and final["seats"] == [8]
    in_section(td, "floor")
    card = td.locator(f"[data-testid='suggestion-final_table'][data-id='{final['id']}']")
    expect(card.get_by_test_id("suggestion-rule")).to_contain_text("V-IV")
    card.scroll_into_view_if_needed()
    shot(td, "night-v-final-table-suggestion")
    night.apply(final)
    view = night.view()
    (kept,) = night.tables(view).values()
    assert kept["table_no"] == feature_no, "the feature table (the fuller one) stays"
    seated = {s["entry_id"]: s["seat"] for s in kept["seats"]}
    assert len(seated) == 8
    for eid, seat in feature_seats.items():  # V-IV.c: no new draw at the feature table
        assert seated[eid] == seat
    assert view["clock"]["status"] == "paused" and view["clock"]["reason"] == "table_merge"  # V-IV.b
    expect(td.get_by_test_id("hfh-status")).to_have_attribute("data-active", "false")  # over with one table
    in_section(td, "clock")
    expect(td.get_by_test_id("clock-status")).to_have_attribute("data-status", "paused")
    expect(td.get_by_test_id("clock-reason")).to_have_attribute("data-reason", "table_merge")
    feature = night.dealer(feature_no)
    redraw = feature.get_by_test_id("dealer-redraw")
    expect(redraw).to_have_attribute("data-reason", "final_table")
    expect(redraw).to_contain_text("V-IV")  # V-IV.d: button by high card
    expect(night.dealer(short_no).get_by_test_id("dealer-broken")).to_be_visible()
    feature.evaluate("window.scrollTo(0, 0)")
    shot(feature, "night-v-final-table-dealer")
    td.get_by_test_id("clock-status").scroll_into_view_if_needed()
    shot(td, "night-v-final-table-clock-stopped")
    td.get_by_test_id("clock-resume").click()
    expect(td.get_by_test_id("clock-status")).to_have_attribute("data-status", "running")

    # ---- the final table to the winner ---------------------------------------------------------
    while night.view()["status"] != "finished":
        night.deal(feature_no)
        victim, by = pair_at(feature_no)
        bust(victim, by)
    final_view = night.view()
    places = {e["entry_id"]: e["place"] for e in final_view["entries"]}
    assert sorted(places.values()) == list(range(1, 19))
    winner = next(e for e in final_view["entries"] if e["place"] == 1)
    for e in final_view["entries"]:  # V-VII.r: every chip where the eliminations sent it
        assert e["headhunter"]["hh_chips"] == hh[e["entry_id"]], e["name"]
    assert sum(hh.values()) == 18
    assert {e["entry_id"]: e["rebuys"] for e in final_view["entries"] if e["rebuys"]} == dict.fromkeys(rebought, 1)
    in_section(td, "players")
    expect(td.get_by_test_id(f"entry-won-{winner['entry_id']}")).to_be_visible()
    expect(td.get_by_test_id(f"entry-facts-{winner['entry_id']}")).to_contain_text(f"HH {hh[winner['entry_id']]}")

    # ---- V-XII: the league ----------------------------------------------------------------------
    td.goto(f"{live_server.url}/#/director")
    td.get_by_test_id("leagues-link").click()
    td.get_by_test_id("league-name").fill("Rangliste 2026")
    td.get_by_test_id("league-kind").select_option("v_ranking")
    td.get_by_test_id("league-create").click()
    expect(td.get_by_test_id("league-standings")).to_be_visible()
    league_id = int(re.search(r"leagues/(\d+)", td.url).group(1))

    def add_to_league(t, day):
        td.get_by_test_id("league-add-tournament").select_option(str(t))
        td.get_by_test_id("league-played-on").fill(day)
        td.get_by_test_id("league-add-submit").click()
        expect(td.get_by_test_id(f"league-tournament-{t}")).to_be_visible()

    add_to_league(tid, "2026-03-06")
    standings = api.get(f"/api/leagues/{league_id}/standings").json()
    day1 = {line["name"]: line["points"] for line in standings["overall"]}
    by_name = {e["name"]: e for e in final_view["entries"]}
    assert day1 == {n: v_xii(by_name[n]["place"]) for n in NAMES}  # V-XII with the floor of 1
    assert sorted(day1.values(), reverse=True) == [25, 21, 17, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1]
    pid = {line["name"]: line["person_id"] for line in standings["overall"]}
    expect(td.get_by_test_id(f"standing-points-{pid[winner['name']]}")).to_have_text("25")

    # ---- V-VII.r/s: day 2 — the HH chips come along -------------------------------------------
    r = api.post("/api/tournaments", {"name": "Rangliste März 2", "preset": "v-ranking"})
    assert r.status_code == 201, r.text
    tid2 = r.json()["id"]
    for name in NAMES:
        ok(api, tid2, "register_player", {"name": name})
    ok(api, tid2, "draw_seats", {"tables": 2})
    ok(api, tid2, "start_clock")
    day2 = Night(api, tid2, None, phone, live_server.url)
    entries2 = {e["name"]: e for e in day2.view()["entries"]}
    for name in NAMES:  # V-VII.r: 1 for the day + every chip carried from day 1, none lost
        assert entries2[name]["headhunter"]["hh_carried"] == hh[by_name[name]["entry_id"]], name
        assert entries2[name]["headhunter"]["hh_chips"] == 1 + hh[by_name[name]["entry_id"]], name
    shark = max(NAMES, key=lambda n: entries2[n]["headhunter"]["hh_chips"])
    player = phone(**EN).new_page()
    player.goto(next(p["url"] for p in day2.links()["players"] if p["name"] == shark))
    expect(player.get_by_test_id("player-hh-chips")).to_have_attribute(
        "data-n", str(entries2[shark]["headhunter"]["hh_chips"])
    )
    shot(player, "night-v-day2-player-hh-carried")

    # V-VII.r: 12 collected HH chips make a wild card. The shark took every chip of the tables he
    # sat at and 7 more at the final table, so he starts day 2 with at least 12; he busts in the
    # first level and the director's phone brings him back with the wild card as a free rebuy.
    shark_id, carried = entries2[shark]["entry_id"], entries2[shark]["headhunter"]["hh_chips"]
    assert carried >= 12 and entries2[shark]["headhunter"]["wild_card"]
    shark_table = day2.entry(shark_id)["table_no"]
    killer = next(s["entry_id"] for s in day2.tables()[shark_table]["seats"] if s["entry_id"] != shark_id)
    ok(api, tid2, "record_bust", {"entry_id": shark_id, "eliminated_by": killer})
    td.goto(f"{live_server.url}/#/director/{tid2}/players")
    expect(td.get_by_test_id(f"entry-row-{shark_id}")).to_have_attribute("data-status", "busted")
    td.get_by_test_id(f"entry-more-{shark_id}").click()
    td.get_by_test_id(f"entry-wild-{shark_id}").click()
    td.get_by_test_id("wild-as-rebuy").click()
    shot(td, "night-v-day2-wild-card")
    td.get_by_test_id("wild-submit").click()
    expect(td.get_by_test_id(f"entry-row-{shark_id}")).to_have_attribute("data-status", "active")
    back = day2.entry(shark_id)
    assert back["rebuys"] == 1 and back["headhunter"]["hh_chips"] == carried - 1 - 12
    assert day2.view()["money"]["rebuys"] == 1

    # Day 2 is played quickly through the API (bulk set-up): the players finish in reverse order of
    # the list, each eliminated by the next; the last of the list wins.
    ids2 = [entries2[n]["entry_id"] for n in NAMES]
    for i, eid in enumerate(ids2[:-1]):
        by = ids2[i + 1]
        table_no = day2.entry(eid)["table_no"]
        if day2.entry(by)["table_no"] != table_no:
            by = None
        ok(api, tid2, "record_bust", {"entry_id": eid, **({"eliminated_by": by} if by else {})})
        for s in day2.suggestions():
            if s["kind"] == "move":
                ok(
                    api,
                    tid2,
                    "move_player",
                    {
                        "entry_id": s["entry_id"],
                        "to_table": s["to_table"],
                        "to_seat": s["to_seat"],
                        "reason": "balancing",
                    },
                )
            elif s["kind"] == "final_table":
                ok(api, tid2, "form_final_table", {})
                ok(api, tid2, "resume_clock", {})
    end2 = day2.view()
    assert end2["status"] == "finished"
    place2 = {e["name"]: e["place"] for e in end2["entries"]}
    total2 = sum(e["headhunter"]["hh_chips"] for e in end2["entries"])
    # day 2's own chips plus everything carried in, less the 12 the wild card used up
    assert total2 == 18 + 18 - 12

    # The league over both days: the month and the half-year (V-I.d.1), the month's winner
    # qualifies for the Champions Trophy (V-I.e).
    td.goto(f"{live_server.url}/#/director/leagues")
    td.get_by_test_id(f"league-link-{league_id}").click()
    expect(td.get_by_test_id("league-standings")).to_be_visible()
    add_to_league(tid2, "2026-03-20")
    standings = api.get(f"/api/leagues/{league_id}/standings").json()
    both = {line["name"]: line["points"] for line in standings["overall"]}
    assert both == {n: v_xii(by_name[n]["place"]) + v_xii(place2[n]) for n in NAMES}
    (march,) = standings["months"]
    assert march["period"] == "2026-03" and not march["provisional"]
    top = march["standings"][0]
    assert top["points"] == max(both.values())
    qualified = standings["qualification"]
    assert qualified["for"] == "champions_trophy" and qualified["rule"] == "V-I.e"
    assert {q["name"] for q in qualified["qualified"]} == {
        row["name"] for row in march["standings"] if row["rank"] == 1
    }
    td.get_by_test_id("period-2026-03").click()
    expect(td.get_by_test_id("league-qualification")).to_contain_text(top["name"])
    expect(td.get_by_test_id(f"standing-points-{top['person_id']}")).to_have_text(str(top["points"]))
    shot(td, "night-v-league-march")
    td.get_by_test_id("league-qualification").scroll_into_view_if_needed()
    shot(td, "night-v-league-qualified")
