"""A player's season on the phones (docs/season.md): Anna plays two nights of her club, opens her
page from her personal link after the second and sees both with place and prize, and asks for
the standings by mail there (a wrong address refused with its reason); the director
opens the same person's page from the league's standings. Real Chromium against a real server;
the nights are played through the API for speed."""

from playwright.sync_api import expect

from director_phone import director_at
from server import Api, command_ok as ok, director, links, token_of
from test_accessibility import axe, report

EN = {"locale": "en-US", "bypass_csp": True}  # axe-core is injected as a script of its own
BUY_IN = 20  # s-trophy, CHF; the fee stays out of the pool (N-3.7)


def night(api, name, others, out_order):
    """A night of Anna and `others`, out in `out_order` (the one left wins); Anna puts out the
    first. Returns (tournament id, Anna's entry id)."""
    tid = api.post("/api/tournaments", {"name": name, "preset": "s-trophy"}).json()["id"]
    ok(api, tid, "edit_settings", {"buy_in": BUY_IN, "fee": 5})
    ids = {
        n: ok(api, tid, "register_player", {"name": n, "id_checked": True})["result"]["entry_id"]
        for n in ["Anna Muster", *others]
    }
    ok(api, tid, "draw_seats", {"tables": 1})
    for i, n in enumerate(out_order):
        ok(api, tid, "record_bust", {"entry_id": ids[n], **({"eliminated_by": ids["Anna Muster"]} if i == 0 else {})})
    return tid, ids["Anna Muster"]


def test_a_player_sees_both_nights_of_his_season_and_the_director_his_page(live_server, phone, shot):
    api = director(live_server)
    league = api.post("/api/leagues", {"name": "Rangliste", "kind": "v_ranking"}).json()["id"]
    # Night one: eight players, Anna second (30 % of 8 buy-ins); night two: five, Anna wins (65 %).
    first, second = [f"Eins {i}" for i in range(1, 8)], [f"Zwei {i}" for i in range(1, 5)]
    one, _ = night(api, "Trophy Montag", first, [*first[:-1], "Anna Muster"])
    two, anna2 = night(api, "Trophy Dienstag", second, second)
    for tid in (one, two):
        assert api.post(f"/api/leagues/{league}/tournaments", {"tournament_id": tid}).status_code == 200
    prize_one, prize_two = 8 * BUY_IN * 30 // 100, 5 * BUY_IN * 65 // 100

    # Her personal link of the second night: the seat screen, then "My season".
    url = next(p["url"] for p in links(api, two)["players"] if p["entry_id"] == anna2)
    page = phone(**EN).new_page()
    page.goto(url)
    expect(page.get_by_test_id("player-won")).to_be_visible()
    page.get_by_test_id("player-season").scroll_into_view_if_needed()
    shot(page, "season-link-en")
    page.get_by_test_id("player-season").click()
    nights = page.get_by_test_id("season-night")
    expect(nights).to_have_count(2)
    expect(nights.nth(0)).to_have_attribute("data-tid", str(two))  # newest first
    expect(nights.nth(0).get_by_test_id("season-night-place")).to_have_text("1st of 5")
    expect(nights.nth(0).get_by_test_id("season-night-prize")).to_have_text(f"{prize_two} CHF")
    expect(nights.nth(1).get_by_test_id("season-night-place")).to_have_text("2nd of 8")
    expect(nights.nth(1).get_by_test_id("season-night-prize")).to_have_text(f"{prize_one} CHF")
    expect(page.get_by_test_id("season-total-prizes")).to_have_text(f"{prize_one + prize_two} CHF")
    expect(page.get_by_test_id("season-best")).to_have_text("1st")
    expect(page.get_by_test_id(f"season-league-{league}")).to_have_attribute("data-points", str(25 + 21))  # V-XII
    expect(page.get_by_test_id("season-chart")).to_have_attribute("data-bars", "2")
    # The standings by mail, against the server: a wrong address is refused with its reason, a right
    # one is kept for her club person (the next GET from her link says so).
    mail = page.get_by_test_id("season-mail")
    mail.scroll_into_view_if_needed()
    mail.get_by_test_id("season-mail-switch").click()
    mail.get_by_test_id("season-mail-email").fill("anna-at-example.org")
    mail.get_by_test_id("season-mail-save").click()
    expect(mail.get_by_test_id("season-mail-error")).to_be_visible()
    mail.get_by_test_id("season-mail-email").fill("anna@example.org")
    mail.get_by_test_id("season-mail-save").click()
    expect(mail.get_by_test_id("season-mail-saved")).to_be_visible()
    shot(page, "season-mail-saved-en")
    mine = Api(live_server.url, token_of(url)).get(f"/api/tournaments/{two}/my-standings-mail").json()
    assert mine == {"email": "anna@example.org", "subscribed": True}, mine
    found: dict = {}  # axe-core: no violation on the page, in either language
    axe(page, "season en", found)
    shot(page, "season-player-en")
    page.get_by_test_id("lang-switch").click()
    expect(nights.nth(1).get_by_test_id("season-night-place")).to_have_text("2. von 8")
    expect(page.get_by_role("heading", name="Meine Saison")).to_be_visible()
    axe(page, "season de", found)
    shot(page, "season-player-de")
    page.get_by_test_id("season-nights").scroll_into_view_if_needed()
    shot(page, "season-player-de-nights")
    page.get_by_test_id("season-back").click()
    expect(page.get_by_test_id("player-season")).to_be_visible()

    # The director: the league's standings, a tap on her name, the same page.
    anna = next(
        x["person_id"]
        for x in api.get(f"/api/leagues/{league}/standings").json()["overall"]
        if x["name"] == "Anna Muster"
    )
    td = director_at(phone, api, f"/director/leagues/{league}", f"standing-person-{anna}", **EN)
    td.get_by_test_id(f"standing-person-{anna}").click()
    expect(td.get_by_role("heading", name="Anna Muster", level=1)).to_be_visible()
    expect(td.get_by_test_id("season-night")).to_have_count(2)
    expect(td.get_by_test_id("season-total-prizes")).to_have_text(f"{prize_one + prize_two} CHF")
    axe(td, "director's person page", found)
    assert not found, report(found)
    shot(td, "season-director-en")
    td.go_back()
    expect(td.get_by_test_id("league-standings")).to_be_visible()
