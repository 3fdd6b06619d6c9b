"""The player's phone against a real server: his league standing (V-XII points, V-I.e), the house
rules of the preset (public, no token), the players-left history in the public view, and the
director's counted stacks for the chip histogram."""

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from backend.read.my_league import cached_standings
from server import Api, ServerProcess, command_ok as ok, links, token_of

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "shared_rules/preset.schema.json").read_text(encoding="utf-8"))
PRESETS = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "shared_rules/presets").glob("*.json")}
CITE = re.compile(r"\(((?:[NVGSP]-\S+?|TDA [^,)]+|generic)(?:, )?)+\)\.?$")


@pytest.fixture
def server(tmp_path, monkeypatch):
    """A server that rebuilds league standings on every change (the default waits up to 30 s
    between rebuilds; that throttle is checked on its own below)."""
    monkeypatch.setenv("LEAGUE_REFRESH_MS", "0")
    srv = ServerProcess(tmp_path / "var").start()
    yield srv
    srv.stop()


def test_league_standings_are_rebuilt_at_most_once_per_window(monkeypatch):
    """10,000 phones asking after a bust must not each rebuild the league table."""
    import backend.read.my_league as ml

    builds, seq = [], [1]
    monkeypatch.setattr(ml, "_key", lambda db, service, league: (seq[0],))
    monkeypatch.setattr(ml.lg, "league_standings", lambda db, service, league: builds.append(seq[0]) or {"v": seq[0]})
    monkeypatch.setattr(ml, "_cache", {})
    league = type("L", (), {"id": 99})()
    assert cached_standings(None, None, league, 30_000, now_ms=0) == {"v": 1}
    seq[0] = 2  # a bust: the key changed
    assert cached_standings(None, None, league, 30_000, now_ms=10_000) == {"v": 1}  # within the window
    assert cached_standings(None, None, league, 30_000, now_ms=31_000) == {"v": 2}
    assert cached_standings(None, None, league, 30_000, now_ms=70_000) == {"v": 2}  # unchanged: no rebuild
    assert builds == [1, 2]


def test_after_a_restart_one_request_builds_the_standings_and_the_others_wait_for_it(monkeypatch):
    """Embeds and phones asking in the same second after a restart (no table built yet) must not
    each read every tournament of the league: one builds, the others get its table."""
    import threading
    import time

    import backend.read.my_league as ml

    builds = []

    def slow_build(db, service, league):
        builds.append(1)
        time.sleep(0.3)  # reading the league's tournaments
        return {"v": len(builds)}

    monkeypatch.setattr(ml, "_key", lambda db, service, league: (1,))
    monkeypatch.setattr(ml.lg, "league_standings", slow_build)
    monkeypatch.setattr(ml, "_cache", {})
    league = type("L", (), {"id": 98})()
    got = []
    askers = [
        threading.Thread(target=lambda: got.append(cached_standings(None, None, league, 30_000, now_ms=0)))
        for _ in range(8)
    ]
    for t in askers:
        t.start()
    for t in askers:
        t.join(5)
    assert got == [{"v": 1}] * 8
    assert builds == [1], f"{len(builds)} builds for 8 requests"


