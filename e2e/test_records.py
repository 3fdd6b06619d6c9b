"""The night's record on the phones, in German and English at 390×844 (real Chromium, real server;
the field is built through the API for speed): the audit log says what the director typed and the
automatic removal at the bubble (N-3.2); a dealer's recount starts from the table's last count and
the money section waits for no count after the end; the results name the day, the club and the
knockouts, show the columns the night has, split first and last names, and a league attached
after the night counts the points it was given."""

import csv
import html
import io
import re
from pathlib import Path

from playwright.sync_api import expect

from director_phone import director_at
from server import Api, command_ok as ok, director, links, view

DE = {"locale": "de-CH"}
EN = {"locale": "en-US"}


def noohn_monday(api, players: int, absent: str | None = None, tables: int = 3, club_name: str = "") -> int:
    tid = api.post("/api/tournaments", {"name": "Montagsturnier", "preset": "n-monday"}).json()["id"]
    if absent:  # N-3.2: paid in advance, never came
        ok(api, tid, "register_player", {"name": absent, "prepaid": True, "present": False})
    for i in range(len([absent] if absent else []) + 1, players + 1):
        ok(api, tid, "register_player", {"name": f"Spieler {i:02d}", "id_checked": True})
    ok(api, tid, "draw_seats", {"tables": tables})
    ok(api, tid, "start_clock")
    return tid


def audit_lines(page) -> dict[str, list[str]]:
    items = page.get_by_test_id("audit-item")
    expect(items.first).to_be_visible()
    pairs = items.evaluate_all("els => els.map(e => [e.dataset.type, e.querySelector('.audit-text').textContent])")
    out: dict[str, list[str]] = {}
    for type, text in pairs:
        out.setdefault(type, []).append(text)
    return out


def test_the_audit_log_says_what_the_director_typed_and_who_was_removed_at_the_bubble(live_server, phone, shot):
    api = director(live_server)
    tid = noohn_monday(api, 24, absent="Abe Absent")
    abe = next(e for e in view(api, tid)["entries"] if e["entry_id"] == 1)
    # Busts until the bubble: 5 paid of 24 (N-3.7), the absent player goes out 6th with the bust
    # that leaves six players and him.
    for entry_id in range(24, 6, -1):
        ok(api, tid, "record_bust", {"entry_id": entry_id})
    removed = next(e for e in view(api, tid)["entries"] if e["entry_id"] == 1)
    assert (removed["status"], removed["place"]) == ("busted", 6)
    ok(api, tid, "penalize", {"entry_id": 2, "kind": "missed_hand", "orbits": 1, "reason": "Handy am Tisch"})
    ok(api, tid, "record_bust", {"entry_id": 6})
    ok(api, tid, "undo_bust", {"entry_id": 6, "reason": "falscher Sitz getippt"})
    hands = next(e for e in view(api, tid)["entries"] if e["entry_id"] == 2)["penalty"]["hands_left"]

    de = director_at(phone, api, f"/director/{tid}/audit", "audit-log", **DE)
    lines = audit_lines(de)
    bubble = next(t for t in lines["player_busted"] if "Abe Absent" in t)
    assert bubble == (
        "Tisch {t}, Sitz {s}: Spieler 07 ausgeschieden, 7.; nicht erschienen, an der Bubble entfernt "
        "(N-3.2): Abe Absent (Tisch {at}, Sitz {aseat}), 6., kein Preisgeld"
    ).format(
        t=next(e for e in view(api, tid)["entries"] if e["entry_id"] == 7)["table_no"],
        s=next(e for e in view(api, tid)["entries"] if e["entry_id"] == 7)["seat"],
        at=abe["table_no"],
        aseat=abe["seat"],
    )
    # One orbit is as many hands as the table has players at that moment: one, after this draw, is "1 Hand".
    hands_words = "1 Hand" if hands == 1 else f"{hands} Hände"
    assert lines["player_penalized"] == [f"Spieler 02: Handstrafe, 1 Runde ({hands_words}) — Grund: Handy am Tisch"]
    assert lines["bust_undone"][0].endswith("(war 5.) — Grund: falscher Sitz getippt")
    assert lines["player_registered"][-1] == "Abe Absent angemeldet (vorausbezahlt, noch nicht da)"
    assert not any("_" in text for texts in lines.values() for text in texts), lines  # no raw codes
    de.locator("[data-type='player_busted']", has_text="Abe Absent").scroll_into_view_if_needed()
    shot(de, "records-audit-bubble-de")

    en = director_at(phone, api, f"/director/{tid}/audit", "audit-log", **EN)
    lines = audit_lines(en)
    assert any(
        t.endswith(
            f"not here, removed at the bubble (N-3.2): Abe Absent (table {abe['table_no']}, seat {abe['seat']}), "
            "6th, no prize"
        )
        for t in lines["player_busted"]
    ), lines["player_busted"]
    assert lines["player_penalized"] == [
        f"Spieler 02: missed-hand penalty, 1 orbit ({'1 hand' if hands == 1 else f'{hands} hands'}) — reason: Handy am Tisch"
    ]
    assert lines["bust_undone"][0].endswith("(was 5th) — reason: falscher Sitz getippt")
    shot(en, "records-audit-en")


