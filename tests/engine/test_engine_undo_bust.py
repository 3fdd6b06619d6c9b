"""undo_bust: a wrong bust is corrected by a new event, never deleted. The player is
back in his seat, the places after his move one down (N-1.15), same-hand groups close the gap
(N-1.15), payouts and corrections follow (N-3.7, N-3.8), headhunter chips go back (V-VII.r),
the bust that ended the tournament can be undone, and the log replays to the same state."""

from hypothesis import given, settings, strategies as st

from backend.engine import Actor, Command, Rejection, money
from backend.read.changes import changed_views
from backend.read.views import director_view, player_view, public_view, table_view
from engine_helpers import director_cmd, preset, seated

T0 = 1_800_000_000_000


def ok(log, type, payload, **kw):
    decision = log.run(director_cmd(type, payload, **kw))
    assert not isinstance(decision, Rejection), (type, payload, decision)
    return decision


def refused(log, type, payload, error, field, **kw):
    seq = log.state.seq
    decision = log.run(director_cmd(type, payload, **kw))
    assert isinstance(decision, Rejection), decision
    assert (decision.error, decision.field) == (error, field), decision
    assert log.state.seq == seq  # nothing written
    return decision


def undo(log, entry_id, **extra):
    return ok(log, "undo_bust", {"entry_id": entry_id, "reason": "wrong seat", **extra})


def places(state):
    return {e.entry_id: (e.place, e.tie) for e in state.entries.values()}


def snapshot(state):
    """What a cold start must rebuild: places, seats, counts, money, HH chips."""
    return (
        places(state),
        {e.entry_id: (e.status, e.table_no, e.seat) for e in state.entries.values()},
        {n: dict(t.seats) for n, t in state.tables.items()},
        state.players_left,
        state.status,
        state.winner,
        sorted(state.due),
        {c: (v["entry_id"], v["paid"], v["due"]) for c, v in state.corrections.items()},
        dict(state.hh),
        dict(state.chips),
        [g.tiers for g in state.out_groups],
    )


def n_monday(players=11):
    return seated(preset("n-monday"), {1: list(range(1, players + 1))})


def bust_down(log, ids):
    for i, e in enumerate(ids):
        ok(log, "record_bust", {"entry_id": e}, at=T0 + i, now=T0 + i)


def test_undo_of_the_last_bust_puts_him_back_in_his_seat_and_clears_his_place():
    log = n_monday(11)
    seat = log.state.entries[11].seat
    bust_down(log, [11])
    assert log.state.players_left == 10
    d = undo(log, 11)
    e = log.state.entries[11]
    assert (e.status, e.place, e.table_no, e.seat, e.out_reason) == ("active", None, 1, seat, None)
    assert log.state.tables[1].seats[seat] == 11 and log.state.players_left == 11
    assert d.result == {"entry_id": 11, "table_no": 1, "seat": seat, "shifted": []}
    # The chips never left the table: chips in play (and the average stack) are as before the bust.
    assert log.state.chips["in_play"] == 11 * log.state.start_stack
    assert public_view(log.state, T0)["average_stack"] == log.state.start_stack
    assert player_view(log.state, 11, T0)["status"] == "active"
    assert any(s["entry_id"] == 11 for s in table_view(log.state, 1, T0)["seats"])
    event = log.events[-1]
    assert event.type == "bust_undone" and event.payload["reason"] == "wrong seat"
    assert event.payload["was_place"] == 11  # the audit keeps where he was


def test_n_1_15_undo_of_an_earlier_bust_moves_the_later_busts_one_place_down():
    log = n_monday(11)
    bust_down(log, [11, 10, 9, 8])  # places 11, 10, 9, 8
    d = undo(log, 10)
    p = places(log.state)
    assert p[11] == (11, 1)  # out before him: keeps his place
    assert (p[9], p[8]) == ((10, 1), (9, 1))  # out after him: one place down
    assert p[10] == (None, 1)
    assert d.result["shifted"] == [{"entry_id": 8, "from": 8, "to": 9}, {"entry_id": 9, "from": 9, "to": 10}]
    assert log.state.players_left == 8
    assert {c["entry_id"]: c["was"] for c in log.events[-1].payload["places"]} == {8: 8, 9: 9}
    # Only the re-placed players' phones are pushed (no whole-field work): him, 8, 9, the table.
    keys = changed_views(log.state, [log.events[-1]])
    assert {k for k in keys if k[0] == "player"} == {("player", 10), ("player", 8), ("player", 9)}
    # He can bust again later: he gets the place of that moment.
    ok(log, "record_bust", {"entry_id": 10}, at=T0 + 100, now=T0 + 100)
    assert places(log.state)[10] == (8, 1) and places(log.state)[8] == (9, 1)


