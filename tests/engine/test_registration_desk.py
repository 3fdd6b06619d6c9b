"""The registration desk: capacity and waiting list (N-3.5, N-3.3), the check-in deadline (N-3.6),
prepaid seats (N-3.2), the ID check (N-3.4, P-Teilnahme), and imports decided like typed entries."""

from backend.engine.check_in import close_plan
from backend.engine.registration import field_size
from engine_helpers import Log, no, ok, preset


def desk(state) -> dict:
    """Everything the desk changes, to compare a live state with its replay."""
    return {
        "entries": {
            i: (e.name, e.status, e.present, e.prepaid, e.id_checked, e.table_no, e.seat)
            for i, e in state.entries.items()
        },
        "waiting": list(state.waiting.values()),
        "names": sorted(state.names),
        "players_left": state.players_left,
        "money": dict(state.money),
        "chips": dict(state.chips),
        "absent": sorted(state.absent),
        "closed": state.check_in_closed_at,
        "released": state.released,
        "capacity": state.capacity_max,
        "next_wait": state.next_wait_id,
    }


def full_monday(present=True) -> Log:
    log = Log(preset("n-monday"))
    for i in range(44):
        ok(log, "register_player", {"name": f"P{i + 1}", "present": present, "id_checked": present})
    return log


def test_n_3_5_a_full_field_sends_newcomers_to_the_waiting_list_n_3_3():
    log = full_monday()
    first = ok(log, "register_player", {"name": "Wanda", "id_checked": True})
    second = ok(log, "register_player", {"name": "Xaver", "prepaid": True, "id_checked": True})
    assert first.result["waiting"] == 1 and second.result["waiting"] == 2
    state = log.state
    # Not in the field: no player, no buy-in, no chips (N-3.5: 44 at most).
    assert len(state.entries) == 44 and state.players_left == 44
    assert state.money["buy_ins"] == 44 and state.chips["in_play"] == 44 * 5000
    assert [w["name"] for w in state.waiting.values()] == ["Wanda", "Xaver"]
    # One name once, field or list.
    assert (
        no(log, "register_player", {"name": "wanda", "id_checked": True}).message
        == "wanda is already on the waiting list."
    )
    assert no(log, "register_player", {"name": "p7", "id_checked": True}).error == "duplicate_name"
    assert desk(log.replayed()) == desk(state)


def test_the_seat_draw_ignores_the_waiting_list():
    log = full_monday()
    ok(log, "register_player", {"name": "Wanda", "id_checked": True})
    ok(log, "draw_seats", {"tables": 4})
    seated = {e for t in log.state.tables.values() for e in t.seats.values()}
    assert seated == set(range(1, 45))
    assert all(log.state.entries[e].name != "Wanda" for e in seated)
    # After the draw a full field takes no late entry and no promotion.
    assert no(log, "promote_waiting", {}).error == "seats_drawn"


def test_director_removes_from_the_list_and_promotes_the_first_when_a_place_is_free():
    log = full_monday()
    for name in ("Wanda", "Xaver", "Yvonne"):
        ok(log, "register_player", {"name": name, "id_checked": True})
    ok(log, "remove_waiting", {"wait_id": 1})
    assert [w["name"] for w in log.state.waiting.values()] == ["Xaver", "Yvonne"]
    assert no(log, "remove_waiting", {"wait_id": 1}).error == "not_waiting"
    # Wanda left the list: her name is free again, and she queues at the end.
    assert ok(log, "register_player", {"name": "Wanda", "id_checked": True}).result["waiting"] == 3
    assert no(log, "promote_waiting", {}).error == "field_full"  # N-3.5: 44 at most
    ok(log, "remove_registration", {"entry_id": 3})  # P3 called off
    promoted = ok(log, "promote_waiting", {})
    assert promoted.result["promoted"] == [{"entry_id": 45, "name": "Xaver"}]
    assert log.state.entries[45].name == "Xaver" and log.state.players_left == 44
    assert [w["name"] for w in log.state.waiting.values()] == ["Yvonne", "Wanda"]
    assert no(log, "set_capacity", {"max": 40}).error == "below_field"
    assert desk(log.replayed()) == desk(log.state)


