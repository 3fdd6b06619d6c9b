"""The HTTP API against a real server process."""

import uuid

from server import Api, director, seated_tournament


def test_first_login_link_works_once_and_then_login(server):
    api = Api(server.url)
    token = server.setup_token()
    r = api.post("/api/auth/setup", {"setup_token": token, "username": "anna", "password": "secret-pass"})
    assert r.status_code == 200 and r.json()["director"]["username"] == "anna"
    again = api.post("/api/auth/setup", {"setup_token": token, "username": "bob", "password": "secret-pass"})
    assert again.status_code == 401 and again.json()["field"] == "setup_token"
    bad = api.post("/api/auth/login", {"username": "anna", "password": "wrong-pass"})
    assert bad.status_code == 401 and bad.json()["error"] == "bad_credentials"
    good = api.post("/api/auth/login", {"username": "anna", "password": "secret-pass"})
    assert good.status_code == 200
    me = Api(server.url, good.json()["token"]).get("/api/me").json()
    assert me["role"] == "director" and me["director"]["username"] == "anna"


def test_register_draw_bust_and_views(server, td):
    tid = seated_tournament(td, players=20, tables=2)
    view = td.get(f"/api/tournaments/{tid}/view").json()
    assert view["kind"] == "director" and view["players_left"] == 20
    sizes = [len(t["seats"]) for t in view["tables"]]
    assert sorted(sizes) == [10, 10]
    seats = {(e["table_no"], e["seat"]) for e in view["entries"]}
    assert len(seats) == 20  # nobody shares a seat
    victim = view["entries"][4]["entry_id"]
    r = td.command(tid, "record_bust", {"entry_id": victim})
    assert r.status_code == 200 and r.json()["result"] == {"entry_id": victim, "place": 20}
    after = td.get(f"/api/tournaments/{tid}/view").json()
    assert after["players_left"] == 19 and after["seq"] > view["seq"]
    assert after["busts"][0]["entry_id"] == victim and after["busts"][0]["place"] == 20