def test_n_1_15_undo_of_one_of_a_same_hand_group_leaves_the_others_in_order_closing_the_gap():
    log = seated(preset("n-monday"), {1: [1, 2, 3, 4, 5], 2: [6, 7, 8, 9, 10]})
    ok(log, "record_bust", {"entry_id": 10}, at=T0, now=T0)  # 10th
    ok(
        log,
        "record_busts",
        {
            "table_no": 1,
            "busts": [
                {"entry_id": 1, "starting_stack": 100},
                {"entry_id": 2, "starting_stack": 200},
                {"entry_id": 3, "starting_stack": 300},
            ],
        },
        at=T0 + 10,
        now=T0 + 10,
    )  # 9th, 8th, 7th by starting stack
    ok(log, "record_bust", {"entry_id": 9}, at=T0 + 20, now=T0 + 20)  # 6th
    undo(log, 2)
    p = places(log.state)
    assert p[10] == (10, 1) and p[1] == (9, 1)  # out before him (in and before his group): kept
    assert p[3] == (8, 1) and p[9] == (7, 1)  # better than him: one place down
    assert log.state.group_of[1].tiers == [[1], [3]]  # the group keeps its order without him
    assert snapshot(log.replayed()) == snapshot(log.state)


def test_n_3_8_undo_under_a_paid_place_raises_corrections_for_him_and_the_moved():
    log = n_monday(11)
    bust_down(log, list(range(11, 3, -1)))  # 4 is 4th, in the money
    ok(log, "confirm_payout", {"entry_id": 4})
    ok(log, "record_bust", {"entry_id": 3}, at=T0 + 50, now=T0 + 50)  # 3rd: paid too
    ok(log, "confirm_payout", {"entry_id": 3})
    undo(log, 4)  # he was wrongly busted: his 151 must come back
    view = director_view(log.state, T0)
    corrections = {c["entry_id"]: (c["paid"], c["due"]) for c in view["corrections"]}
    assert corrections == {4: (151, 0), 3: (261, 151)}  # N-3.7: 3 is 4th now
    assert next(c["difference"] for c in view["corrections"] if c["entry_id"] == 4) == -151  # take it back
    cid = next(c["id"] for c in view["corrections"] if c["entry_id"] == 3)
    ok(log, "settle_correction", {"id": cid})
    assert snapshot(log.replayed()) == snapshot(log.state)


def test_n_3_8_an_unpaid_prize_due_to_him_is_no_longer_due_and_the_moved_are_due_their_new_place():
    log = n_monday(11)
    bust_down(log, list(range(11, 2, -1)))  # 4 is 4th (151), 3 is 3rd (261): both due, unpaid
    undo(log, 4)
    due = {d["entry_id"]: (d["place"], d["amount"]) for d in director_view(log.state, T0)["payouts_due"]}
    assert due == {3: (4, 151)}  # N-3.7: he is in again; 3 moved down to 4th
    assert public_view(log.state, T0)["players_left"] == 3


def test_n_3_7_undo_of_the_winning_bust_puts_the_tournament_back_in_play():
    log = n_monday(4)
    ok(log, "start_clock", {}, now=T0)
    bust_down(log, [4, 3, 2])
    assert log.state.status == "finished" and log.state.winner == 1
    for e in (1, 2):
        ok(log, "confirm_payout", {"entry_id": e})
    refused(log, "undo_bust", {"entry_id": 3, "reason": "x"}, "tournament_finished", "entry_id")
    refused(log, "undo_bust", {"entry_id": 1, "reason": "x"}, "still_in", "entry_id")
    d = undo(log, 2)
    s = log.state
    assert (s.status, s.winner, s.players_left) == ("running", None, 2)
    assert s.clock.reason != "tournament_over"  # a stopped clock waits for the director to resume
    assert places(s)[1] == (None, 1) and places(s)[2] == (None, 1)
    assert places(s)[3] == (3, 1) and places(s)[4] == (4, 1)
    assert d.events[0].payload["winner_cleared"] == 1
    corrections = {c["entry_id"]: (c["paid"], c["due"]) for c in director_view(s, T0)["corrections"]}
    assert set(corrections) == {1, 2} and corrections[1][1] == 0 and corrections[2][1] == 0
    ok(log, "record_bust", {"entry_id": 1}, at=T0 + 100, now=T0 + 100)  # the real result
    assert (log.state.status, log.state.winner, places(log.state)[1]) == ("finished", 2, (2, 1))
    assert snapshot(log.replayed()) == snapshot(log.state)


