"""Language and locale on real phones and a real TV against a real server: numbers and
money in the tournament's locale — the Swiss n-monday (Noohn Basel, CHF, region CH in its preset)
writes 3'750 CHF in German, a euro tournament 3.750 €, English 3,750 — and the desk's search
folds accents and ß (weiss → Weiß, celine → Céline, krahen → Krähen). Screenshots in /tmp/shots_D."""

from pathlib import Path

from playwright.sync_api import expect

from backend.read.locale_format import money_text, number_text
from director_phone import director_at
from server import command_ok, director, links

SHOTS = Path(__file__).parent / "screenshots"  # as the `shot` fixture: inside this checkout, never shared
NAMES = ["Anna Weiß", "Céline Dupont", "Jonas Krähen", "Jürgen Müller", "Zoë Ärger", "Bob"] + [
    f"Spieler {i:02d}" for i in range(1, 25)
]  # 30 entries of 125 make a pool of 3,750
SMALL = {"viewport": {"width": 360, "height": 800}}


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def tournament(api, preset, settings=None, seat=True):
    r = api.post("/api/tournaments", {"name": f"Montag {preset}", "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    if settings:
        command_ok(api, tid, "edit_settings", settings)
    for name in NAMES:
        command_ok(api, tid, "register_player", {"name": name, "id_checked": True, "prepaid": True})
    if seat:
        command_ok(api, tid, "draw_seats", {"tables": 3})
        command_ok(api, tid, "start_clock")
    return tid


def test_money_and_numbers_in_the_tournaments_locale(live_server, phone, tv):
    api = director(live_server)
    chf = tournament(api, "n-monday")  # N-3.1: 125 + 25 CHF
    eur = tournament(api, "generic", {"buy_in": 125, "currency": "EUR"})
    pub = api.get(f"/api/tournaments/{chf}/public").json()
    assert (pub["prize_pool"], pub["currency"], pub["region"]) == (3750, "CHF", "CH")
    assert api.get(f"/api/tournaments/{eur}/public").json()["region"] == "DE"

    for tid, lang, pool, avg, name in [
        (chf, "de", "3'750 CHF", "5'000", "de-CH"),
        (chf, "en", "3,750 CHF", "5,000", "en-CHF"),
        (eur, "de", "3.750 €", None, "de-DE"),
    ]:
        screen = tv(locale="de-DE" if lang == "de" else "en-US").new_page()
        screen.goto(links(api, tid)["display"]["url"])
        expect(screen.get_by_test_id("display-prize-pool")).to_have_text(pool)
        if avg:
            expect(screen.get_by_test_id("average-stack")).to_have_text(avg)
        shoot(screen, f"tv-money-{name}")

        # the player's phone: the payouts as the server would write them in that locale
        region = "CH" if tid == chf else "DE"
        payouts = api.get(f"/api/tournaments/{tid}/public").json()["payouts"]
        first = next(p for p in payouts if p["amount"])
        player_url = links(api, tid)["players"][0]["url"]
        for size, opts in (("390", {}), ("360", SMALL)):
            player = phone(locale="de-DE" if lang == "de" else "en-US", **opts).new_page()
            player.goto(player_url)
            expect(player.get_by_test_id("player-payouts")).to_contain_text(
                money_text(first["amount"], "CHF" if tid == chf else "EUR", lang, region)
            )
            if avg:
                expect(player.get_by_test_id("player-avg-stack")).to_contain_text(avg)
            player.get_by_test_id("player-payouts").scroll_into_view_if_needed()
            shoot(player, f"player-money-{name}-{size}")
    # the director's clock buttons in German name the level ("Nächstes Level ›", never a bare
    # "Weiter" next to "Fortsetzen"), and still fit side by side at 360 px
    for size, opts in (("390", {}), ("360", SMALL)):
        td = director_at(phone, api, f"/director/{chf}", "clock-next-level", locale="de-DE", **opts)
        nxt = td.get_by_test_id("clock-next-level")
        expect(nxt).to_have_text("Nächstes Level ›")
        expect(td.get_by_test_id("clock-prev")).to_have_text("‹ Voriges Level")
        nxt.scroll_into_view_if_needed()
        box = nxt.bounding_box()
        assert box["x"] + box["width"] <= int(size) and box["height"] >= 48, box
        shoot(td, f"director-clock-de-CH-{size}")
    # the average stack is the same number the backend writes
    assert number_text(5000, "de", "CH") == "5'000"


def test_the_desk_search_folds_accents_and_sharp_s(live_server, phone):
    api = director(live_server)
    tid = tournament(api, "n-monday", seat=False)
    page = director_at(phone, api, f"/director/{tid}", "desk-search", locale="de-DE")
    rows = page.get_by_test_id("desk-rows").locator("li")
    for typed, found in (
        ("weiss", "Anna Weiß"),
        ("celine", "Céline Dupont"),
        ("krahen", "Jonas Krähen"),
        ("kraehen", "Jonas Krähen"),
        ("MULLER", "Jürgen Müller"),
    ):
        page.get_by_test_id("desk-search").fill(typed)
        expect(rows).to_have_count(1)
        expect(rows.first).to_contain_text(found)
    page.get_by_test_id("desk-search").fill("weiss")
    page.get_by_test_id("desk-search").evaluate("el => { el.scrollIntoView(); window.scrollBy(0, -120); }")
    shoot(page, "desk-search-weiss-390")
    page.get_by_test_id("desk-search").fill("zzz")
    expect(rows).to_have_count(0)
