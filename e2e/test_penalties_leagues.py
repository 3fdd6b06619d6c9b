"""Penalties and leagues on the phones: a director's missed-round penalty counted down on the dealer's phone, a
dealer's warning, a league's standings (V-XII), the results CSV and the Excel workbooks (results, standings,
season) as blob downloads.
Real Chromium against a real server; the field is built through the API for speed."""

import io
import re
from datetime import UTC, datetime

import openpyxl
from playwright.sync_api import expect

from director_phone import director_at
from server import command_ok as ok, director, view

EN = {"locale": "en-US"}


def downloaded_workbook(download) -> openpyxl.Workbook:
    """A downloaded .xlsx (Playwright keeps it under a name without the extension openpyxl wants)."""
    with open(download.path(), "rb") as f:
        return openpyxl.load_workbook(io.BytesIO(f.read()))


def director_page(phone, api, path, ready_testid):
    return director_at(phone, api, path, ready_testid, **EN)


def dealer_page(phone, api, tid, table_no):
    urls = api.get(f"/api/tournaments/{tid}/links").json()
    page = phone(**EN).new_page()
    page.goto(next(t["url"] for t in urls["tables"] if t["table_no"] == table_no))
    expect(page.locator("[data-testid^='seat-'][data-entry-id]").first).to_be_visible()
    return page


