"""Clubs on one server, as their directors use them: the first setup makes the first club
and its admin; the admin (or `pokerfloor club add`) makes other clubs with an invitation for their
first director; a club's full director invites others as full, limited or observer directors,
changes what they may do (less signs them out at once), gives tournaments to the limited ones.
The matrix over every endpoint is tests/test_club_isolation.py."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
import time

import socketio

from backend.cli import main as cli_main
from server import ROOT, Api, club_director, command_ok, invited, links, new_club, seated_tournament, token_of


def first_director(server, club_name: str | None = "Poker Club Basel") -> Api:
    api = Api(server.url)
    body = {"setup_token": server.setup_token(), "username": "anna", "password": "a long password"}
    if club_name is not None:
        body["club_name"] = club_name
    r = api.post("/api/auth/setup", body)
    assert r.status_code == 200, r.text
    api.token = r.json()["token"]
    return api


def test_the_first_setup_makes_the_first_club_and_its_admin(server):
    info = Api(server.url).post("/api/auth/invitation", {"setup_token": server.setup_token()})
    assert info.json() == {"first_setup": True, "club": None, "access": "full", "tournament_id": None}
    anna = first_director(server)
    me = anna.get("/api/me").json()
    assert me["club"]["name"] == "Poker Club Basel"
    assert me["director"] == {"id": me["director"]["id"], "username": "anna", "access": "full", "admin": True}
    # an invitation says where it leads before it is used
    url = invited(anna, "observer")
    info = Api(server.url).post("/api/auth/invitation", {"setup_token": token_of(url)}).json()
    assert info == {"first_setup": False, "club": me["club"], "access": "observer", "tournament_id": None}
    obs = club_director(server, url, "otto")
    assert obs.get("/api/me").json()["director"]["access"] == "observer"
    assert obs.get("/api/me").json()["director"]["admin"] is False
    # used once
    again = Api(server.url).post(
        "/api/auth/setup", {"setup_token": token_of(url), "username": "x", "password": "y" * 8}
    )
    assert again.status_code == 401


def test_the_admin_makes_clubs_and_only_he_sees_their_list(server):
    anna = first_director(server)
    url = new_club(anna, "Zürich Aces")
    assert "/#/setup/" in url
    bert = club_director(server, url, "bert")
    assert bert.get("/api/me").json()["club"]["name"] == "Zürich Aces"
    seated_tournament(bert, players=4, tables=1)
    clubs = {c["name"]: c for c in anna.get("/api/clubs").json()}
    assert clubs["Zürich Aces"]["directors"] == 1 and clubs["Zürich Aces"]["tournaments"] == 1
    assert clubs["Poker Club Basel"]["tournaments"] == 0
    assert bert.get("/api/clubs").status_code == 403  # a club's director is no server admin
    assert bert.post("/api/clubs", {"name": "Mine"}).status_code == 403
    assert anna.get("/api/tournaments").json() == []  # the admin manages clubs, not their data
    # a lost first link: the admin makes another one for that club
    again = anna.post(f"/api/clubs/{clubs['Zürich Aces']['id']}/invite")
    assert again.status_code == 201 and again.json()["club"]["name"] == "Zürich Aces"
    assert anna.post("/api/clubs/999/invite").status_code == 404
    assert anna.post("/api/clubs", {"name": "  "}).json()["field"] == "name"


def test_less_access_signs_the_director_out_on_every_phone_and_removed_cannot_sign_in(server):
    anna = first_director(server)
    tid = seated_tournament(anna, players=4, tables=1)
    carl = club_director(server, invited(anna, "full"), "carl", "carl's password")
    phone2 = Api(server.url)
    phone2.token = phone2.post("/api/auth/login", {"username": "carl", "password": "carl's password"}).json()["token"]
    sock = socketio.Client(reconnection=False)
    sock.connect(server.url, auth={"token": phone2.token}, transports=["websocket"], wait_timeout=10)
    assert sock.call("subscribe", {"tournament_id": tid}, timeout=5) == {"ok": True}
    carl_id = carl.get("/api/me").json()["director"]["id"]

    spare = invited(carl, "full")  # a link he handed out: it goes with his rights
    r = anna.post(f"/api/directors/{carl_id}/access", {"access": "observer"})
    assert r.status_code == 200 and r.json()["access"] == "observer"
    assert Api(server.url).post("/api/auth/invitation", {"setup_token": token_of(spare)}).status_code == 401
    assert carl.get("/api/me").status_code == 401 and phone2.get("/api/me").status_code == 401
    deadline = time.monotonic() + 5
    while sock.connected and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not sock.connected  # his live socket went with the old rights
    carl.token = carl.post("/api/auth/login", {"username": "carl", "password": "carl's password"}).json()["token"]
    assert carl.command(tid, "pause_clock").status_code == 403
    assert carl.get(f"/api/tournaments/{tid}/view").status_code == 200

    # more access takes effect at once, without signing out (the caller kept for his token is dropped)
    assert anna.post(f"/api/directors/{carl_id}/access", {"access": "full"}).status_code == 200
    assert carl.get("/api/me").json()["director"]["access"] == "full"
    command_ok(carl, tid, "start_clock")

    assert anna.post(f"/api/directors/{carl_id}/access", {"access": "removed"}).status_code == 200
    r = carl.post("/api/auth/login", {"username": "carl", "password": "carl's password"})
    assert r.status_code == 403 and r.json()["error"] == "director_removed"
    wrong = carl.post("/api/auth/login", {"username": "carl", "password": "not his password"})
    assert wrong.status_code == 401  # only whoever knows the password hears that he was removed
    listed = {d["username"]: d["access"] for d in anna.get("/api/directors").json()}
    assert listed == {"anna": "full", "carl": "removed"}


def test_own_and_the_admins_access_stay(server):
    anna = first_director(server)
    me = anna.get("/api/me").json()["director"]["id"]
    r = anna.post(f"/api/directors/{me}/access", {"access": "observer"})
    assert r.status_code == 409 and r.json()["error"] == "own_access"
    dora = club_director(server, invited(anna, "full"), "dora")
    r = dora.post(f"/api/directors/{me}/access", {"access": "observer"})
    assert r.status_code == 409 and r.json()["error"] == "admin_access"
    limited = club_director(server, invited(anna, "limited"), "lena")
    assert limited.post("/api/directors/invite", {"access": "full"}).status_code == 403
    assert anna.post("/api/directors/999/access", {"access": "full"}).status_code == 404
    assert anna.post(f"/api/directors/{me}/access", {"access": "boss"}).json()["field"] == "access"


def test_a_limited_director_runs_what_he_creates_and_is_given(server):
    anna = first_director(server)
    t1 = seated_tournament(anna, players=4, tables=1)
    t2 = seated_tournament(anna, players=4, tables=1)
    # invited from t1's tools: he runs t1 from the first moment
    url = invited(anna, "limited", tournament_id=t1)
    assert Api(server.url).post("/api/auth/invitation", {"setup_token": token_of(url)}).json()["tournament_id"] == t1
    lena = club_director(server, url, "lena")
    own = lena.post("/api/tournaments", {"name": "Lena's Friday", "preset": "generic"}).json()["id"]
    assert sorted(t["id"] for t in lena.get("/api/tournaments").json()) == sorted([t1, own])
    assert lena.get(f"/api/tournaments/{t2}/view").json()["error"] == "not_your_tournament"
    lena_id = lena.get("/api/me").json()["director"]["id"]
    assert anna.get("/api/directors").json()[1]["tournaments"] == sorted([t1, own])

    league = anna.post("/api/leagues", {"name": "Ranking", "kind": "v_ranking"}).json()["id"]
    r = lena.post(f"/api/leagues/{league}/tournaments", {"tournament_id": t2})
    assert r.status_code == 403 and r.json()["error"] == "not_your_tournament"
    assert lena.post(f"/api/leagues/{league}/tournaments", {"tournament_id": t1}).status_code == 200
    sock = socketio.Client(reconnection=False)
    sock.connect(server.url, auth={"token": lena.token}, transports=["websocket"], wait_timeout=10)
    assert sock.call("subscribe", {"tournament_id": t2}, timeout=5)["error"] == "not_your_tournament"

    r = anna.post(f"/api/tournaments/{t2}/directors", {"director_id": lena_id, "runs": True})
    assert [d["username"] for d in r.json()["directors"]] == ["anna", "lena"]
    command_ok(lena, t2, "start_clock")  # at once, no new sign-in
    assert sock.call("subscribe", {"tournament_id": t2}, timeout=5) == {"ok": True}  # the open socket too
    r = anna.post(f"/api/tournaments/{t2}/directors", {"director_id": lena_id, "runs": False})
    assert [d["username"] for d in r.json()["directors"]] == ["anna"]
    assert lena.get("/api/me").status_code == 401  # taken back: signed out
    anna_id = anna.get("/api/me").json()["director"]["id"]
    r = anna.post(f"/api/tournaments/{t2}/directors", {"director_id": anna_id, "runs": True})
    assert r.status_code == 409 and r.json()["error"] == "not_limited"


def test_a_clubs_custom_preset_is_its_own(server):
    anna = first_director(server)
    tid = seated_tournament(anna, players=4, tables=1)
    saved = anna.post("/api/presets", {"name": "Basel Turbo", "from_tournament": tid}).json()["id"]
    bert = club_director(server, new_club(anna, "Other Club"), "bert")
    assert saved not in [p["id"] for p in bert.get("/api/presets").json()]
    assert bert.get(f"/api/presets/{saved}").status_code == 404
    assert Api(server.url).get(f"/api/presets/{saved}").status_code == 404  # no token: files only
    r = bert.post("/api/tournaments", {"name": "Copy", "preset": saved})
    assert r.status_code == 400 and r.json()["field"] == "preset"
    # the club's own phones read it: a player's house rules from a tournament on that preset
    t2 = anna.post("/api/tournaments", {"name": "On the custom preset", "preset": saved}).json()["id"]
    command_ok(anna, t2, "register_player", {"name": "Pia"})
    player = Api(server.url, token_of(links(anna, t2)["players"][0]["url"]))
    assert player.get(f"/api/presets/{saved}").json()["name"]["en"] == "Basel Turbo"
    assert Api(server.url).get("/api/presets/generic").status_code == 200  # the files' presets stay public


def cli(server, monkeypatch, *args: str) -> str:
    """`pokerfloor club …` run in this process against the server's database (a new interpreter
    per call cost seconds of imports; the module's own entry is run once below, as a process)."""
    for name, value in {
        "DATABASE_URL": server.database_url,
        "POKERFLOOR_VAR": str(server.var_dir),
        "SECRET_KEY": "test-secret-key-not-for-production",
        "PUBLIC_URL": server.url,
    }.items():
        monkeypatch.setenv(name, value)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli_main(["club", *args])
    assert not status, out.getvalue()
    return out.getvalue()


def test_the_club_command_adds_lists_and_invites(server, monkeypatch):
    first_director(server)
    out = cli(server, monkeypatch, "add", "Genève Poker")
    url = re.search(r"http\S+/#/setup/[A-Za-z0-9_-]+", out).group(0)
    gina = club_director(server, url, "gina")
    assert gina.get("/api/me").json()["club"]["name"] == "Genève Poker"
    listed = cli(server, monkeypatch, "list")
    assert "Poker Club Basel  (directors: 1, tournaments: 0)" in listed and "Genève Poker  (directors: 1" in listed
    club_id = gina.get("/api/me").json()["club"]["id"]
    again = cli(server, monkeypatch, "invite", str(club_id))
    assert "/#/setup/" in again and "Genève Poker" in again
    bad = subprocess.run(
        [sys.executable, "-m", "backend.cli", "club", "invite", "999"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": server.database_url, "SECRET_KEY": "test-secret-key-not-for-production"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "there is no club 999" in bad.stdout
