"""Check-in by the player's QR code (backend/api/desk_scan.py): his phone shows his personal link as a
QR code (GET my-qr.svg), the desk scans it (POST desk/scan) and sees who he is, where his registration
stands, what to collect and whether his ID is still to be seen. Only a live player link of the desk's
own tournament answers; every other text is the same 404."""

import re

import pytest
import qrcode

from backend.api.answer_schemas import DeskScan
from backend.documents.qr import qr_svg
from in_process import InProcessApi
from server import command_ok, links, token_of
from test_api_sign_up import open_tournament, sign_up

pytestmark = pytest.mark.in_process
MODULE = re.compile(r"M(\d+),(\d+)H")


def scan(td, tid: int, link) -> object:
    return td.post(f"/api/tournaments/{tid}/desk/scan", {"link": link})


def scanned(td, tid: int, link) -> dict:
    r = scan(td, tid, link)
    assert r.status_code == 200, r.text
    DeskScan().load(r.json())
    return r.json()


def refused_as_unknown(td, tid: int, link) -> None:
    r = scan(td, tid, link)
    assert (r.status_code, r.json()["error"], r.json()["field"]) == (404, "unknown_player_link", "link"), r.text


def test_a_signed_up_player_is_found_by_his_link_with_what_to_collect_and_his_id_to_check(server, td):
    """n-monday: buy-in 125 + fee 25 CHF, IDs checked (N-3.4); a sign-up pays at check-in (N-3.1)."""
    tid = open_tournament(td, capacity=2)
    _, anna = sign_up(server, tid, "Anna Weiss")
    sign_up(server, tid, "Carla Frei")
    _, beat = sign_up(server, tid, "Beat Keller")  # the field is full: he waits
    assert not anna.json()["waiting"] and beat.json()["waiting"]

    found = scanned(td, tid, anna.json()["link"])
    assert found == {
        "entry_id": 1,
        "wait_id": None,
        "signup_no": 1,
        "name": "Anna Weiss",
        "status": "registered",
        "position": None,
        "prepaid": False,
        "id_check_needed": True,
        "pays_at_check_in": True,
        "amount": 150,
        "price": 150,
        "currency": "CHF",
    }
    waiting = scanned(td, tid, beat.json()["link"])
    assert waiting["entry_id"] is None and waiting["wait_id"] is not None and waiting["signup_no"] == 3
    assert (waiting["status"], waiting["position"], waiting["name"], waiting["amount"]) == (
        "waiting",
        1,
        "Beat Keller",
        0,
    )

    # the desk checks her in with the ID seen, as after the scan: then nothing is left to do
    command_ok(td, tid, "check_in", {"entry_id": found["entry_id"], "id_checked": True})
    done = scanned(td, tid, anna.json()["token"])  # the bare token (a reader that keeps the fragment only)
    assert (done["status"], done["id_check_needed"], done["amount"], done["pays_at_check_in"]) == (
        "checked_in",
        False,
        0,
        False,
    )


def test_a_seat_card_of_a_registration_typed_at_the_desk_is_found_too(server, td):
    tid = open_tournament(td, capacity=10)
    command_ok(td, tid, "register_player", {"name": "Dora Brunner", "present": False})
    [card] = links(td, tid)["players"]
    found = scanned(td, tid, f"  {card['url']}\n")  # what a camera reads may carry blanks
    assert (found["entry_id"], found["signup_no"], found["status"], found["name"]) == (
        card["entry_id"],
        None,
        "registered",
        "Dora Brunner",
    )
    assert found["amount"] == 150 and found["pays_at_check_in"] is False
    command_ok(td, tid, "set_registration_flags", {"entry_id": card["entry_id"], "prepaid": True})
    assert scanned(td, tid, card["url"])["amount"] == 0  # paid in advance (N-3.2): nothing to collect