def test_v_vii_r_undo_gives_the_headhunter_chips_back_from_the_eliminator():
    log = seated(preset("v-ranking"), {1: [1, 2, 3, 4, 5, 6]})
    for i in range(1, 7):  # seated() writes seats_drawn by hand; registrations gave the HH chips
        assert log.state.hh[i] == 1
    ok(log, "record_bust", {"entry_id": 6, "eliminated_by": 1})
    assert (log.state.hh[1], log.state.hh[6]) == (2, 0)
    d = undo(log, 6)
    assert (log.state.hh[1], log.state.hh[6]) == (1, 1)
    assert d.events[0].payload["hh_transfers"] == [{"from": 1, "to": 6, "chips": 1}]
    assert log.state.entries[6].eliminated_by is None
    assert ("player", 1) in changed_views(log.state, d.events)
    # Busted again without an eliminator: undoing that bust moves no HH chips.
    ok(log, "record_bust", {"entry_id": 6})
    assert "hh_transfers" not in undo(log, 6).events[0].payload
    assert snapshot(log.replayed()) == snapshot(log.state)


def test_seat_taken_is_rejected_naming_the_seat_and_a_free_seat_is_accepted():
    log = seated(preset("n-monday"), {1: [1, 2, 3], 2: [4, 5, 6]})
    ok(log, "record_bust", {"entry_id": 3})  # table 1 seat 3
    ok(log, "move_player", {"entry_id": 6, "to_table": 1, "to_seat": 3})
    r = refused(log, "undo_bust", {"entry_id": 3, "reason": "x"}, "seat_taken", "seat")
    assert r.message == "Table 1 seat 3 has been taken by P6 since; choose a seat."
    r = refused(log, "undo_bust", {"entry_id": 3, "reason": "x", "table_no": 2, "seat": 1}, "seat_taken", "seat")
    assert "P4" in r.message
    refused(log, "undo_bust", {"entry_id": 3, "reason": "x", "table_no": 2, "seat": 99}, "no_such_seat", "seat")
    refused(log, "undo_bust", {"entry_id": 3, "reason": "x", "table_no": 7, "seat": 1}, "table_not_in_play", "table_no")
    refused(log, "undo_bust", {"entry_id": 3, "reason": "x", "table_no": 2}, "seat_required", "seat")
    undo(log, 3, table_no=2, seat=3)  # table 2 seat 3 is free since 6 moved
    assert (log.state.entries[3].table_no, log.state.entries[3].seat) == (2, 3)
    assert log.state.tables[2].seats[3] == 3
    assert snapshot(log.replayed()) == snapshot(log.state)


def test_a_broken_table_asks_for_a_seat_naming_the_table():
    log = seated(preset("n-monday"), {1: [1, 2, 3], 2: [4, 5, 6]})
    ok(log, "record_bust", {"entry_id": 6})
    ok(log, "break_table", {"table_no": 2})
    r = refused(log, "undo_bust", {"entry_id": 6, "reason": "x"}, "seat_gone", "table_no")
    assert "broken" in r.message
    seat = next(s for s in range(1, 11) if s not in log.state.tables[1].seats)
    undo(log, 6, table_no=1, seat=seat)
    assert log.state.tables[1].seats[seat] == 6


def test_rejections_name_the_field_and_say_why():
    log = n_monday(6)
    ok(log, "record_bust", {"entry_id": 6})
    ok(log, "record_bust", {"entry_id": 5})
    ok(log, "player_leaves", {"entry_id": 4})
    ok(log, "disqualify", {"entry_id": 5, "reason": "collusion"})
    assert refused(log, "undo_bust", {"entry_id": 99, "reason": "x"}, "unknown_entry", "entry_id").kind == "not_found"
    r = refused(log, "undo_bust", {"entry_id": 1, "reason": "x"}, "still_in", "entry_id")
    assert r.message.startswith("P1 is still in the tournament")
    assert "N-2.22" in refused(log, "undo_bust", {"entry_id": 5, "reason": "x"}, "not_a_bust", "entry_id").message
    assert "left" in refused(log, "undo_bust", {"entry_id": 4, "reason": "x"}, "not_a_bust", "entry_id").message
    refused(log, "undo_bust", {"entry_id": 6, "reason": "  "}, "reason_required", "reason")
    # A dealer undoes only his table's latest bust (tests/engine/test_dealer_undo_bust.py)
    dealer = log.run(Command("undo_bust", {"entry_id": 6, "reason": "x"}, Actor("dealer", 1), now=T0))
    assert (dealer.error, dealer.kind, dealer.basis) == ("not_last_bust", "conflict", "procedure")