def test_links_give_each_role_its_own_view_and_nothing_more(server, td):
    tid = seated_tournament(td, players=6, tables=2)
    links = td.get(f"/api/tournaments/{tid}/links").json()
    for url in [links["display"]["url"]] + [t["url"] for t in links["tables"]] + [p["url"] for p in links["players"]]:
        assert "/#/" in url and "?" not in url  # the token rides in the fragment only
    dealer = Api(server.url, links["tables"][0]["url"].rsplit("/", 1)[1])
    table = dealer.get(f"/api/tournaments/{tid}/view").json()
    assert table["kind"] == "table" and table["table_no"] == 1 and len(table["seats"]) == 3
    player_link = links["players"][0]
    player = Api(server.url, player_link["url"].rsplit("/", 1)[1])
    pv = player.get(f"/api/tournaments/{tid}/view").json()
    assert pv["kind"] == "player" and pv["entry_id"] == player_link["entry_id"] and pv["seat"] >= 1
    display = Api(server.url, links["display"]["url"].rsplit("/", 1)[1])
    assert display.get(f"/api/tournaments/{tid}/view").json()["kind"] == "public"
    # Roles: a player may not bust anyone; a dealer only at the own table; nobody else's tournament.
    assert player.command(tid, "record_bust", {"entry_id": 1}).status_code == 403
    other_table = next(e for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"] if e["table_no"] == 2)
    r = dealer.command(tid, "record_bust", {"entry_id": other_table["entry_id"]})
    assert r.status_code == 403 and "table 2" in r.json()["message"]
    assert dealer.get("/api/tournaments").status_code == 403
    assert player.get(f"/api/tournaments/{tid}/links").status_code == 403
    # The same links come back: a director can print a table's QR again.
    assert td.get(f"/api/tournaments/{tid}/links").json() == links
    svg = td.get(f"/api/tournaments/{tid}/qr/table/1.svg")
    assert svg.status_code == 200 and svg.headers["Content-Type"].startswith("image/svg+xml") and b"<svg" in svg.content


def test_bad_input_is_a_json_error_naming_the_field(server, td):
    tid = seated_tournament(td, players=4, tables=1)
    cases = [
        ({"device_id": "dev1", "type": "record_bust", "payload": {"entry_id": 1}}, "op_id"),
        ({"op_id": str(uuid.uuid4()), "device_id": "dev1", "type": "explode", "payload": {}}, "type"),
        (
            {"op_id": str(uuid.uuid4()), "device_id": "dev1", "type": "record_bust", "payload": {"entry_id": "x"}},
            "payload.entry_id",
        ),
        ({"op_id": str(uuid.uuid4()), "device_id": "dev1", "type": "record_bust", "payload": {}}, "payload.entry_id"),
        (
            {"op_id": str(uuid.uuid4()), "device_id": "dev1", "type": "draw_seats", "payload": {"tables": -1}},
            "payload.tables",
        ),
        (
            {"op_id": str(uuid.uuid4()), "device_id": "dev1", "type": "register_player", "payload": {"name": "  "}},
            "payload.name",
        ),
        ({"op_id": str(uuid.uuid4()), "device_id": "dev1", "type": "start_clock", "payload": {}, "extra": 1}, "extra"),
    ]
    before = td.get(f"/api/tournaments/{tid}/view").json()["seq"]
    for body, field in cases:
        r = td.post(f"/api/tournaments/{tid}/commands", json=body)
        assert r.status_code == 400, (body, r.text)
        assert r.json()["field"] == field and r.json()["message"], r.json()
    r = td.post(f"/api/tournaments/{tid}/commands", data="not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "invalid_json"
    assert td.command(tid, "record_bust", {"entry_id": 999}).status_code == 404
    assert td.command(999, "record_bust", {"entry_id": 1}).status_code == 404
    assert td.get(f"/api/tournaments/{tid}/view").json()["seq"] == before  # nothing applied
    assert td.post("/api/tournaments", {"name": "X", "preset": "nope"}).json()["field"] == "preset"
    assert Api(server.url).get("/api/tournaments").status_code == 401
    assert Api(server.url, "forged-token").get("/api/me").status_code == 401
    assert td.get("/api/nowhere").json()["error"] == "not_found"


def test_rules_rejections_are_409_and_stick_to_their_op_id(server, td):
    tid = seated_tournament(td, players=3, tables=1)
    assert td.command(tid, "record_bust", {"entry_id": 1}).json()["result"]["place"] == 3
    op = str(uuid.uuid4())
    r = td.command(tid, "record_bust", {"entry_id": 1}, op_id=op)
    assert r.status_code == 409 and r.json()["error"] == "already_out" and r.json()["field"] == "entry_id"
    assert td.command(tid, "record_bust", {"entry_id": 1}, op_id=op).json()["error"] == "already_out"
    assert td.command(tid, "pause_clock").json()["error"] == "clock_not_running"
    assert td.command(tid, "draw_seats", {"tables": 1}).json()["error"] == "already_drawn"


def test_last_bust_crowns_the_winner(server, td):
    tid = seated_tournament(td, players=3, tables=1)
    td.command(tid, "record_bust", {"entry_id": 3})
    r = td.command(tid, "record_bust", {"entry_id": 1})
    assert r.json()["result"]["place"] == 2
    view = td.get(f"/api/tournaments/{tid}/view").json()
    assert view["status"] == "finished"
    assert {e["entry_id"]: e["place"] for e in view["entries"]} == {1: 2, 2: 1, 3: 3}


def test_openapi_document_lists_the_command_endpoint(server):
    doc = Api(server.url).get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    command = doc["components"]["schemas"]["Command"]
    assert set(command["required"]) == {"op_id", "device_id", "type"}
    assert "record_bust" in command["properties"]["type"]["enum"]
    assert "/api/tournaments/{tid}/commands" in doc["paths"]


def test_server_on_postgresql(tmp_path, pg_schema_url):
    from server import ServerProcess

    srv = ServerProcess(tmp_path / "pgvar", database_url=pg_schema_url).start()
    try:
        api = director(srv)
        tid = seated_tournament(api, players=5, tables=1)
        assert api.command(tid, "record_bust", {"entry_id": 2}).json()["result"]["place"] == 5
        assert api.get(f"/api/tournaments/{tid}/view").json()["players_left"] == 4
    finally:
        srv.stop()


def test_ids_too_large_for_the_database_are_404_not_500(server, td):
    huge = 10**22
    for path in (f"/api/tournaments/{huge}/view", f"/api/tournaments/{huge}/public", f"/api/tournaments/{huge}/links"):
        r = td.get(path)
        assert r.status_code == 404 and r.json()["field"] == "tournament_id", (path, r.text)
    r = td.command(huge, "start_clock")
    assert r.status_code == 404 and r.json()["error"] == "unknown_tournament"


def test_chip_counts_take_only_plain_seat_numbers(server, td):
    tid = seated_tournament(td, players=3, tables=1)
    r = td.command(tid, "chip_count", {"table_no": 1, "stacks": {"\u0663": 5000}})  # an Arabic-Indic 3
    assert r.status_code == 400 and r.json()["field"].startswith("payload.stacks")
