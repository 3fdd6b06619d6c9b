"""Sign-up from the players' phones (engine/sign_up.py) under each rulebook's own registration
rules: a place while the field has room (N-3.5), else the waiting list in order (N-3.3); a
reservation that pays and shows its ID at check-in (N-3.2, N-3.1, N-3.4, P-Teilnahme); cancelling
from the link moves the first waiting player up at once; the check-in deadline releases the
no-shows and promotes the waiting (N-3.6); and everything is rebuilt from the log."""

import pytest

from backend.engine import Actor, Command
from backend.engine.sign_up import SetSignUpPayload, signup_status
from engine_helpers import Log, no, ok, preset

NOW = 1_800_000_000_000
HOUR = 3_600_000


def guest(name, now=NOW):
    return Command("sign_up", {"name": name}, Actor("guest"), now=now, seed=1)


def link(signup_no=None, entry_id=None, now=NOW):
    return Command("cancel_sign_up", {}, Actor("player", entry_id=entry_id, signup_no=signup_no), now=now, seed=1)


def opened(preset_id="n-monday", capacity=3, **settings) -> Log:
    log = Log(preset(preset_id))
    ok(log, "set_capacity", {"max": capacity})
    ok(log, "set_sign_up", {"starts_at": NOW + 48 * HOUR, "online": True, **settings})
    return log


def test_a_place_while_the_field_has_room_then_the_waiting_list_in_order():
    """N-3.5 capacity, N-3.3 the waiting list in the order of arrival."""
    log = opened(capacity=2)
    results = [log.run(guest(n)).result for n in ("Anna", "Beat", "Carla", "Dario")]
    assert [("entry_id" in r, r["signup_no"]) for r in results] == [(True, 1), (True, 2), (False, 3), (False, 4)]
    assert signup_status(log.state, 3) == {"status": "waiting", "position": 1, "signup_no": 3, "name": "Carla"}
    assert signup_status(log.state, 4)["position"] == 2
    assert signup_status(log.state, 1)["status"] == "registered"


def test_a_sign_up_is_a_reservation_that_pays_and_shows_its_id_at_check_in():
    """N-3.2 not here until he checks in, N-3.1 pays at check-in, N-3.4 ID seen then."""
    log = opened()
    entry_id = log.run(guest("Anna Weiss")).result["entry_id"]
    entry = log.state.entries[entry_id]
    assert (entry.present, entry.pays_at_check_in) == (False, True)
    assert log.state.money["buy_ins"] == 0  # no buy-in in the pool before he pays
    assert no(log, "check_in", {"entry_id": entry_id}).error == "id_not_checked"
    ok(log, "check_in", {"entry_id": entry_id, "id_checked": True})
    assert log.state.money["buy_ins"] == 1
    assert signup_status(log.state, 1)["status"] == "checked_in"


def test_cancelling_from_the_link_moves_the_first_waiting_player_up_at_once():
    """N-3.3: the freed place goes to the first on the waiting list, as a reservation."""
    log = opened(capacity=2)
    for name in ("Anna", "Beat", "Carla", "Dario"):
        log.run(guest(name))
    decision = log.run(link(entry_id=2, signup_no=2))
    assert decision.result == {"promoted": [{"entry_id": 3, "name": "Carla"}]}
    assert signup_status(log.state, 2)["status"] == "cancelled"
    carla = signup_status(log.state, 3)
    assert (carla["status"], carla["entry_id"]) == ("promoted", 3)
    assert log.state.entries[3].present is False  # he is not at the desk: a reservation
    assert signup_status(log.state, 4) == {"status": "waiting", "position": 1, "signup_no": 4, "name": "Dario"}
    # the waiting one cancels too: off the list, nobody else moves
    assert log.run(link(signup_no=4)).result == {"promoted": []}
    assert signup_status(log.state, 4)["status"] == "cancelled"
    assert log.run(link(signup_no=4)).error == "already_cancelled"
    assert log.replayed().signups == log.state.signups


