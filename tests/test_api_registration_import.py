"""CSV import and the registration desk over HTTP in-process (Flask's test client): exports from
Excel and Google Sheets (UTF-8 with or without BOM, Windows-1252, ';' ',' or tab), a report
line by line, one atomic batch per upload, and a retry that imports nothing twice (N-3.3, N-3.5)."""

import uuid

import pytest

from server import command_ok, read_db

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)

NAMES = ["Jürgen Müller", "Zoë Weiß", "Ånne Øster"]


def new_tournament(td, preset="n-monday") -> int:
    r = td.post("/api/tournaments", {"name": "Montag", "preset": preset})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def upload(td, tid, data: bytes, op_id=None):
    params = {"op_id": op_id or uuid.uuid4().hex, "device_id": td.device_id}
    return td.http.post(
        f"{td.base}/api/tournaments/{tid}/import",
        data=data,
        params=params,
        timeout=30,
        headers={**td.headers(), "Content-Type": "text/csv"},
    )


def view(td, tid) -> dict:
    r = td.get(f"/api/tournaments/{tid}/view")
    assert r.status_code == 200, r.text
    return r.json()


def names(td, tid) -> list[str]:
    return [e["name"] for e in view(td, tid)["entries"]]


def registered_events(server, tid) -> int:
    return read_db(
        server,
        "SELECT count(*) FROM event WHERE tournament_id = ? AND type IN ('player_registered', 'player_waitlisted')",
        (tid,),
    )[0][0]


def test_utf8_bom_cp1252_semicolons_tabs_and_first_last_names(server, td):
    tid = new_tournament(td)
    utf8 = ("\ufeffName;Bezahlt;Ausweis\n" + f"{NAMES[0]};ja;x\n{NAMES[1]};;\n").encode("utf-8")
    r = upload(td, tid, utf8)
    assert r.status_code == 200, r.text
    report = r.json()
    assert [(i["line"], i["name"]) for i in report["imported"]] == [(2, NAMES[0]), (3, NAMES[1])]
    assert report["waiting"] == [] and report["rejected"] == []
    # Windows-1252 (Excel on Windows), comma separated, first + last name columns.
    cp1252 = "Vorname,Nachname,prepaid\nJürgen,Müller,no\nZoë,Weiß,yes\nFranz,Kölbl,1\n".encode("cp1252")
    r = upload(td, tid, cp1252)
    assert r.status_code == 200, r.text
    report = r.json()
    assert [i["name"] for i in report["imported"]] == ["Franz Kölbl"]
    # Duplicates against the field are named with their line (the umlauts read right from cp1252).
    assert [(i["line"], i["name"], i["error"]) for i in report["rejected"]] == [
        (2, "Jürgen Müller", "duplicate_name"),
        (3, "Zoë Weiß", "duplicate_name"),
    ]
    tabs = "first_name\tlast_name\nÅnne\tØster\n".encode()
    assert [i["name"] for i in upload(td, tid, tabs).json()["imported"]] == ["Ånne Øster"]
    entries = {e["name"]: e for e in view(td, tid)["entries"]}
    assert set(entries) == {NAMES[0], NAMES[1], "Franz Kölbl", "Ånne Øster"}
    assert entries[NAMES[0]]["prepaid"] and entries[NAMES[0]]["id_checked"]
    assert entries["Franz Kölbl"]["prepaid"] and not entries[NAMES[1]]["prepaid"]
    # Imported players registered in advance: absent until they check in (N-3.2).
    assert all(e["present"] is False for e in entries.values())
    assert registered_events(server, tid) == 4


def test_bad_lines_are_reported_and_the_good_ones_land_in_one_batch(server, td):
    tid = new_tournament(td)
    command_ok(td, tid, "register_player", {"name": "Jürgen Müller", "id_checked": True})
    csv = ("Spieler;prepaid\nAnna;ja\nJürgen Müller;\n;ja\nBert;vielleicht\nanna;\nCarla;x\n\n").encode()
    r = upload(td, tid, csv)
    assert r.status_code == 200, r.text
    report = r.json()
    assert [i["name"] for i in report["imported"]] == ["Anna", "Carla"]
    assert [(i["line"], i["field"], i["reason"]) for i in report["rejected"]] == [
        (3, "name", "Jürgen Müller is already registered."),
        (4, "name", "no name"),
        (5, "prepaid", "prepaid 'vielleicht' is not yes or no (ja/yes/1/x or empty/nein/no/0)"),
        (6, "name", "anna is already registered."),
    ]
    assert names(td, tid) == ["Jürgen Müller", "Anna", "Carla"]
    seqs = read_db(
        server,
        "SELECT DISTINCT op_id FROM event WHERE tournament_id = ? AND type = 'player_registered' AND op_id = ?",
        (tid, report["op_id"]),
    )
    assert len(seqs) == 1  # the two good lines: one command in the log