def test_n_3_5_n_3_12_a_capacity_the_room_cannot_seat_is_refused():
    """N-3.12: at most 4 tables of 11 (N-2.9), so at most 44 players: a capacity of 46 would take
    46 buy-ins that no draw can seat. Refused, naming the rule; 44 and less are the director's."""
    log = Log(preset("n-monday"))
    refused = no(log, "set_capacity", {"max": 46})
    assert (refused.error, refused.field) == ("capacity_over_tables", "max")
    assert "N-3.12" in refused.message and "44 at most" in refused.message
    assert refused.params == {"max": 46, "seats": 44, "tables": 4, "per_table": 11, "rule": "N-3.12"}
    ok(log, "set_capacity", {"max": 30})  # a club with 30 seats tonight
    for i in range(31):
        ok(log, "register_player", {"name": f"P{i + 1}", "id_checked": True})
    assert field_size(log.state) == 30 and len(log.state.waiting) == 1
    ok(log, "set_capacity", {"max": 44})
    assert ok(log, "promote_waiting", {}).result["promoted"][0]["name"] == "P31"


def test_n_3_12_without_a_capacity_the_room_is_the_limit():
    """n-series-final names no capacity, but plays at most 4 tables of 11 (N-3.12): the 45th
    registration waits, so the draw stays possible."""
    log = Log(preset("n-series-final"))
    for i in range(45):
        ok(log, "register_player", {"name": f"P{i + 1}", "id_checked": True})
    assert field_size(log.state) == 44 and [w["name"] for w in log.state.waiting.values()] == ["P45"]
    ok(log, "draw_seats", {"tables": 4})


def test_n_3_5_a_registration_taken_back_before_the_draw_frees_the_place_and_the_money():
    """N-3.5: 46 buy-ins taken before the fix could not be undone. Now a registration is taken back
    before the draw: no buy-in, no chips, no player; his name may register again; after the draw
    he leaves the tournament instead."""
    log = full_monday()
    ok(log, "register_player", {"name": "Wanda", "id_checked": True})  # waiting
    taken = ok(log, "remove_registration", {"entry_id": 7})
    assert taken.result == {"entry_id": 7, "free_places": 1}
    state = log.state
    assert state.entries[7].status == "released" and state.entries[7].out_reason == "withdrawn"
    assert field_size(state) == 43 and state.players_left == 43
    assert state.money["buy_ins"] == 43 and state.money["pool"] == 43 * 125 and state.chips["in_play"] == 43 * 5000
    assert no(log, "remove_registration", {"entry_id": 7}).error == "released"
    assert no(log, "remove_registration", {"entry_id": 99}).error == "unknown_entry"
    from backend.engine.check_in import desk_view

    assert desk_view(state)["released"] == []  # taken back is not "lost the seat at check-in"
    ok(log, "promote_waiting", {})
    assert ok(log, "register_player", {"name": "P7", "id_checked": True}).result == {"waiting": 1, "wait_id": 2}
    ok(log, "draw_seats", {"tables": 4})
    seated = {e for t in log.state.tables.values() for e in t.seats.values()}
    assert 7 not in seated and len(seated) == 44
    after = no(log, "remove_registration", {"entry_id": 8})
    assert (after.error, after.params["variant"]) == ("seats_drawn", "remove")
    assert desk(log.replayed()) == desk(log.state)


