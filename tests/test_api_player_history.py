"""A player's season over HTTP in-process (docs/season.md): the nights one person of the club
played, as each tournament's state has them, and what they add up to. The test plays real nights
and counts what it expects from what it did: the place from the order of the busts, the prize from
the buy-ins and the preset's payout table (N-3.7), the points from the V-XII table, the knockouts
from the eliminators it named."""

import time
import uuid

import pytest
from sqlmodel import delete

from backend.store import TournamentEntryPerson, session_scope
from in_process import InProcessApi
from server import command_ok, links, token_of
from test_api_legal import second_club_director

pytestmark = pytest.mark.in_process

V_XII = [25, 21, 17, 13, 11, 10, 9, 8, 7]  # the club ranking's points per place (v-ranking's rulebook)
BUY_IN, FEE = 20, 5  # night one: the law's 300 CHF a day stays far away (VGS Art. 39 Abs. 2 lit. a)


def night(td, name, preset, players, person_ids=None, settings=None):
    r = td.post("/api/tournaments", {"name": name, "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    if settings:
        command_ok(td, tid, "edit_settings", settings)
    ids = {}
    for player in players:
        payload = {"name": player, "id_checked": True}
        if person_ids and player in person_ids:
            payload["person_id"] = person_ids[player]
        ids[player] = command_ok(td, tid, "register_player", payload)["result"]["entry_id"]
    return tid, ids


def bust(td, tid, entry_id, by=None):
    command_ok(td, tid, "record_bust", {"entry_id": entry_id, **({"eliminated_by": by} if by else {})})


def player_api(server, td, tid, entry_id) -> InProcessApi:
    (row,) = [p for p in links(td, tid)["players"] if p["entry_id"] == entry_id]
    return server.api(token_of(row["url"]))


def person_id(td, name) -> int:
    (found,) = [p for p in td.get("/api/persons", params={"q": name}).json() if p["name"] == name]
    return found["id"]


def test_two_nights_and_one_running_add_up_to_the_season_a_person_played(server, td):
    league = td.post("/api/leagues", {"name": "Rangliste", "kind": "v_ranking"}).json()["id"]

    # Night one (s-trophy, CHF): Anna re-enters once, puts out three players and finishes second.
    others = [f"Eins {i}" for i in range(1, 8)]
    one, a = night(
        td, "Trophy Abend", "s-trophy", ["Anna Muster", "Ben Bauer", *others[1:]], None, {"buy_in": BUY_IN, "fee": FEE}
    )
    command_ok(td, one, "draw_seats", {"tables": 1})
    anna1, ben = a["Anna Muster"], a["Ben Bauer"]
    bust(td, one, a["Eins 7"], by=anna1)
    bust(td, one, anna1, by=ben)
    command_ok(td, one, "reentry", {"entry_id": anna1})
    bust(td, one, a["Eins 6"], by=anna1)
    bust(td, one, a["Eins 5"])
    bust(td, one, a["Eins 4"], by=anna1)
    for out in ("Eins 3", "Eins 2"):
        bust(td, one, a[out], by=ben)
    bust(td, one, anna1, by=ben)  # Ben wins: Anna is second of eight
    knockouts_one = 3
    buy_ins_one = 8 + 1  # eight players and one re-entry (N-3.7: the field is the buy-ins)
    prize_one = BUY_IN * buy_ins_one * 30 // 100  # 2nd of 8-10 buy-ins: 30 % of the pool (fees aside)
    assert td.post(f"/api/leagues/{league}/tournaments", {"tournament_id": one}).status_code == 200

    # Night two (v-ranking: headhunter chips, no money): another spelling, linked to the same person.
    anna = person_id(td, "Anna Muster")
    two, b = night(
        td, "Rangliste Abend", "v-ranking", ["A. Muster", "Zwei 1", "Zwei 2", "Zwei 3", "Zwei 4"], {"A. Muster": anna}
    )
    command_ok(td, two, "draw_seats", {"tables": 1})
    anna2 = b["A. Muster"]
    bust(td, two, b["Zwei 4"], by=anna2)
    bust(td, two, b["Zwei 3"])
    bust(td, two, b["Zwei 2"], by=anna2)
    bust(td, two, b["Zwei 1"], by=anna2)  # Anna wins
    knockouts_two = 3
    hh_two = 1 + knockouts_two  # her start chip and one from each player she put out (V-VII.r)
    assert td.post(f"/api/leagues/{league}/tournaments", {"tournament_id": two}).status_code == 200

    # Night three is still running: she is out fourth of four, provisionally.
    three, c = night(td, "Montag", "generic", ["Anna Muster", "Drei 1", "Drei 2", "Drei 3"])
    command_ok(td, three, "draw_seats", {"tables": 1})
    bust(td, three, c["Anna Muster"])
    # Night four is still to come: registered, not drawn; it is no night played.
    night(td, "Nächste Woche", "generic", ["Anna Muster", "Vier 1"])
    # Another club's Anna Muster is another person: her night never shows.
    bravo = second_club_director(server, td)
    theirs, t = night(bravo, "Bravo Night", "generic", ["Anna Muster", "Bravo 1"])
    command_ok(bravo, theirs, "draw_seats", {"tables": 1})
    bust(bravo, theirs, t["Bravo 1"], by=t["Anna Muster"])

    r = td.get(f"/api/persons/{anna}/history")
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["person"] == {"id": anna, "name": "Anna Muster"}
    assert [n["tournament_id"] for n in h["nights"]] == [three, two, one]  # newest first
    n3, n2, n1 = h["nights"]
    today = time.strftime("%Y-%m-%d", time.gmtime())
    assert {n["played_on"] for n in h["nights"]} == {today}
    assert (n1["name"], n1["preset_id"], n1["currency"], n1["status"]) == (
        "Trophy Abend",
        "s-trophy",
        "CHF",
        "finished",
    )
    assert (n1["place"], n1["tie"], n1["players"], n1["prize"]) == (2, 1, 8, prize_one)
    assert (n1["knockouts"], n1["reentries"], n1["hh_chips"], n1["provisional"]) == (knockouts_one, 1, None, False)
    assert n1["points"] == [{"league_id": league, "name": "Rangliste", "points": V_XII[1]}]
    assert (n2["place"], n2["players"], n2["prize"], n2["knockouts"], n2["reentries"]) == (1, 5, 0, knockouts_two, 0)
    assert (n2["hh_chips"], n2["points"][0]["points"], n2["entry_id"]) == (hh_two, V_XII[0], anna2)
    assert (n3["place"], n3["players"], n3["provisional"], n3["status"], n3["points"]) == (4, 4, True, "seated", [])
    totals = h["totals"]
    assert (totals["nights"], totals["cashes"], totals["wins"]) == (3, 1, 1)
    assert totals["prizes"] == [{"currency": "CHF", "amount": prize_one}]
    assert totals["best"] == {"place": 1, "tie": 1, "tournament_id": two}
    assert (totals["knockouts"], totals["reentries"], totals["hh_chips"]) == (knockouts_one + knockouts_two, 1, hh_two)
    assert totals["leagues"] == [
        {"league_id": league, "name": "Rangliste", "kind": "v_ranking", "points": V_XII[1] + V_XII[0], "nights": 2}
    ]
    assert h["provisional"] is True
    # The league's own standings say the same points for her.
    standings = td.get(f"/api/leagues/{league}/standings").json()["overall"]
    assert [x["points"] for x in standings if x["person_id"] == anna] == [V_XII[1] + V_XII[0]]

    # Her link of night two reads the same season; Ben's reads his own (one night, the winner).
    mine = player_api(server, td, two, anna2).get(f"/api/tournaments/{two}/my-history")
    assert mine.status_code == 200, mine.text
    assert {**mine.json(), "server_time": 0} == {**h, "server_time": 0}
    bens = player_api(server, td, one, ben).get(f"/api/tournaments/{one}/my-history").json()
    assert bens["person"]["name"] == "Ben Bauer" and [n["place"] for n in bens["nights"]] == [1]
    assert bens["nights"][0]["knockouts"] == 2 + 2  # Anna twice (every bust counts), Eins 3 and Eins 2
    assert "Anna" not in str(bens)

    # Bravo's Anna: one night, Bravo's; Bravo cannot read Alpha's person.
    bravo_anna = person_id(bravo, "Anna Muster")
    assert bravo_anna != anna
    theirs_history = bravo.get(f"/api/persons/{bravo_anna}/history").json()
    assert [n["tournament_id"] for n in theirs_history["nights"]] == [theirs]
    r = bravo.get(f"/api/persons/{anna}/history")
    assert (r.status_code, r.json()["error"], r.json()["field"]) == (404, "unknown_person", "person_id")
    assert "Anna" not in r.text


def test_a_players_link_reads_only_its_own_season(server, td):
    """A player's token reads his own history through his tournament, never a person's by id;
    an entry without a person gets its one night, a sign-up still waiting none."""
    tid, ids = night(td, "Montag", "generic", ["Carla Coe", "Dan Doe", "Eve Eck"])
    command_ok(td, tid, "draw_seats", {"tables": 1})
    bust(td, tid, ids["Eve Eck"], by=ids["Dan Doe"])
    carla, dan = player_api(server, td, tid, ids["Carla Coe"]), player_api(server, td, tid, ids["Dan Doe"])
    dans_person = person_id(td, "Dan Doe")
    for who in (carla, dan):  # no person's history by id from a link, not even his own
        r = who.get(f"/api/persons/{dans_person}/history")
        assert (r.status_code, r.json()["error"]) == (403, "forbidden")
    own = carla.get(f"/api/tournaments/{tid}/my-history").json()
    assert own["person"]["name"] == "Carla Coe" and "Dan" not in str(own) and "Eve" not in str(own)
    assert own["nights"][0]["still_in"] is True and own["nights"][0]["place"] is None
    other, _ = night(td, "Dienstag", "generic", ["Carla Coe"])
    assert carla.get(f"/api/tournaments/{other}/my-history").status_code == 404  # a link knows one tournament
    assert server.api().get(f"/api/tournaments/{tid}/my-history").status_code == 401
    assert td.get("/api/persons/987654/history").json()["field"] == "person_id"

    # An entry linked to no person (registered before the club kept persons): his one night.
    with session_scope(server.app.extensions["pokerfloor"].db) as session:
        session.exec(delete(TournamentEntryPerson).where(TournamentEntryPerson.entry_id == ids["Dan Doe"]))
    alone = dan.get(f"/api/tournaments/{tid}/my-history").json()
    assert alone["person"] is None and [(n["tournament_id"], n["knockouts"]) for n in alone["nights"]] == [(tid, 1)]

    # A sign-up still waiting for a place has no entry: no night yet.
    soon, _ = night(td, "Freitag", "generic", [])
    command_ok(td, soon, "set_capacity", {"max": 2})
    command_ok(td, soon, "set_sign_up", {"starts_at": int(time.time() * 1000) + 86_400_000, "online": True})
    tokens = []
    for name in ("Fritz First", "Hans Second", "Gina Waiting"):
        body = {"op_id": str(uuid.uuid4()), "device_id": "sign-up-phone", "name": name}
        r = server.api().post(f"/api/public/tournaments/{soon}/sign-up", body)
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    waiting = server.api(tokens[2]).get(f"/api/tournaments/{soon}/my-history").json()
    assert (waiting["person"], waiting["nights"], waiting["totals"]["nights"]) == (None, [], 0)
    # Fritz has a place, but the night is still to come and nobody saw his ID: no person, no night.
    fritz = server.api(tokens[0]).get(f"/api/tournaments/{soon}/my-history").json()
    assert fritz["person"] is None and fritz["nights"] == []


def test_a_name_typed_on_the_club_page_reads_no_persons_season_until_the_desk_saw_the_id(server, td):
    """The club's page links a sign-up to the club's person by the spelling of the name alone
    (accents, case and spaces aside). A stranger who signs up as "carla  COE" must not read Carla's
    season or her standings mail, nor change or erase it, until the desk has seen his ID."""
    tid, ids = night(td, "Montag", "generic", ["Carla Coe", "Dan Doe", "Eve Eck"])
    command_ok(td, tid, "draw_seats", {"tables": 1})
    bust(td, tid, ids["Eve Eck"], by=ids["Carla Coe"])
    bust(td, tid, ids["Dan Doe"], by=ids["Carla Coe"])  # Carla wins her night
    carla = player_api(server, td, tid, ids["Carla Coe"])
    mail = f"/api/tournaments/{tid}/my-standings-mail"
    assert carla.put(mail, {"email": "carla.private@example.org", "subscribed": True}).status_code == 200

    soon, _ = night(td, "Freitag", "generic", [])
    command_ok(td, soon, "set_sign_up", {"starts_at": int(time.time() * 1000) + 86_400_000, "online": True})
    body = {"op_id": str(uuid.uuid4()), "device_id": "a-strangers-phone", "name": "carla  COE"}
    r = server.api().post(f"/api/public/tournaments/{soon}/sign-up", body)
    assert r.status_code == 200, r.text
    stranger = server.api(r.json()["token"])
    seen = stranger.get(f"/api/tournaments/{soon}/my-history")
    assert seen.status_code == 200 and seen.json()["person"] is None and seen.json()["nights"] == []
    assert "carla.private" not in seen.text and "Montag" not in seen.text
    theirs = f"/api/tournaments/{soon}/my-standings-mail"
    for r in (
        stranger.get(theirs),
        stranger.put(theirs, {"email": "stranger@example.org", "subscribed": True}),
        stranger.put(theirs, {"email": None, "subscribed": False}),
    ):
        assert (r.status_code, r.json()["error"]) == (409, "not_vouched"), r.text
        assert "carla.private" not in r.text
    later, _ = night(td, "Samstag", "generic", [])  # one name signs up once per night: another night
    command_ok(td, later, "set_sign_up", {"starts_at": int(time.time() * 1000) + 86_400_000, "online": True})
    body = {"op_id": str(uuid.uuid4()), "device_id": "another-phone", "name": "CARLA coe"}
    other = server.api(server.api().post(f"/api/public/tournaments/{later}/sign-up", body).json()["token"])
    erased = other.post(
        f"/api/tournaments/{later}/my-data/erase", {"op_id": str(uuid.uuid4()), "device_id": "another-phone"}
    )
    assert erased.status_code == 200 and erased.json()["cancelled"] is True, erased.text
    assert carla.get(mail).json() == {"email": "carla.private@example.org", "subscribed": True}

    # At the desk the director sees the ID of the real Carla (the same person): now it is hers.
    (entry,) = [e for e in td.get(f"/api/tournaments/{soon}/view").json()["entries"] if e["name"] == "Carla Coe"]
    command_ok(td, soon, "check_in", {"entry_id": entry["entry_id"], "id_checked": True})
    vouched = stranger.get(f"/api/tournaments/{soon}/my-history").json()
    assert vouched["person"]["name"] == "Carla Coe" and [n["tournament_id"] for n in vouched["nights"]] == [tid]
    assert stranger.get(theirs).json() == {"email": "carla.private@example.org", "subscribed": True}