def carried(page, seat: int):
    """The "counted 20:14" mark of a seat whose stack comes from the last count."""
    return page.locator(f"label[for='cc-{seat}'] .cc-prefilled")


def test_a_recount_starts_from_the_last_count_and_money_waits_for_no_count_after_the_end(live_server, phone, shot):
    api = director(live_server)
    tid = noohn_monday(api, 11, tables=1)
    dealer_url = next(t["url"] for t in links(api, tid)["tables"] if t["table_no"] == 1)
    seats = {s["seat"]: s for s in view(api, tid)["tables"][0]["seats"]}
    dealer = Api(live_server.url, dealer_url.rsplit("/", 1)[1])
    counted = {str(seat): 5000 + 100 * seat for seat in seats}
    ok(dealer, tid, "chip_count", {"table_no": 1, "stacks": counted})
    gone = max(seats)
    ok(dealer, tid, "record_bust", {"entry_id": seats[gone]["entry_id"]})  # the count is stale now

    for options, marker in ((DE, r"^gezählt \d\d:\d\d$"), (EN, r"^counted \d\d:\d\d$")):
        page = phone(**options).new_page()
        page.goto(dealer_url)
        page.get_by_test_id("dealer-chip-count").click()
        for seat in seats:
            if seat == gone:
                expect(page.get_by_test_id(f"chip-seat-{seat}")).to_have_count(0)
                continue
            expect(page.get_by_test_id(f"chip-seat-{seat}")).to_have_value(str(counted[str(seat)]))
            expect(carried(page, seat)).to_have_text(re.compile(marker))  # marked as the last count
        total = sum(chips for seat, chips in counted.items() if seat != str(gone))
        expect(page.get_by_test_id("chip-total")).to_have_attribute("data-total", str(total))
        page.get_by_test_id("chip-count").scroll_into_view_if_needed()
        shot(page, f"records-recount-{options['locale'][:2]}")
        if options is DE:  # one stack corrected (he won the pot), one tap to send: the others as before
            counted["1"] += counted.pop(str(gone))
            page.get_by_test_id("chip-seat-1").fill(str(counted["1"]))
            expect(carried(page, 1)).to_have_count(0)
            page.get_by_test_id("chip-submit").click()
            expect(page.get_by_test_id("chip-count")).to_have_count(0)
            expect(page.get_by_test_id("stack-1")).to_contain_text(f"{counted['1'] // 1000}'{counted['1'] % 1000:03d}")
        page.close()
    assert view(dealer, tid)["chip_count"]["stacks"] == counted

    for entry_id in sorted(s["entry_id"] for s in seats.values() if s["seat"] != gone)[1:]:
        ok(api, tid, "record_bust", {"entry_id": entry_id})
    assert view(api, tid)["status"] == "finished"
    for options in (DE, EN):
        page = director_at(phone, api, f"/director/{tid}/money", "results-csv", **options)
        expect(page.get_by_test_id("section-body-money")).to_be_visible()
        expect(page.get_by_test_id("chip-check")).to_have_count(0)  # no "waiting for every table's count"
        shot(page, f"records-money-after-end-{options['locale'][:2]}")


