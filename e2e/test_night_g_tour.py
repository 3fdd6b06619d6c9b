"""The whole-night acceptance for the German Golfpoker Tour preset (g-tour, seed 002 = G), in
real Chromium against a real server, 390×844 phones. The director's phone and the dealers' phones
do the night; the HTTP API is read as the oracle of where players sit, and plays a second tour
stop quickly for the overall ranking (bulk set-up, not the point of the test).

- G-Spielform: freeze-out, 3,000 chips, no rebuys; tour points by final place into an overall
  ranking (the seed has no points table: the league carries the tour's own, the preset's note).
- G-Sitzordnung: 28 players on 4 tables of 7 (at most 8 per table, the preset's note); balancing
  only when tables differ by more than 2; the player in the same position relative to the button
  as the free seat moves (he keeps his order); among equally full tables the lot decides.
- G-Final: from three tables only a difference of more than 3 is balanced; at 16 everybody is
  redrawn by lot onto two tables of 8; at 8 the final table, its seats by lot. Hand-for-hand from
  9 (the preset's note); the clock keeps running (the preset's note).
"""

import re

from playwright.sync_api import expect

from director_phone import director_at, draw_at_desk, in_section, new_tournament, register_at_desk, start_clock
from night_phones import EN, Night
from server import command_ok as ok, director

FIRST = [
    "Anna",
    "Bert",
    "Carla",
    "Dieter",
    "Eva",
    "Franz",
    "Gina",
    "Hans",
    "Ines",
    "Jürgen",
    "Karin",
    "Lars",
    "Mia",
    "Nico",
    "Olga",
    "Paul",
    "Quirin",
    "Rita",
    "Sven",
    "Tina",
    "Uwe",
    "Vera",
    "Willi",
    "Xaver",
    "Yvonne",
    "Zora",
    "Axel",
    "Birgit",
]
NAMES = [f"{f} Golf" for f in FIRST]  # 28 golfers
TOUR_POINTS = [30, 25, 21, 18, 16, 14, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]  # the tour's table, then 0


def tour_points(place):
    return TOUR_POINTS[place - 1] if place <= len(TOUR_POINTS) else 0


def order_from(table, start):
    """Occupied seats clockwise after `start` (exclusive), once round the table."""
    occupied = {s["seat"] for s in table["seats"]}
    n = table["max_seats"]
    return [(start + k - 1) % n + 1 for k in range(1, n + 1) if (start + k - 1) % n + 1 in occupied]


def relative_position(table, seat):
    """How many occupied seats after the next hand's button `seat` is (1 = the small blind)."""
    return order_from(table, table["next"]["button"]).index(seat) + 1


def free_seat_position(table, seat):
    """The same count for an empty seat at the short table, had it been taken (G-Sitzordnung)."""
    button = table["next"]["button"]
    n = table["max_seats"]
    between = [(button + k - 1) % n + 1 for k in range(1, n)]
    between = between[: between.index(seat)]
    occupied = {s["seat"] for s in table["seats"]}
    return 1 + sum(1 for s in between if s in occupied)


