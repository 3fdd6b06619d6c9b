"""The final table's deal on real phones (issue 32): an n-monday final table of 4; the director
proposes an ICM deal keeping 100 CHF to play for on his phone (the server's preview first); the 4
players' phones (their personal links) show their amounts and accept; the director's card shows
everyone's yes and the deal applied; each phone shows the agreed prize; the payout slips print;
undo restores the prizes exactly. A player's no closes a proposal and changes nothing.
Real Chromium against a real server; the field is built through the API for speed."""

from playwright.sync_api import expect

from director_phone import director_at
from server import command_ok as ok, director, view
from test_accessibility import axe, report

EN = {"locale": "en-US"}
DE = {"locale": "de-DE"}
AXE = {"bypass_csp": True}  # axe-core is injected as a script of its own (test_accessibility.py)


def final_four(api):
    """22 players on n-monday, down to a final table of 4, its chips counted (110,000 in play)."""
    r = api.post("/api/tournaments", {"name": "Monday", "preset": "n-monday"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for i in range(1, 23):
        ok(api, tid, "register_player", {"name": f"Player {i:02d}", "id_checked": True})
    ok(api, tid, "draw_seats", {"tables": 3})
    ok(api, tid, "start_clock")
    bust_to(api, tid, 10)
    ok(api, tid, "form_final_table", {})
    bust_to(api, tid, 4)
    (table,) = [t for t in view(api, tid)["tables"] if not t["broken"] and t["seats"]]
    seats = sorted(table["seats"], key=lambda s: s["seat"])
    chips = [50_000, 30_000, 20_000, 10_000]
    ok(
        api,
        tid,
        "chip_count",
        {"table_no": table["table_no"], "stacks": {str(s["seat"]): c for s, c in zip(seats, chips)}},
    )
    return tid, [{**s, "chips": c} for s, c in zip(seats, chips)]


def bust_to(api, tid, left):
    while True:
        v = view(api, tid)
        if v["players_left"] <= left:
            return
        fullest = min(
            (t for t in v["tables"] if not t["broken"] and t["seats"]), key=lambda t: (-len(t["seats"]), t["table_no"])
        )
        ok(api, tid, "record_bust", {"entry_id": fullest["seats"][0]["entry_id"]})


def player_phones(phone, api, tid, players, options):
    urls = {p["entry_id"]: p["url"] for p in api.get(f"/api/tournaments/{tid}/links").json()["players"]}
    pages = {}
    for p, opts in zip(players, options):
        page = phone(**opts).new_page()
        page.goto(urls[p["entry_id"]])
        expect(page.get_by_test_id("player-name")).to_have_text(p["name"])
        pages[p["entry_id"]] = page
    return pages


def stacks_prefilled(td, players):
    """The deal starts from the latest chip count, each stack at its player (editable)."""
    for p in players:
        expect(td.get_by_test_id(f"deal-stack-{p['entry_id']}")).to_have_value(str(p["chips"]))


def to_top(page, locator):
    """Scroll the card's head to just below the director's sticky tabs (for the screenshot)."""
    locator.evaluate(
        "el => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY"
        " - (document.querySelector('.dir-sticky')?.getBoundingClientRect().bottom ?? 0) - 8)"
    )


def prizes(api, tid):
    return {e["entry_id"]: e["prize"] for e in view(api, tid)["entries"]}


def test_four_phones_agree_an_icm_deal_keeping_100_and_undo_restores(live_server, phone, shot):
    api = director(live_server)
    tid, players = final_four(api)
    before = prizes(api, tid)
    payouts_before = view(api, tid)["payouts"]
    phones = player_phones(phone, api, tid, players, [{**EN, **AXE}, {**DE, **AXE}, EN, EN])
    for page in phones.values():
        expect(page.get_by_test_id("player-deal")).to_have_count(0)

    td = director_at(phone, api, f"/director/{tid}/money", "deal-card", **EN, **AXE)
    card = td.get_by_test_id("deal-card")
    expect(card).to_have_attribute("data-status", "none")
    stacks_prefilled(td, players)
    td.get_by_test_id("deal-method-icm").click()
    td.get_by_test_id("deal-keep").fill("100")
    td.get_by_test_id("deal-round-10").click()
    # The preview is the server's calculation: the same amounts the proposal will carry.
    preview = td.get_by_test_id("deal-preview")
    expect(preview).to_have_attribute("data-state", "ok")
    expected = api.post(
        f"/api/tournaments/{tid}/deal/calculate",
        {
            "method": "icm",
            "stacks": [{"entry_id": p["entry_id"], "chips": p["chips"]} for p in players],
            "keep": 100,
            "round_to": 10,
        },
    ).json()
    amounts = {r["entry_id"]: r["amount"] for r in expected["rows"]}
    for p in players:
        expect(td.get_by_test_id(f"deal-preview-{p['entry_id']}")).to_have_attribute(
            "data-amount", str(amounts[p["entry_id"]])
        )
    # ICM: more chips, more money; the shares add up to the money left less the 100 kept
    ordered = [amounts[p["entry_id"]] for p in players]
    assert ordered == sorted(ordered, reverse=True), ordered
    assert sum(ordered) == expected["total"]
    to_top(td, card)
    shot(td, "deal-director-form-en")
    to_top(td, preview)
    shot(td, "deal-director-preview-en")
    found: dict = {}
    axe(td, "director deal form", found)
    td.get_by_test_id("deal-propose").click()
    expect(card).to_have_attribute("data-status", "open")
    expect(td.get_by_test_id("deal-progress")).to_have_attribute("data-accepted", "0")

    # Every phone shows the proposal, its own amount first.
    for p in players:
        page = phones[p["entry_id"]]
        card_p = page.get_by_test_id("player-deal")
        expect(card_p).to_have_attribute("data-status", "open")
        expect(card_p).to_have_attribute("data-amount", str(amounts[p["entry_id"]]))
    first = phones[players[0]["entry_id"]]
    expect(first.get_by_test_id("player-deal-amount")).to_contain_text("Your amount:")
    expect(first.get_by_test_id("player-deal")).to_contain_text("100 CHF stays in play")
    shot(first, "deal-player-proposal-en")
    german = phones[players[1]["entry_id"]]
    expect(german.get_by_test_id("player-deal-amount")).to_contain_text("Dein Betrag:")
    shot(german, "deal-player-proposal-de")
    axe(first, "player deal proposal (en)", found)
    axe(german, "player deal proposal (de)", found)

    # Three accept on their phones; the director records the fourth's spoken yes.
    for p in players[:3]:
        phones[p["entry_id"]].get_by_test_id("player-deal-accept").click()
        expect(td.get_by_test_id(f"deal-row-{p['entry_id']}")).to_have_attribute("data-answer", "accepted")
    expect(first.get_by_test_id("player-deal-answered")).to_contain_text("You accepted.")
    expect(first.get_by_test_id(f"player-deal-row-{players[3]['entry_id']}")).to_have_attribute("data-answer", "none")
    expect(td.get_by_test_id("deal-progress")).to_have_attribute("data-accepted", "3")
    to_top(td, card)
    shot(td, "deal-director-answers-en")
    axe(td, "director deal answers", found)
    assert not found, report(found)
    last = players[3]
    td.get_by_test_id(f"deal-verbal-yes-{last['entry_id']}").click()
    td.get_by_test_id("deal-confirm").click()
    expect(card).to_have_attribute("data-status", "applied")
    expect(td.get_by_test_id("deal-applied")).to_be_visible()
    to_top(td, card)
    shot(td, "deal-director-applied-en")

    # Agreed: every phone says so, with his amount.
    for p in players:
        page = phones[p["entry_id"]]
        expect(page.get_by_test_id("player-deal")).to_have_attribute("data-status", "applied")
        expect(page.get_by_test_id("player-deal-prize")).to_be_visible()
    expect(first.get_by_test_id("player-deal-prize")).to_have_text(
        f"Your prize: {money(amounts[players[0]['entry_id']])}"
    )
    expect(german.get_by_test_id("player-deal-prize")).to_have_text(
        f"Dein Preis: {money(amounts[players[1]['entry_id']])}"
    )
    expect(german.get_by_test_id("player-deal")).to_contain_text("Dazu 100 CHF, wenn du gewinnst.")
    german.evaluate("window.scrollTo(0, 0)")
    shot(german, "deal-player-agreed-de")

    # Play goes on to the end for the places; the prizes are the agreed ones, the winner's with the 100 kept.
    order = [players[3], players[1], players[0]]  # out 4th, 3rd, 2nd: players[2] wins the 100
    for p in order:
        ok(api, tid, "record_bust", {"entry_id": p["entry_id"]})
    winner = players[2]
    agreed = {p["entry_id"]: amounts[p["entry_id"]] + (100 if p is winner else 0) for p in players}
    assert {e: prizes(api, tid)[e] for e in agreed} == agreed
    csv = api.get(f"/api/tournaments/{tid}/results.csv").text
    for p in players:
        assert f"{agreed[p['entry_id']]}" in next(line for line in csv.splitlines() if p["name"] in line), csv
    expect(phones[winner["entry_id"]].get_by_test_id("player-prize")).to_have_attribute(
        "data-amount", str(agreed[winner["entry_id"]])
    )
    expect(phones[winner["entry_id"]].get_by_test_id("player-deal-prize")).to_contain_text(
        money(agreed[winner["entry_id"]])
    )
    expect(german.get_by_test_id("player-prize")).to_have_attribute("data-amount", str(agreed[players[1]["entry_id"]]))

    # The payout slips open as a printout (one page per paid player).
    with td.expect_popup() as popup:
        td.get_by_test_id("deal-print").click()
    slips = popup.value
    slips.wait_for_load_state()
    expect(slips.locator("body")).to_contain_text(players[0]["name"])

    # Undo: the prizes exactly as before the deal.
    td.get_by_test_id("deal-undo").click()
    td.get_by_test_id("deal-confirm").click()
    expect(card).to_have_attribute("data-status", "undone")
    expect(first.get_by_test_id("player-deal")).to_have_attribute("data-status", "undone")
    by_place = {p["place"]: p["amount"] for p in payouts_before}
    table_prizes = {
        e["entry_id"]: by_place.get(e["place"], 0) for e in view(api, tid)["entries"] if e["entry_id"] in agreed
    }
    assert {e: prizes(api, tid)[e] for e in agreed} == table_prizes
    assert view(api, tid)["payouts"] == payouts_before
    assert {e: p for e, p in prizes(api, tid).items() if e not in agreed} == {
        e: p for e, p in before.items() if e not in agreed
    }
    expect(german.get_by_test_id("player-prize")).to_have_attribute(
        "data-amount", str(table_prizes[players[1]["entry_id"]])
    )


def money(n):
    """As the phones show CHF in Switzerland: 1'234 CHF."""
    return f"{n:,} CHF".replace(",", "'")


def test_one_player_s_no_closes_the_proposal_and_nothing_changes(live_server, phone, shot):
    api = director(live_server)
    tid, players = final_four(api)
    before = prizes(api, tid)
    td = director_at(phone, api, f"/director/{tid}/money", "deal-card", **DE)
    stacks_prefilled(td, players)
    td.get_by_test_id("deal-method-chip").click()
    expect(td.get_by_test_id("deal-preview")).to_have_attribute("data-state", "ok")
    # The stacks are editable: a typo is caught on the phone, a new stack moves the preview.
    big = td.get_by_test_id(f"deal-preview-{players[0]['entry_id']}")
    was = big.get_attribute("data-amount")
    box = td.get_by_test_id(f"deal-stack-{players[0]['entry_id']}")
    box.fill("-5")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(td.get_by_test_id("deal-card").locator(".field-error").first).to_have_text("Eine ganze Zahl, 0 oder mehr.")
    box.fill("70000")
    expect(big).not_to_have_attribute("data-amount", was)
    players[0]["chips"] = 70_000
    # Without the server the phone still tells about how much (its own ICM / chip chop), marked as such.
    td.context.set_offline(True)
    td.get_by_test_id("deal-keep").fill("50")
    expect(td.get_by_test_id("deal-preview")).to_have_attribute("data-state", "offline")
    expect(td.get_by_test_id("deal-estimate").locator("li")).to_have_count(4)
    expect(td.get_by_test_id("deal-estimate")).to_contain_text("≈")
    td.context.set_offline(False)
    td.get_by_test_id("deal-keep").fill("")
    expect(td.get_by_test_id("deal-preview")).to_have_attribute("data-state", "ok")
    to_top(td, td.get_by_test_id("deal-card"))
    shot(td, "deal-director-form-de")
    td.get_by_test_id("deal-propose").click()
    card = td.get_by_test_id("deal-card")
    expect(card).to_have_attribute("data-status", "open")
    to_top(td, card)
    shot(td, "deal-director-open-de")
    (no,) = player_phones(phone, api, tid, players[1:2], [DE]).values()
    no.get_by_test_id("player-deal-reject").click()
    no.get_by_test_id("player-deal-reject-confirm").click()
    expect(no.get_by_test_id("player-deal")).to_have_attribute("data-status", "rejected")
    expect(no.get_by_test_id("player-deal")).to_contain_text("Der Deal wurde abgelehnt")
    expect(card).to_have_attribute("data-status", "rejected")
    expect(td.get_by_test_id("deal-rejected")).to_contain_text(players[1]["name"])
    assert prizes(api, tid) == before

    # A new proposal after the no: custom, from the chip chop's amounts with 10 CHF moved.
    expect(td.get_by_test_id("deal-preview")).to_have_attribute("data-state", "ok")
    chop = {
        p["entry_id"]: int(td.get_by_test_id(f"deal-preview-{p['entry_id']}").get_attribute("data-amount"))
        for p in players
    }
    td.get_by_test_id("deal-method-custom").click()
    top, low = players[0]["entry_id"], players[3]["entry_id"]
    expect(td.get_by_test_id(f"deal-amount-{top}")).to_have_value(str(chop[top]))
    td.get_by_test_id(f"deal-amount-{top}").fill(str(chop[top] + 10))
    expect(td.get_by_test_id("deal-preview-error")).to_have_attribute("data-field", "amounts")  # the server's words
    expect(td.get_by_test_id("deal-propose")).to_be_disabled()
    td.get_by_test_id(f"deal-amount-{low}").fill(str(chop[low] - 10))
    expect(td.get_by_test_id("deal-preview")).to_have_attribute("data-state", "ok")
    td.get_by_test_id("deal-propose").click()
    expect(card).to_have_attribute("data-status", "open")
    expect(card).to_have_attribute("data-deal-no", "2")
    expect(td.get_by_test_id(f"deal-row-{top}")).to_have_attribute("data-amount", str(chop[top] + 10))
    expect(no.get_by_test_id("player-deal")).to_have_attribute("data-status", "open")
    expect(no.get_by_test_id("player-deal")).to_have_attribute("data-amount", str(chop[players[1]["entry_id"]]))
    expect(no.get_by_test_id("player-deal")).to_contain_text("Frei · Deal 2")


def test_a_league_that_forbids_deals_says_so_and_the_server_refuses_one(live_server, phone, shot):
    """v-ranking plays for league points only (V-I.c): the card names the rule instead of a form."""
    api = director(live_server)
    r = api.post("/api/tournaments", {"name": "Ranking", "preset": "v-ranking"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for i in range(1, 5):
        ok(api, tid, "register_player", {"name": f"Player {i:02d}"})
    ok(api, tid, "draw_seats", {"tables": 1})
    ok(api, tid, "start_clock")
    td = director_at(phone, api, f"/director/{tid}/money", "deal-card", **EN)
    expect(td.get_by_test_id("deal-forbidden")).to_have_text("This tournament's rules allow no deal (V-I.c).")
    expect(td.get_by_test_id("deal-form")).to_have_count(0)
    entries = view(api, tid)["entries"]
    stacks = [{"entry_id": e["entry_id"], "chips": 10_000} for e in entries]
    refused = api.post(f"/api/tournaments/{tid}/deal/calculate", {"method": "even", "stacks": stacks})
    assert refused.status_code >= 400 and refused.json()["error"] == "deal_not_allowed", refused.text
