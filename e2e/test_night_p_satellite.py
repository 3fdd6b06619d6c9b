"""The acceptance for the P rulebook (poker-company satellite system, presets p-qualifier and
p-final): eleven one-table qualifiers, a semifinal, the final, in real Chromium against a real
server. One qualifier and the final are played on the director's and the dealer's phones; ten
qualifiers and the semifinal table are set up and played through the HTTP API (bulk work that is
not the point), which is also read as the oracle of where players sit.

Rule ids (../shared/RULES.md), in the order the night passes them:
- P-Teilnahme     8-10 a table, 15 EUR each (a fee: no prize pool), every walk-in shows his ID.
- P-Spielverlauf  7,500 chips; free seats are filled until the first race for chips and the
                  newcomer posts the big blind in his first hand ("Seat N (new) posts the big
                  blind…" on the dealer's phone); after the first race a late seat is refused,
                  naming P-Spielverlauf.
- P-Race          the clock halts at the race for chips (the 100s are raced off) until the
                  director continues; it stops for nothing else.
- P-Satellite     one p-qualifier per table, its winner qualifies: a p_satellite league lists the
                  eleven winners and says a semifinal comes first (more than 10). The seed does
                  not describe the semifinal: p-final's note chooses ten semifinal tables by lot,
                  table winners go on, so the final seats 10.
- P-Spielverlauf  the final: 15,000 chips, blinds from 100/200, each `Ante: X` line applies to
                  the level after it (level 3 has none, level 4 ante 100, shown on the clocks),
                  played on one table (P-Satellite: at most 10) to its winner.
"""

import random

from playwright.sync_api import expect

from director_phone import director_at, draw_at_desk, in_section, new_tournament, register_at_desk, start_clock
from server import Api, command_ok as ok, director, public, token_of, view

EN = {"locale": "en-US"}


def one_table(api, preset, name, players, winner_first=True):
    """A one-table tournament set up and played through the API to its winner: the first name wins."""
    tid = api.post("/api/tournaments", {"name": name, "preset": preset}).json()["id"]
    for p in players:
        ok(api, tid, "register_player", {"name": p, "id_checked": True})
    ok(api, tid, "draw_seats", {"tables": 1})
    ok(api, tid, "start_clock")
    ids = {e["name"]: e["entry_id"] for e in view(api, tid)["entries"]}
    for p in players[:0:-1]:
        ok(api, tid, "record_bust", {"entry_id": ids[p]})
    v = view(api, tid)
    assert v["status"] == "finished"
    assert next(e for e in v["entries"] if e["place"] == 1)["name"] == players[0]
    return tid


