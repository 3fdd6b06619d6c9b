"""The Excel workbooks a treasurer and a league manager download (docs/exports.md), from real
tournaments played on a real server process, opened with openpyxl: numbers are numbers with their
formats (money with the currency, dates as dates), the header row is frozen, no cell anywhere is a
formula (a player named "=HYPERLINK(…)" stays text), sheet names are ones Excel takes. Also The
Hendon Mob's file, against the layout cited in backend/api/hendon_mob.py."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, date, datetime
from pathlib import Path

import openpyxl
import pytest

from server import Api, club_director, command_ok, invited, new_club

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PRESETS = Path(__file__).resolve().parents[1] / "shared_rules" / "presets"
N_MONDAY = json.loads((PRESETS / "n-monday.json").read_text())
HOSTILE = ['=HYPERLINK("http://evil.example","Preis")', "+41 79 000 00 00", "-Minus", "@Summe"]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# The day each tournament's seats were drawn, as the exports date a night (UTC): both days when the
# draw's command straddled midnight. Read at the draw, not at import: a run that crosses midnight
# dated the nights one day and the test another.
DRAWN_ON: dict[int, set[date]] = {}


def draw_seats(api: Api, tid: int) -> None:
    before = datetime.now(tz=UTC).date()
    command_ok(api, tid, "draw_seats", {"tables": 1})
    DRAWN_ON[tid] = {before, datetime.now(tz=UTC).date()}


def drawn_on(tid: int, shown: date) -> date:
    """`shown` if the tournament's seats were drawn that day (UTC)."""
    assert shown in DRAWN_ON[tid], (shown, DRAWN_ON[tid])
    return shown


def workbook_of(api: Api, path: str, filename: str, **params) -> openpyxl.Workbook:
    r = api.get(path, params=params)
    assert r.status_code == 200, r.text
    assert r.headers["Content-Type"] == XLSX
    assert r.headers["Content-Disposition"] == f'attachment; filename="{filename}"'
    return openpyxl.load_workbook(io.BytesIO(r.content))


def no_formula_anywhere(wb: openpyxl.Workbook) -> None:
    """No cell is a formula, and no text could become one when a spreadsheet re-reads it."""
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert cell.data_type != "f", f"{ws.title}!{cell.coordinate} is a formula: {cell.value!r}"
                if isinstance(cell.value, str):
                    assert not cell.value.startswith(FORMULA_STARTS), f"{ws.title}!{cell.coordinate}: {cell.value!r}"


def table(ws) -> list[dict]:
    head = [c.value for c in ws[1]]
    return [dict(zip(head, row)) for row in ws.iter_rows(min_row=2, values_only=True)]


