"""Director tools against the real server: printable seat cards and table QR sheets, the audit
log, the rejected commands to review, and inviting another director."""

import re

from backend.documents.qr import qr_svg
from server import Api, command_ok, links, seated_tournament, token_of, view

NASTY = "<b>Ö&\"'"


def dealer_api(server, td, tid, table_no):
    url = next(t["url"] for t in links(td, tid)["tables"] if t["table_no"] == table_no)
    return Api(server.url, token_of(url))


def player_api(server, td, tid):
    return Api(server.url, token_of(links(td, tid)["players"][0]["url"]))


def move_off_table(td, tid, entry_id, to_table):
    """Moves a player to a free seat of `to_table` (director's move)."""
    table = next(t for t in view(td, tid)["tables"] if t["table_no"] == to_table)
    taken = {s["seat"] for s in table["seats"]}
    seat = next(s for s in range(1, table["max_seats"] + 1) if s not in taken)
    command_ok(td, tid, "move_player", {"entry_id": entry_id, "to_table": to_table, "to_seat": seat})
    return seat


# --- Printouts ---------------------------------------------------------------------------------


def test_seat_cards_one_per_seated_player_sorted_escaped_with_the_players_qr(server, td):
    r = td.post("/api/tournaments", {"name": f"Cup {NASTY}", "preset": "generic"})
    tid = r.json()["id"]
    command_ok(td, tid, "register_player", {"name": NASTY})
    for i in range(1, 17):
        command_ok(td, tid, "register_player", {"name": f"Player {i:02d}"})

    early = td.get(f"/api/tournaments/{tid}/print/seat-cards?lang=en")
    assert early.status_code == 409 and early.json()["error"] == "not_drawn"
    assert "not drawn yet" in early.json()["message"]

    command_ok(td, tid, "draw_seats", {"tables": 3})
    page = td.get(f"/api/tournaments/{tid}/print/seat-cards?lang=en")
    assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
    html = page.text
    entries = view(td, tid)["entries"]
    order = [int(x) for x in re.findall(r'class="card" data-entry-id="(\d+)"', html)]
    assert len(order) == 17  # one per seated player
    assert order == [e["entry_id"] for e in sorted(entries, key=lambda e: (e["table_no"], e["seat"]))]
    assert html.count('class="page cards"') == 3  # 8 per A4 page: 8 + 8 + 1
    sheet = td.http.get(re.search(r'<link rel="stylesheet" href="([^"]+)"', html).group(1), timeout=10).text
    assert "@page { size: A4; margin: 10mm; }" in sheet and "break-inside: avoid" in sheet  # a file: CSP, no inline
    # Every name escaped: the player's and the tournament's.
    assert "<b>Ö" not in html and "&lt;b&gt;Ö&amp;&#34;&#39;" in html  # Jinja's autoescape spells quotes &#34; &#39;
    nasty = next(e for e in entries if e["name"] == NASTY)
    assert f"Table {nasty['table_no']} · Seat {nasty['seat']}" in html
    assert "Scan for your seat, the clock and the payouts" in html
    # The card's QR code is the player's own link (the one the links endpoint gives).
    url = next(p["url"] for p in links(td, tid)["players"] if p["entry_id"] == nasty["entry_id"])
    assert qr_svg(url) in html

    de = td.get(f"/api/tournaments/{tid}/print/seat-cards?lang=de&table=2").text
    at_two = [e["entry_id"] for e in entries if e["table_no"] == 2]
    assert len(re.findall(r'class="card" data-entry-id', de)) == len(at_two)
    assert "Tisch 2 · Sitz" in de and "Scannen für deinen Sitz" in de


def test_table_sheets_one_per_active_table_and_the_display(server, td):
    tid = seated_tournament(td, players=16, tables=3)
    html = td.get(f"/api/tournaments/{tid}/print/table-sheets?lang=en").text
    assert re.findall(r'class="page sheet" data-table="(\d+)"', html) == ["1", "2", "3"]
    assert html.count('data-display="1"') == 1 and "Dealer: scan to open this table" in html
    dealer_url = next(t["url"] for t in links(td, tid)["tables"] if t["table_no"] == 2)
    assert qr_svg(dealer_url) in html
    assert qr_svg(links(td, tid)["display"]["url"]) in html

    command_ok(td, tid, "break_table", {"table_no": 3})
    html = td.get(f"/api/tournaments/{tid}/print/table-sheets?lang=de").text
    assert re.findall(r'class="page sheet" data-table="(\d+)"', html) == ["1", "2"]
    assert "Tisch 1" in html and "Dealer: scannen" in html
    one = td.get(f"/api/tournaments/{tid}/print/table-sheets?table=2").text
    assert re.findall(r'data-table="(\d+)"', one) == ["2"] and 'data-display="1"' not in one