def tournament(td, names, preset="generic"):
    r = td.post("/api/tournaments", {"name": "Montag", "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    ids = {n: ok(td, tid, "register_player", {"name": n, "id_checked": True})["result"]["entry_id"] for n in names}
    ok(td, tid, "draw_seats", {"tables": 1})
    return tid, ids


def player_api(server, td, tid, entry_id) -> Api:
    url = next(p["url"] for p in links(td, tid)["players"] if p["entry_id"] == entry_id)
    return Api(server.url, token_of(url))


def test_every_preset_has_house_rules_in_both_languages_citing_rule_ids():
    validator = Draft202012Validator(SCHEMA)
    for pid, preset in PRESETS.items():
        assert not list(validator.iter_errors(preset)), pid
        rules = preset["house_rules"]
        assert len(rules["en"]) == len(rules["de"]) >= 4, pid
        for en, de in zip(rules["en"], rules["de"]):
            assert CITE.search(en) and CITE.search(de), (pid, en)
            assert CITE.search(en).group(0) == CITE.search(de).group(0), (pid, en, de)  # same ids in both
    # the seeds' own rules: N-2.5's time call and N-2.20's phones, S-#19's 30 seconds
    assert any("(N-2.5)" in x and "1 Minute" in x for x in PRESETS["n-monday"]["house_rules"]["de"])
    assert any("(N-2.20)" in x and "Telefon" in x for x in PRESETS["n-monday"]["house_rules"]["de"])
    assert any("(S-#19)" in x and "30 Sekunden" in x for x in PRESETS["s-trophy"]["house_rules"]["de"])
    assert any("(V-XIII)" in x and "7.500" in x for x in PRESETS["v-ranking"]["house_rules"]["de"])
    broken = {**PRESETS["generic"], "house_rules": {"en": ["No rule id here."], "de": ["Keine Regel."]}}
    assert list(validator.iter_errors(broken))


def test_house_rules_are_served_without_a_token(server):
    r = Api(server.url).get("/api/presets/n-monday")
    assert r.status_code == 200 and r.json()["house_rules"]["de"] == PRESETS["n-monday"]["house_rules"]["de"]


def test_a_player_reads_his_league_standing_and_no_other_league(server, td):
    # an earlier V-ranking tournament (V-XII: 25, 21, 17) and a running one, both in the league
    t1, ids1 = tournament(td, ["Anna", "Bert", "Cleo"], "v-ranking")
    ok(td, t1, "record_bust", {"entry_id": ids1["Cleo"]})
    ok(td, t1, "record_bust", {"entry_id": ids1["Anna"]})  # Bert wins, Anna 2nd, Cleo 3rd
    t2, ids2 = tournament(td, ["Anna", "Bert", "Cleo", "Dora"], "v-ranking")
    league = td.post("/api/leagues", {"name": "Rangliste 2026", "kind": "v_ranking"}).json()
    for tid, day in ((t1, "2026-03-02"), (t2, "2026-03-09")):
        assert (
            td.post(f"/api/leagues/{league['id']}/tournaments", {"tournament_id": tid, "played_on": day}).status_code
            == 200
        )
    # another league the running tournament is not in: its data stays private
    t3, _ = tournament(td, ["Emil", "Fritz"], "generic")
    other = td.post("/api/leagues", {"name": "Geheime Liga", "kind": "g_tour", "points": {"table": [10, 5]}}).json()
    td.post(f"/api/leagues/{other['id']}/tournaments", {"tournament_id": t3})

    anna = player_api(server, td, t2, ids2["Anna"])
    r = anna.get(f"/api/tournaments/{t2}/my-league")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["kind"] == "my_league" and body["entry_id"] == ids2["Anna"]
    assert [x["name"] for x in body["leagues"]] == ["Rangliste 2026"]
    mine = body["leagues"][0]
    assert mine["me"]["name"] == "Anna" and mine["me"]["points"] == 21 and mine["me"]["rank"] == 2
    assert [(x["name"], x["points"], x["me"]) for x in mine["top"][:2]] == [("Bert", 25, False), ("Anna", 21, True)]
    assert mine["provisional"] is True  # the running tournament counts provisionally
    q = mine["qualification"]
    assert q["rule"] == "V-I.e" and q["for"] == "champions_trophy" and q["qualified"] is False
    assert mine["month"]["period"] == "2026-03" and mine["month"]["provisional"] is True
    assert "Geheime Liga" not in r.text and "Emil" not in r.text

    # Anna busts in the running tournament: the next read has her new points (cache keyed by seq)
    ok(td, t2, "record_bust", {"entry_id": ids2["Anna"]})  # 4th of 4: V-XII 13 points
    again = anna.get(f"/api/tournaments/{t2}/my-league").json()["leagues"][0]
    assert again["me"]["points"] == 21 + 13

    # only the player token reads it; to a player of another tournament it is not there
    assert td.get(f"/api/tournaments/{t2}/my-league").status_code == 403
    dealer = Api(server.url, token_of(links(td, t2)["tables"][0]["url"]))
    assert dealer.get(f"/api/tournaments/{t2}/my-league").status_code == 403
    emil = player_api(server, td, t3, 1)
    r = emil.get(f"/api/tournaments/{t2}/my-league")
    assert r.status_code == 404 and r.json()["error"] == "unknown_tournament"
    assert Api(server.url).get(f"/api/tournaments/{t2}/my-league").status_code == 401


def test_a_player_outside_any_league_gets_an_empty_list(server, td):
    tid, ids = tournament(td, ["Anna", "Bert"])
    r = player_api(server, td, tid, ids["Anna"]).get(f"/api/tournaments/{tid}/my-league")
    assert r.status_code == 200 and r.json()["leagues"] == []


def test_public_view_has_the_players_left_history_and_the_director_reads_counted_stacks(server, td):
    tid, ids = tournament(td, ["Anna", "Bert", "Cleo", "Dora"])
    ok(td, tid, "start_clock")
    ok(td, tid, "record_bust", {"entry_id": ids["Dora"]})
    history = td.get(f"/api/tournaments/{tid}/public").json()["players_history"]
    assert [p[1] for p in history] == [4, 4, 3] and history[0][0] is None and history[1][0] <= history[2][0]

    table = td.get(f"/api/tournaments/{tid}/view").json()["tables"][0]
    stacks = {str(s["seat"]): 5000 + 1000 * i for i, s in enumerate(table["seats"])}
    ok(td, tid, "chip_count", {"table_no": 1, "stacks": stacks})
    r = td.get(f"/api/tournaments/{tid}/stacks")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["stacks"] == sorted(stacks.values()) and body["tables_counted"] == 1
    player = player_api(server, td, tid, ids["Anna"])
    assert player.get(f"/api/tournaments/{tid}/stacks").status_code == 403
    # the player's view carries his table's button for the seat picture
    seat = table["seats"][0]["seat"]
    ok(td, tid, "set_button", {"table_no": 1, "seat": seat})
    assert player.get(f"/api/tournaments/{tid}/view").json()["button"] == seat