def test_50_lines_into_a_capacity_of_44_put_6_on_the_waiting_list_n_3_5_n_3_3(server, td):
    tid = new_tournament(td)
    csv = ("name\n" + "".join(f"Spieler {i:02d}\n" for i in range(1, 51))).encode("utf-8")
    op_id = uuid.uuid4().hex
    report = upload(td, tid, csv, op_id).json()
    assert len(report["imported"]) == 44
    assert [(w["name"], w["waiting"]) for w in report["waiting"]] == [(f"Spieler {i}", i - 44) for i in range(45, 51)]
    v = view(td, tid)
    assert v["players_left"] == 44 and v["entries_total"] == 44 and v["buy_ins"] == 44
    assert v["registration"]["capacity"] == 44 and v["registration"]["field"] == 44
    assert [w["name"] for w in v["registration"]["waiting"]] == [f"Spieler {i}" for i in range(45, 51)]
    # The same upload again (a retry after a lost answer): the stored answer, nothing twice.
    again = upload(td, tid, csv, op_id)
    assert again.status_code == 200 and again.json()["imported"] == report["imported"]
    assert view(td, tid)["seq"] == v["seq"] and registered_events(server, tid) == 50
    # A new upload of the same list: every line is a duplicate, nothing is added.
    third = upload(td, tid, csv).json()
    assert third["imported"] == [] and len(third["rejected"]) == 50
    assert "already on the waiting list" in third["rejected"][-1]["reason"]
    assert registered_events(server, tid) == 50