def small_field(api, preset, names, name="Monday"):
    r = api.post("/api/tournaments", {"name": name, "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for n in names:
        ok(api, tid, "register_player", {"name": n, "id_checked": True})
    ok(api, tid, "draw_seats", {"tables": 1})
    ok(api, tid, "start_clock")
    return tid


def finish_in_order(api, tid, names_last_first):
    """Bust players so that they finish in the given order (last place first)."""
    by_name = {e["name"]: e["entry_id"] for e in view(api, tid)["entries"]}
    for n in names_last_first:
        ok(api, tid, "record_bust", {"entry_id": by_name[n]})
    assert view(api, tid)["status"] == "finished"


def test_a_missed_round_counts_down_on_the_dealers_phone(live_server, phone, shot):
    api = director(live_server)
    # The generic preset offers missed_round (n-monday counts its missed hands in orbits instead).
    preset = api.get("/api/presets/generic").json()
    assert "missed_round" in preset["penalties"]["options"] and 1 in preset["penalties"]["orbits"]
    names = ["Jürgen Müller", "Anna", "Bert", "Cleo", "Dana", "Emil"]
    tid = small_field(api, "generic", names)
    seats = sorted(view(api, tid)["tables"][0]["seats"], key=lambda s: s["seat"])
    ok(api, tid, "set_button", {"table_no": 1, "seat": seats[0]["seat"]})
    ok(api, tid, "new_hand", {"table_no": 1})
    target = next(s for s in seats if s["name"] == "Jürgen Müller")
    eid, seat = target["entry_id"], target["seat"]

    td = director_page(phone, api, f"/director/{tid}/players", f"entry-more-{eid}")
    td.get_by_test_id(f"entry-more-{eid}").click()
    td.get_by_test_id(f"entry-penalize-{eid}").click()
    expect(td.get_by_test_id("penalty-dialog")).to_be_visible()
    td.get_by_test_id("penalty-kind-missed_round").click()
    td.get_by_test_id("penalty-orbits-1").click()
    expect(td.get_by_test_id("penalty-orbits-hint")).to_have_text("1 × 6 players at the table now = 6 hands.")
    td.get_by_test_id("penalty-reason").fill("Late back from the break")
    shot(td, "penalty-director-dialog")
    td.get_by_test_id("penalty-submit").click()
    expect(td.get_by_test_id(f"entry-penalty-{eid}")).to_contain_text("sits out: 6 hands left")
    assert view(api, tid)["entries"][eid - 1]["penalty"]["hands_left"] == 6
    td.get_by_test_id(f"entry-row-{eid}").scroll_into_view_if_needed()
    shot(td, "penalty-director-row")

    dealer = dealer_page(phone, api, tid, 1)
    card = dealer.get_by_test_id(f"sitout-{seat}")
    expect(card).to_contain_text("Jürgen Müller")
    expect(dealer.get_by_test_id(f"sitout-left-{seat}")).to_have_text("6 hands left")
    expect(dealer.get_by_test_id(f"sitout-seat-{seat}")).to_contain_text("6 hands left")
    shot(dealer, "penalty-dealer-sitting-out")

    # The first new hand after the penalty is the first he misses (the count includes the hand
    # in progress); the next one counts down.
    dealer.get_by_test_id("dealer-new-hand").click()
    expect(dealer.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "2")
    expect(dealer.get_by_test_id(f"sitout-left-{seat}")).to_have_text("6 hands left")
    dealer.get_by_test_id("dealer-new-hand").click()
    expect(dealer.get_by_test_id("dealer-hand-no")).to_have_attribute("data-hand-no", "3")
    expect(dealer.get_by_test_id(f"sitout-left-{seat}")).to_have_text("5 hands left")
    expect(dealer.get_by_test_id(f"sitout-{seat}")).to_have_attribute("data-hands-left", "5")

    # The dealer warns another player at his own table.
    other = next(s for s in seats if s["name"] == "Anna")
    dealer.get_by_test_id("dealer-warn").click()
    dealer.get_by_test_id(f"warn-seat-{other['seat']}").click()
    dealer.get_by_test_id("warn-reason").fill("Phone at the table")
    shot(dealer, "penalty-dealer-warning")
    dealer.get_by_test_id("warn-submit").click()
    expect(td.get_by_test_id(f"entry-facts-{other['entry_id']}")).to_contain_text("warnings: 1")
    warnings = next(e for e in view(api, tid)["entries"] if e["entry_id"] == other["entry_id"])["warnings"]
    assert warnings[0]["by"] == "dealer" and warnings[0]["reason"] == "Phone at the table"

    # The director lifts the penalty: the dealer's card goes away.
    td.get_by_test_id(f"entry-more-{eid}").click()
    td.get_by_test_id(f"entry-lift-{eid}").click()
    td.get_by_test_id("penalty-lift-confirm").click()
    expect(dealer.get_by_test_id("dealer-sitout")).to_have_count(0)
    expect(td.get_by_test_id(f"entry-penalty-{eid}")).to_have_count(0)


def test_league_standings_and_the_results_csv(live_server, phone, shot):
    api = director(live_server)
    t1 = small_field(api, "v-ranking", ["Jürgen Müller", "Anna", "Bert"], name="V March 1")
    finish_in_order(api, t1, ["Bert", "Anna"])  # Jürgen wins: 25, Anna 21, Bert 17
    t2 = small_field(api, "v-ranking", ["Jürgen Müller", "Anna", "Carl"], name="V March 2")
    finish_in_order(api, t2, ["Anna", "Jürgen Müller"])  # Carl wins: 25, Jürgen 21, Anna 17

    page = director_page(phone, api, "/director", "leagues-link")
    page.get_by_test_id("leagues-link").click()
    expect(page.get_by_test_id("leagues-none")).to_be_visible()
    # The season's workbook (this year: both nights were played today) from the league list.
    page.get_by_test_id("season-card").scroll_into_view_if_needed()
    shot(page, "season-card")
    with page.expect_download() as dl:
        page.get_by_test_id("season-xlsx").click()
    season = downloaded_workbook(dl.value)
    assert [row[1] for row in season.worksheets[0].iter_rows(min_row=2, values_only=True)] == [
        "V March 1",
        "V March 2",
        "Total €",  # v-ranking plays in EUR (without prizes: V-I.c)
    ]
    assert dl.value.suggested_filename == f"season-{datetime.now(tz=UTC).year}.xlsx"
    page.get_by_test_id("league-name").fill("V-Rangliste 2026")
    page.get_by_test_id("league-kind").select_option("v_ranking")
    shot(page, "league-create")
    page.get_by_test_id("league-create").click()
    expect(page.get_by_test_id("league-standings")).to_be_visible()
    for tid in (t1, t2):
        page.get_by_test_id("league-add-tournament").select_option(str(tid))
        page.get_by_test_id("league-played-on").fill(f"2026-03-0{tid}")
        page.get_by_test_id("league-add-submit").click()
        expect(page.get_by_test_id(f"league-tournament-{tid}")).to_be_visible()

    standings = api.get("/api/leagues/1/standings").json()
    pid = {line["name"]: line["person_id"] for line in standings["overall"]}
    table = page.get_by_test_id("standings-table")
    expect(table.get_by_test_id(f"standing-points-{pid['Jürgen Müller']}")).to_have_text("46")
    expect(table.get_by_test_id(f"standing-points-{pid['Carl']}")).to_have_text("25")
    expect(table.get_by_test_id(f"standing-points-{pid['Anna']}")).to_have_text("38")
    expect(table.get_by_test_id(f"standing-{pid['Jürgen Müller']}")).to_have_attribute("data-rank", "1")
    page.get_by_test_id("period-2026-03").click()
    expect(page.get_by_test_id("standings-period")).to_have_text("March 2026")
    expect(page.get_by_test_id("league-qualification")).to_contain_text("Jürgen Müller")
    shot(page, "league-standings")
    page.get_by_test_id("period-2026-H1").click()
    expect(page.get_by_test_id("standings-period")).to_have_text("1st half 2026")
    with page.expect_download() as dl:
        page.get_by_test_id("standings-csv").click()
    text = open(dl.value.path(), encoding="utf-8-sig").read()
    assert "Jürgen Müller;46" in text, text
    with page.expect_download() as dl:
        page.get_by_test_id("standings-xlsx").click()
    overall = downloaded_workbook(dl.value)["Overall"]  # every period, a sheet each
    assert ("Jürgen Müller", 46) in [(row[1], row[2]) for row in overall.iter_rows(min_row=2, values_only=True)]

    # Results of the first tournament as CSV: a blob download with the umlaut intact.
    page.goto(f"{api.base}/#/director/{t1}/money")  # Results are in the money section
    expect(page.get_by_test_id("results-csv")).to_be_visible()
    page.get_by_test_id("results-csv").scroll_into_view_if_needed()
    shot(page, "results-buttons")
    with page.expect_download() as dl:
        page.get_by_test_id("results-csv").click()
    raw = open(dl.value.path(), "rb").read()
    assert raw.startswith(b"\xef\xbb\xbf")
    body = raw.decode("utf-8-sig")
    assert body.splitlines()[0].startswith("Place;"), body  # ?lang=en from the English phone
    assert "1;1;Jürgen Müller;" in body and body.splitlines()[1].endswith(";25"), body
    assert dl.value.suggested_filename.endswith(".csv")
    with page.expect_download() as dl:
        page.get_by_test_id("results-xlsx").click()
    first = downloaded_workbook(dl.value).worksheets[0]
    assert first["C2"].value == "Jürgen Müller" and first["A2"].data_type == "n" and first.freeze_panes == "A2"
    expect(page.get_by_test_id("results-hendon")).to_have_count(0)  # no prize money (V-I.c): no places paid to list
    # The printable page opens as a blob in a new tab; the token never goes into a URL.
    with page.context.expect_page() as popup:
        page.get_by_test_id("results-print").click()
    printed = popup.value
    expect(printed).to_have_url(re.compile(r"^blob:"))
    assert printed.url.startswith("blob:") and api.token not in printed.url
    expect(printed.locator("body")).to_contain_text("Jürgen Müller")
    shot(printed, "results-print")