def test_sign_up_opens_and_closes_at_the_director_s_times_and_ends_with_the_draw():
    log = opened(opens_at=NOW + HOUR, closes_at=NOW + 2 * HOUR)
    early = log.run(guest("Anna", now=NOW))
    assert early.error == "sign_up_not_open" and early.params["opens_at"] == NOW + HOUR
    assert "signup_no" in log.run(guest("Anna", now=NOW + HOUR)).result
    assert log.run(guest("Beat", now=NOW + 2 * HOUR)).error == "sign_up_over"
    ok(log, "set_sign_up", {"starts_at": NOW + 48 * HOUR, "online": False})
    assert log.run(guest("Beat")).error == "sign_up_offline"


def test_the_settings_are_checked_and_only_a_guest_signs_up():
    log = opened()
    wrong_order = {"starts_at": NOW + 9, "opens_at": NOW + 2, "closes_at": NOW + 1}
    assert SetSignUpPayload().validate(wrong_order) == {"closes_at": ["Sign-up must close after it opens."]}
    after_start = {"starts_at": NOW, "closes_at": NOW + 1}
    assert "closes_at" in SetSignUpPayload().validate(after_start)
    assert log.run(Command("sign_up", {"name": "Anna"}, Actor("dealer", table_no=1), now=NOW)).kind == "forbidden"
    assert log.run(Command("cancel_sign_up", {}, Actor("guest"), now=NOW)).kind == "forbidden"


def test_the_same_name_twice_is_one_registration():
    log = opened()
    log.run(guest("Anna Weiss"))
    assert log.run(guest("anna  weiss")).error == "duplicate_name"


@pytest.mark.parametrize("preset_id", ["n-monday", "v-ranking", "s-trophy", "g-tour", "p-qualifier"])
def test_the_check_in_deadline_releases_the_unpaid_no_show_and_promotes_the_waiting(preset_id):
    """N-3.6: at the deadline an unpaid reservation loses the place to the waiting list; each preset
    keeps its own rules (a sign-up is a reservation under every rulebook)."""
    log = opened(preset_id, capacity=2)
    for name in ("Anna", "Beat", "Carla"):
        log.run(guest(name))
    ok(log, "check_in", {"entry_id": 1, "id_checked": True})
    closed = ok(log, "close_check_in", {})
    assert [r["name"] for r in closed.result["released"]] == ["Beat"]
    assert [p["name"] for p in closed.result["promoted"]] == ["Carla"]
    assert signup_status(log.state, 2)["status"] == "no_show"
    assert signup_status(log.state, 3)["status"] in ("promoted", "checked_in")


def test_where_the_director_asks_for_it_a_player_confirms_his_place_from_his_link():
    log = opened(confirm=True, capacity=1)
    log.run(guest("Anna"))
    log.run(guest("Beat"))
    assert signup_status(log.state, 1)["confirmed"] is False
    confirm = Command("confirm_sign_up", {}, Actor("player", entry_id=1, signup_no=1), now=NOW)
    assert log.run(confirm).result == {"entry_id": 1}
    assert signup_status(log.state, 1)["confirmed"] is True
    assert log.run(confirm).error == "already_confirmed"
    waiting = Command("confirm_sign_up", {}, Actor("player", signup_no=2), now=NOW)
    assert log.run(waiting).error == "no_place"  # a waiting player has no place to confirm yet
    assert log.replayed().confirmed == {1}


def test_a_waiting_sign_up_moved_up_at_the_deadline_is_a_reservation_with_check_in_open():
    """N-3.6 and N-3.3: at the deadline the waiting list moves up; a sign-up from a phone is not known
    to be at the desk, so he holds the place as a reservation and checks in (and pays, N-3.1) when he
    comes (N-3.2), even where the preset checks no ID."""
    log = opened("generic", capacity=1)
    log.run(guest("Anna"))
    log.run(guest("Beat"))
    closed = ok(log, "close_check_in", {})
    assert [p["name"] for p in closed.result["promoted"]] == ["Beat"]
    beat = log.state.entries[2]
    assert (beat.present, beat.pays_at_check_in) == (False, True)
    ok(log, "check_in", {"entry_id": 2})
    assert signup_status(log.state, 2)["status"] == "checked_in"
