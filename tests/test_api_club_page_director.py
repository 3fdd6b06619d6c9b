"""The director's side of sign-up (docs/sign-up.md): the director view carries the tournament's
start and online sign-up settings and marks the desk's rows that came from a phone, and the QR
code of the club's page for its wall encodes the page's short link."""

import uuid

import pytest

from backend.api.view_schemas import DirectorView
from backend.documents.qr import qr_svg
from backend.service import now_ms
from in_process import InProcessApi
from server import command_ok

pytestmark = pytest.mark.in_process
HOUR = 3600 * 1000


def director_view(td, tid: int) -> dict:
    r = td.get(f"/api/tournaments/{tid}/view")
    assert r.status_code == 200, r.text
    view = r.json()
    DirectorView().load(view)  # the document's shape, nothing left out of it
    return view


def sign_up(server, tid: int, name: str):
    phone = InProcessApi(server.app)
    body = {"op_id": str(uuid.uuid4()), "device_id": phone.device_id, "name": name}
    r = phone.post(f"/api/public/tournaments/{tid}/sign-up", body)
    assert r.status_code == 200, r.text
    return r.json()


def test_the_director_view_shows_the_sign_up_settings_and_which_rows_came_online(server, td):
    tid = td.post("/api/tournaments", {"name": "Monday Deepstack", "preset": "generic"}).json()["id"]
    assert director_view(td, tid)["sign_up"] is None  # no start set: not on the club's page

    starts, opens = now_ms() + 30 * HOUR, now_ms() - HOUR
    command_ok(td, tid, "set_capacity", {"max": 2})
    command_ok(td, tid, "set_sign_up", {"starts_at": starts, "online": True, "opens_at": opens, "closes_at": None})
    command_ok(td, tid, "register_player", {"name": "Desk Dora"})
    online = sign_up(server, tid, "Anna Weiss")
    waiting = sign_up(server, tid, "Beat Keller")
    assert waiting["waiting"] is True

    view = director_view(td, tid)
    assert view["sign_up"] == {
        "starts_at": starts,
        "online": True,
        "opens_at": opens,
        "closes_at": None,
        "confirm": False,
    }
    by_name = {e["name"]: e["entry_id"] for e in view["entries"]}
    desk = view["registration"]
    assert desk["signed_up"] == [by_name["Anna Weiss"]]  # Desk Dora was typed at the desk
    assert [(w["name"], w.get("signed_up")) for w in desk["waiting"]] == [("Beat Keller", True)]

    command_ok(td, tid, "set_sign_up", {"starts_at": starts, "online": False})
    assert director_view(td, tid)["sign_up"]["online"] is False
    assert online["name"] == "Anna Weiss"


def test_the_club_page_qr_code_holds_the_page_short_link(server, td):
    r = td.get("/api/clubs/mine/page-qr.svg")
    assert r.status_code == 200, r.text
    assert r.headers["Content-Type"].startswith("image/svg+xml")
    slug = td.get("/api/me").json()["club"]["slug"]
    link = InProcessApi(server.app).get(f"/api/public/clubs/{slug}").json()["link"]
    assert link.endswith(f"/c/{slug}")
    # the same code the server makes for that link, and not the code of any other address
    assert r.text == qr_svg(link)
    assert r.text != qr_svg(link + "x")


def test_the_club_page_qr_code_is_for_directors_only(server, td):
    assert InProcessApi(server.app).get("/api/clubs/mine/page-qr.svg").status_code == 401
    tid = td.post("/api/tournaments", {"name": "Monday Deepstack", "preset": "generic"}).json()["id"]
    command_ok(td, tid, "set_sign_up", {"starts_at": now_ms() + 30 * HOUR, "online": True})
    player = InProcessApi(server.app, sign_up(server, tid, "Anna Weiss")["token"])
    refused = player.get("/api/clubs/mine/page-qr.svg")
    assert refused.status_code == 403 and refused.json()["error"] == "forbidden", refused.text


def test_the_club_page_poster_prints_the_name_the_code_and_the_link(server, td):
    slug = td.get("/api/me").json()["club"]["slug"]
    link = InProcessApi(server.app).get(f"/api/public/clubs/{slug}").json()["link"]
    for lang, lead in (("de", "Melde dich mit dem Handy an"), ("en", "sign up with your phone")):
        r = td.get("/api/clubs/mine/print/page-poster", params={"lang": lang})
        assert r.status_code == 200, r.text
        assert r.headers["Content-Type"].startswith("text/html")
        assert lead in r.text and link in r.text
        assert qr_svg(link) in r.text  # the wall's code is the page's, as on the director's phone
    bad = td.get("/api/clubs/mine/print/page-poster", params={"lang": "fr"})
    assert bad.status_code == 400 and bad.json()["field"] == "lang", bad.text
    assert InProcessApi(server.app).get("/api/clubs/mine/print/page-poster").status_code == 401
