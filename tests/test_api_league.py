"""Persons, leagues and exports over HTTP in-process (Flask's test client) (V-XII, V-I.d.1, N-3.7)."""

import csv
import io

import pytest

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)


def finished(td, names, out_order, preset="generic", person_ids=None):
    r = td.post("/api/tournaments", {"name": "Montagsturnier", "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    ids = {}
    for name in names:
        payload = {"name": name}
        if person_ids and name in person_ids:
            payload["person_id"] = person_ids[name]
        r = td.command(tid, "register_player", payload)
        assert r.status_code == 200, r.text
        ids[name] = r.json()["result"]["entry_id"]
    assert td.command(tid, "draw_seats", {"tables": 1}).status_code == 200
    for name in out_order:
        assert td.command(tid, "record_bust", {"entry_id": ids[name]}).status_code == 200
    return tid, ids


def test_persons_leagues_standings_and_qualification(server, td):
    t1, _ = finished(td, ["Jürgen", "Änne", "Bob"], ["Bob", "Änne"])
    persons = td.get("/api/persons", params={"q": "ÄN"}).json()
    assert [p["name"] for p in persons] == ["Änne"]
    anne = persons[0]["id"]
    # an explicit person_id links a differently spelt entry to the same person
    t2, _ = finished(td, ["Anne S.", "Jürgen", "Bob"], ["Jürgen", "Bob"], person_ids={"Anne S.": anne})
    assert len(td.get("/api/persons").json()) == 3
    r = td.post("/api/leagues", {"name": "V-Ranking 2026", "kind": "v_ranking"})
    assert r.status_code == 201, r.text
    league = r.json()
    assert league["points"]["table"] == [25, 21, 17, 13, 11, 10, 9, 8, 7]  # V-XII from the preset
    lid = league["id"]
    assert (
        td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": t1, "played_on": "2026-01-12"}).status_code == 200
    )
    r = td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": t2, "played_on": "2026-02-09"})
    assert r.status_code == 200 and r.json()["tournaments"] == [t1, t2]
    s = td.get(f"/api/leagues/{lid}/standings").json()
    overall = [(x["name"], x["points"]) for x in s["overall"]]
    assert overall == [("Änne", 46), ("Jürgen", 42), ("Bob", 38)]  # 21+25, 25+17, 17+21
    assert [m["period"] for m in s["months"]] == ["2026-01", "2026-02"]
    assert [h["period"] for h in s["half_years"]] == ["2026-H1"]
    assert [(q["name"], q["period"]) for q in s["qualification"]["qualified"]] == [
        ("Jürgen", "2026-01"),
        ("Änne", "2026-02"),
    ]
    # N-3.7: a series league qualifies each Monday winner for the series final
    n = td.post("/api/leagues", {"name": "Noohn Serie", "kind": "n_series"}).json()
    td.post(f"/api/leagues/{n['id']}/tournaments", {"tournament_id": t1})
    td.post(f"/api/leagues/{n['id']}/tournaments", {"tournament_id": t2})
    q = td.get(f"/api/leagues/{n['id']}/standings").json()["qualification"]
    assert q["rule"] == "N-3.7" and [x["tournament_id"] for x in q["qualified"]] == [t1, t2]

    # CSV: UTF-8 with BOM, ';'-separated, umlauts intact, points per league that counts points
    # (the series ranks by qualification only: no column of zeros)
    r = td.get(f"/api/tournaments/{t1}/results.csv")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/csv")
    assert r.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:3] == ["Platz", "geteilt", "Name"] and rows[0][-2:] == ["Club", "Punkte V-Ranking 2026"]
    assert [(row[0], row[2], row[-1]) for row in rows[1:]] == [
        ("1", "Jürgen", "25"),
        ("2", "Änne", "21"),
        ("3", "Bob", "17"),
    ]
    en = td.get(f"/api/tournaments/{t1}/results.csv", params={"lang": "en"})
    assert en.content.decode("utf-8-sig").startswith("Place;Tie;Name;First name;Last name;Disqualified;Date")
    st = td.get(f"/api/leagues/{lid}/standings.csv", params={"period": "2026-02"})
    rows = list(csv.reader(io.StringIO(st.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][0] == "Rang" and rows[1][1:3] == ["Änne", "25"]
    # the printable page
    page = td.get(f"/api/tournaments/{t1}/results.html", params={"lang": "de"})
    assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
    sheet = td.http.get(page.text.split('<link rel="stylesheet" href="')[1].split('"')[0], timeout=10).text
    assert "@page { size: A4" in sheet and "Änne" in page.text and "Ergebnisse" in page.text  # CSS: a file (CSP)
    assert "Results" in td.get(f"/api/tournaments/{t1}/results.html", params={"lang": "en"}).text


def test_disqualified_players_get_no_points_and_the_next_one_moves_up(server, td):
    tid, ids = finished(td, ["Anna", "Ben", "Cem", "Dora"], ["Dora", "Cem", "Ben"])
    assert td.command(tid, "disqualify", {"entry_id": ids["Anna"], "reason": "chip theft"}).status_code == 200
    lid = td.post("/api/leagues", {"name": "L", "kind": "v_ranking"}).json()["id"]
    td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": tid})
    s = td.get(f"/api/leagues/{lid}/standings").json()
    assert [(x["name"], x["points"]) for x in s["overall"]] == [("Ben", 25), ("Cem", 21), ("Dora", 17)]


def test_roles_missing_things_and_bad_input(server, td):
    tid, _ = finished(td, ["Anna", "Ben"], ["Ben"])
    lid = td.post("/api/leagues", {"name": "L", "kind": "v_ranking"}).json()["id"]
    links = td.get(f"/api/tournaments/{tid}/links").json()
    dealer = server.api(links["tables"][0]["url"].rsplit("/", 1)[1])
    player = server.api(links["players"][0]["url"].rsplit("/", 1)[1])
    for who in (dealer, player):
        for path in (
            "/api/persons",
            "/api/leagues",
            f"/api/leagues/{lid}/standings",
            f"/api/leagues/{lid}/standings.csv",
            f"/api/tournaments/{tid}/results.csv",
            f"/api/tournaments/{tid}/results.html",
        ):
            r = who.get(path)
            assert r.status_code == 403 and r.json()["error"] == "forbidden", path
        assert who.post("/api/leagues", {"name": "x", "kind": "custom"}).status_code == 403
    assert server.api().get(f"/api/tournaments/{tid}/results.csv").status_code == 401
    assert td.get("/api/leagues/999/standings").json()["field"] == "league_id"
    assert td.get("/api/tournaments/999/results.csv").status_code == 404
    r = td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": 999})
    assert r.status_code == 404 and r.json()["field"] == "tournament_id"
    assert td.get(f"/api/leagues/{lid}/standings.csv", params={"period": "1999-01"}).json()["field"] == "period"
    bad = [
        ({"name": "x", "kind": "bogus"}, "kind"),
        ({"kind": "custom"}, "name"),
        ({"name": "G", "kind": "g_tour"}, "points"),
        ({"name": "x", "kind": "custom", "points": {"table": [10, "a"]}}, "points.table.1"),
        ({"name": "x", "kind": "custom", "points": {"table": []}}, "points.table"),
        ({"name": "x", "kind": "custom", "points_preset": "generic"}, "points_preset"),
    ]
    for body, field in bad:
        r = td.post("/api/leagues", body)
        assert r.status_code == 400 and r.json()["field"] == field, (body, r.text)
    r = td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": tid, "played_on": "2026-13-01"})
    assert r.status_code == 400 and r.json()["field"] == "played_on"
    r = td.command(tid, "register_player", {"name": "Neu", "person_id": 4242})
    assert r.status_code == 400 and r.json()["field"] == "payload.person_id"
    assert td.get(f"/api/tournaments/{tid}/results.csv", params={"lang": "fr"}).json()["field"] == "lang"
    # a name Excel would run as a formula is written as text (CSV injection)
    t2, _ = finished(td, ['=HYPERLINK("http://x")', "Ben"], ["Ben"])
    text = td.get(f"/api/tournaments/{t2}/results.csv").content.decode("utf-8-sig")
    assert list(csv.reader(io.StringIO(text), delimiter=";"))[1][2] == '\'=HYPERLINK("http://x")'
    g = td.post(
        "/api/leagues", {"name": "Golfpoker Tour", "kind": "g_tour", "points": {"table": [100, 80, 60], "then": "zero"}}
    )
    assert g.status_code == 201 and g.json()["points"] == {"table": [100, 80, 60], "then": "zero", "floor": 0}


def test_a_replayed_registration_links_once_and_openapi_lists_the_endpoints(server, td):
    tid = td.post("/api/tournaments", {"name": "T", "preset": "generic"}).json()["id"]
    first = td.command(tid, "register_player", {"name": "Zoë Ärger"}, op_id="op-replay-1")
    again = td.command(tid, "register_player", {"name": "Zoë Ärger"}, op_id="op-replay-1")
    assert first.json()["seq"] == again.json()["seq"]
    assert [p["name"] for p in td.get("/api/persons", params={"q": "zoë"}).json()] == ["Zoë Ärger"]
    running = td.get(f"/api/tournaments/{tid}/results.html", params={"lang": "en"}).text
    assert "Provisional" in running and "Zoë Ärger" in running
    paths = server.api().get("/api/openapi.json").json()["paths"]
    for path in (
        "/api/persons",
        "/api/leagues",
        "/api/leagues/{league_id}/standings",
        "/api/tournaments/{tid}/results.csv",
        "/api/tournaments/{tid}/results.html",
    ):
        assert path in paths


def test_an_alternate_is_linked_to_the_person_of_the_same_name(server, td):
    finished(td, ["Maja Über", "Ben"], ["Ben"])  # Maja is a known person from an earlier tournament
    tid = td.post("/api/tournaments", {"name": "Trophy", "preset": "s-trophy"}).json()["id"]
    ids = [td.command(tid, "register_player", {"name": n}).json()["result"]["entry_id"] for n in ("A", "B", "C")]
    assert td.command(tid, "draw_seats", {"tables": 1}).status_code == 200
    assert td.command(tid, "record_bust", {"entry_id": ids[2]}).status_code == 200
    r = td.command(tid, "seat_alternate", {"name": "maja  über", "replaces": ids[2]})  # S-#46
    assert r.status_code == 200, r.text
    assert [p["name"] for p in td.get("/api/persons", params={"q": "maja"}).json()] == ["Maja Über"]
    lid = td.post("/api/leagues", {"name": "L", "kind": "custom", "points_preset": "v-ranking"}).json()["id"]
    td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": tid})
    s = td.get(f"/api/leagues/{lid}/standings").json()
    assert s["tournaments"][0]["provisional"] is True
    assert "Maja Über" in [x["name"] for x in s["overall"]]  # shown by the person's name, still in: 0 points