def test_n_3_6_closing_check_in_releases_unpaid_no_shows_and_the_list_moves_up_n_3_2():
    log = Log(preset("n-monday"))
    for i in range(40):
        ok(log, "register_player", {"name": f"P{i + 1}", "id_checked": True})
    ok(log, "register_player", {"name": "Unpaid1", "present": False})  # 41
    ok(log, "register_player", {"name": "Prepaid", "present": False, "prepaid": True})  # 42
    ok(log, "register_player", {"name": "Unpaid2", "present": False})  # 43
    ok(log, "register_player", {"name": "Late", "present": False})  # 44, checks in in time
    ok(log, "check_in", {"entry_id": 44, "id_checked": True})
    for name in ("W1", "W2", "W3"):
        ok(log, "register_player", {"name": name, "id_checked": True})
    # Before closing the director sees who loses the seat and who moves up.
    assert close_plan(log.state) == {"released": [41, 43], "promoted": [1, 2]}
    closed = ok(log, "close_check_in", {}, now=1_800_000_600_000)
    assert closed.result == {
        "released": [{"entry_id": 41, "name": "Unpaid1"}, {"entry_id": 43, "name": "Unpaid2"}],
        "promoted": [{"entry_id": 45, "name": "W1"}, {"entry_id": 46, "name": "W2"}],
    }
    state = log.state
    assert state.entries[41].status == "released" and state.entries[43].status == "released"
    assert state.entries[42].status == "active" and 42 in state.absent  # prepaid: the seat is kept
    assert field_size(state) == 44 and state.players_left == 44
    assert state.money["buy_ins"] == 44 and state.money["pool"] == 44 * 125 and state.money["fees"] == 44 * 25
    assert state.chips["in_play"] == 44 * 5000
    assert [w["name"] for w in state.waiting.values()] == ["W3"]
    # Late check-in: refused for a released seat, still open for the prepaid reservation.
    late = no(log, "check_in", {"entry_id": 41, "id_checked": True})
    assert late.error == "check_in_closed" and "N-3.6" in late.message
    ok(log, "check_in", {"entry_id": 42, "id_checked": True})
    assert no(log, "close_check_in", {}).error == "already_closed"
    ok(log, "draw_seats", {"tables": 4})
    seated = {e for t in log.state.tables.values() for e in t.seats.values()}
    assert 41 not in seated and 43 not in seated and {45, 46} <= seated and len(seated) == 44
    assert desk(log.replayed()) == desk(log.state)


def test_n_3_2_the_prepaid_flag_set_at_the_desk_keeps_the_seat():
    log = Log(preset("n-monday"))
    ok(log, "register_player", {"name": "Ann", "present": False})
    ok(log, "register_player", {"name": "Bob", "present": False})
    ok(log, "set_registration_flags", {"entry_id": 1, "prepaid": True})
    assert no(log, "set_registration_flags", {"entry_id": 1, "prepaid": True}).error == "no_change"
    assert close_plan(log.state)["released"] == [2]
    ok(log, "close_check_in", {})
    assert log.state.entries[1].status == "active" and log.state.entries[2].status == "released"
    assert no(log, "set_registration_flags", {"entry_id": 2, "prepaid": True}).error == "released"


def test_n_3_4_check_in_needs_the_id_where_the_preset_says_so():
    log = Log(preset("n-monday"))
    ok(log, "register_player", {"name": "Ann", "present": False})
    ok(log, "register_player", {"name": "Bob", "present": False})
    refused = no(log, "check_in", {"entry_id": 1})
    assert refused.error == "id_not_checked" and refused.field == "id_checked" and "N-3.4" in refused.message
    ok(log, "check_in", {"entry_id": 1, "id_checked": True})
    assert log.state.entries[1].id_checked and log.state.entries[1].present
    # The ID flag set on the row first: the check-in then needs nothing more.
    ok(log, "set_registration_flags", {"entry_id": 2, "id_checked": True})
    ok(log, "check_in", {"entry_id": 2})
    assert desk(log.replayed()) == desk(log.state)