def test_a_range_of_tables_and_a_cap_per_printout(server, td):
    tid = seated_tournament(td, players=202, tables=101)
    too_many = td.get(f"/api/tournaments/{tid}/print/table-sheets?lang=en")
    assert too_many.status_code == 409 and too_many.json()["field"] == "table"
    assert "101 table sheets are too many" in too_many.json()["message"]
    html = td.get(f"/api/tournaments/{tid}/print/table-sheets?from_table=50&to_table=52").text
    assert re.findall(r'data-table="(\d+)"', html) == ["50", "51", "52"] and 'data-display="1"' not in html
    cards = td.get(f"/api/tournaments/{tid}/print/seat-cards?from_table=100").text
    assert len(re.findall(r'class="card" data-entry-id', cards)) == 4  # tables 100 and 101, 2 each
    backwards = td.get(f"/api/tournaments/{tid}/print/seat-cards?from_table=5&to_table=4")
    assert backwards.status_code == 400 and backwards.json()["field"] == "to_table"


def test_dealer_and_player_tokens_get_403(server, td):
    tid = seated_tournament(td, players=8, tables=2)
    phones = (dealer_api(server, td, tid, 1), player_api(server, td, tid))
    for path in ("print/seat-cards", "print/table-sheets", "audit", "rejections"):
        for api in phones:
            r = api.get(f"/api/tournaments/{tid}/{path}")
            assert r.status_code == 403 and r.json()["error"] == "forbidden", (path, r.text)
        assert Api(server.url).get(f"/api/tournaments/{tid}/{path}").status_code == 401, path


# One server for all of them: each case is a request of its own, and a server per case cost seconds each.
BAD_PARAMS = [
    ("print/seat-cards", "lang=fr", "lang"),
    ("print/seat-cards", "table=abc", "table"),
    ("print/table-sheets", "table=0", "table"),
    ("print/table-sheets", "size=A3", "size"),
    ("audit", "limit=0", "limit"),
    ("audit", "limit=201", "limit"),
    ("audit", "before=x", "before"),
    ("audit", "table=-1", "table"),
    ("audit", "entry=1.5", "entry"),
    ("rejections", "limit=many", "limit"),
]


def test_bad_params_give_json_400_naming_the_field(server, td):
    tid = seated_tournament(td, players=4, tables=1)
    for path, query, field in BAD_PARAMS:
        r = td.get(f"/api/tournaments/{tid}/{path}?{query}")
        assert r.status_code == 400, (path, query, r.text)
        assert r.json()["field"] == field and r.json()["message"], (path, query, r.text)


def test_an_unknown_table_is_a_404_naming_the_table(server, td):
    tid = seated_tournament(td, players=4, tables=1)
    r = td.get(f"/api/tournaments/{tid}/print/seat-cards?table=7")
    assert r.status_code == 404 and r.json()["field"] == "table"


# --- Audit log ---------------------------------------------------------------------------------


def test_audit_log_names_who_did_what_newest_first_and_pages(server, td):
    tid = seated_tournament(td, players=10, tables=2)
    entries = view(td, tid)["entries"]
    victim = next(e for e in entries if e["table_no"] == 2)
    killer = next(e for e in entries if e["table_no"] == 2 and e["entry_id"] != victim["entry_id"])
    dealer = dealer_api(server, td, tid, 2)
    command_ok(dealer, tid, "record_bust", {"entry_id": victim["entry_id"], "eliminated_by": killer["entry_id"]})

    log = td.get(f"/api/tournaments/{tid}/audit?lang=en&limit=50").json()
    newest = log["items"][0]
    assert newest["type"] == "player_busted" and newest["actor_text"] == "Dealer table 2"
    assert newest["text"] == (
        f"Table 2, seat {victim['seat']}: {victim['name']} busted, 10th, eliminated by {killer['name']}"
    )
    assert newest["device_id"] == dealer.device_id
    assert [i["seq"] for i in log["items"]] == sorted((i["seq"] for i in log["items"]), reverse=True)
    assert log["items"][-1]["type"] == "tournament_created" and log["next_before"] is None
    assert {i["actor_text"] for i in log["items"][1:]} == {"Director td"}
    assert any(i["text"] == "Seats drawn: 10 players at 2 tables" for i in log["items"])

    de = td.get(f"/api/tournaments/{tid}/audit?lang=de&limit=1").json()
    assert de["items"][0]["actor_text"] == "Dealer Tisch 2" and "ausgeschieden, 10." in de["items"][0]["text"]
    # Paging with before: the pages join up without gaps or repeats.
    seen, before = [], None
    while True:
        page = td.get(f"/api/tournaments/{tid}/audit?limit=4" + (f"&before={before}" if before else "")).json()
        seen += [i["seq"] for i in page["items"]]
        before = page["next_before"]
        if before is None:
            break
    assert seen == list(range(view(td, tid)["seq"], 0, -1))


