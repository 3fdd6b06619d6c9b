"""The TV's reads over HTTP and Socket.IO ("The TV tells the room"): the seating list by
name a page at a time and the display view, for the display token and the director only (a
player's phone gets neither: the list is the wall's, not pushed to 10,000 phones); the printable
seating list; the display view pushed to the TV's room on a move, never to a player."""

import queue

from server import Api, command_ok, links, token_of, view
from test_realtime import ViewListener

NAMES = ["Zora", "Ömer", "anton", "Anna", "Bärbel", "Weiß", "Wein", "Carl", "Émile", "Dora"]


def tournament(td, names=NAMES, tables=2):
    r = td.post("/api/tournaments", {"name": "TV room", "preset": "generic"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for name in names:
        command_ok(td, tid, "register_player", {"name": name})
    command_ok(td, tid, "draw_seats", {"tables": tables})
    return tid


def tokens(server, td, tid):
    ls = links(td, tid)
    return (
        Api(server.url, token_of(ls["display"]["url"])),
        Api(server.url, token_of(ls["players"][0]["url"])),
        Api(server.url, token_of(ls["tables"][0]["url"])),
    )


def test_the_seating_list_pages_by_name_for_the_tv_and_the_director_only(server, td):
    tid = tournament(td)
    tv, player, dealer = tokens(server, td, tid)
    r = tv.get(f"/api/tournaments/{tid}/seating", params={"per_page": 4})
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["total"], body["pages"], body["page"], body["per_page"]) == (10, 3, 1, 4)
    assert [row["name"] for row in body["rows"]] == ["Anna", "anton", "Bärbel", "Carl"]
    seats = {(t["table_no"], s["seat"]): s["name"] for t in view(td, tid)["tables"] for s in t["seats"]}
    assert all(seats[(row["table_no"], row["seat"])] == row["name"] for row in body["rows"])
    last = tv.get(f"/api/tournaments/{tid}/seating", params={"per_page": 4, "page": 3}).json()
    assert [row["name"] for row in last["rows"]] == ["Weiß", "Zora"]
    everyone = td.get(f"/api/tournaments/{tid}/seating").json()["rows"]
    assert [row["name"] for row in everyone] == [
        "Anna",
        "anton",
        "Bärbel",
        "Carl",
        "Dora",
        "Émile",
        "Ömer",
        "Wein",
        "Weiß",
        "Zora",
    ]
    for other in (player, dealer):
        refused = other.get(f"/api/tournaments/{tid}/seating")
        assert refused.status_code == 403 and refused.json()["error"] == "forbidden"
        assert other.get(f"/api/tournaments/{tid}/display").status_code == 403


def test_bad_seating_queries_are_json_400_naming_the_field(server, td):
    tid = tournament(td)
    tv, _, _ = tokens(server, td, tid)
    for params, field in (
        ({"page": 0}, "page"),
        ({"page": "x"}, "page"),
        ({"per_page": 201}, "per_page"),
        ({"per_page": -1}, "per_page"),
        ({"sort": "table"}, "sort"),
    ):
        r = tv.get(f"/api/tournaments/{tid}/seating", params=params)
        assert r.status_code == 400 and r.json()["field"] == field, (params, r.text)
    assert tv.get("/api/tournaments/999/seating").status_code in (403, 404)


def test_a_move_reaches_the_tv_s_room_as_a_small_display_view_and_no_player(server, td):
    tid = tournament(td, tables=2)
    ls = links(td, tid)
    tv = ViewListener(server.url, token_of(ls["display"]["url"]))
    bystander = ViewListener(server.url, token_of(ls["players"][0]["url"]))
    assert tv.next("display")["moves"] == []
    bystander.next("public")
    director = view(td, tid)
    anna = next(e for e in director["entries"] if e["name"] == "Anna")
    other = next(t for t in director["tables"] if t["table_no"] != anna["table_no"])
    free = next(s for s in range(1, other["max_seats"] + 1) if s not in {x["seat"] for x in other["seats"]})
    seq = command_ok(
        td, tid, "move_player", {"entry_id": anna["entry_id"], "to_table": other["table_no"], "to_seat": free}
    )["seq"]
    pushed = tv.next("display", seq=seq)
    assert pushed["moves"][0]["name"] == "Anna" and pushed["moves"][0]["to_table"] == other["table_no"]
    assert pushed["moves"][0]["to_seat"] == free
    got = Api(server.url, token_of(ls["display"]["url"])).get(f"/api/tournaments/{tid}/display").json()
    assert got["moves"] == pushed["moves"] and got["seq"] == seq
    for kind in ("display", "public"):  # a move is not every phone's business
        try:
            bystander.next(kind, timeout=0.5, seq=seq)
            raise AssertionError(f"a player's phone got the {kind} view for a move")
        except queue.Empty:
            pass
    tv.close()
    bystander.close()


def test_the_director_prints_the_seating_list_by_name(server, td):
    r = td.post("/api/tournaments", {"name": "Not drawn", "preset": "generic"})
    undrawn = r.json()["id"]
    refused = td.get(f"/api/tournaments/{undrawn}/print/seating-list")
    assert refused.status_code == 409 and refused.json()["error"] == "not_drawn"
    tid = tournament(td, names=NAMES + ["<b>Eve</b>"])
    r = td.get(f"/api/tournaments/{tid}/print/seating-list", params={"lang": "en"})
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/html")
    html = r.text
    assert "Seating list by name" in html and "11 players seated" in html
    # punctuation does not count: "<b>Eve</b>" sorts as "beveb", between Bärbel and Carl
    order = ["Anna", "anton", "Bärbel", "&lt;b&gt;Eve&lt;/b&gt;", "Carl", "Dora", "Émile", "Ömer", "Weiß", "Zora"]
    positions = [html.index(f"<span>{name}</span>") for name in order]
    assert positions == sorted(positions) and "<b>Eve</b>" not in html  # escaped
    german = td.get(f"/api/tournaments/{tid}/print/seating-list").text
    assert "Sitzliste nach Namen" in german and "<span>Sitz</span>" in german  # a seat is a Sitz
    bad = td.get(f"/api/tournaments/{tid}/print/seating-list", params={"lang": "fr"})
    assert bad.status_code == 400 and bad.json()["field"] == "lang"
    tv, _, _ = tokens(server, td, tid)
    assert tv.get(f"/api/tournaments/{tid}/print/seating-list").status_code == 403