def test_g_tour_a_night_from_28_players_to_the_tour_ranking(live_server, phone, shot):
    api = director(live_server)
    td = director_at(phone, api, "/director", "new-tournament-name", **EN)
    tid = new_tournament(td, "GGT Golfpark", "g-tour")
    register_at_desk(td, NAMES)
    expect(td.get_by_test_id("draw-plan")).to_have_attribute("data-tables", "4")  # G-Sitzordnung: 8 a table
    draw_at_desk(td)
    in_section(td, "floor")  # The director's screen in sections
    for n in (1, 2, 3, 4):  # G-Sitzordnung: at most 8 per table
        expect(td.get_by_test_id(f"map-table-{n}")).to_have_attribute("data-players", "7")
    start_clock(td)

    night = Night(api, tid, td, phone, live_server.url)
    view = night.view()
    assert view["start_stack"] == 3000 and view["chips"]["in_play"] == 28 * 3000  # G-Spielform
    for n in (1, 2, 3, 4):
        night.deal(n)

    def bust_at(table_no):
        night.deal(table_no)
        victim = night.tables()[table_no]["seats"][0]["entry_id"]
        return night.bust(victim)

    def counts():
        return sorted(len(t["seats"]) for t in night.tables().values())

    def check_move(move, view):
        """G-Sitzordnung: the mover sits as far after his button as the free seat after the short
        table's; he keeps his order."""
        tables = night.tables(view)
        src, dst = tables[move["from_table"]], tables[move["to_table"]]
        assert move["rule"] == "G-Sitzordnung" and move["who"] == "same_relative_position"
        assert relative_position(src, move["from_seat"]) == free_seat_position(dst, move["to_seat"])
        diff = len(src["seats"]) - len(dst["seats"])
        fullest = max(len(t["seats"]) for t in tables.values())
        assert len(src["seats"]) == fullest
        tied = sorted(n for n, t in tables.items() if len(t["seats"]) == fullest)
        if len(tied) > 1:  # by lot among equally full tables
            assert move["lot_among"] == tied and move["from_table"] in tied
            assert "drawn by lot among tables" in move["text"] and "(G-Sitzordnung)" in move["text"]
        return diff

    # ---- G-Sitzordnung: four tables, balance beyond 2 -------------------------------------------
    bust_at(1)
    bust_at(1)
    assert counts() == [5, 7, 7, 7] and not night.suggestions("move")  # 2 apart: play on
    bust_at(1)
    view = night.view()
    (move,) = night.suggestions("move", view)
    assert check_move(move, view) == 3 and move["to_table"] == 1 and move["lot_among"] == [2, 3, 4]
    in_section(td, "floor")
    card = td.locator(f"[data-testid='suggestion-move'][data-id='{move['id']}']")
    expect(card.get_by_test_id("suggestion-rule")).to_contain_text("G-Sitzordnung")
    expect(card.get_by_test_id("suggestion-text")).to_contain_text("drawn by lot among tables 2, 3 and 4")
    card.scroll_into_view_if_needed()
    shot(td, "night-g-move-same-position")
    night.apply(move)
    assert night.seat_of(move["entry_id"]) == (1, move["to_seat"])
    assert counts() == [5, 6, 7, 7]

    # ---- 24 fit at three tables of 8: one table is broken ----------------------------------------
    fullest = max(night.tables().values(), key=lambda t: (len(t["seats"]), t["table_no"]))["table_no"]
    bust_at(fullest)
    (brk,) = night.suggestions("break")
    assert brk["text"].startswith("24 players fit at 3 tables")
    night.apply(brk)
    assert counts() == [8, 8, 8]
    expect(night.dealer(brk["table_no"]).get_by_test_id("dealer-broken")).to_be_visible()

    # ---- G-Final: at three tables only a difference of more than 3 is balanced -------------------
    short_no = min(night.tables())
    for _ in range(3):
        bust_at(short_no)
    assert counts() == [5, 8, 8] and not night.suggestions("move")  # 3 apart: G-Final plays on
    bust_at(short_no)
    view = night.view()
    (move,) = night.suggestions("move", view)
    assert check_move(move, view) == 4 and move["to_table"] == short_no
    night.apply(move)
    assert counts() == [5, 7, 8]
    while night.view()["players_left"] > 16:
        tables = night.tables()
        bust_at(max(tables, key=lambda n: (len(tables[n]["seats"]), n)))
        for s in night.apply_all(("move",)):
            assert s["rule"] == "G-Sitzordnung"

    # ---- G-Final: 16 left, redrawn by lot onto two tables of 8 ----------------------------------
    view = night.view()
    assert len(night.tables(view)) == 3
    (two,) = night.suggestions("final_table", view)
    assert two["rule"] == "G-Final" and two["tables"] == 2 and two["seats"] == [8, 8]
    assert two["text"] == "16 players left: redraw onto two tables of 8 (G-Final)."
    before = {(t["table_no"], s["seat"]): s["entry_id"] for t in night.tables(view).values() for s in t["seats"]}
    in_section(td, "floor")
    card = td.locator(f"[data-testid='suggestion-final_table'][data-id='{two['id']}']")
    expect(card).to_contain_text("Last two tables")  # not yet the final table
    expect(card.get_by_test_id("suggestion-apply")).to_have_text("Draw the last two tables")
    card.scroll_into_view_if_needed()
    shot(td, "night-g-two-tables-suggestion")
    night.apply(two)
    view = night.view()
    tables = night.tables(view)
    assert sorted(len(t["seats"]) for t in tables.values()) == [8, 8]
    after = {(t["table_no"], s["seat"]): s["entry_id"] for t in tables.values() for s in t["seats"]}
    assert after != before and sorted(after.values()) == sorted(before.values())  # a new draw, nobody lost
    assert view["clock"]["status"] == "running"  # the clock keeps running (the preset's note)
    for n in tables:  # a new button by high card at both new tables, not yet "the final table"
        redraw = night.dealer(n).get_by_test_id("dealer-redraw")
        expect(redraw).to_have_attribute("data-reason", "two_tables")
        expect(redraw).to_contain_text("The last two tables are drawn")
        expect(redraw).to_contain_text("G-Final")
    first = min(tables)
    night.dealer(first).evaluate("window.scrollTo(0, 0)")
    shot(night.dealer(first), "night-g-two-tables-dealer")

    # ---- down to 9, then hand-for-hand (G-Final, the preset's note) ------------------------------
    turn = 0
    while night.view()["players_left"] > 9:
        tables = night.tables()
        n = sorted(tables)[turn % 2]
        turn += 1
        bust_at(n)
        for s in night.apply_all(("move",)):
            assert s["rule"] == "G-Sitzordnung"
    view = night.view()
    assert not night.suggestions("final_table", view)
    for n in night.tables(view):
        night.deal(n)
    (hfh,) = night.suggestions("hand_for_hand")
    assert hfh["rule"] == "G-Final" and hfh["players_left"] == 9
    night.apply(hfh)
    for n in night.tables():
        expect(night.dealer(n).get_by_test_id("dealer-hfh-banner")).to_contain_text("G-Final")
        night.hand_done(n)
    for n in night.tables():
        night.deal(n)
    tables = night.tables()
    n = max(tables, key=lambda k: (len(tables[k]["seats"]), k))
    night.bust(tables[n]["seats"][0]["entry_id"])

    # ---- G-Final: the final table of 8, its seats by lot -----------------------------------------
    view = night.view()
    (final,) = night.suggestions("final_table", view)
    assert final["rule"] == "G-Final" and final["tables"] == 1 and final["seats"] == [8]
    in_section(td, "floor")
    card = td.locator(f"[data-testid='suggestion-final_table'][data-id='{final['id']}']")
    expect(card.get_by_test_id("suggestion-apply")).to_have_text("Form the final table")
    night.apply(final)
    view = night.view()
    (table,) = night.tables(view).values()
    assert len(table["seats"]) == 8
    assert view["clock"]["status"] == "running"  # no stop for the merge in G (the preset's note)
    expect(td.get_by_test_id("hfh-status")).to_have_attribute("data-active", "false")
    page = night.dealer(table["table_no"])
    redraw = page.get_by_test_id("dealer-redraw")
    expect(redraw).to_have_attribute("data-reason", "final_table")
    expect(redraw).to_contain_text("G-Final")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "night-g-final-table-dealer")
    while night.view()["status"] != "finished":
        bust_at(table["table_no"])
    result = night.view()
    places = {e["name"]: e["place"] for e in result["entries"]}
    assert sorted(places.values()) == list(range(1, 29))
    assert result["money"]["rebuys"] == 0 and result["prize_pool"] == 0  # freeze-out, no money

    # ---- G-Spielform: tour points into the overall ranking --------------------------------------
    td.goto(f"{live_server.url}/#/director")
    td.get_by_test_id("leagues-link").click()
    td.get_by_test_id("league-name").fill("German Golfpoker Tour 2026")
    td.get_by_test_id("league-kind").select_option("g_tour")
    expect(td.get_by_test_id("league-create")).to_be_disabled()  # G-Spielform names no table
    td.get_by_test_id("league-points").fill(" ".join(map(str, TOUR_POINTS)))
    td.get_by_test_id("league-create").click()
    expect(td.get_by_test_id("league-standings")).to_be_visible()
    league_id = int(re.search(r"leagues/(\d+)", td.url).group(1))
    td.get_by_test_id("league-add-tournament").select_option(str(tid))
    td.get_by_test_id("league-played-on").fill("2026-05-09")
    td.get_by_test_id("league-add-submit").click()
    expect(td.get_by_test_id(f"league-tournament-{tid}")).to_be_visible()
    standings = api.get(f"/api/leagues/{league_id}/standings").json()
    assert standings["qualification"]["for"] is None  # points only
    assert {line["name"]: line["points"] for line in standings["overall"]} == {n: tour_points(places[n]) for n in NAMES}

    # The second tour stop, played quickly through the API: 16 of the golfers, two tables.
    r = api.post("/api/tournaments", {"name": "GGT Seeblick", "preset": "g-tour"})
    assert r.status_code == 201, r.text
    tid2 = r.json()["id"]
    field2 = NAMES[-16:]
    for name in field2:
        ok(api, tid2, "register_player", {"name": name})
    ok(api, tid2, "draw_seats", {"tables": 2})
    ok(api, tid2, "start_clock")
    stop2 = Night(api, tid2, None, phone, live_server.url)
    ids2 = {e["name"]: e["entry_id"] for e in stop2.view()["entries"]}
    for name in field2[:-1]:  # the list's order is the finishing order, the last one wins
        ok(api, tid2, "record_bust", {"entry_id": ids2[name]})
        for s in stop2.suggestions():
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
    places2 = {e["name"]: e["place"] for e in stop2.view()["entries"]}
    assert places2[field2[-1]] == 1 and places2[field2[0]] == 16
    td.goto(f"{live_server.url}/#/director/leagues")
    td.get_by_test_id(f"league-link-{league_id}").click()
    td.get_by_test_id("league-add-tournament").select_option(str(tid2))
    td.get_by_test_id("league-played-on").fill("2026-06-13")
    td.get_by_test_id("league-add-submit").click()
    expect(td.get_by_test_id(f"league-tournament-{tid2}")).to_be_visible()
    standings = api.get(f"/api/leagues/{league_id}/standings").json()
    overall = {line["name"]: line for line in standings["overall"]}
    for n in NAMES:
        expected = tour_points(places[n]) + (tour_points(places2[n]) if n in places2 else 0)
        assert overall[n]["points"] == expected, n
        assert overall[n]["tournaments"] == 1 + (n in places2)
    leader = standings["overall"][0]
    assert leader["points"] == max(line["points"] for line in standings["overall"])
    td.get_by_test_id("period-overall").click()
    expect(td.get_by_test_id(f"standing-points-{leader['person_id']}")).to_have_text(str(leader["points"]))
    expect(td.get_by_test_id(f"standing-{leader['person_id']}")).to_have_attribute("data-rank", "1")
    shot(td, "night-g-tour-ranking")
