"""GET /api/me/first: a link's first screen in one answer (docs/first-scan.md). The boot script in
index.html asks it while the app's code loads; its parts must be what /api/me, /view and /public
answer, so the app stores them as if it had asked those three."""

import pytest

from server import command_ok as ok, links, seated_tournament, token_of

pytestmark = pytest.mark.in_process


def without_time(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in ("server_time", "generated_at")}


def test_each_link_gets_who_it_is_and_its_views_in_one_answer(server, td):
    tid = seated_tournament(td, players=6, tables=1)
    ok(td, tid, "start_clock")
    ls = links(td, tid)
    for url in (ls["players"][0]["url"], ls["tables"][0]["url"], ls["display"]["url"]):
        phone = server.api(token_of(url))
        first = phone.get("/api/me/first")
        assert first.status_code == 200, first.text
        assert first.headers["Cache-Control"] == "no-store"
        body = first.json()
        assert body["me"] == phone.get("/api/me").json()
        expected = [
            phone.get(f"/api/tournaments/{tid}/view").json(),
            phone.get(f"/api/tournaments/{tid}/public").json(),
        ]
        if expected[0]["kind"] == "public":
            expected = expected[:1]  # the TV's role view is the public view: sent once
        assert [without_time(v) for v in body["views"]] == [without_time(v) for v in expected]
    player = server.api(token_of(ls["players"][0]["url"])).get("/api/me/first").json()
    assert [v["kind"] for v in player["views"]] == ["player", "public"]
    assert player["views"][0]["table_no"] == 1


def test_a_director_gets_who_he_is_and_no_views(server, td):
    body = td.get("/api/me/first").json()
    assert body["me"]["role"] == "director" and body["views"] == []


def test_no_token_or_a_wrong_one_is_refused_in_json(server, td):
    for token in (None, "forged-token"):
        r = server.api(token).get("/api/me/first")
        assert r.status_code == 401
        assert r.json()["error"] and r.json()["message"]
