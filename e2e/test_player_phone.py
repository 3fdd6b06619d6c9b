"""The player's phone complete, in real Chromium against a real server: in a league
tournament it shows the seat with the button, the average stack in chips and big blinds, the
payouts (N-3.7), the league standing (V-XII points), the house rules in English and German
(N-2.5, N-2.20), and all of it again after going offline and reloading. The director sees the
players-left line and the chip histogram on his "Pictures" card."""

from playwright.sync_api import expect

from director_phone import signed_in
from server import command_ok as ok, director, links, view

EN = {"locale": "en-US"}


def top_of(locator):
    """Scroll so that the element's top is at the top of the screen (below the sticky bar)."""
    locator.evaluate("el => { el.scrollIntoView({block: 'start'}); window.scrollBy(0, -100); }")


def make_tournament(api, preset, names, tables):
    r = api.post("/api/tournaments", {"name": "Montagsturnier", "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    ids = {n: ok(api, tid, "register_player", {"name": n, "id_checked": True})["result"]["entry_id"] for n in names}
    ok(api, tid, "draw_seats", {"tables": tables})
    return tid, ids


def league_field(api):
    # March's first Monday: Bert won, Anna 2nd (V-XII: 25, 21, 17)
    t1, ids1 = make_tournament(api, "generic", ["Anna", "Bert", "Cleo"], 1)
    ok(api, t1, "record_bust", {"entry_id": ids1["Cleo"]})
    ok(api, t1, "record_bust", {"entry_id": ids1["Anna"]})
    # tonight: 12 players under N (payouts for 11–20 players: 42/28/19/11 %, N-3.7)
    names = ["Anna", "Bert", "Cleo", "Dora", "Emil", "Fritz", "Gerda", "Hans", "Ida", "Jörg", "Karl", "Lars"]
    t2, ids2 = make_tournament(api, "n-monday", names, 2)
    ok(api, t2, "start_clock")
    league = api.post("/api/leagues", {"name": "Rangliste 2026", "kind": "v_ranking"}).json()
    for tid, day in ((t1, "2026-03-02"), (t2, "2026-03-09")):
        assert (
            api.post(f"/api/leagues/{league['id']}/tournaments", {"tournament_id": tid, "played_on": day}).status_code
            == 200
        )
    anna = next(e for e in view(api, t2)["entries"] if e["name"] == "Anna")
    table = next(t for t in view(api, t2)["tables"] if t["table_no"] == anna["table_no"])
    seats = sorted(s["seat"] for s in table["seats"])
    button = next(s for s in seats if s != anna["seat"])
    ok(api, t2, "set_button", {"table_no": table["table_no"], "seat": button})
    for name in ("Lars", "Karl"):
        ok(api, t2, "record_bust", {"entry_id": ids2[name]})
    # the dealers count their tables: 5,000 … 9,000 at Anna's table, the other table short stacks
    for t in view(api, t2)["tables"]:
        stacks = {
            str(s["seat"]): (5000 + 1000 * i if t["table_no"] == anna["table_no"] else 1500)
            for i, s in enumerate(sorted(t["seats"], key=lambda s: s["seat"]))
        }
        ok(api, t2, "chip_count", {"table_no": t["table_no"], "stacks": stacks})
    return t2, league["id"], anna, button


def test_the_player_phone_in_a_league_tournament_and_the_directors_pictures(live_server, phone, tv, shot):
    api = director(live_server)
    tid, league_id, anna, button = league_field(api)
    url = next(p["url"] for p in links(api, tid)["players"] if p["entry_id"] == anna["entry_id"])

    context = phone(**EN)
    page = context.new_page()
    page.goto(url)
    seat = page.get_by_test_id("player-seat")
    expect(seat).to_have_attribute("data-table", str(anna["table_no"]))
    expect(seat).to_have_attribute("data-seat", str(anna["seat"]))
    oval = page.get_by_test_id("player-table-map")
    expect(oval.locator(".oval-seat.is-mine")).to_have_attribute("data-seat", str(anna["seat"]))
    expect(oval.locator(f".oval-seat[data-seat='{button}'] .chip-d")).to_have_count(1)  # the button, where it is
    avg = page.get_by_test_id("player-avg-stack")
    expect(avg).to_have_attribute("data-chips", str(12 * 5000 // 10))  # 6,000 chips
    expect(avg).to_have_attribute("data-bb", "120")  # level 1 of N-3.9 is 25/50: 6,000 / 50
    expect(page.get_by_test_id("players-left")).to_have_text("10")
    payouts = page.get_by_test_id("player-payouts")
    expect(payouts.locator("li")).to_have_count(4)
    league = page.get_by_test_id(f"player-league-{league_id}")
    expect(league).to_have_attribute("data-rank", "2")
    expect(league).to_have_attribute("data-points", "21")
    expect(league.locator("[data-me='true']")).to_contain_text("Anna")
    expect(page.get_by_test_id("player-league-qual")).to_contain_text("Champions Trophy (V-I.e)")
    expect(page.get_by_test_id("player-chart-players-left")).to_have_attribute("data-left", "10")
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installable shell cached
    shot(page, "player-phone-top")
    top_of(page.get_by_test_id("player-avg-stack"))
    shot(page, "player-phone-scrolled")

    rules = page.get_by_test_id("house-rules")
    page.get_by_test_id("house-rules-toggle").click()
    expect(rules.get_by_test_id("house-rule")).to_have_count(8)
    expect(rules).to_contain_text("1 minute, then 10 seconds")  # N-2.5
    expect(rules).to_contain_text("(N-2.20)")
    top_of(league)
    shot(page, "player-phone-league")
    top_of(rules)
    shot(page, "player-phone-house-rules-en")

    page.get_by_test_id("lang-switch").click()  # German
    expect(page.get_by_test_id("house-rules-toggle")).to_have_text("Hausregeln")
    expect(rules).to_contain_text("z.B. Telefon")  # N-2.20 in the seed's words
    expect(page.get_by_test_id("player-league-me")).to_contain_text("Rang 2")
    top_of(rules)
    shot(page, "player-phone-house-rules-de")
    page.set_viewport_size({"width": 360, "height": 780})  # the narrowest phone we support
    top_of(page.get_by_test_id("player-league"))
    shot(page, "player-phone-360")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing sticks out sideways

    # offline after the first open: a reload still shows everything (IndexedDB + service worker)
    context.set_offline(True)
    page.reload()
    expect(page.get_by_test_id("player-seat")).to_have_attribute("data-seat", str(anna["seat"]))
    expect(page.get_by_test_id("player-avg-stack")).to_have_attribute("data-bb", "120")
    expect(page.get_by_test_id("player-payouts").locator("li")).to_have_count(4)
    expect(page.get_by_test_id(f"player-league-{league_id}")).to_have_attribute("data-points", "21")
    page.get_by_test_id("house-rules-toggle").click()
    expect(page.get_by_test_id("house-rule").first).to_contain_text("Rebuy")
    expect(page.get_by_test_id("house-rules")).to_contain_text("z.B. Telefon")
    shot(page, "player-phone-offline")
    context.set_offline(False)

    # the TV shows no house rules and no league (they are the player's business)
    tv_page = tv().new_page()
    tv_page.goto(links(api, tid)["display"]["url"])
    expect(tv_page.get_by_test_id("clock-time")).to_be_visible()
    expect(tv_page.get_by_test_id("house-rules")).to_have_count(0)
    expect(tv_page.get_by_test_id("player-league")).to_have_count(0)

    # the director's Pictures card: the players-left line and the chip histogram
    td_context = phone(**EN)
    signed_in(td_context, api)
    td = td_context.new_page()
    td.goto(f"{api.base}/#/director/{tid}/clock")  # The charts are in the clock section
    card = td.get_by_test_id("pictures-card")
    expect(card).to_be_visible()
    line = td.get_by_test_id("chart-players-left")
    expect(line).to_have_attribute("data-left", "10")
    bars = td.get_by_test_id("chart-stacks")
    # Anna's table 5,000 … (≥ 100 BB at 25/50), the other table 1,500 each (30 BB)
    other = 10 - len([s for t in view(api, tid)["tables"] if t["table_no"] == anna["table_no"] for s in t["seats"]])
    expect(bars).to_have_attribute("data-counts", f"0,0,{other},0,{10 - other}")
    expect(td.get_by_test_id("chart-stacks-avg")).to_be_visible()
    card.scroll_into_view_if_needed()
    shot(td, "director-pictures")