def test_hand_for_hand_shared_place_loses_one_and_replays():
    p = preset("generic")
    p["seating"] = {**p.get("seating", {}), "same_hand_busts": "share"}
    log = seated(p, {1: [1, 2, 3, 4, 5], 2: [6, 7, 8, 9, 10]})
    ok(log, "start_hand_for_hand", {}, now=T0)
    ok(log, "record_bust", {"entry_id": 5}, at=T0 + 10, now=T0 + 10)
    ok(log, "record_bust", {"entry_id": 10}, at=T0 + 20, now=T0 + 20)
    assert places(log.state)[5] == (9, 2)  # TDA RP-8: they share 9th-10th
    undo(log, 10)
    assert places(log.state)[5] == (10, 1)
    assert snapshot(log.replayed()) == snapshot(log.state)


# ------------------------------------------------------------------ property


def check(state):
    out = [e for e in state.entries.values() if e.status == "busted"]
    active = [e for e in state.entries.values() if e.status == "active"]
    assert state.players_left == len(active)
    seated_ids = sorted(eid for t in state.tables.values() for eid in t.seats.values())
    assert seated_ids == sorted(e.entry_id for e in active)
    if state.status == "finished":
        assert [(e.place, e.tie) for e in active] == [(1, 1)]
        covered = [1]
    else:
        assert all(e.place is None for e in active)
        covered = []
    for e in out:
        covered.append(e.place)  # no ties without hand-for-hand sharing
    n = len(state.entries)
    assert sorted(covered) == list(
        range(1 if covered and covered[0] == 1 and state.status == "finished" else state.players_left + 1, n + 1)
    )


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["bust", "bust", "undo", "group"]), st.integers(0, 10**6)), min_size=1, max_size=25
    )
)
def test_n_1_15_random_busts_and_undos_keep_places_a_permutation_and_replay(steps):
    log = seated(preset("n-monday"), {1: [1, 2, 3, 4, 5], 2: [6, 7, 8, 9, 10]})
    now = T0
    for kind, pick in steps:
        now += 1000
        s = log.state
        active = sorted(e.entry_id for e in s.entries.values() if e.status == "active")
        out = sorted(e.entry_id for e in s.entries.values() if e.status == "busted")
        at = now - (pick % 5000)  # some busts are recorded late
        if kind == "bust" and len(active) > 1 and s.status != "finished":
            log.run(director_cmd("record_bust", {"entry_id": active[pick % len(active)]}, at=at, now=now))
        elif kind == "group" and s.status != "finished":
            table = next((t for t in s.tables.values() if len(t.seats) >= 2 and len(t.seats) < s.players_left), None)
            if table is not None:
                ids = sorted(table.seats.values())[:2]
                log.run(
                    director_cmd(
                        "record_busts",
                        {
                            "table_no": table.table_no,
                            "busts": [
                                {"entry_id": ids[0], "starting_stack": pick % 7},
                                {"entry_id": ids[1], "starting_stack": pick % 11},
                            ],
                        },
                        at=at,
                        now=now,
                    )
                )
        elif kind == "undo" and out:
            entry = s.entries[out[pick % len(out)]]
            payload = {"entry_id": entry.entry_id, "reason": "wrong"}
            table = s.tables[entry.table_no]
            if entry.seat in table.seats:
                free = next(
                    (
                        (t.table_no, seat)
                        for t in s.tables.values()
                        if not t.broken
                        for seat in range(1, t.max_seats + 1)
                        if seat not in t.seats
                    ),
                    None,
                )
                payload.update(table_no=free[0], seat=free[1])
            d = log.run(director_cmd("undo_bust", payload, now=now))
            if isinstance(d, Rejection):
                assert s.status == "finished" and d.error == "tournament_finished"
        check(log.state)
    assert snapshot(log.replayed()) == snapshot(log.state)
    total = sum(money.prize(log.state, e) for e in log.state.entries.values())
    assert total <= money.pool(log.state)


def test_undo_in_a_10000_player_field_touches_only_the_places_that_shift():
    """Performance: no whole-tournament work per undo; the event and the push carry only the
    players out after him (here 9), not the 10,000."""
    tables = {t: list(range((t - 1) * 10 + 1, t * 10 + 1)) for t in range(1, 1001)}
    log = seated(preset("generic"), tables)
    bust_down(log, list(range(10_000, 9_960, -1)))  # 40 out
    d = undo(log, 9_970)  # the 31st out: the 30 out before him keep their places, the 9 after move
    assert len(d.events[0].payload["places"]) == 9
    keys = changed_views(log.state, d.events)
    assert len([k for k in keys if k[0] == "player"]) == 10 and len([k for k in keys if k[0] == "table"]) == 1
    assert log.state.entries[9_961].place == 9_962 and log.state.entries[10_000].place == 10_000
