"""A league's public standings page (docs/standings-publish.md) in-process: the directors' settings
refuse every origin that is not one https website, the page is off until switched on (404), shows
names in full, as initials or not at all, escapes a hostile name, answers in German and English,
stops at its old address when a new one is made, and only this page may be framed, by exactly the
configured websites (every other answer keeps frame-ancestors 'none' and X-Frame-Options DENY)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from backend.read import my_league
from in_process import InProcessApi
from server import command_ok
from test_security_headers import assert_secured, policy

pytestmark = pytest.mark.in_process

# V-XII, the V-Ranking rulebook's points for places 1, 2, 3 (a v_ranking league takes them by default)
V_XII_TOP3 = [25, 21, 17]
HOSTILE = "<script>alert(1)</script> Evil"


@pytest.fixture(autouse=True)
def no_table_from_another_test():
    """The league tables are cached per process by league id (read/my_league.py), and every test's
    app here starts at league 1: a table of the test before must not be read as this one's."""
    my_league._cache.clear()
    yield
    my_league._cache.clear()


def finished_night(td, names: list[str]) -> int:
    """A tournament played to its end: the last name busts first, the first name wins."""
    tid = td.post("/api/tournaments", {"name": "Montagsturnier", "preset": "generic"}).json()["id"]
    ids = [td.command(tid, "register_player", {"name": n}).json()["result"]["entry_id"] for n in names]
    assert td.command(tid, "draw_seats", {"tables": 1}).status_code == 200
    for entry_id in reversed(ids[1:]):
        r = td.command(tid, "record_bust", {"entry_id": entry_id})
        assert r.status_code == 200 and r.json()["status"] == "applied", r.text
    return tid


def league_with(td, tid: int) -> int:
    lid = td.post("/api/leagues", {"name": "Basel Ranking 2026", "kind": "v_ranking"}).json()["id"]
    assert td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": tid}).status_code == 200
    return lid


def publish(td, lid: int, **settings) -> dict:
    body = {"published": True, "names": "full", "origins": [], **settings}
    r = td.put(f"/api/leagues/{lid}/publish", body)
    assert r.status_code == 200, r.text
    return r.json()


def rows(html: str) -> list[list[str]]:
    """The standings table's cells, row by row (tags stripped, entities left as sent)."""
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def path_of(link: str) -> str:
    return urlsplit(link).path


def test_the_settings_take_https_websites_only(server, td):
    lid = league_with(td, finished_night(td, ["Anna Weiss", "Beat Keller"]))
    first = td.get(f"/api/leagues/{lid}/publish").json()
    assert first["published"] is False and first["names"] == "initials" and first["origins"] == []
    assert re.fullmatch(r"http://localhost/s/[A-Za-z0-9_-]{22}", first["link"]), first["link"]
    assert first["embed"].startswith(f'<iframe src="{first["link"]}" title="Basel Ranking 2026"')
    assert first["subscribers"] == 0

    hostile = {
        "https://club.example.ch/standings": "no path",
        "http://club.example.ch": "https://",
        "javascript:alert(1)": "https://",
        "https://" + "a" * 488 + ".example.ch": "maximum length 200",  # 500 characters
        "https://*.example.ch": "wildcard",
        "*": "wildcard",
        "https://club.example.ch; script-src 'self'": "no path",
        "https://club.example.ch 'unsafe-inline'": "no path",
        "https://user@club.example.ch": "no path",
        "https://club.example.ch?x=1": "no path",
        "https://club.example.ch#top": "no path",
        "https://club.example.ch:99999": "port",
        "https://intranet": "no path",  # one label: no website's address
        "'self'": "https://",
        "data:text/html,<b>x</b>": "https://",
        "": "https://",
    }
    for origin, reason in hostile.items():
        r = td.put(f"/api/leagues/{lid}/publish", {"published": True, "names": "full", "origins": [origin]})
        assert r.status_code == 400, (origin, r.text)
        assert r.json()["field"] == "origins.0" and reason in r.json()["message"], (origin, r.json())
    six = [f"https://site{i}.example.ch" for i in range(6)]
    r = td.put(f"/api/leagues/{lid}/publish", {"published": True, "names": "full", "origins": six})
    assert r.status_code == 400 and r.json()["field"] == "origins"
    for bad in ({"names": "nicknames"}, {"published": "yes"}, {"origins": "https://club.example.ch"}):
        r = td.put(f"/api/leagues/{lid}/publish", {"published": True, "names": "full", "origins": [], **bad})
        assert r.status_code == 400 and r.json()["field"] == next(iter(bad)), (bad, r.text)
    r = td.put(f"/api/leagues/{lid}/publish", {"published": True, "names": "full"})
    assert r.status_code == 400 and r.json()["field"] == "origins"
    assert td.get(f"/api/leagues/{lid}/publish").json() == first  # nothing refused was kept

    typed = ["https://Club.Example.CH/", "https://club.example.ch:443", "https://www.club.example.ch:8443"]
    saved = publish(td, lid, names="initials", origins=typed)
    assert saved["origins"] == ["https://club.example.ch", "https://www.club.example.ch:8443"]
    assert saved["published"] is True and saved["names"] == "initials" and saved["link"] == first["link"]
    assert td.get(f"/api/leagues/{lid}/publish").json() == saved
    assert td.put("/api/leagues/999/publish", {"published": True, "names": "full", "origins": []}).status_code == 404
    qr = td.get(f"/api/leagues/{lid}/publish/qr.svg")
    assert qr.status_code == 200 and qr.headers["Content-Type"].startswith("image/svg+xml")


