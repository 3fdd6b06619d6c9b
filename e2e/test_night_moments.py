"""The director's night as a newcomer lives it, on real phones (390×844) and a real TV (1920×1080)
against a real server, in German and English: the bubble bursting as a moment on every screen with
the absent prepaid player removed by the app and his stack counted out of the average (N-3.2, N-3.7);
moves that never go stale (N-2.11, N-2.10, N-2.9) and a winner's phone that leads with "You won!";
Swiss German on a Noohn night (ss for ß, Finaltisch, no Colour-up, wall lists by family name, only
Noohn's own rule ids). Screenshots in e2e/screenshots/moments-*.png."""

from playwright.sync_api import expect

from director_phone import director_at, in_section
from server import command_ok as ok, director, links, public, view

EN = {"locale": "en-US"}
DE = {"locale": "de-DE"}


def monday(api, names, absent=()):
    """An n-monday night (CH, 125 + 25 CHF, 5'000 chips): `absent` prepaid and not here (N-3.2)."""
    tid = api.post("/api/tournaments", {"name": "Montag", "preset": "n-monday"}).json()["id"]
    for name in names:
        if name in absent:
            ok(api, tid, "register_player", {"name": name, "prepaid": True, "present": False})
        else:
            ok(api, tid, "register_player", {"name": name, "id_checked": True})
    return tid


def seated(api, tid, tables=3):
    ok(api, tid, "draw_seats", {"tables": tables})
    ok(api, tid, "start_clock")


def bust_down_to(api, tid, left, keep=()):
    """Busts (the director's command) the highest entry ids still in, never those in `keep`."""
    while True:
        v = view(api, tid)
        active = [e["entry_id"] for e in v["entries"] if e["status"] == "active" and e["entry_id"] not in keep]
        if v["players_left"] <= left:
            return
        ok(api, tid, "record_bust", {"entry_id": max(active)})


def entry(api, tid, entry_id):
    return next(e for e in view(api, tid)["entries"] if e["entry_id"] == entry_id)


SEATED = "[data-testid^='seat-'][data-entry-id]"  # a dealer's phone with its seat rows


def open_link(make, url, ready, **options):
    """A phone or TV opened at a QR link, once `ready` (a test id, or a selector in brackets) shows."""
    page = make(**options).new_page()
    page.goto(url)
    expect((page.locator(ready) if ready.startswith("[") else page.get_by_test_id(ready)).first).to_be_visible()
    return page


def player_url(api, tid, entry_id):
    return next(p["url"] for p in links(api, tid)["players"] if p["entry_id"] == entry_id)


def dealer_url(api, tid, table_no):
    return next(t["url"] for t in links(api, tid)["tables"] if t["table_no"] == table_no)