def test_audit_filters_by_table_and_by_entry(server, td):
    tid = seated_tournament(td, players=10, tables=2)
    entries = view(td, tid)["entries"]
    one = next(e for e in entries if e["table_no"] == 1)
    two = next(e for e in entries if e["table_no"] == 2)
    command_ok(td, tid, "record_bust", {"entry_id": one["entry_id"]})
    command_ok(td, tid, "record_bust", {"entry_id": two["entry_id"]})
    at_two = td.get(f"/api/tournaments/{tid}/audit?table=2&lang=en").json()["items"]
    assert [i["type"] for i in at_two] == ["player_busted", "seats_drawn"]
    assert two["name"] in at_two[0]["text"]
    his = td.get(f"/api/tournaments/{tid}/audit?entry={one['entry_id']}").json()["items"]
    assert [i["type"] for i in his] == ["player_busted", "seats_drawn", "player_registered"]


def test_an_unknown_event_type_or_odd_payload_is_shown_plainly():
    from backend.read.audit import describe_command, describe_event

    name_of = lambda i: f"#{i}"
    assert describe_event("warp_drive_engaged", {"x": 1}, "en", name_of) == "Event warp_drive_engaged"
    assert describe_event("player_moved", {"entry_id": 3}, "de", name_of).startswith("#3 von Tisch ?")
    assert describe_event("player_busted", {"busts": "nonsense", "place": "x"}, "en", name_of)
    assert describe_command("teleport_player", {"entry_id": 1}, "en", name_of) == "teleport player"


def test_g_final_the_audit_calls_the_two_tables_of_eight_the_last_two_tables():
    """G-Final: the redraw at 16 is "die letzten 2 Tische", the one at 8 the final table."""
    from backend.read.audit import describe_event

    name_of = lambda i: f"#{i}"
    two = {"table_no": 1, "tables": [1, 2], "moves": [{}] * 16, "broken": [3]}
    assert describe_event("final_table_formed", two, "en", name_of) == "Last two tables drawn, 16 players"
    assert describe_event("final_table_formed", two, "de", name_of) == "Letzte zwei Tische ausgelost, 16 Spieler"
    one = {"table_no": 1, "tables": [1], "moves": [{}] * 8, "broken": [2]}
    assert describe_event("final_table_formed", one, "en", name_of) == "Final table formed"


def test_audit_words_exist_in_both_languages_with_the_same_placeholders():
    import string

    from backend.engine import EVENTS as APPLIERS
    from backend.read.audit import describe_event
    from backend.words import COMMANDS, EVENTS

    names = lambda text: sorted(f for _, f, _, _ in string.Formatter().parse(text) if f)
    for table in (EVENTS, COMMANDS):
        assert table["en"].keys() == table["de"].keys()
        for key, text in table["en"].items():
            assert names(text) == names(table["de"][key]), key
    for type in APPLIERS:  # every event type the engine knows reads as a sentence (or the fallback)
        assert describe_event(type, {}, "de", lambda i: "?")


# --- Rejections to review ----------------------------------------------------------------------


def test_a_dealers_rejected_bust_is_listed_for_review(server, td):
    tid = seated_tournament(td, players=10, tables=2)
    moved = next(e for e in view(td, tid)["entries"] if e["table_no"] == 2)
    seat = move_off_table(td, tid, moved["entry_id"], 1)
    dealer = dealer_api(server, td, tid, 2)
    r = dealer.command(tid, "record_bust", {"entry_id": moved["entry_id"]})
    assert r.status_code == 403, r.text  # not his table any more
    why = r.json()["message"]
    assert f"was moved to table 1, seat {seat} — bust not applied" in why
    assert td.command(tid, "register_player", {"name": moved["name"]}).status_code == 409  # a director's too

    body = td.get(f"/api/tournaments/{tid}/rejections?lang=en").json()
    assert body["count"] == 2
    newest, dealers = body["items"]
    assert newest["actor_text"] == "Director td" and newest["what"] == f"register {moved['name']}"
    assert dealers["text"] == f"Dealer table 2: bust {moved['name']}" and dealers["why"] == why
    assert dealers["device_id"] == dealer.device_id and dealers["type"] == "record_bust"
    de = td.get(f"/api/tournaments/{tid}/rejections?lang=de&limit=1").json()
    assert de["count"] == 2 and len(de["items"]) == 1 and de["items"][0]["actor_text"] == "Turnierleiter td"
    # Applied commands are not "to review".
    command_ok(td, tid, "start_clock")
    assert td.get(f"/api/tournaments/{tid}/rejections").json()["count"] == 2