def test_the_page_is_off_until_published_and_shows_names_as_chosen(server, td):
    names = ["Jürg Meier", HOSTILE, "Anna-Lena von Arx"]  # places 1, 2, 3
    tid = finished_night(td, names)
    lid = league_with(td, tid)
    page_path = path_of(td.get(f"/api/leagues/{lid}/publish").json()["link"])
    anyone = InProcessApi(server.app)

    off = anyone.get(page_path)
    assert off.status_code == 404 and "Meier" not in off.text and "Basel Ranking" not in off.text
    assert_secured(off, "the page while off")  # framed by nobody, as every other page

    publish(td, lid, names="full")
    page = anyone.get(page_path, params={"lang": "en"})
    assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
    assert "<script" not in page.text  # the hostile name is text, not markup
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Evil" in page.text
    assert rows(page.text) == [
        ["1", "Jürg Meier", str(V_XII_TOP3[0]), "1", "1"],
        ["2", "&lt;script&gt;alert(1)&lt;/script&gt; Evil", str(V_XII_TOP3[1]), "1", "0"],
        ["3", "Anna-Lena von Arx", str(V_XII_TOP3[2]), "1", "0"],
    ]
    assert "<title>Basel Ranking 2026 – Standings</title>" in page.text and ">Points<" in page.text

    publish(td, lid, names="initials")
    page = anyone.get(page_path, params={"lang": "en"})
    assert [row[1] for row in rows(page.text)] == ["J. M.", "&lt;. E.", "A.-L. v. A."]
    assert "Meier" not in page.text and "Anna-Lena" not in page.text and "Evil" not in page.text

    publish(td, lid, names="hidden")
    page = anyone.get(page_path, params={"lang": "en"})
    assert rows(page.text) == [[str(p), str(pts), "1", str(int(p == 1))] for p, pts in zip((1, 2, 3), V_XII_TOP3)]
    assert ">Name<" not in page.text and not any(part in page.text for part in ("J. M.", "Meier", "Evil", "Arx"))

    # Next Monday's night, in the league ahead of time: not played, and nothing being played yet
    page = anyone.get(page_path, params={"lang": "en"})
    assert "1 night" in page.text and "provisional" not in page.text
    ahead = td.post("/api/tournaments", {"name": "Next Monday", "preset": "generic"}).json()["id"]
    assert td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": ahead}).status_code == 200
    my_league._cache.clear()  # the table is rebuilt at most every 30 s: read the new one now
    page = anyone.get(page_path, params={"lang": "en"})
    assert "1 night" in page.text and "2 nights" not in page.text and "provisional" not in page.text

    # German by the reader's language, or by ?lang=
    de = anyone.get(page_path, headers={"Accept-Language": "de-CH,de;q=0.9"})
    assert '<html lang="de">' in de.text and "Rangliste" in de.text and ">Punkte<" in de.text
    en = anyone.get(page_path, headers={"Accept-Language": "en-GB"})
    assert ">Points<" in en.text and de.headers["Vary"] == "Accept-Language"
    assert anyone.get(page_path, params={"lang": "de"}, headers={"Accept-Language": "en"}).text.count("Rangliste") >= 1
    bad = anyone.get(page_path, params={"lang": "xx"})
    assert bad.status_code == 400 and bad.json()["field"] == "lang"
    assert anyone.get(page_path, params={"utm_source": "club-site"}).status_code == 200  # a site's own parameters

    # a new address: the old one stops at once
    renewed = td.post(f"/api/leagues/{lid}/publish/new-address", None).json()
    new_path = path_of(renewed["link"])
    assert new_path != page_path and renewed["published"] is True
    assert anyone.get(page_path).status_code == 404 and anyone.get(new_path).status_code == 200
    # switched off: gone
    publish(td, lid, published=False)
    assert anyone.get(new_path).status_code == 404
    for guessed in ("/s/x", "/s/" + "A" * 22, "/s/" + "A" * 300):
        assert anyone.get(guessed).status_code == 404, guessed