def test_a_p_satellite_night_qualifiers_semifinal_and_the_final(live_server, phone, tv, shot):
    api = director(live_server)

    # --- Ten qualifiers played quickly through the API: 8 players each, the first name wins.
    winners, qualifiers = [], []
    for k in range(1, 11):
        players = [f"Q{k:02d} Spieler {i}" for i in range(1, 9)]
        qualifiers.append(one_table(api, "p-qualifier", f"Qualifikation {k:02d}", players))
        winners.append(players[0])

    # --- Qualifier 11 on the phones: the director's desk, the dealer's table.
    td = director_at(phone, api, "/director", "new-tournament-name", **EN)
    tid = new_tournament(td, "Qualifikation 11", "p-qualifier")
    expect(td.get_by_test_id("settings-start_stack")).to_have_text("7,500")  # P-Spielverlauf
    expect(td.get_by_test_id("settings-fee")).to_contain_text("15")  # P-Teilnahme: 15 EUR
    names = [f"Q11 Spieler {i}" for i in range(1, 9)]
    expect(td.get_by_test_id("register-submit")).to_contain_text("ID seen")  # P-Teilnahme: the ID first
    register_at_desk(td, names)
    draw_at_desk(td, 1)
    in_section(td, "floor")  # The director's screen in sections
    expect(td.get_by_test_id("map-table-1")).to_have_attribute("data-players", "8")
    start_clock(td)

    dealer = phone(**EN).new_page()
    in_section(td, "tools")
    dealer.goto(td.get_by_test_id("link-table-1").get_attribute("href"))
    expect(dealer.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
    first = view(api, tid)["tables"][0]["seats"][0]["seat"]
    dealer.get_by_test_id("dealer-set-button").click()
    dealer.get_by_test_id(f"dealer-button-seat-{first}").click()
    dealer.get_by_test_id("dealer-new-hand").click()
    expect(dealer.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "1")

    # P-Spielverlauf: a late player fills a free seat before the first race and posts the big blind
    # in his first hand.
    in_section(td, "desk")
    td.get_by_test_id("register-name").fill("Q11 Spieler 9")
    td.get_by_test_id("register-submit").click()  # "ID seen (18+) · Register"
    expect(td.get_by_test_id("register-late-result")).to_contain_text("Q11 Spieler 9: table 1")
    late = next(e for e in view(api, tid)["entries"] if e["name"] == "Q11 Spieler 9")
    names.append(late["name"])
    row = dealer.get_by_test_id(f"dealer-new-bb-{late['seat']}")
    expect(row).to_contain_text(f"Seat {late['seat']} (new) posts the big blind next hand")
    dealer.get_by_test_id("dealer-new-hand").click()
    expect(row).to_contain_text(f"Seat {late['seat']} (new) posts the big blind this hand")
    table = Api(live_server.url, token_of(dealer.url)).get(f"/api/tournaments/{tid}/view").json()
    assert table["hand_no"] == 2 and [x["seat"] for x in table["new_big_blinds"]] == [late["seat"]]
    dealer.get_by_test_id("dealer-hand-no").scroll_into_view_if_needed()
    shot(dealer, "night-p-dealer-late-seat-big-blind")

    # P-Race: the clock runs into the race for chips and halts there. (Level 3's ten minutes are
    # fast-forwarded through the API; the director jumps to level 3 on his phone.)
    in_section(td, "clock")
    td.get_by_test_id("clock-jump-select").select_option("2")
    td.get_by_test_id("clock-jump-submit").click()
    td.get_by_test_id("clock-jump-confirm").click()  # a jump asks once
    expect(td.get_by_test_id("clock-level")).to_have_attribute("data-index", "2")
    clock = public(api, tid)["clock"]
    now = api.get("/api/health").json()["server_time"]
    remaining_s = (10 * 60_000 - clock["elapsed_ms"] - (now - clock["anchor_at"])) // 1000
    ok(api, tid, "adjust_clock", {"seconds": -(remaining_s - 2)})
    for page in (td, dealer):
        expect(page.get_by_test_id("clock-status").first).to_have_attribute("data-status", "halted", timeout=10_000)
        expect(page.get_by_test_id("clock-break").first).to_have_attribute("data-kind", "stop")
        expect(page.get_by_test_id("clock-notice-colour-up").first).to_contain_text("remove the 100 chips — chip race")
    expect(td.get_by_test_id("clock-level")).to_have_attribute("data-index", "3")
    dealer.evaluate("window.scrollTo(0, 0)")
    shot(dealer, "night-p-dealer-race-for-chips")
    td.wait_for_timeout(1500)  # it stays halted: the stop has no length
    expect(td.get_by_test_id("clock-status").first).to_have_attribute("data-status", "halted")

    # After the first race a late seat is refused, naming P-Spielverlauf, on the director's phone.
    in_section(td, "desk")
    td.get_by_test_id("register-name").fill("Q11 Zu Spät")
    td.get_by_test_id("register-submit").click()
    refused = td.get_by_test_id("rejected-item")
    expect(refused).to_contain_text("P-Spielverlauf")
    td.evaluate("window.scrollTo(0, 0)")
    shot(td, "night-p-late-seat-refused")
    refused.get_by_test_id("rejected-dismiss").click()
    assert all(e["name"] != "Q11 Zu Spät" for e in view(api, tid)["entries"])

    # The director continues after the race: level 4 (500/1,000) from its full ten minutes.
    in_section(td, "clock")
    td.get_by_test_id("clock-resume").click()
    expect(td.get_by_test_id("clock-status").first).to_have_attribute("data-status", "running")
    expect(td.get_by_test_id("clock-level")).to_have_attribute("data-index", "4")
    expect(td.get_by_test_id("clock-blinds").first).to_have_text("500 / 1,000")

    # Down to the table winner on the dealer's phone: "Q11 Spieler 1" wins.
    ids = {e["name"]: e["entry_id"] for e in view(api, tid)["entries"]}
    in_section(td, "players")
    for name in names[:0:-1]:
        dealer.get_by_test_id(f"bust-{ids[name]}").click()
        dealer.get_by_test_id("bust-confirm").click()
        expect(td.get_by_test_id(f"entry-row-{ids[name]}")).to_have_attribute("data-status", "busted")
    v = view(api, tid)
    assert v["status"] == "finished" and next(e for e in v["entries"] if e["place"] == 1)["name"] == names[0]
    # P-Teilnahme: 9 × 15 EUR are fees, not a prize pool: the prize is the seat in the final.
    assert (v["money"]["fees"], v["money"]["prize_pool"], v["payouts"]) == (9 * 15, 0, [])
    qualifiers.append(tid)
    winners.append(names[0])

    # --- P-Satellite: the table winners qualify; a p_satellite league lists them (the director's
    # phone; ten qualifiers are added in bulk, the last one on the phone).
    league = api.post("/api/leagues", {"name": "Satellite 2026", "kind": "p_satellite"}).json()
    for q in qualifiers[:-1]:
        assert api.post(f"/api/leagues/{league['id']}/tournaments", {"tournament_id": q}).status_code == 200
    td.goto(f"{live_server.url}/#/director/leagues/{league['id']}")
    td.get_by_test_id("league-add-tournament").select_option(str(qualifiers[-1]))
    td.get_by_test_id("league-add-submit").click()
    qual = td.get_by_test_id("league-qualification")
    expect(qual.locator("[data-testid^='qualified-']")).to_have_count(11)
    expect(td.get_by_test_id("league-semifinal")).to_contain_text("P-Satellite")  # more than 10: a semifinal
    qual.scroll_into_view_if_needed()
    shot(td, "night-p-league-semifinal")
    q = api.get(f"/api/leagues/{league['id']}/standings").json()["qualification"]
    assert (q["for"], q["rule"], q["semifinal"]) == ("final", "P-Satellite", True)
    assert sorted(x["name"] for x in q["qualified"]) == sorted(winners)

    # --- The semifinal as p-final's note chooses it: the eleven winners drawn by lot onto ten
    # tables, one table of two plays (a p-final tournament), nine go through alone.
    drawn = random.Random(2026).sample(winners, len(winners))
    pair, byes = drawn[:2], drawn[2:]
    semi = one_table(api, "p-final", "Halbfinale Tisch 1", pair)
    semis = api.post("/api/leagues", {"name": "Halbfinale 2026", "kind": "p_satellite"}).json()
    api.post(f"/api/leagues/{semis['id']}/tournaments", {"tournament_id": semi})
    q = api.get(f"/api/leagues/{semis['id']}/standings").json()["qualification"]
    assert [x["name"] for x in q["qualified"]] == [pair[0]] and q["semifinal"] is False
    finalists = byes + [pair[0]]
    assert len(finalists) == 10  # P-Satellite: at most 10 at the final table

    # --- The final (p-final) on the phones: 15,000 chips, blinds from 100/200, antes from level 4.
    td.goto(f"{live_server.url}/#/director")
    fid = new_tournament(td, "Finale", "p-final")
    expect(td.get_by_test_id("settings-start_stack")).to_have_text("15,000")  # P-Spielverlauf
    register_at_desk(td, finalists, id_checked=True)
    draw_at_desk(td, 1)
    in_section(td, "floor")  # The director's screen in sections
    expect(td.get_by_test_id("map-table-1")).to_have_attribute("data-players", "10")
    start_clock(td)
    expect(td.get_by_test_id("clock-blinds").first).to_have_text("100 / 200")
    fv = view(api, fid)
    assert fv["start_stack"] == 15_000 and fv["chips"]["in_play"] == 150_000

    fd = phone(**EN).new_page()
    in_section(td, "tools")
    fd.goto(td.get_by_test_id("link-table-1").get_attribute("href"))
    expect(fd.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
    first = fv["tables"][0]["seats"][0]["seat"]
    fd.get_by_test_id("dealer-set-button").click()
    fd.get_by_test_id(f"dealer-button-seat-{first}").click()
    fd.get_by_test_id("dealer-new-hand").click()
    expect(fd.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "1")
    screen = tv(**EN).new_page()
    screen.goto(td.get_by_test_id("link-display").get_attribute("href"))
    expect(screen.get_by_test_id("players-left")).to_have_text("10")

    # `Ante: 100` stands before 500/1,000: level 3 (300/600) has no ante, level 4 has 100.
    in_section(td, "clock")
    td.get_by_test_id("clock-jump-select").select_option("2")
    td.get_by_test_id("clock-jump-submit").click()
    td.get_by_test_id("clock-jump-confirm").click()  # a jump asks once
    expect(td.get_by_test_id("clock-level")).to_have_attribute("data-index", "2")
    for page in (td, fd, screen):
        expect(page.locator(".clock-ante")).to_have_count(0)
    td.get_by_test_id("clock-jump-select").select_option("3")
    td.get_by_test_id("clock-jump-submit").click()
    td.get_by_test_id("clock-jump-confirm").click()  # a jump asks once
    for page in (td, fd, screen):
        expect(page.get_by_test_id("clock-blinds").first).to_have_text("500 / 1,000")
        expect(page.locator(".clock-ante").first).to_have_text("Ante 100")
    fd.evaluate("window.scrollTo(0, 0)")
    shot(fd, "night-p-final-dealer-ante")
    shot(screen, "night-p-final-tv-ante")
    assert [(e["sb"], e["bb"], e["ante"]) for e in public(api, fid)["structure"][2:5]] == [
        (300, 600, 0),
        (500, 1000, 100),
        (1000, 2000, 200),
    ]

    # Played to its winner on the dealer's phone.
    order = list(reversed(finalists))
    ids = {e["name"]: e["entry_id"] for e in view(api, fid)["entries"]}
    in_section(td, "players")
    for name in order[:-1]:
        fd.get_by_test_id(f"bust-{ids[name]}").click()
        fd.get_by_test_id("bust-confirm").click()
        expect(td.get_by_test_id(f"entry-row-{ids[name]}")).to_have_attribute("data-status", "busted")
    fv = view(api, fid)
    assert fv["status"] == "finished"
    places = {e["name"]: e["place"] for e in fv["entries"]}
    assert places == {name: 10 - i for i, name in enumerate(order)}
    champion = order[-1]
    assert places[champion] == 1
    expect(td.get_by_test_id(f"entry-won-{ids[champion]}")).to_be_visible()
    expect(screen.get_by_test_id("players-left")).to_have_text("1")
    expect(screen.get_by_test_id("clock-reason")).to_have_attribute("data-reason", "tournament_over")
    expect(screen.get_by_test_id("clock-notice-next-hand")).to_have_count(0)  # no next hand any more
    expect(screen.get_by_test_id("display-winner")).to_contain_text(champion)  # the TV names the winner
    expect(screen.get_by_test_id("clock-next")).to_have_count(0)  # not "Next: level 5"
    shot(screen, "night-p-final-tv-winner")
