"""The results as a club keeps them, over HTTP with the real app (Flask's test client): the CSV and
the printable page say what was played, where and when, who knocked out whom, only the columns the
tournament has, names split as the import joins them, and points from a league attached after the
night (V-XII, V-VII.r, N-1.19, N-3.7)."""

import csv
import html
import io
import re
from datetime import UTC, datetime

import pytest

from backend.auth.tokens import mint_token
from backend.documents.registration_csv import split_name
from backend.service import now_ms
from backend.store import session_scope
from in_process import InProcessApi
from server import command_ok
from test_api_registration_import import upload

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)

CLUB = 'Poker <Club> "Basel"'


@pytest.fixture
def club_director(server):
    """The server's first director, who named his club at setup."""
    floor = server.app.extensions["pokerfloor"]
    with session_scope(floor.db) as session:
        setup, _ = mint_token(session, floor.config.SECRET_KEY, role="setup", now=now_ms())
    api = InProcessApi(server.app)
    r = api.post(
        "/api/auth/setup", {"setup_token": setup, "username": "td", "password": "a long password", "club_name": CLUB}
    )
    assert r.status_code == 200, r.text
    api.token = r.json()["token"]
    return api


def rows_of(api, tid, lang="de") -> list[dict]:
    r = api.get(f"/api/tournaments/{tid}/results.csv", params={"lang": lang})
    assert r.status_code == 200, r.text
    return list(csv.DictReader(io.StringIO(r.content.decode("utf-8-sig")), delimiter=";"))


def page_of(api, tid, lang="de") -> str:
    r = api.get(f"/api/tournaments/{tid}/results.html", params={"lang": lang})
    assert r.status_code == 200, r.text
    return r.text


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def headers(page: str) -> list[str]:
    return [html.unescape(h) for h in re.findall(r"<th(?: [^>]*)?>(.*?)</th>", page)]


def seat_all(api, tid, tables=1):
    command_ok(api, tid, "draw_seats", {"tables": tables})
    return {e["name"]: e for e in api.get(f"/api/tournaments/{tid}/view").json()["entries"]}


def test_a_ranking_night_with_rebuys_and_headhunter_chips_says_who_knocked_out_whom(server, club_director):
    """V-XIII, V-VII.r: no money (V-I.c), so no prize columns; rebuys and the add-on but no
    re-entries; each knockout counts, the one before a rebuy too, and an undone bust not."""
    td = club_director
    tid = td.post("/api/tournaments", {"name": "Rangliste März", "preset": "v-ranking"}).json()["id"]
    for name in ("Anna Müller", "Jan van der Berg", "Weiß, Céline", "Cher"):
        command_ok(td, tid, "register_player", {"name": name})
    players = seat_all(td, tid)
    anna, jan, celine, cher = (
        players[n]["entry_id"] for n in ("Anna Müller", "Jan van der Berg", "Weiß, Céline", "Cher")
    )
    command_ok(td, tid, "record_bust", {"entry_id": cher, "eliminated_by": anna})
    command_ok(td, tid, "rebuy", {"entry_id": cher})
    command_ok(td, tid, "record_bust", {"entry_id": cher, "eliminated_by": anna})  # his second bust, same winner
    command_ok(td, tid, "record_bust", {"entry_id": celine, "eliminated_by": jan})
    command_ok(td, tid, "undo_bust", {"entry_id": celine, "reason": "wrong player"})
    command_ok(td, tid, "record_bust", {"entry_id": celine, "eliminated_by": anna})
    command_ok(td, tid, "record_bust", {"entry_id": jan, "eliminated_by": anna})
    day = datetime.fromtimestamp(now_ms() / 1000, tz=UTC)

    rows = rows_of(td, tid)
    assert list(rows[0]) == [
        "Platz", "geteilt", "Name", "Vorname", "Nachname", "Rebuys", "Add-on", "Knockouts",
        "Headhunter-Chips", "disqualifiziert", "Datum", "Turnier", "Club",
    ]  # fmt: skip
    table = [
        (r["Platz"], r["Vorname"], r["Nachname"], r["Rebuys"], r["Knockouts"], r["Headhunter-Chips"]) for r in rows
    ]
    assert table == [
        ("1", "Anna", "Müller", "0", "4", "4"),  # her own chip and three won: none from Cher after his rebuy
        ("2", "Jan", "van der Berg", "0", "0", "0"),
        ("3", "Céline", "Weiß", "0", "0", "0"),
        ("4", "", "Cher", "1", "0", "0"),
    ]
    assert {(r["Datum"], r["Turnier"], r["Club"]) for r in rows} == {(f"{day:%d.%m.%Y}", "Rangliste März", CLUB)}
    assert list(rows_of(td, tid, "en")[0])[:5] == ["Place", "Tie", "Name", "First name", "Last name"]
    assert rows_of(td, tid, "en")[0]["Date"] == f"{day:%Y-%m-%d}"

    page = page_of(td, tid)
    assert headers(page) == ["Platz", "Name", "Rebuys", "Add-on", "Knockouts", "HH-Chips"]
    text = text_of(page)
    months = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober"]
    months += ["November", "Dezember"]
    weekdays = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
    assert f"{CLUB} · {weekdays[day.weekday()]}, {day.day}. {months[day.month - 1]} {day.year}" in text
    assert "Preispool" not in text and CLUB not in page  # no money; the club's name escaped
    english = text_of(page_of(td, tid, "en"))
    assert f"{CLUB} · {day:%A}, {day.day} {day:%B} {day.year}" in english