def test_n_3_2_the_bubble_bursts_on_every_screen_and_the_absent_stack_leaves_the_average(live_server, phone, tv, shot):
    api = director(live_server)
    names = ["Abe Absent"] + [f"Spieler {i:02d}" for i in range(2, 31)]  # 30 players: 5 paid (N-3.7 21-30)
    tid = monday(api, names, absent={"Abe Absent"})
    seated(api, tid)
    bust_down_to(api, tid, 7, keep={1})  # Abe and six others: one bust from the bubble (N-3.2)
    abe = entry(api, tid, 1)

    screen = open_link(tv, links(api, tid)["display"]["url"], "clock-time", **DE)
    td = director_at(phone, api, f"/director/{tid}/floor", "section-body-floor", **DE)
    player = open_link(phone, player_url(api, tid, 2), "player-seat", **EN)
    dealer = open_link(phone, dealer_url(api, tid, abe["table_no"]), SEATED, **EN)
    expect(screen.get_by_test_id("average-stack")).to_have_text("21'428")  # 150'000 / 7
    expect(screen.get_by_test_id("moment")).to_have_count(0)

    ok(api, tid, "record_bust", {"entry_id": 7})  # 7 → 6 with Abe: he is out 6th, 5 are in the money
    assert entry(api, tid, 1)["place"] == 6 and public(api, tid)["players_left"] == 5

    # The TV: the moment, big (German, Swiss numbers)
    moment = screen.get_by_test_id("moment")
    expect(moment).to_have_attribute("data-kind", "money")
    expect(moment).to_have_attribute("data-new", "true")
    expect(screen.get_by_test_id("moment-title")).to_have_text("Im Geld")
    expect(screen.get_by_test_id("moment-sub")).to_have_text("Noch 5 Spieler: jeder von ihnen gewinnt einen Preis.")
    shot(screen, "moments-tv-in-the-money-de")

    # A player still in (English): his own words
    expect(player.get_by_test_id("moment-title")).to_have_text("You are in the money!")
    shot(player, "moments-player-in-the-money-en")

    # The director (German): the moment, and Abe's stack to collect and count (N-3.2)
    expect(td.get_by_test_id("moment-title")).to_have_text("Im Geld")
    row = td.get_by_test_id("removed-stack-1")
    expect(row).to_contain_text(f"Tisch {abe['table_no']}, Sitz {abe['seat']}: Abe Absent wurde an der Bubble entfernt")
    expect(row).to_contain_text("(N-3.2)")
    shot(td, "moments-director-stack-to-count-de")

    # His table's dealer (English): leave the stack for the director
    note = dealer.get_by_test_id("removed-note-1")
    expect(note).to_contain_text(f"Seat {abe['seat']}: Abe Absent is out")
    expect(note).to_contain_text("the director collects and counts it (N-3.2)")
    shot(dealer, "moments-dealer-leave-the-stack-en")

    # The audit log says the app did it, with the rule, in both languages
    for lang, removed, burst in (
        ("en", "Abe Absent removed automatically at the bubble: not here, out 6th with no prize (N-3.2)", "(N-3.7)"),
        ("de", "Abe Absent an der Bubble automatisch entfernt", "Die Bubble ist geplatzt"),
    ):
        texts = [i["text"] for i in api.get(f"/api/tournaments/{tid}/audit", params={"lang": lang}).json()["items"]]
        assert any(removed in x for x in texts) and any(burst in x for x in texts), texts[:5]

    # Counted: his chips leave play and the average on every screen (150'000 − 3'150) / 5
    expect(screen.get_by_test_id("average-stack")).to_have_text("30'000")
    td.get_by_test_id("removed-chips-1").fill("3150")
    td.get_by_test_id("removed-save-1").click()
    expect(screen.get_by_test_id("average-stack")).to_have_text("29'370")
    expect(player.get_by_test_id("player-avg-stack")).to_contain_text("29,370")
    expect(td.get_by_test_id("removed-stacks")).to_have_count(0)
    expect(dealer.get_by_test_id("removed-note-1")).to_have_count(0)


def test_moves_stay_true_a_balanced_player_is_not_on_the_closed_table_and_the_winner_moves_no_more(
    live_server, phone, tv, shot
):
    api = director(live_server)
    tid = monday(api, [f"Spieler {i:02d}" for i in range(1, 25)])
    seated(api, tid)
    v = view(api, tid)
    t3 = sorted((s["seat"], s["entry_id"]) for t in v["tables"] if t["table_no"] == 3 for s in t["seats"])
    mover = t3[0][1]
    free = min(set(range(1, 12)) - {s["seat"] for t in v["tables"] if t["table_no"] == 1 for s in t["seats"]})
    card = open_link(phone, player_url(api, tid, mover), "player-seat", **DE)
    closing = open_link(phone, dealer_url(api, tid, 3), SEATED, **EN)
    screen = open_link(tv, links(api, tid)["display"]["url"], "clock-time", **DE)

    # N-2.11: he is balanced from table 3 to table 1; then table 3 closes (N-2.10)
    ok(api, tid, "move_player", {"entry_id": mover, "to_table": 1, "to_seat": free, "reason": "balancing"})
    expect(card.get_by_test_id("player-moved")).to_contain_text("Vorher: Tisch 3")
    bust_down_to(api, tid, 22, keep={mover} | {e for _, e in t3})
    ok(api, tid, "break_table", {"table_no": 3})
    gone = closing.get_by_test_id("dealer-broken")
    expect(gone).to_be_visible()
    expect(gone.locator("[data-testid^='dealer-move-']")).to_have_count(len(t3) - 1)
    expect(closing.get_by_test_id(f"dealer-move-{mover}")).to_have_count(0)  # he left earlier: not listed again
    shot(closing, "moments-dealer-closed-table-en")
    group = screen.get_by_test_id("display-ticker-group")
    expect(group.get_by_test_id("display-ticker-head")).to_have_text("Tisch 3 aufgelöst")
    expect(group.get_by_test_id("display-ticker-move")).to_have_count(len(t3) - 1)
    expect(group.locator(f"[data-entry-id='{mover}']")).to_have_count(0)
    expect(screen.locator(f"[data-testid='display-ticker-move'][data-entry-id='{mover}']")).to_have_count(1)
    shot(screen, "moments-tv-ticker-closed-table-de")

    # N-2.9: the final table at 10, redrawn; his card says where he sat just before (table 1), not table 3
    before = entry(api, tid, mover)
    bust_down_to(api, tid, 10, keep={mover})
    ok(api, tid, "form_final_table", {"table_no": 2})  # he sits at table 1: the redraw moves him
    now = entry(api, tid, mover)
    moved = card.get_by_test_id("player-moved")
    expect(moved).to_have_attribute("data-seat", str(now["seat"]))
    expect(moved).to_contain_text(f"Vorher: Tisch {before['table_no']}, Sitz {before['seat']}")
    expect(card.get_by_test_id("moment-title")).to_have_text("Finaltisch")
    shot(card, "moments-player-final-table-de")

    # The final table's dealer: the seat rows come first, the seat changes below them
    final = open_link(phone, dealer_url(api, tid, now["table_no"]), SEATED, **EN)
    seats = final.locator(".dealer-seat[data-entry-id]").first.bounding_box()
    changes = final.get_by_test_id("dealer-moves").bounding_box()
    assert seats["y"] < changes["y"], (seats, changes)
    shot(final, "moments-dealer-final-table-en")

    # He wins: his phone leads with it, no stale move card, no move notifications offered
    other = open_link(phone, player_url(api, tid, next(e for e in range(1, 25) if e != mover)), "player-name", **EN)
    bust_down_to(api, tid, 1, keep={mover})
    expect(card.get_by_test_id("player-won")).to_contain_text("Du hast gewonnen!")
    expect(card.get_by_test_id("player-moved")).to_have_count(0)
    expect(card.get_by_test_id("push-optin")).to_have_count(0)
    expect(card.get_by_test_id("player-place")).to_have_attribute("data-place", "1")
    shot(card, "moments-player-won-de")
    expect(other.get_by_test_id("player-won")).to_have_count(0)