def test_no_link_but_a_live_player_link_of_this_tournament_answers(server, td):
    tid = open_tournament(td, capacity=10)
    _, anna = sign_up(server, tid, "Anna Weiss")
    other = open_tournament(td, capacity=10)
    _, eva = sign_up(server, other, "Eva Other")
    refused_as_unknown(td, tid, eva.json()["link"])  # another tournament's player

    seated = td.post("/api/tournaments", {"name": "Tuesday", "preset": "generic"}).json()["id"]
    for name in ("Ueli", "Vreni"):
        command_ok(td, seated, "register_player", {"name": name})
    command_ok(td, seated, "draw_seats", {"tables": 1})
    cards = links(td, seated)
    refused_as_unknown(td, seated, cards["tables"][0]["url"])  # a dealer's link of the same tournament
    refused_as_unknown(td, seated, cards["display"]["url"])  # the TV's
    refused_as_unknown(td, tid, td.token)  # a director's session
    for garbage in ("hello", "https://example.org/#/player/", "#/dealer/" + "a" * 43, "a" * 43):
        refused_as_unknown(td, tid, garbage)

    # a replaced seat card's link is no link any more
    ueli = cards["players"][0]
    assert scanned(td, seated, ueli["url"])["name"] == "Ueli"
    revoked = td.post(f"/api/tournaments/{seated}/tokens/revoke", {"role": "player", "entry_id": ueli["entry_id"]})
    assert revoked.status_code == 200, revoked.text
    refused_as_unknown(td, seated, ueli["url"])
    assert scanned(td, tid, anna.json()["link"])["name"] == "Anna Weiss"


@pytest.mark.parametrize(
    "body",
    [{"link": 12345}, {"link": ["x"]}, {"link": None}, {"link": ""}, {"link": "x" * 301}, {}, {"link": "a", "more": 1}],
)
def test_wrong_input_is_a_400(server, td, body):
    tid = open_tournament(td)
    r = td.post(f"/api/tournaments/{tid}/desk/scan", body)
    assert r.status_code == 400, r.text
    assert r.json()["field"] in ("link", "more"), r.text


def test_only_the_tournament_s_director_scans(server, td):
    tid = open_tournament(td)
    phone, anna = sign_up(server, tid, "Anna Weiss")
    player = InProcessApi(server.app, anna.json()["token"])
    assert scan(player, tid, anna.json()["link"]).status_code == 403
    assert scan(InProcessApi(server.app), tid, anna.json()["link"]).status_code == 401
    assert scan(td, 424242, anna.json()["link"]).status_code == 404


def modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules an SVG of documents/qr.py draws: one `Mx,yH…` square each."""
    return {(int(x), int(y)) for x, y in MODULE.findall(svg)}


def test_the_player_s_qr_code_is_his_own_link(server, td):
    tid = open_tournament(td, capacity=2)
    _, anna = sign_up(server, tid, "Anna Weiss")
    sign_up(server, tid, "Carla Frei")
    _, beat = sign_up(server, tid, "Beat Keller")  # waiting: his link shows at the desk too
    for answer in (anna, beat):
        phone = InProcessApi(server.app, answer.json()["token"])
        r = phone.get(f"/api/tournaments/{tid}/my-qr.svg")
        assert r.status_code == 200, r.text
        assert r.headers["Content-Type"].startswith("image/svg+xml")
        assert "no-store" in r.headers["Cache-Control"]
        link = answer.json()["link"]
        assert r.text == qr_svg(link)
        # The squares drawn are qrcode's own matrix of the link, so any reader reads the link back.
        qr = qrcode.QRCode(border=2)
        qr.add_data(link)
        matrix = qr.get_matrix()
        expected = {(x, y) for y, row in enumerate(matrix) for x, dark in enumerate(row) if dark}
        assert modules(r.text) == expected and len(expected) > 200
        assert scanned(td, tid, link)["name"] == answer.json()["name"]

    assert td.get(f"/api/tournaments/{tid}/my-qr.svg").status_code == 403  # a director has no player link
    other = open_tournament(td)
    anna_phone = InProcessApi(server.app, anna.json()["token"])
    assert anna_phone.get(f"/api/tournaments/{other}/my-qr.svg").status_code == 404
    assert InProcessApi(server.app).get(f"/api/tournaments/{tid}/my-qr.svg").status_code == 401
    card = links(td, tid)["players"][1]  # Carla's seat card: her sign-up's link
    seat_card = InProcessApi(server.app, token_of(card["url"]))
    assert seat_card.get(f"/api/tournaments/{tid}/my-qr.svg").text == qr_svg(card["url"])