def test_a_freeze_out_shows_its_money_but_no_rebuy_columns(server, td):
    """N-1.19: no rebuy, no add-on, no re-entry on a Noohn night: no column of zeros for them; the
    prize pool, prizes and payouts are there (N-3.7)."""
    tid = td.post("/api/tournaments", {"name": "Montag", "preset": "n-monday"}).json()["id"]
    for i in range(1, 11):
        command_ok(td, tid, "register_player", {"name": f"Spieler {i:02d}", "id_checked": True})
    seat_all(td, tid)
    for entry_id in range(10, 1, -1):
        command_ok(td, tid, "record_bust", {"entry_id": entry_id})
    command_ok(td, tid, "confirm_payout", {"entry_id": 2})
    rows = rows_of(td, tid)
    assert list(rows[0])[5:] == ["Preisgeld", "ausbezahlt", "disqualifiziert", "Datum", "Turnier", "Club"]
    assert [(r["Platz"], r["Preisgeld"], r["ausbezahlt"]) for r in rows[:3]] == [
        ("1", "625", ""),
        ("2", "375", "375"),
        ("3", "250", ""),
    ]
    page = page_of(td, tid)
    assert headers(page) == ["Platz", "Name", "Preisgeld", "Ausbezahlt"]
    assert "Preispool: 1'250 CHF" in text_of(page)


def test_names_split_as_the_import_joins_them_and_stay_safe_in_a_spreadsheet(server, td):
    """An import with "Vorname" and "Nachname" columns joins them; the results CSV gives them back
    in two columns (the whole name stays in "Name"). A cell Excel would run as a formula is text."""
    tid = td.post("/api/tournaments", {"name": "Montag", "preset": "generic"}).json()["id"]
    sheet = "Vorname;Nachname\r\nAnna Maria;Müller\r\nJan;van der Berg\r\nEve;=HYPERLINK(1)\r\n"
    assert upload(td, tid, sheet.encode("utf-8")).status_code == 200
    seat_all(td, tid)
    rows = rows_of(td, tid)
    assert {(r["Name"], r["Vorname"], r["Nachname"]) for r in rows} == {
        ("Anna Maria Müller", "Anna Maria", "Müller"),
        ("Jan van der Berg", "Jan", "van der Berg"),
        ("Eve =HYPERLINK(1)", "Eve", "'=HYPERLINK(1)"),
    }
    assert split_name("  Müller,  Anna ") == ("Anna", "Müller")
    assert split_name("Otto von Bismarck") == ("Otto", "von Bismarck")
    assert split_name("Cher") == ("", "Cher")


def test_a_league_attached_after_the_night_counts_its_points_and_a_series_without_points_shows_none(server, td):
    """N-3.7: the N series has no points table, so its standings were a column of zeros for
    everyone: a series without a table now shows no points column (it ranks by wins and qualifies
    the winner), and a series given a table counts it. Attached after the night, the tournament
    counts for the day it was played."""
    tid = td.post("/api/tournaments", {"name": "Montag", "preset": "n-monday"}).json()["id"]
    for name in ("Anna", "Bert", "Cleo"):
        command_ok(td, tid, "register_player", {"name": name, "id_checked": True})
    seat_all(td, tid)
    command_ok(td, tid, "record_bust", {"entry_id": 3})
    command_ok(td, tid, "record_bust", {"entry_id": 2})
    plain = td.post("/api/leagues", {"name": "Noohn Serie", "kind": "n_series"}).json()
    counted = td.post("/api/leagues", {"name": "Jahreswertung", "kind": "n_series", "points": {"table": [10, 6, 3]}})
    assert counted.status_code == 201, counted.text
    for league in (plain, counted.json()):
        r = td.post(f"/api/leagues/{league['id']}/tournaments", {"tournament_id": tid})
        assert r.status_code == 200, r.text
    standings = td.get(f"/api/leagues/{counted.json()['id']}/standings").json()
    assert [(x["name"], x["points"]) for x in standings["overall"]] == [("Anna", 10), ("Bert", 6), ("Cleo", 3)]
    assert standings["tournaments"][0]["played_on"] == datetime.fromtimestamp(now_ms() / 1000, tz=UTC).strftime(
        "%Y-%m-%d"
    )
    rows = rows_of(td, tid)
    assert [k for k in rows[0] if k.startswith("Punkte")] == ["Punkte Jahreswertung"]
    assert [r["Punkte Jahreswertung"] for r in rows] == ["10", "6", "3"]
    assert headers(page_of(td, tid))[-1] == "Punkte Jahreswertung"
    st = td.get(f"/api/leagues/{plain['id']}/standings.csv").content.decode("utf-8-sig").splitlines()
    assert st[0] == "Rang;Name;Turniere;Siege;bester Platz" and st[1] == "1;Anna;1;1;1"