def test_p_teilnahme_id_check_and_generic_without():
    p = Log(preset("p-qualifier"))
    ok(p, "register_player", {"name": "Ann", "present": False})
    assert "P-Teilnahme" in no(p, "check_in", {"entry_id": 1}).message
    g = Log(preset("generic"))
    ok(g, "register_player", {"name": "Ann", "present": False})
    ok(g, "check_in", {"entry_id": 1})


def test_import_is_decided_like_typed_registrations_n_3_3_n_3_5():
    log = Log(preset("n-monday"))
    for i in range(40):
        ok(log, "register_player", {"name": f"P{i + 1}", "id_checked": True})
    ok(log, "register_player", {"name": "Wanda", "id_checked": True})
    rows = [{"line": n + 2, "name": f"New{n}"} for n in range(5)] + [
        {"line": 7, "name": "p3"},
        {"line": 8, "name": "New1"},
        {"line": 9, "name": "Zoë Weiß", "prepaid": True},
    ]
    decision = ok(log, "import_players", {"rows": rows})
    report = decision.result
    assert [r["name"] for r in report["imported"]] == ["New0", "New1", "New2"]
    assert [(r["name"], r["waiting"]) for r in report["waiting"]] == [("New3", 1), ("New4", 2), ("Zoë Weiß", 3)]
    assert [(r["line"], r["reason"]) for r in report["rejected"]] == [
        (7, "p3 is already registered."),
        (8, "New1 is already registered."),
    ]
    assert len(decision.events) == 6  # one command, one batch
    assert log.state.players_left == 44 and log.state.entries[42].present is False
    assert desk(log.replayed()) == desk(log.state)


def test_n_3_6_after_the_deadline_only_players_at_the_desk_or_prepaid_reservations_register():
    log = Log(preset("n-monday"))
    ok(log, "register_player", {"name": "Ann", "id_checked": True})
    ok(log, "close_check_in", {})
    assert no(log, "register_player", {"name": "Bob", "present": False}).error == "check_in_closed"
    ok(log, "register_player", {"name": "Bob", "id_checked": True})
    ok(log, "register_player", {"name": "Cid", "present": False, "prepaid": True})
    report = ok(log, "import_players", {"rows": [{"line": 2, "name": "Dora"}]}).result
    assert report["rejected"][0]["error"] == "check_in_closed" and report["rejected"][0]["field"] == "present"


