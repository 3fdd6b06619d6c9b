"""The printable pages (seat cards, table sheets, seating list, results) and the trust page
are autoescaped templates. A name that is valid text but HTML (a director may type anything) is
shown as text on every page, never run: the only script is the page's own file."""

import html
import re

from server import command_ok
from test_security_headers import make_app

TOURNAMENT = "<script>alert(1)</script> Cup & \"Friends\" 'n'"
PLAYER = "<script>alert(2)</script>"
LEAGUE = "<img src=x onerror=alert(3)>"


def assert_shown_not_run(page: str, names: list[str], where: str) -> None:
    for name in names:
        assert name in html.unescape(page), f"{where}: {name!r} is not on the page"
    assert "<script>alert" not in page and "<img" not in page, where
    assert '"Friends"' not in page and "'n'" not in page, where  # quotes too: they would end an attribute
    scripts = re.findall(r"<script[^>]*>", page)
    assert len(scripts) == 1 and scripts[0].endswith('/print.js">'), (where, scripts)


def test_a_hostile_name_is_escaped_on_every_printable_page(server, td):
    tid = td.post("/api/tournaments", {"name": TOURNAMENT, "preset": "generic"}).json()["id"]
    command_ok(td, tid, "register_player", {"name": PLAYER})
    for i in range(1, 10):
        command_ok(td, tid, "register_player", {"name": f"Player {i}"})
    command_ok(td, tid, "draw_seats", {"tables": 2})
    lid = td.post("/api/leagues", {"name": LEAGUE, "kind": "v_ranking"}).json()["id"]
    assert td.post(f"/api/leagues/{lid}/tournaments", {"tournament_id": tid}).status_code == 200
    pages = {
        "print/seat-cards": [TOURNAMENT, PLAYER],
        "print/table-sheets": [TOURNAMENT],
        "print/seating-list": [TOURNAMENT, PLAYER],
        "results.html": [TOURNAMENT, PLAYER, f"Points {LEAGUE}"],
    }
    for path, names in pages.items():
        r = td.get(f"/api/tournaments/{tid}/{path}", params={"lang": "en"})
        assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/html"), (path, r.text[:300])
        assert_shown_not_run(r.text, names, path)
        title = html.unescape(re.search(r"<title>(.*?)</title>", r.text).group(1))
        assert title.startswith(TOURNAMENT + " – "), (path, title)
    cards = td.get(f"/api/tournaments/{tid}/print/seat-cards", params={"lang": "en"}).text
    assert cards.count('class="card" data-entry-id=') == 10 and "<svg" in cards  # the QR codes stay markup


def test_the_trust_page_escapes_the_servers_own_addresses(tmp_path):
    """The trust page shows no name, only the server's addresses and fingerprint: escaped all the same."""
    bad = 'https://venue.test:5443/"><script>alert(4)</script>'
    app = make_app(tmp_path, LOCAL_HTTPS=True, PUBLIC_URL=bad, TRUST_URL=bad + "/trust", CA_FINGERPRINT="<b>AB:CD</b>")
    page = app.test_client().get("/trust?lang=en").get_data(as_text=True)
    assert "Trust this server" in page and "<script>alert" not in page and "<b>AB" not in page
    assert bad + "/trust" in html.unescape(page) and "<b>AB:CD</b>" in html.unescape(page)
    assert re.findall(r"<script[^>]*>", page) == ['<script src="/trust/check.js">']
    probe = re.search(r'data-probe="([^"]*)"', page).group(1)  # up to the first raw quote
    assert html.unescape(probe) == bad + "/api/health"  # the whole address stayed inside the attribute
