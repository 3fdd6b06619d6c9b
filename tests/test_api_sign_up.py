"""Sign-up from the players' phones (docs/sign-up.md) over HTTP: the club's public page, a place
or the waiting list in commit order (N-3.5, N-3.3), a reservation until check-in (N-3.2, N-3.1),
the personal link from the waiting list to the seat, cancelling from it (the next one moves up at
once), accent-folded person matching, and hostile input."""

import uuid

import pytest

from backend.api.answer_schemas import ClubPage, SignedUp
from backend.api.view_schemas import PlayerView, SignUpView
from backend.service import now_ms
from in_process import InProcessApi
from server import command_ok

pytestmark = pytest.mark.in_process
HOUR = 3600 * 1000


def club_slug(td) -> str:
    return td.get("/api/me").json()["club"]["slug"]


def open_tournament(td, capacity: int = 3, preset: str = "n-monday", **settings) -> int:
    r = td.post("/api/tournaments", {"name": "Monday Deepstack", "preset": preset})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    command_ok(td, tid, "set_capacity", {"max": capacity})
    command_ok(td, tid, "set_sign_up", {"starts_at": now_ms() + 48 * HOUR, "online": True, **settings})
    return tid


def sign_up(server, tid: int, name: str, **extra):
    phone = InProcessApi(server.app)
    body = {"op_id": str(uuid.uuid4()), "device_id": phone.device_id, "name": name, **extra}
    return phone, phone.post(f"/api/public/tournaments/{tid}/sign-up", body)


def test_three_take_the_places_the_fourth_waits_and_moves_up_when_one_cancels(server, td):
    """N-3.5 capacity, N-3.3 waiting list, N-3.2 a reservation until check-in, N-3.1 pays at check-in."""
    tid = open_tournament(td, capacity=3)
    page = InProcessApi(server.app).get(f"/api/public/clubs/{club_slug(td)}")
    assert page.status_code == 200, page.text
    ClubPage().load(page.json())
    [listed] = page.json()["tournaments"]
    assert listed["id"] == tid and listed["open_now"] and listed["capacity"] == 3 and "names" not in listed

    answers = [sign_up(server, tid, name)[1] for name in ("Anna Weiss", "Beat Keller", "Carla Frei", "Dario Rossi")]
    for a in answers:
        assert a.status_code == 200, a.text
        SignedUp().load(a.json())
    assert [a.json()["waiting"] for a in answers] == [False, False, False, True]
    links = [InProcessApi(server.app, a.json()["token"]) for a in answers]

    beat = links[1].get(f"/api/tournaments/{tid}/view").json()
    PlayerView().load(beat)
    assert beat["registration"]["status"] == "registered" and beat["present"] is False
    assert beat["pays_at_check_in"] is True  # N-3.1: no buy-in in the pool before he pays
    dario = links[3].get(f"/api/tournaments/{tid}/view").json()
    SignUpView().load(dario)
    assert dario["registration"] == {"status": "waiting", "position": 1, "signup_no": 4, "name": "Dario Rossi"}

    cancelled = links[1].command(tid, "cancel_sign_up", {})
    assert cancelled.status_code == 200, cancelled.text
    assert links[1].get(f"/api/tournaments/{tid}/view").json()["registration"]["status"] == "cancelled"
    moved_up = links[3].get(f"/api/tournaments/{tid}/view").json()
    assert moved_up["kind"] == "player" and moved_up["registration"]["status"] == "promoted"
    assert links[3].get("/api/me").json()["entry_id"] == moved_up["entry_id"]

    # the seat card later prints the same token: the links list names it for his entry
    cards = td.get(f"/api/tournaments/{tid}/links").json()
    assert answers[3].json()["token"] in str(cards)


def test_the_same_name_folded_is_the_club_s_person_and_no_duplicate(server, td):
    tid = open_tournament(td, capacity=10)
    command_ok(td, tid, "register_player", {"name": "Jürg Meier", "id_checked": True})  # the club's person
    other = open_tournament(td, capacity=10)
    _, signed = sign_up(server, other, "jurg  MEIER")
    assert signed.status_code == 200, signed.text
    assert signed.json()["name"] == "Jürg Meier"
    _, again = sign_up(server, other, "Jürg Meier")
    assert again.status_code == 409 and again.json()["error"] == "duplicate_name", again.text
    persons = td.get("/api/persons", params={"q": "Meier"}).json()
    assert [p["name"] for p in persons] == ["Jürg Meier"]


def test_sign_up_before_it_opens_and_after_it_closes_is_refused(server, td):
    tid = open_tournament(td, opens_at=now_ms() + HOUR)
    _, early = sign_up(server, tid, "Anna Weiss")
    assert early.status_code == 409 and early.json()["error"] == "sign_up_not_open", early.text
    assert early.json()["params"]["opens_at"] > now_ms()


@pytest.mark.parametrize(
    "extra, field",
    [
        ({"name": ""}, "name"),
        ({"name": "x" * 81}, "name"),
        ({"email": "not-an-address"}, "email"),
        ({"website": "http://spam.example"}, "website"),
        ({"lang": "fr"}, "lang"),
        ({"op_id": "short"}, "op_id"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_hostile_input_is_a_400_naming_the_field(server, td, extra, field):
    tid = open_tournament(td)
    _, r = sign_up(server, tid, "Anna Weiss", **extra) if "name" not in extra else sign_up(server, tid, **extra)
    assert r.status_code == 400, r.text
    assert r.json()["field"] == field, r.text


def test_an_unknown_club_or_tournament_is_a_404(server, td):
    assert InProcessApi(server.app).get("/api/public/clubs/no-such-club").status_code == 404
    _, r = sign_up(server, 999, "Anna Weiss")
    assert r.status_code == 404 and r.json()["error"] == "unknown_tournament"