def test_only_the_page_may_be_framed_and_only_by_the_websites_named(server, td):
    lid = league_with(td, finished_night(td, ["Anna Weiss", "Beat Keller"]))
    page_path = path_of(
        publish(td, lid, origins=["https://club.example.ch", "https://www.club.example.ch:8443"])["link"]
    )
    anyone = InProcessApi(server.app)

    page = anyone.get(page_path)
    csp = policy(page)
    assert csp["frame-ancestors"].split() == ["'self'", "https://club.example.ch", "https://www.club.example.ch:8443"]
    # frame-ancestors decides; an X-Frame-Options could only contradict it (DENY, SAMEORIGIN)
    assert "X-Frame-Options" not in page.headers
    assert csp["default-src"] == "'none'" and csp["style-src"] == "'self'" and "script-src" not in csp
    assert page.headers["Cache-Control"] == "public, max-age=30"
    sheet = re.search(r'<link rel="stylesheet" href="([^"]+)">', page.text).group(1)
    assert anyone.get(path_of(sheet)).status_code == 200

    publish(td, lid, origins=[])
    alone = anyone.get(page_path)
    assert policy(alone)["frame-ancestors"] == "'self'" and alone.headers["X-Frame-Options"] == "SAMEORIGIN"

    # every other answer as before: framed by nobody
    club_slug = td.get("/api/me").json()["club"]["slug"]
    for what, response in {
        "the app": anyone.get("/"),
        "the club's page": anyone.get(f"/c/{club_slug}"),
        "an API answer": td.get(f"/api/leagues/{lid}/publish"),
        "the league's standings": td.get(f"/api/leagues/{lid}/standings"),
        "a page not published": anyone.get("/s/" + "B" * 22),
        "the unsubscribe page": anyone.get("/standings-mail/unsubscribe/nonsense"),
    }.items():
        assert_secured(response, what)


def test_the_standings_mail_is_a_club_players_and_goes_with_his_data(server, td):
    """Waiting for a place, or a seat no league counts (no person linked): a clear refusal. Erasing
    his data from the personal link ends the subscription, address and all."""
    from sqlalchemy import delete

    from backend.store import TournamentEntryPerson, session_scope
    from test_api_sign_up import open_tournament, sign_up

    tid = open_tournament(td, capacity=2, preset="generic")
    placed, r = sign_up(server, tid, "Anna Weiss", email="anna@example.org", lang="en")
    placed.token = r.json()["token"]
    sign_up(server, tid, "Carla Frei")
    waiting, r = sign_up(server, tid, "Beat Keller")
    waiting.token = r.json()["token"]
    mine = f"/api/tournaments/{tid}/my-standings-mail"

    r = waiting.get(mine)
    assert r.status_code == 409 and r.json()["error"] == "no_player_yet", r.text
    assert waiting.put(mine, {"email": "beat@example.org", "subscribed": True}).status_code == 409
    assert td.get(mine).status_code == 403  # a player's own, from his link

    r = placed.get(mine)  # signed up by name only: the desk has not seen who she is (docs/season.md)
    assert (r.status_code, r.json()["error"]) == (409, "not_vouched"), r.text
    (entry,) = [e for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"] if e["name"] == "Anna Weiss"]
    command_ok(td, tid, "check_in", {"entry_id": entry["entry_id"], "id_checked": True})
    assert placed.get(mine).json() == {"email": "anna@example.org", "subscribed": False}
    assert placed.put(mine, {"email": " anna.w@example.org ", "subscribed": True, "lang": "de"}).json() == {
        "email": "anna.w@example.org",
        "subscribed": True,
    }
    erased = placed.post(f"/api/tournaments/{tid}/my-data/erase", {"op_id": "erase-0001", "device_id": "phone-a"})
    assert erased.status_code == 200 and erased.json()["email_erased"] is True, erased.text
    assert placed.get(mine).json() == {"email": None, "subscribed": False}  # the sign-up's address went too

    floor = server.app.extensions["pokerfloor"]
    with session_scope(floor.db) as session:  # a seat from before leagues linked entries to persons
        session.execute(delete(TournamentEntryPerson).where(TournamentEntryPerson.tournament_id == tid))
    r = placed.get(mine)
    assert r.status_code == 409 and r.json()["error"] == "not_linked" and "director" in r.json()["message"]