def test_whole_file_refusals_name_the_reason_and_import_nothing(server, td):
    tid = new_tournament(td)

    def refused(data: bytes, error: str, field: str, *words):
        r = upload(td, tid, data)
        body = r.json()
        assert (r.status_code, body["error"], body["field"]) == (
            400 if error != "file_too_big" else 413,
            error,
            field,
        ), r.text
        for word in words:
            assert word in body["message"], body["message"]

    refused(b"", "empty_file", "file", "empty")
    refused(b"   \r\n", "empty_file", "file")
    refused(b"Spitzname;Alter\nJ\xfcrgen;42\n", "missing_name_column", "name", "line 1: missing column name")
    refused(bytes(range(256)) * 4, "not_csv", "file", "CSV")
    refused(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not_csv", "file")
    refused(("name\n" + "x" * 300 * 1024).encode(), "file_too_big", "file", "KB")
    refused(("name\n" + "".join(f"P{i}\n" for i in range(2001))).encode(), "too_many_lines", "file", "2000")
    assert registered_events(server, tid) == 0
    # A bad op_id is refused before the file is read.
    r = td.http.post(
        f"{td.base}/api/tournaments/{tid}/import",
        data=b"name\nA\n",
        timeout=10,
        params={"op_id": "x", "device_id": td.device_id},
        headers=td.headers(),
    )
    assert (r.status_code, r.json()["field"]) == (400, "op_id")


def test_only_a_director_imports_and_not_after_the_draw(server, td):
    tid = new_tournament(td, "generic")
    r = td.http.post(
        f"{td.base}/api/tournaments/{tid}/import",
        data=b"name\nA\n",
        params={"op_id": uuid.uuid4().hex, "device_id": "dev1"},
        timeout=10,
    )
    assert r.status_code == 401
    upload(td, tid, b"name\nA\nB\n")
    command_ok(td, tid, "draw_seats", {"tables": 1})
    r = upload(td, tid, b"name\nC\n")
    assert (r.status_code, r.json()["error"]) == (409, "registration_closed")


def test_desk_check_in_with_id_close_and_the_list_moves_up_n_3_6_n_3_4(server, td):
    tid = new_tournament(td)
    csv = ("name;prepaid\n" + "".join(f"P{i:02d};{'ja' if i == 2 else ''}\n" for i in range(1, 47))).encode()
    report = upload(td, tid, csv).json()
    assert len(report["imported"]) == 44 and len(report["waiting"]) == 2
    r = td.command(tid, "check_in", {"entry_id": 1})
    assert (r.status_code, r.json()["field"]) == (409, "id_checked") and "N-3.4" in r.json()["message"]
    for entry_id in range(3, 45):
        command_ok(td, tid, "check_in", {"entry_id": entry_id, "id_checked": True})
    preview = view(td, tid)["registration"]["close_preview"]
    assert [p["name"] for p in preview["released"]] == ["P01"]  # P02 is prepaid: the seat is kept (N-3.2)
    assert [p["name"] for p in preview["promoted"]] == ["P45"]
    result = command_ok(td, tid, "close_check_in")["result"]
    assert result["promoted"] == [{"entry_id": 45, "name": "P45"}]
    v = view(td, tid)
    assert v["registration"]["check_in_closed_at"] and v["registration"]["close_preview"] is None
    assert [w["name"] for w in v["registration"]["waiting"]] == ["P46"]
    assert v["players_left"] == 44 and v["entries_total"] == 44
    r = td.command(tid, "check_in", {"entry_id": 1, "id_checked": True})
    assert (r.status_code, r.json()["error"]) == (409, "check_in_closed")
    r = td.command(tid, "set_registration_flags", {"entry_id": 3})
    assert (r.status_code, r.json()["field"]) == (400, "payload.prepaid")


def test_n_3_5_n_3_12_a_field_the_room_cannot_seat_is_refused_and_a_registration_taken_back(server, td):
    """N-3.12: n-monday plays at most 4 tables of 11. Before, a capacity of 46 was accepted, 46
    buy-ins taken and no draw possible, with no way back. Now the capacity is refused naming the
    rule, and a registration is taken back before the draw."""
    tid = new_tournament(td)
    r = td.command(tid, "set_capacity", {"max": 46})
    body = r.json()
    assert (r.status_code, body["error"], body["field"], body["rule"]) == (409, "capacity_over_tables", "max", "N-3.12")
    assert "44 at most" in body["message"]
    for i in range(45):
        command_ok(td, tid, "register_player", {"name": f"Spieler {i + 1}", "id_checked": True})
    desk = view(td, tid)["registration"]
    assert (desk["field"], desk["capacity"], desk["waiting_total"]) == (44, 44, 1)
    command_ok(td, tid, "remove_registration", {"entry_id": 5})
    desk = view(td, tid)["registration"]
    assert (desk["field"], desk["waiting_total"]) == (43, 1) and desk["released"] == []
    assert view(td, tid)["money"]["buy_ins"] == 43
    command_ok(td, tid, "promote_waiting", {"id_checked": True})
    command_ok(td, tid, "draw_seats", {"tables": 4})
    r = td.command(tid, "remove_registration", {"entry_id": 6})
    assert (r.status_code, r.json()["error"]) == (409, "seats_drawn"), r.text
    r = td.command(tid, "remove_registration", {"entry_id": "6"})
    assert (r.status_code, r.json()["field"]) == (400, "payload.entry_id"), r.text


def test_n_3_6_a_waiting_player_moved_up_who_never_checks_in_is_no_buy_in_and_loses_the_place_at_the_draw(server, td):
    """N-3.6, N-3.4, N-3.1: the imported waiting player moves up at the close as a reservation; his
    buy-in counts only once he checks in; if he never does, the draw gives his place up."""
    tid = new_tournament(td)
    command_ok(td, tid, "set_capacity", {"max": 3})
    command_ok(td, tid, "register_player", {"name": "Anna", "id_checked": True})
    command_ok(td, tid, "register_player", {"name": "Beat", "id_checked": True})
    command_ok(td, tid, "register_player", {"name": "Chris", "present": False})  # unpaid, never comes
    command_ok(td, tid, "import_players", {"rows": [{"line": 2, "name": "Dora"}]})  # waiting, ID unseen
    closed = command_ok(td, tid, "close_check_in")["result"]
    assert closed["promoted"] == [{"entry_id": 4, "name": "Dora"}]
    assert view(td, tid)["money"]["buy_ins"] == 2 and view(td, tid)["money"]["prize_pool"] == 250
    drawn = command_ok(td, tid, "draw_seats", {"tables": 1})["result"]
    assert drawn["released"] == [{"entry_id": 4, "name": "Dora"}]
    dview = view(td, tid)
    dora = next(e for e in dview["entries"] if e["entry_id"] == 4)
    assert (dora["status"], dora["table_no"]) == ("released", None)
    assert dview["money"]["buy_ins"] == 2 and dview["players_left"] == 2