def test_swiss_german_on_a_noohn_night_words_lists_and_rule_ids(live_server, phone, tv, shot):
    api = director(live_server)
    names = ["Anna Weiß", "Zoë Ärger", "Jonas Krähen", "Ludwig van Beethoven", "Bob"] + [
        f"Karl Muster{i:02d}" for i in range(1, 26)
    ]
    tid = monday(api, names)
    # The desk writes Swiss German: "schliesst", never "schließt" (region CH: the preset's)
    desk = director_at(phone, api, f"/director/{tid}/desk", "desk-deadline", **DE)
    expect(desk.get_by_test_id("desk-deadline")).to_contain_text("Check-in schliesst um 18:50")
    desk.get_by_test_id("desk-deadline").scroll_into_view_if_needed()
    shot(desk, "moments-desk-swiss-de")

    seated(api, tid)
    ok(api, tid, "jump_to_level", {"index": 2})  # level 3: the 25s go (N-2.19)
    screens = {
        lang: open_link(tv, links(api, tid)["display"]["url"], "clock-time", **opts)
        for lang, opts in (("de", DE), ("en", EN))
    }
    expect(screens["de"].get_by_test_id("clock-notice-colour-up")).to_have_text(
        "Die 25er-Chips werden gewechselt — Chiprace"
    )
    expect(screens["en"].get_by_test_id("clock-notice-colour-up")).to_have_text(
        "Colour-up: remove the 25 chips — chip race"
    )
    # the seating list on the wall, by family name and written so
    for lang, page in screens.items():
        page.get_by_test_id("display-show-seating").click()
        rows = page.get_by_test_id("display-seating-row")
        expect(rows.nth(0)).to_contain_text("Ärger, Zoë")
        expect(rows.nth(1)).to_contain_text("Beethoven, Ludwig van")
        expect(rows.nth(2)).to_contain_text("Bob")
        expect(rows.nth(3)).to_contain_text("Krähen, Jonas")
    shot(screens["de"], "moments-tv-seating-by-family-name-de")

    # 22 left fit at 2 tables of 11: the break suggestion quotes Noohn's rule (N-2.10), never S-#5
    bust_down_to(api, tid, 22)
    for opts in (EN, DE):
        floor = director_at(phone, api, f"/director/{tid}/floor", "section-body-floor", **opts)
        in_section(floor, "floor")
        rule = floor.locator("[data-testid='suggestion-break'] [data-testid='suggestion-rule']")
        expect(rule).to_contain_text("N-2.10")
        expect(floor.get_by_test_id("suggestions")).not_to_contain_text("S-#")
    floor.get_by_test_id("suggestions").scroll_into_view_if_needed()
    shot(floor, "moments-floor-break-rule-de")
