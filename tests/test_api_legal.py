"""The law's limits over HTTP with real tournaments (engine/legal.py, read/legal_day.py): the club's
day is worked out by the server from its own tournaments, whatever a phone sends; refusals answer
409 (400 for a malformed command) with the article as `rule` and the English message the phone's
words make (pwa/src/i18n/en.ts)."""

import re
import time
import uuid
from pathlib import Path

import pytest

from in_process import InProcessApi
from server import command_ok, token_of

# The director's words for the law's refusals (pwa/src/views/director/legalWords.ts).
EN = dict(
    re.findall(r'^\s*"legal\.([\w.]+)": "(.*)",$', (Path(__file__).parents[1] / "pwa/src/i18n/en.ts").read_text(), re.M)
)


def english(error: str, params: dict) -> str:
    """The phone's English for a law refusal, with the article at its end (pwa/src/ui/reasons.ts)."""
    key = error + (f".{params['variant']}" if "variant" in params else "")
    text = re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), EN[key])
    return f"{text[:-1]} ({params['rule']})."


pytestmark = pytest.mark.in_process

DAY_MS = 24 * 3600 * 1000


def tournament(td, preset="s-trophy", buy_in=100, fee=10, name="Abend") -> int:
    r = td.post("/api/tournaments", {"name": name, "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    if buy_in is not None:
        command_ok(td, tid, "edit_settings", {"buy_in": buy_in, "fee": fee})
    return tid


def register(td, tid, name):
    return command_ok(td, tid, "register_player", {"name": name, "id_checked": True})["result"]["entry_id"]


def refused(td, tid, type, payload, status=409):
    r = td.command(tid, type, payload)
    assert r.status_code == status, r.text
    return r.json()


def test_vgs_39_2a_300_francs_a_day_across_two_tournaments_of_the_club_with_a_re_entry(server, td):
    # VGS Art. 39 Abs. 2 lit. a: 300 Franken für die Summe der Startgelder einer Spielerin in allen Turnieren
    first, second = tournament(td, name="Early"), tournament(td, name="Late")
    assert td.get(f"/api/tournaments/{first}/view").json()["legal"]["id"] == "ch-vgs"
    register(td, first, "Anna Muster")  # 100 (and a 10 fee, no Startgeld: BGS Art. 36 Abs. 2)
    anna = register(td, second, "anna  muster")  # 200: the same person, spaces and case aside
    for i in range(9):
        register(td, second, f"Spieler {i}")
    command_ok(td, second, "draw_seats", {"tables": 1})
    command_ok(td, second, "record_bust", {"entry_id": anna})
    command_ok(td, second, "reentry", {"entry_id": anna})  # 300: exactly the limit
    command_ok(td, second, "record_bust", {"entry_id": anna})
    body = refused(td, second, "reentry", {"entry_id": anna})
    assert (body["error"], body["rule"], body["basis"]) == ("legal_player_day", "VGS Art. 39 Abs. 2 lit. a", "law")
    assert (body["params"]["paid"], body["params"]["amount"], body["params"]["max"]) == (300, 100, 300)
    assert body["message"] == (
        "anna muster has paid 300 CHF in Startgelder today; another 100 CHF would be over the legal "
        "300 CHF a day (VGS Art. 39 Abs. 2 lit. a)."
    )
    # The phone's English words say the same, the article at their end (pwa/src/ui/reasons.ts).
    assert english(body["error"], body["params"]) == body["message"]


def test_a_phone_cannot_send_its_own_day(server, td):
    # VGS Art. 39 Abs. 2 lit. a: the day is the server's, never the client's
    tid = tournament(td)
    body = refused(td, tid, "register_player", {"name": "Anna", "legal_day": {"paid": 0}}, status=400)
    assert body["field"].startswith("payload.legal_day") or "legal_day" in str(body)


def second_club_director(server, td) -> InProcessApi:
    r = td.post("/api/clubs", {"name": "Bravo"})
    assert r.status_code == 201, r.text
    api = InProcessApi(server.app)
    setup = {"setup_token": token_of(r.json()["invitation"]["url"]), "username": "bravo", "password": "a long password"}
    r = api.post("/api/auth/setup", setup)
    assert r.status_code == 200, r.text
    api.token = r.json()["token"]
    return api


def test_another_clubs_tournaments_and_the_day_before_do_not_count(server, td):
    # VGS Art. 39 Abs. 2 lit. a: "pro Tag und Veranstaltungsort": the venue is the club, the day today
    bravo = second_club_director(server, td)
    theirs = tournament(bravo, buy_in=200)
    register(bravo, theirs, "Anna Muster")  # 200 at another club
    yesterday = tournament(td, buy_in=200, name="Gestern")
    now = int(time.time() * 1000)
    command_ok(td, yesterday, "set_sign_up", {"starts_at": now - DAY_MS, "online": False})
    register(td, yesterday, "Anna Muster")  # 200 yesterday
    today = tournament(td, buy_in=200, name="Heute")
    register(td, today, "Anna Muster")  # 200 today: nothing else counts
    # A second tournament today: 200 + 200 is over.
    other = tournament(td, buy_in=200, name="Heute spät")
    body = refused(td, other, "register_player", {"name": "Anna Muster", "id_checked": True})
    assert (body["error"], body["params"]["paid"], body["rule"]) == (
        "legal_player_day",
        200,
        "VGS Art. 39 Abs. 2 lit. a",
    )


def test_vgs_39_1a_and_4_refusals_over_http(server, td):
    # VGS Art. 39 Abs. 1 lit. a: 200 Franken für das Startgeld; Abs. 4: mindestens zehn Personen
    tid = tournament(td, preset="n-monday", buy_in=None)
    body = refused(td, tid, "edit_settings", {"buy_in": 250})
    assert (body["error"], body["rule"], body["basis"], body["field"]) == (
        "legal_buy_in",
        "VGS Art. 39 Abs. 1 lit. a",
        "law",
        "buy_in",
    )
    assert (
        english(body["error"], body["params"])
        == body["message"]
        == ("A buy-in of 250 CHF is over the legal 200 CHF per Startgeld (VGS Art. 39 Abs. 1 lit. a).")
    )
    for i in range(9):
        register(td, tid, f"P{i}")
    body = refused(td, tid, "start_clock", {})
    assert (body["error"], body["rule"], body["params"]["players"]) == ("legal_min_players", "VGS Art. 39 Abs. 4", 9)


def test_vgs_39_3_a_fifth_tournament_is_warned_at_creation_and_cannot_start(server, td):
    # VGS Art. 39 Abs. 3: Pro Tag und Veranstaltungsort werden maximal vier Pokerturniere bewilligt
    for n in range(4):
        tid = tournament(td, buy_in=10, fee=0, name=f"T{n}")
        for i in range(10):
            register(td, tid, f"T{n} P{i}")
        command_ok(td, tid, "start_clock")
    r = td.post("/api/tournaments", {"name": "Fifth", "preset": "s-trophy"})
    assert r.status_code == 201, r.text
    (warning,) = r.json()["warnings"]
    assert (warning["code"], warning["rule"], warning["params"]["tournaments"]) == (
        "legal_tournaments_day",
        "VGS Art. 39 Abs. 3",
        4,
    )
    fifth = r.json()["id"]
    for i in range(10):
        register(td, fifth, f"F{i}")
    body = refused(td, fifth, "start_clock", {})
    assert (body["error"], body["rule"], body["params"]["started"]) == (
        "legal_tournaments_day",
        "VGS Art. 39 Abs. 3",
        4,
    )


def test_set_legal_profile_hostile_input_and_the_audit_log(server, td):
    tid = tournament(td, buy_in=None)
    for payload in (
        {"profile": "ch-vgs-lax"},
        {"profile": None},
        {"profile": 1},
        {"profile": "none", "reason": 12345678901},
        {"profile": "none", "reason": "x" * 501},
        {"profile": "ch-vgs", "limits": {"id": "ch-vgs", "limits": {}}},  # the limits are the server's
        {"profile": "none", "reason": "a good reason here", "extra": 1},
    ):
        r = td.command(tid, "set_legal_profile", payload)
        assert r.status_code == 400, (payload, r.text)
    body = refused(td, tid, "set_legal_profile", {"profile": "none", "reason": "   too short  "}, status=400)
    assert (body["error"], body["field"]) == ("reason_required", "reason")
    assert refused(td, tid, "set_legal_profile", {"profile": "ch-vgs"})["error"] == "no_change"
    reason = "Members' evening, no money: " + uuid.uuid4().hex[:6]
    command_ok(td, tid, "set_legal_profile", {"profile": "none", "reason": reason})
    assert td.get(f"/api/tournaments/{tid}/view").json()["legal"] is None
    for lang, said in (("en", "Legal limits switched off (were ch-vgs)"), ("de", "Gesetzliche Grenzen ausgeschaltet")):
        lines = [row["text"] for row in td.get(f"/api/tournaments/{tid}/audit?lang={lang}").json()["items"]]
        assert any(said in line and reason in line for line in lines), lines
    # On again: the limits are the file's, whatever was asked.
    command_ok(td, tid, "set_legal_profile", {"profile": "ch-vgs"})
    legal = td.get(f"/api/tournaments/{tid}/view").json()["legal"]
    assert legal["limits"]["max_buy_in"] == {"value": 200, "cite": "VGS Art. 39 Abs. 1 lit. a"}