def test_results_name_the_day_club_and_knockouts_and_a_league_attached_afterwards_counts(live_server, phone, shot):
    api = Api(live_server.url)
    r = api.post(
        "/api/auth/setup",
        {
            "setup_token": live_server.setup_token(),
            "username": "td",
            "password": "a long password",
            "club_name": "Noohn Basel",
        },
    )
    assert r.status_code == 200, r.text
    api.token = r.json()["token"]
    tid = api.post("/api/tournaments", {"name": "Montagsturnier", "preset": "n-monday"}).json()["id"]
    for name in ("Anna Maria Müller", "Jan van der Berg", "Céline Weiss", "Bob Kühn"):
        ok(api, tid, "register_player", {"name": name, "id_checked": True})
    ok(api, tid, "draw_seats", {"tables": 1})
    ids = {e["name"]: e["entry_id"] for e in view(api, tid)["entries"]}
    anna = ids["Anna Maria Müller"]
    for loser in ("Bob Kühn", "Céline Weiss", "Jan van der Berg"):
        ok(api, tid, "record_bust", {"entry_id": ids[loser], "eliminated_by": anna})

    for options, words in (
        (DE, ("Noohn Basel · ", "Knockouts", "Vorname", "Nachname")),
        (EN, ("Noohn Basel · ", "Knockouts", "First name", "Last name")),
    ):
        page = director_at(phone, api, f"/director/{tid}/money", "results-print", **options)
        with page.context.expect_page() as popup:
            page.get_by_test_id("results-print").click()
        printed = popup.value
        expect(printed.locator("h1")).to_contain_text("Montagsturnier")
        expect(printed.locator("p.when")).to_contain_text(words[0])
        heads = printed.locator("th").all_inner_texts()
        assert words[1] in heads and not any(h.startswith(("Rebuy", "Add-on", "Re-")) for h in heads), heads  # N-1.19
        expect(printed.locator("tbody tr").first).to_contain_text("Anna Maria Müller")
        expect(printed.locator("tbody tr").first.locator("td").nth(heads.index(words[1]))).to_have_text("3")
        shot(printed, f"records-results-print-{options['locale'][:2]}")
        printed.close()
        with page.expect_download() as dl:
            page.get_by_test_id("results-csv").click()
        rows = list(csv.DictReader(io.StringIO(Path(dl.value.path()).read_text(encoding="utf-8-sig")), delimiter=";"))
        first, last = words[2], words[3]
        assert [(r[first], r[last]) for r in rows] == [
            ("Anna Maria", "Müller"),
            ("Jan", "van der Berg"),
            ("Céline", "Weiss"),
            ("Bob", "Kühn"),
        ]
        assert rows[0]["Knockouts"] == "3" and rows[0]["Club"] == "Noohn Basel"

    # After the night: a Noohn series with its own points table (the rulebook has none, N-3.7).
    page = director_at(phone, api, "/director/leagues", "league-name", **EN)
    page.get_by_test_id("league-name").fill("Noohn Serie 2026")
    page.get_by_test_id("league-kind").select_option("n_series")
    expect(page.get_by_test_id("league-points-optional")).to_be_visible()
    page.get_by_test_id("league-points").fill("10 6 3 1")
    shot(page, "records-league-new-en")
    page.get_by_test_id("league-create").click()
    page.get_by_test_id("league-add-tournament").select_option(str(tid))
    page.get_by_test_id("league-add-submit").click()
    expect(page.get_by_test_id(f"league-tournament-{tid}")).to_be_visible()
    standings = page.get_by_test_id("standings-table")
    expect(standings.locator("tbody tr").first).to_have_attribute("data-points", "10")
    expect(standings.locator("tbody tr").nth(1)).to_have_attribute("data-points", "6")
    shot(page, "records-league-standings-en")
    # A series without points: no column of zeros, it ranks by wins and qualifies the winner.
    de = director_at(phone, api, "/director/leagues", "league-name", **DE)
    de.get_by_test_id("league-name").fill("Finalqualifikation")
    de.get_by_test_id("league-kind").select_option("n_series")
    de.get_by_test_id("league-create").click()
    de.get_by_test_id("league-add-tournament").select_option(str(tid))
    de.get_by_test_id("league-add-submit").click()
    expect(de.get_by_test_id("standings-no-points")).to_be_visible()
    expect(de.get_by_test_id("standings-table").locator("th")).to_have_text(["#", "Name", "Turn.", "Siege", "Beste"])
    expect(de.get_by_test_id("league-qualification")).to_contain_text("Anna Maria Müller")
    shot(de, "records-league-no-points-de")
    text = html.unescape(api.get(f"/api/tournaments/{tid}/results.html", params={"lang": "de"}).text)
    assert re.search(r"Punkte Noohn Serie 2026", text) and "Punkte Finalqualifikation" not in text
