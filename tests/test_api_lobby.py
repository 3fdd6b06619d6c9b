"""GET /api/display/lobby: a lobby TV shows its club's tournaments of tonight and never another
club's (docs/screens.md). Real server process; a tournament of last week is made old by moving its
events' times in the database (the server reads them per request)."""

from __future__ import annotations

import sqlite3
import time

import pytest

from backend.read.lobby import FINISHED_SHOWN_MS, tonight
from server import Api, ServerProcess, club_director, command_ok, links, new_club, token_of

H = 3600_000


def test_tonight_is_recent_activity_or_a_start_near_now():
    now = 1_800_000_000_000
    assert tonight("running", now - 2 * H, None, now)
    assert not tonight("running", now - 13 * H, None, now)  # abandoned last night, never finished
    assert tonight("registering", now - 30 * H, now + 3 * H, now)  # opened days ago, starts tonight
    assert not tonight("registering", now - 30 * H, now + 20 * H, now)  # tomorrow's
    assert tonight("finished", now - 5 * H, None, now)  # the winner is still toasted
    assert not tonight("finished", now - FINISHED_SHOWN_MS - 1, now - 2 * H, now)  # over: gone


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServerProcess(tmp_path_factory.mktemp("lobby") / "var").start()
    yield srv
    srv.stop()


def make(api: Api, name: str, players: int = 0, start: bool = False) -> int:
    r = api.post("/api/tournaments", {"name": name, "preset": "generic"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for i in range(players):
        command_ok(api, tid, "register_player", {"name": f"{name} player {i}"})
    if start:
        command_ok(api, tid, "draw_seats", {"tables": 1})
        command_ok(api, tid, "start_clock")
    return tid


def age(server: ServerProcess, tid: int, ms: int) -> None:
    """Every event of the tournament `ms` older (as if it was played then)."""
    if server.database_url.startswith("postgresql"):
        import psycopg

        with psycopg.connect(server.database_url, autocommit=True) as pg:
            pg.execute("UPDATE event SET at = at - %s WHERE tournament_id = %s", (ms, tid))
        return
    path = server.database_url.split("sqlite:///", 1)[1]
    con = sqlite3.connect(path, timeout=10)
    try:
        con.execute("UPDATE event SET at = at - ? WHERE tournament_id = ?", (ms, tid))
        con.commit()
    finally:
        con.close()


def alpha(server: ServerProcess) -> Api:
    """Club Alpha's director: the server's first setup, or signed in again (pytest-xdist may run
    this module's tests on different workers, each with its own server)."""
    a = Api(server.url)
    r = a.post(
        "/api/auth/setup",
        {"setup_token": server.setup_token(), "username": "td_a", "password": "alpha password", "club_name": "Alpha"},
    )
    if r.status_code == 401:
        r = a.post("/api/auth/login", {"username": "td_a", "password": "alpha password"})
    assert r.status_code == 200, r.text
    a.token = r.json()["token"]
    return a


def names(r) -> list[str]:
    assert r.status_code == 200, r.text
    return [t["name"] for t in r.json()["tournaments"]]


def test_the_lobby_shows_the_clubs_tournaments_of_tonight_and_no_other_clubs(server):
    a = alpha(server)
    monday = make(a, "Alpha Monday", players=8, start=True)
    deep = make(a, "Alpha Deepstack", players=3)
    old = make(a, "Alpha Last Week", players=4, start=True)
    age(server, old, 7 * 24 * H)
    b = club_director(server, new_club(a, "Bravo"), "td_b")
    bravo = make(b, "Bravo Night", players=6, start=True)

    display = Api(server.url, token_of(links(a, monday)["display"]["url"]))
    r = display.get("/api/display/lobby")
    assert names(r) == ["Alpha Monday", "Alpha Deepstack"]  # by start, then as created
    first = r.json()["tournaments"][0]
    assert first["id"] == monday and first["status"] == "running" and first["clock"]["status"] == "running"
    assert first["players_left"] == 8 and first["entries_total"] == 8
    assert first["structure"] and first["average_stack"] > 0
    assert abs(r.json()["server_time"] - time.time() * 1000) < 60_000
    assert "Bravo" not in r.text and "Last Week" not in r.text
    assert names(a.get("/api/display/lobby")) == ["Alpha Monday", "Alpha Deepstack"]  # the director's preview

    # Bravo's TV: Bravo's only; its director's new tournaments fill the lobby up to 6
    bravo_tv = Api(server.url, token_of(links(b, bravo)["display"]["url"]))
    assert names(bravo_tv.get("/api/display/lobby")) == ["Bravo Night"]
    for i in range(6):
        make(b, f"Bravo Extra {i}")
    shown = names(bravo_tv.get("/api/display/lobby"))
    assert len(shown) == 6 and shown[0] == "Bravo Night" and not any(n.startswith("Alpha") for n in shown)

    # a finished tournament stays for the evening, then leaves
    command_ok(a, deep, "draw_seats", {"tables": 1})
    command_ok(a, deep, "start_clock")
    view = a.get(f"/api/tournaments/{deep}/view").json()
    for e in [e for e in view["entries"] if e["status"] == "active"][:-1]:
        command_ok(a, deep, "record_bust", {"entry_id": e["entry_id"]})
    assert a.get(f"/api/tournaments/{deep}/public").json()["status"] == "finished"
    assert names(display.get("/api/display/lobby")) == ["Alpha Monday", "Alpha Deepstack"]
    age(server, deep, 7 * H)
    assert names(display.get("/api/display/lobby")) == ["Alpha Monday"]

    # only a TV or a director: a dealer's or a player's QR code is refused, no token is 401
    ls = links(a, monday)
    assert Api(server.url, token_of(ls["tables"][0]["url"])).get("/api/display/lobby").status_code == 403
    assert Api(server.url, token_of(ls["players"][0]["url"])).get("/api/display/lobby").status_code == 403
    assert Api(server.url).get("/api/display/lobby").status_code == 401


def test_the_display_qr_carries_the_screens_layout_and_refuses_an_unknown_one(server):
    a = alpha(server)
    tid = make(a, "Alpha QR")
    plain = a.get(f"/api/tournaments/{tid}/qr/display.svg")
    lobby = a.get(f"/api/tournaments/{tid}/qr/display.svg?layout=lobby&theme=felt")
    assert plain.status_code == 200 and lobby.status_code == 200
    assert lobby.headers["Content-Type"].startswith("image/svg+xml") and lobby.content != plain.content  # a longer link
    for query, field in (("layout=disco", "layout"), ("theme=pink", "theme"), ("tv=2", "tv")):
        bad = a.get(f"/api/tournaments/{tid}/qr/display.svg?{query}")
        assert bad.status_code == 400 and bad.json()["field"] == field, bad.text


def test_the_lobby_reads_the_last_event_s_time_on_postgresql(tmp_path, pg_schema_url):
    srv = ServerProcess(tmp_path / "pgvar", database_url=pg_schema_url).start()
    try:
        a = alpha(srv)
        tonight_tid = make(a, "PG Tonight", players=4, start=True)
        old = make(a, "PG Last Week", players=4, start=True)
        age(srv, old, 7 * 24 * H)
        tv = Api(srv.url, token_of(links(a, tonight_tid)["display"]["url"]))
        assert names(tv.get("/api/display/lobby")) == ["PG Tonight"]
    finally:
        srv.stop()