def test_n_3_1_n_3_4_n_3_6_a_waiting_player_moved_up_as_a_reservation_pays_and_plays_only_once_he_checks_in():
    """N-3.6: at the close an unpaid no-show's seat goes to the waiting list; the first waiting
    player, whose ID nobody saw, moves up as a reservation (N-3.4). He pays at check-in (N-3.1: "in
    bar beim Check-in"): until then no buy-in, no chips. If he never comes he is no buy-in at all:
    the draw gives his place up (N-3.6), so he is not blinded off, and the prepaid no-show is
    removed at the bubble as N-3.2 says — not one bust early because of him."""
    log = Log(preset("n-monday"))
    for i in range(42):
        ok(log, "register_player", {"name": f"P{i + 1}", "id_checked": True})
    ok(log, "register_player", {"name": "Prepaid", "present": False, "prepaid": True})  # 43: N-3.2
    ok(log, "register_player", {"name": "Unpaid", "present": False})  # 44: loses the seat at the close
    ok(log, "import_players", {"rows": [{"line": 2, "name": "Waiting One"}, {"line": 3, "name": "Waiting Two"}]})
    ok(log, "close_check_in", {})
    state = log.state
    moved = state.entries[45]
    assert (moved.name, moved.present, moved.from_waiting) == ("Waiting One", False, True)
    assert field_size(state) == 44  # he holds the place ...
    assert state.money["buy_ins"] == 43 and state.money["pool"] == 43 * 125 and state.chips["in_play"] == 43 * 5000
    # ... and pays when he shows his ID (or is marked prepaid; taking the mark back takes the money back)
    ok(log, "set_registration_flags", {"entry_id": 45, "prepaid": True})
    assert state.money["buy_ins"] == 44 and state.money["pool"] == 44 * 125
    ok(log, "set_registration_flags", {"entry_id": 45, "prepaid": False})
    assert state.money["buy_ins"] == 43 and state.money["pool"] == 43 * 125 and state.chips["in_play"] == 43 * 5000
    assert desk(log.replayed()) == desk(state)

    drawn = ok(log, "draw_seats", {"tables": 4})
    assert drawn.result["released"] == [{"entry_id": 45, "name": "Waiting One"}]
    seated = {e for t in state.tables.values() for e in t.seats.values()}
    assert 45 not in seated and len(seated) == 43 and state.players_left == 43
    assert (state.entries[45].status, state.entries[45].out_reason) == ("released", "no_show")
    assert no(log, "check_in", {"entry_id": 45, "id_checked": True}).error == "check_in_closed"
    assert state.money["buy_ins"] == 43 and state.money["pool"] == 43 * 125 and state.absent == {43}
    # N-3.2 with N-3.7 (31-44 players: 6 paid): the prepaid no-show goes out at the bubble, 7th,
    # with the bust that leaves six players and him: not with the one before.
    order = sorted(seated - {43})
    for entry_id in order[:-7]:
        d = ok(log, "record_bust", {"entry_id": entry_id})
        assert "absent_out" not in d.result, (entry_id, state.players_left)
    d = ok(log, "record_bust", {"entry_id": order[-7]})
    assert d.result["absent_out"] == [{"entry_id": 43, "place": 7}] and state.players_left == 6
    assert desk(log.replayed()) == desk(state)


def test_n_3_1_the_buy_in_at_check_in_is_written_into_the_events_and_old_logs_replay_as_they_were():
    """What the desk decided about money is in the events (pays_at_check_in, buy_in), so a log
    written before the rule replays to the pool it paid out (a promoted reservation counted then);
    after the draw a prepaid mark taken back no longer takes the money from under a seated player."""
    from engine_helpers import Log

    log = Log(preset("n-monday"))
    ok(log, "set_capacity", {"max": 2})
    ok(log, "register_player", {"name": "A", "id_checked": True})
    ok(log, "register_player", {"name": "B", "id_checked": True})
    ok(log, "import_players", {"rows": [{"line": 2, "name": "Waiting Prepaid", "prepaid": True}]})
    ok(log, "remove_registration", {"entry_id": 2})
    ok(log, "promote_waiting", {})  # prepaid: counted at once
    registered = log.events[-1].payload
    assert registered["from_waiting"] and "pays_at_check_in" not in registered
    assert log.state.money["buy_ins"] == 2
    ok(log, "set_registration_flags", {"entry_id": 3, "prepaid": False})  # before the draw: out again
    assert log.events[-1].payload["buy_in"] == -1 and log.state.money["buy_ins"] == 1
    ok(log, "set_registration_flags", {"entry_id": 3, "prepaid": True})
    assert log.state.money["buy_ins"] == 2
    ok(log, "draw_seats", {"tables": 1})
    ok(log, "set_registration_flags", {"entry_id": 3, "prepaid": False})  # after the draw: the pool stays
    assert "buy_in" not in log.events[-1].payload and log.state.money["buy_ins"] == 2
    assert log.state.chips["in_play"] == 2 * 5000
    assert desk(log.replayed()) == desk(log.state)

    # A log from before: the promoted reservation's registration without pays_at_check_in counts.
    old = Log(preset("n-monday"))
    old.event("player_registered", {"entry_id": 1, "name": "A"})
    old.event("player_waitlisted", {"name": "W", "wait_id": 1})
    old.event("player_registered", {"entry_id": 2, "name": "W", "from_waiting": 1, "present": False})
    assert old.state.money["buy_ins"] == 2 and old.replayed().money["pool"] == 250