# --- Several directors -------------------------------------------------------------------------


def test_a_director_invites_another_who_sets_up_once(server, td):
    r = td.post("/api/directors/invite")
    assert r.status_code == 201, r.text
    url = r.json()["url"]
    assert "/#/setup/" in url and r.json()["qr_svg"].startswith("<svg")
    token = token_of(url)
    anna = Api(server.url)
    r = anna.post("/api/auth/setup", {"setup_token": token, "username": "anna", "password": "secret pass"})
    assert r.status_code == 200, r.text
    anna.token = r.json()["token"]
    assert anna.get("/api/me").json()["director"]["username"] == "anna"
    again = Api(server.url).post(
        "/api/auth/setup", {"setup_token": token, "username": "bob", "password": "secret pass"}
    )
    assert again.status_code == 401 and again.json()["field"] == "setup_token"
    assert [d["username"] for d in anna.get("/api/directors").json()] == ["td", "anna"]
    # Anna sees and runs the first director's tournaments.
    tid = seated_tournament(td, players=4, tables=1)
    command_ok(anna, tid, "start_clock")


def test_only_a_director_invites(server, td):
    tid = seated_tournament(td, players=4, tables=1)
    for api in (dealer_api(server, td, tid, 1), player_api(server, td, tid)):
        assert api.post("/api/directors/invite").status_code == 403
    assert Api(server.url).post("/api/directors/invite").status_code == 401


def test_two_directors_see_each_other_live_conflict_once_and_are_named_in_the_audit(server, td):
    import threading

    from test_realtime import ViewListener

    tid = seated_tournament(td, players=10, tables=2)
    invite = td.post("/api/directors/invite").json()["url"]
    r = Api(server.url).post(
        "/api/auth/setup", {"setup_token": token_of(invite), "username": "anna", "password": "secret pass"}
    )
    anna = Api(server.url, r.json()["token"])
    phones = {}
    for who, api in (("td", td), ("anna", anna)):
        phones[who] = ViewListener(server.url, api.token)
        assert phones[who].client.call("subscribe", {"tournament_id": tid}, timeout=5) == {"ok": True}
        phones[who].next("director")
    try:
        # Each sees the other's change live.
        seq = command_ok(anna, tid, "start_clock")["seq"]
        assert phones["td"].next("director", seq=seq)["clock"]["status"] == "running"
        seq = command_ok(td, tid, "pause_clock")["seq"]
        assert phones["anna"].next("director", seq=seq)["clock"]["status"] == "paused"

        # Both bust the same player at once (different op ids): one applied, one clear rejection.
        victim = view(td, tid)["entries"][0]
        answers = {}
        start = threading.Barrier(2)

        def bust(who, api):
            start.wait()
            answers[who] = api.command(tid, "record_bust", {"entry_id": victim["entry_id"]})

        threads = [threading.Thread(target=bust, args=a) for a in (("td", td), ("anna", anna))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(a.status_code for a in answers.values())
        assert codes == [200, 409], {k: a.text for k, a in answers.items()}
        loser = next(a.json() for a in answers.values() if a.status_code == 409)
        assert loser["status"] == "rejected" and victim["name"] in loser["message"]
        winner = next(w for w, a in answers.items() if a.status_code == 200)
        for phone in phones.values():
            assert phone.next("director", seq=answers[winner].json()["seq"])["players_left"] == 9
    finally:
        for phone in phones.values():
            phone.close()

    items = td.get(f"/api/tournaments/{tid}/audit?lang=en").json()["items"]
    by_type = {i["type"]: i["actor_text"] for i in items}
    assert by_type["clock_started"] == "Director anna" and by_type["clock_paused"] == "Director td"
    assert by_type["player_busted"] == f"Director {winner}"
    review = td.get(f"/api/tournaments/{tid}/rejections?lang=en").json()["items"]
    loser_name = "anna" if winner == "td" else "td"
    assert review[0]["text"] == f"Director {loser_name}: bust {victim['name']}"