def monday_night(td: Api, names: list[str], name: str = "Montag") -> tuple[int, dict[str, int]]:
    """An N-Monday freeze-out (CHF 125 + 25) played to its end: the players bust in the reverse
    order of `names`, so names[0] wins. Returns the tournament and each name's entry."""
    tid = td.post("/api/tournaments", {"name": name, "preset": "n-monday"}).json()["id"]
    for player in names:
        command_ok(td, tid, "register_player", {"name": player, "id_checked": True})
    draw_seats(td, tid)
    entries = {e["name"]: e["entry_id"] for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"]}
    for player in reversed(names[1:]):
        command_ok(td, tid, "record_bust", {"entry_id": entries[player]})
    return tid, entries


def ten_players() -> list[str]:
    return ["Anna Müller", *HOSTILE, "Weiß, Céline", "Jan van der Berg", "Bo", "Cleo", "Dan"]


def test_a_nights_results_workbook_has_numbers_money_dates_and_no_formula(td):
    names = ten_players()
    tid, entries = monday_night(td, names)
    command_ok(td, tid, "confirm_payout", {"entry_id": entries[names[1]]})
    assert td.get(f"/api/tournaments/{tid}/view").json()["status"] == "finished"

    wb = workbook_of(td, f"/api/tournaments/{tid}/results.xlsx", f"results-{tid}.xlsx")
    no_formula_anywhere(wb)
    assert len(wb.worksheets) == 1
    ws = wb.worksheets[0]
    assert ws.title == "Montag" and ws.freeze_panes == "A2"
    assert [c.value for c in ws[1]] == [
        "Platz", "geteilt", "Name", "Vorname", "Nachname", "Preisgeld", "ausbezahlt", "disqualifiziert",
        "Datum", "Turnier", "Club",
    ]  # fmt: skip
    rows = table(ws)
    # The places as the test played them: names[0] won, names[i] finished i+1.
    assert [(r["Platz"], r["Name"]) for r in rows] == [
        (i + 1, n if n[0] not in "=+-@" else "'" + n) for i, n in enumerate(names)
    ]
    pool = len(names) * N_MONDAY["format"]["buy_in"]
    percent = next(
        b["percent"] for b in N_MONDAY["payouts"]["brackets"] if b["min_players"] <= len(names) <= b["max_players"]
    )
    assert [r["Preisgeld"] for r in rows[: len(percent)]] == [pool * p // 100 for p in percent]
    assert [r["ausbezahlt"] for r in rows[:3]] == [None, pool * percent[1] // 100, None]  # one payout handed over
    for row in ws.iter_rows(min_row=2, max_row=len(percent) + 1):
        place, prize, day = row[0], row[5], row[8]
        assert place.data_type == "n" and isinstance(place.value, int)
        assert prize.data_type == "n" and "CHF" in prize.number_format and "0.00" in prize.number_format
        assert day.is_date and day.value.date() == drawn_on(tid, day.value.date()) and day.number_format == "DD.MM.YYYY"
    hostile = [cell for cell in ws["C"] if cell.value and "HYPERLINK" in cell.value]
    assert [(c.value, c.data_type) for c in hostile] == [("'" + HOSTILE[0], "s")]
    assert ws.column_dimensions["C"].width > len("Jan van der Berg")  # wide enough to read the names

    english = workbook_of(td, f"/api/tournaments/{tid}/results.xlsx", f"results-{tid}.xlsx", lang="en").worksheets[0]
    assert [c.value for c in english[1]][:6] == ["Place", "Tie", "Name", "First name", "Last name", "Prize"]
    assert english["I2"].number_format == "YYYY-MM-DD"
    assert td.get(f"/api/tournaments/{tid}/results.xlsx", params={"lang": "fr"}).json()["field"] == "lang"

    # The CSV says the same (the two are written from one table).
    text = td.get(f"/api/tournaments/{tid}/results.csv").content.decode("utf-8-sig")
    csv_rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    assert [r["Preisgeld"] for r in csv_rows] == [str(r["Preisgeld"] or 0) for r in rows]


def test_the_hendon_mob_file_has_the_cited_layout_and_only_the_places_paid(td):
    names = ten_players()
    running = td.post("/api/tournaments", {"name": "Läuft", "preset": "n-monday"}).json()["id"]
    r = td.get(f"/api/tournaments/{running}/results-hendon-mob.csv")
    assert r.status_code == 409 and r.json()["error"] == "tournament_not_finished"

    tid, _ = monday_night(td, names, name="Monday, 20:00")
    r = td.get(f"/api/tournaments/{tid}/results-hendon-mob.csv")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/csv")
    assert r.headers["Content-Disposition"] == f'attachment; filename="hendon-mob-{tid}.csv"'
    assert r.content.startswith(b"\xef\xbb\xbf") and b"\r\n" in r.content
    lines = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
    pool = len(names) * N_MONDAY["format"]["buy_in"]
    fmt = N_MONDAY["format"]
    assert lines[:8] == [
        ["Event", "Monday, 20:00"],
        ["Venue", td.get("/api/me").json()["club"]["name"]],
        ["Date", drawn_on(tid, date.fromisoformat(lines[2][1])).isoformat()],
        ["Buy-in", str(fmt["buy_in"] + fmt["fee"])],
        ["Currency", "CHF"],
        ["Entries", str(len(names))],
        ["Total Prize Pool", str(pool)],
        [],
    ]
    # The results table of an event page on pokerdb.thehendonmob.com (docs/exports.md).
    assert lines[8] == ["Place", "Name", "Country", "Prize"]
    percent = [50, 30, 20]  # N-Monday, 10 players (shared_rules/presets/n-monday.json)
    assert lines[9:] == [
        ["1", "Anna Müller", "", str(pool * percent[0] // 100)],
        # "Family, First" is turned round (as "Weiß, Céline" would be): the formula is no longer first
        ["2", '"Preis") =HYPERLINK("http://evil.example"', "", str(pool * percent[1] // 100)],
        ["3", "'" + HOSTILE[1], "", str(pool * percent[2] // 100)],  # safe from formulas, as every export
    ]


def test_a_leagues_standings_workbook_has_a_sheet_per_period(td):
    """V-XII points for two nights of a ranking league: overall, the half-year, the month, the nights."""
    league = td.post("/api/leagues", {"name": "Rangliste", "kind": "v_ranking"}).json()["id"]
    played = []
    for night, order in (("Erster Abend", ["Anna", "Bert", "Cleo"]), ("Zweiter Abend", ["Bert", "Anna", "Cleo"])):
        tid = td.post("/api/tournaments", {"name": night, "preset": "v-ranking"}).json()["id"]
        for player in order:
            command_ok(td, tid, "register_player", {"name": player})
        draw_seats(td, tid)
        ids = {e["name"]: e["entry_id"] for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"]}
        for player in reversed(order[1:]):
            command_ok(td, tid, "record_bust", {"entry_id": ids[player]})
        assert td.post(f"/api/leagues/{league}/tournaments", {"tournament_id": tid}).status_code == 200
        played.append(tid)

    wb = workbook_of(td, f"/api/leagues/{league}/standings.xlsx", f"standings-{league}.xlsx")
    no_formula_anywhere(wb)
    months = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober"]
    months += ["November", "Dezember"]
    night = max(DRAWN_ON[played[0]] | DRAWN_ON[played[1]])  # a run across midnight stays in its month
    half = 1 if night.month <= 6 else 2
    assert wb.sheetnames == [
        "Gesamt",
        f"{half}. Halbjahr {night.year}",
        f"{months[night.month - 1]} {night.year}",
        "Turniere",
    ]
    v_xii = [25, 21, 17]  # the rulebook's first places
    expected = {"Anna": v_xii[0] + v_xii[1], "Bert": v_xii[1] + v_xii[0], "Cleo": v_xii[2] * 2}
    for ws in wb.worksheets[:3]:
        assert ws.freeze_panes == "A2"
        assert [c.value for c in ws[1]] == ["Rang", "Name", "Punkte", "Turniere", "Siege", "bester Platz"]
        rows = table(ws)
        assert {r["Name"]: r["Punkte"] for r in rows} == expected
        assert [r["Rang"] for r in rows] == [1, 1, 3]  # equal points and wins and best place share the rank
        assert all(c.data_type == "n" for row in ws.iter_rows(min_row=2) for c in row if c.column != 2)
    nights = table(wb["Turniere"])
    assert [(r["Turnier"], r["Stand"]) for r in nights] == [("Erster Abend", "beendet"), ("Zweiter Abend", "beendet")]
    assert all(wb["Turniere"].cell(row=i, column=1).is_date for i in (2, 3))
    english = workbook_of(td, f"/api/leagues/{league}/standings.xlsx", f"standings-{league}.xlsx", lang="en")
    assert english.sheetnames[0] == "Overall" and english.sheetnames[-1] == "Tournaments"


SHEET_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")


def test_the_season_workbook_sums_the_year_and_names_its_sheets_as_excel_allows(server, td):
    """Two nights played this year under the same awkward name, one announced but never drawn, one of
    another club: the summary has the two, each its own valid sheet; a limited director gets only the
    night he runs; a year without nights is a summary alone."""
    awkward = "Montag: [Deep]* Stack? / \\ Finale mit sehr langem Namen"
    first, _ = monday_night(td, ten_players(), name=awkward)
    second, _ = monday_night(td, ["Ada", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kai"], awkward)
    td.post("/api/tournaments", {"name": "Nie gespielt", "preset": "n-monday"})
    other = club_director(server, new_club(td, "Bravo Club"), "td_bravo")
    bravo, _ = monday_night(other, ten_players(), name="Bravo Abend")

    year = max(DRAWN_ON[first] | DRAWN_ON[second]).year
    wb = workbook_of(td, "/api/club/season.xlsx", f"season-{year}.xlsx", year=year)
    no_formula_anywhere(wb)
    assert len(wb.sheetnames) == 3 and len({s.casefold() for s in wb.sheetnames}) == 3
    for title in wb.sheetnames:
        assert 0 < len(title) <= 31 and not SHEET_FORBIDDEN.search(title), title
    summary = wb.worksheets[0]
    assert summary.title == f"Übersicht {year}" and summary.freeze_panes == "A2"
    rows = table(summary)
    buy_in, fee = N_MONDAY["format"]["buy_in"], N_MONDAY["format"]["fee"]
    nights = rows[:2]
    assert [(r["Turnier"], r["Spieler"], r["Buy-ins"]) for r in nights] == [(awkward, 10, 10), (awkward, 11, 11)]
    assert [r["Preispool"] for r in nights] == [10 * buy_in, 11 * buy_in]
    assert [r["Gebühren (Haus)"] for r in nights] == [10 * fee, 11 * fee]
    assert [r["Sieger"] for r in nights] == ["Anna Müller", "Ada"]
    assert rows[2]["Turnier"] == "Summe CHF" and rows[2]["Spieler"] == 21 and rows[2]["Preispool"] == 21 * buy_in
    assert len(rows) == 3  # never the night not drawn, never Bravo's
    for cell in summary[2]:
        if cell.column > 3 and cell.column < 13:
            assert cell.data_type == "n", cell.coordinate
    assert "CHF" in summary["I2"].number_format and summary["A2"].is_date
    sheets = [table(ws) for ws in wb.worksheets[1:]]
    assert [len(s) for s in sheets] == [10, 11]
    assert "Bravo Abend" not in str([[c.value for c in row] for ws in wb for row in ws.iter_rows()])

    # A limited director's season: only the night he was given.
    limited = club_director(server, invited(td, "limited", first), "lim")
    assert workbook_of(limited, "/api/club/season.xlsx", f"season-{year}.xlsx", year=year).sheetnames[1:] == [
        wb.sheetnames[1]
    ]
    # no year asked: the year of the server's clock
    this_year = workbook_of(other, "/api/club/season.xlsx", f"season-{datetime.now(tz=UTC).year}.xlsx")
    assert table(this_year.worksheets[1])[0]["Turnier"] == "Bravo Abend"
    empty = workbook_of(td, "/api/club/season.xlsx", "season-2001.xlsx", year=2001, lang="en")
    assert empty.sheetnames == ["Summary 2001"] and empty.worksheets[0].max_row == 1
    for bad in ("1999", "abc", "2101"):
        r = td.get("/api/club/season.xlsx", params={"year": bad})
        assert r.status_code == 400 and r.json()["field"] == "year", r.text
    assert Api(server.url).get("/api/club/season.xlsx").status_code == 401
    assert second and bravo


@pytest.mark.parametrize(
    ("wanted", "taken", "title"),
    [
        ("Montag", set(), "Montag"),
        ("a/b\\c:d*e?f[g]h", set(), "a b c d e f g h"),
        ("x" * 40, set(), "x" * 31),
        ("x" * 40, {"x" * 31}, "x" * 27 + " (2)"),
        ("MONTAG", {"montag"}, "MONTAG (2)"),
        ("'quoted'", set(), "quoted"),
        ("History", set(), "History 1"),
        ("[]:*", set(), "Sheet"),
    ],
)
def test_sheet_titles_are_what_excel_takes(wanted, taken, title):
    from backend.documents.workbook import sheet_title

    assert sheet_title(wanted, set(taken)) == title
