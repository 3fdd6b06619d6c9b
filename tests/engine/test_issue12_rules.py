"""The rules the whole-night checks found wrong: each test
names the rule it holds the engine to."""

from backend.engine import money
from backend.read.views import director_view, public_view, table_view
from engine_helpers import Log, no, ok, preset

T0 = 1_800_000_000_000


def places(state):
    return {e.entry_id: (e.place, e.tie) for e in state.entries.values()}


# ------------------------------------------------------------------ defect 12: N-3.2 at the bubble


def test_n_3_2_two_out_in_one_hand_from_8_to_6_the_absent_player_takes_the_bubble_not_a_paid_place():
    """N-3.2: a prepaid player who never came is blinded off "until one place before the money",
    then removed with no prize. 44 players, 6 paid: two players go out in one hand from 8 to 6.
    He must finish 7th (the bubble, unpaid), not 6th, and the 6th prize (275 CHF) stays with 6th."""
    log = Log(preset("n-monday"))
    ok(log, "register_player", {"name": "Absent Abe", "prepaid": True, "present": False})
    for i in range(2, 45):
        ok(log, "register_player", {"name": f"P{i}", "id_checked": True})
    ok(log, "draw_seats", {"tables": 4}, seed=11)
    s = log.state
    assert s.absent == {1}
    # The two who go out in the hand sit at one table; five more stay with them and the absentee.
    table_of_x = next(t for t in s.tables.values() if sum(1 for e in t.seats.values() if e != 1) >= 2)
    x, y = sorted(e for e in table_of_x.seats.values() if e != 1)[:2]
    stay = [e for e in range(2, 45) if e not in (x, y)][:5]
    for n, e in enumerate(e for e in range(44, 1, -1) if e not in (x, y, *stay)):
        ok(log, "record_bust", {"entry_id": e}, at=T0 + n, now=T0 + n)
    s = log.state
    assert s.players_left == 8 and 1 in s.absent and money.paid_places(s) == 6
    assert [a["amount"] for a in public_view(s, T0)["payouts"]] == [1870, 1210, 935, 715, 495, 275]
    # Not yet: at 8 he is still blinded off (the bubble is 7).
    assert not [g for g in director_view(s, T0)["suggestions"] if g["kind"] == "remove_absent"]

    hand = ok(
        log,
        "record_busts",
        {
            "table_no": table_of_x.table_no,
            "busts": [{"entry_id": x, "starting_stack": 1000}, {"entry_id": y, "starting_stack": 3000}],
        },
        at=T0 + 100,
        now=T0 + 100,
    )
    s = log.state
    abe = s.entries[1]
    assert (abe.place, abe.status, abe.out_reason, abe.no_prize) == (7, "busted", "absent", True)
    assert (s.entries[x].place, s.entries[y].place) == (8, 6)  # fewer chips at the start: the worse place
    assert s.players_left == 5 and not s.absent
    assert hand.events[0].payload["absent_out"] == [{"entry_id": 1, "table_no": abe.table_no, "seat": abe.seat}]
    assert {"entry_id": 1, "place": 7} in hand.result["absent_out"]
    assert money.prize(s, s.entries[y]) == 275 and money.prize(s, abe) == 0
    assert not [g for g in director_view(s, T0)["suggestions"] if g["kind"] == "remove_absent"]

    for n, e in enumerate(stay[:4]):
        ok(log, "record_bust", {"entry_id": e}, at=T0 + 200 + n, now=T0 + 200 + n)
    s = log.state
    assert s.status == "finished" and s.winner == stay[4]
    prizes = {e.place: money.prize(s, e) for e in s.entries.values() if e.place and e.place <= 7}
    assert prizes == {1: 1870, 2: 1210, 3: 935, 4: 715, 5: 495, 6: 275, 7: 0}  # each prize with its place
    assert sum(prizes.values()) == 5500
    assert places(log.replayed()) == places(s)


def test_n_3_2_a_single_bust_that_reaches_the_bubble_removes_the_absent_player_there():
    """N-3.2: 8 left with one absentee, one bust: 7 left is the bubble, so he goes out 7th at once."""
    log = Log(preset("n-monday"))
    ok(log, "register_player", {"name": "Absent Abe", "prepaid": True, "present": False})
    for i in range(2, 45):
        ok(log, "register_player", {"name": f"P{i}", "id_checked": True})
    ok(log, "draw_seats", {"tables": 4}, seed=11)
    for n, e in enumerate(range(44, 8, -1)):
        ok(log, "record_bust", {"entry_id": e}, at=T0 + n, now=T0 + n)
    d = ok(log, "record_bust", {"entry_id": 8}, at=T0 + 100, now=T0 + 100)
    s = log.state
    assert (s.entries[8].place, s.entries[1].place, s.entries[1].no_prize, s.players_left) == (8, 7, True, 6)
    assert d.result["absent_out"] == [{"entry_id": 1, "place": 7}]
    assert places(log.replayed()) == places(s)


# ------------------------------------------------------------------ defect 3: P-Spielverlauf late seats


def test_p_spielverlauf_a_late_player_owes_the_big_blind_until_his_first_hand_is_dealt():
    """P-Spielverlauf: "die hinzugekommenen Spieler müssen im folgenden Spiel das Big Blind halten".
    The registration, the table view, the hand_started event and the hand's result say so; the
    regular big blind still moves on by the dead-button rule (TDA 32), so nobody skips it."""
    from engine_helpers import seated

    log = seated(preset("p-qualifier"), {1: [1, 2, 3, 4, 5, 6, 7, 8]})
    ok(log, "set_button", {"table_no": 1, "seat": 1})
    first = ok(log, "new_hand", {"table_no": 1})
    assert (first.result["button"], first.result["sb"], first.result["bb"]) == (1, 2, 3)
    assert "new_big_blinds" not in first.events[0].payload
    late = ok(log, "register_player", {"name": "Latecomer", "id_checked": True}, seed=3)
    seat = late.result["seat"]
    assert seat in (9, 10) and late.result["posts"] == "big_blind"
    assert late.events[0].payload["posts"] == "big_blind"  # in the event: replay never reads the preset
    view = table_view(log.state, 1, T0)
    assert view["owes_big_blind"] == [{"seat": seat, "entry_id": 9, "name": "Latecomer"}]
    assert view["new_big_blinds"] == []

    hand = ok(log, "new_hand", {"table_no": 1})
    assert hand.result["bb"] == 4  # the regular big blind moves one seat on (TDA 32)
    assert hand.events[0].payload["new_big_blinds"] == [{"entry_id": 9, "seat": seat}]
    assert hand.result["new_big_blinds"] == [{"entry_id": 9, "seat": seat}]
    view = table_view(log.state, 1, T0)
    assert view["owes_big_blind"] == []
    assert view["new_big_blinds"] == [{"seat": seat, "entry_id": 9, "name": "Latecomer"}]

    after = ok(log, "new_hand", {"table_no": 1})  # his second hand: nothing extra
    assert "new_big_blinds" not in after.events[0].payload
    assert table_view(log.state, 1, T0)["new_big_blinds"] == []
    replayed = log.replayed()
    assert replayed.owes_big_blind == log.state.owes_big_blind == set()


def test_p_spielverlauf_a_late_seat_is_never_the_dead_small_blind():
    """P-Spielverlauf: a newcomer posts the big blind in his first hand, so he is never seated in a
    dead small blind (he would owe both blinds at once); the seat between button and small blind
    stays barred as for everyone (TDA 32)."""
    import random

    from backend.engine.registration import late_seat
    from engine_helpers import seated

    log = seated(preset("p-qualifier"), {1: [1, 2, 3, 4, 5, 6, 7, 8]})
    ok(log, "set_button", {"table_no": 1, "seat": 1})
    ok(log, "new_hand", {"table_no": 1})  # D 1, SB 2, BB 3
    ok(log, "record_bust", {"entry_id": 3})  # seat 3 empty: the next hand's small blind is dead
    seats = {late_seat(log.state, random.Random(n))[1] for n in range(60)}
    assert 3 not in seats and seats <= {3, 9, 10} and seats


# ------------------------------------------------------------------ defect 5: S-#36 dealer penalties


def test_s_36_a_dealer_gives_missed_hand_and_missed_round_penalties_at_his_table():
    """S-#36: "Der Dealer kann für jede Regelverletzung eine Ermahnung, Verwarnung, ein Missed Hand
    oder ein Missed Round Penalty aussprechen." Which penalties a dealer may give is preset data."""
    from backend.engine import Actor, Command, Rejection
    from engine_helpers import seated

    assert preset("s-trophy")["penalties"]["dealer"] == ["warning", "missed_hand", "missed_round"]
    log = seated(preset("s-trophy"), {1: [1, 2, 3, 4], 2: [5, 6, 7, 8]})
    dealer = Actor("dealer", table_no=1)

    def by_dealer(payload):
        return log.run(Command("penalize", payload, dealer, now=T0))

    d = by_dealer({"entry_id": 2, "kind": "missed_round", "orbits": 2})
    assert not isinstance(d, Rejection), d
    assert d.events[0].payload["by"] == "dealer" and log.state.penalties[2]["hands_left"] == 8  # 2 × 4 players
    ok(log, "lift_penalty", {"entry_id": 2})
    d = by_dealer({"entry_id": 3, "kind": "missed_hand", "orbits": 1})
    assert not isinstance(d, Rejection), d
    r = by_dealer({"entry_id": 5, "kind": "missed_hand", "orbits": 1})  # not at his table
    assert (r.error, r.kind) == ("not_at_your_table", "forbidden")
    r = by_dealer({"entry_id": 4, "kind": "disqualification", "reason": "abuse"})  # S-#36: the director's
    assert (r.error, r.kind) == ("director_only", "forbidden") and "S-#36" in r.message
    assert table_view(log.state, 1, T0)["dealer_penalties"] == {
        "kinds": ["warning", "missed_hand", "missed_round"],
        "orbits": [1, 2, 3, 4],
        "rule": "S-#36",
    }


def test_n_2_23_the_tournament_director_gives_sit_out_penalties_a_dealer_only_warns():
    """N-2.23: "Der Turnierleiter kann ... Missed hand penalties bzw. Zeitstrafen aussprechen":
    a dealer warns (the old default) and the refusal names the rule."""
    from backend.engine import Actor, Command
    from engine_helpers import seated

    assert preset("n-monday")["penalties"]["dealer"] == ["warning"]
    log = seated(preset("n-monday"), {1: [1, 2, 3, 4]})
    r = log.run(
        Command("penalize", {"entry_id": 2, "kind": "missed_hand", "orbits": 1}, Actor("dealer", table_no=1), now=T0)
    )
    assert (r.error, r.kind) == ("director_only", "forbidden") and "N-2.23" in r.message
    assert r.params == {"allowed": ["warning"], "kind": "missed_hand", "rule": "N-2.23"}


# ------------------------------------------------------------------ defect 11: N-3.4 / P-Teilnahme walk-ins


def test_n_3_4_a_walk_in_without_the_id_check_is_refused_like_a_reserved_players_check_in():
    """N-3.4: ID / age 18+ is checked before a player takes part. A walk-in registered at the desk is
    checked in at once, so his ID must be seen then; a reservation (absent) shows it at check-in."""
    log = Log(preset("n-monday"))
    r = no(log, "register_player", {"name": "Walk-in Wanda"})
    assert (r.error, r.field, r.kind) == ("id_not_checked", "id_checked", "conflict") and "N-3.4" in r.message
    assert r.params == {"name": "Walk-in Wanda", "variant": "walk_in", "rule": "N-3.4"}
    assert not log.state.entries
    d = ok(log, "register_player", {"name": "Walk-in Wanda", "id_checked": True})
    assert log.state.entries[d.result["entry_id"]].id_checked
    ok(log, "register_player", {"name": "Reserved Rita", "present": False, "prepaid": True})  # checks in later
    assert no(log, "check_in", {"entry_id": 2}).error == "id_not_checked"
    # No ID rule in the preset: nothing to check.
    log = Log(preset("v-ranking"))
    ok(log, "register_player", {"name": "Walk-in Wanda"})


def test_p_teilnahme_a_late_walk_in_is_refused_without_the_id_check():
    """P-Teilnahme: "die Teilnehmer haben den Nachweis der Volljährigkeit zu erbringen" — also the
    player who fills a free seat after the start (P-Spielverlauf)."""
    from engine_helpers import seated

    log = seated(preset("p-qualifier"), {1: [1, 2, 3, 4, 5, 6, 7, 8]})
    r = no(log, "register_player", {"name": "Latecomer"}, seed=3)
    assert (r.error, r.field) == ("id_not_checked", "id_checked") and "P-Teilnahme" in r.message
    assert log.state.players_left == 8
    ok(log, "register_player", {"name": "Latecomer", "id_checked": True}, seed=3)
    assert log.state.players_left == 9


def test_n_3_4_imports_are_reservations_and_a_row_marked_here_needs_the_id_column():
    """N-3.4 with the CSV import: imported players are reservations (absent until they check in with
    the ID); a row the file marks as here is a walk-in and needs the ID checked too."""
    log = Log(preset("n-monday"))
    d = ok(
        log,
        "import_players",
        {
            "rows": [
                {"line": 2, "name": "Anna"},
                {"line": 3, "name": "Ben", "present": True},
                {"line": 4, "name": "Cleo", "present": True, "id_checked": True},
            ]
        },
    )
    assert [r["name"] for r in d.result["imported"]] == ["Anna", "Cleo"]
    (bad,) = d.result["rejected"]
    assert (bad["line"], bad["error"], bad["field"]) == (3, "id_not_checked", "id_checked")
    anna, cleo = log.state.entries[1], log.state.entries[2]
    assert (anna.present, cleo.present, cleo.id_checked) == (False, True, True)


def test_n_3_4_a_waiting_player_moved_up_without_the_id_check_is_a_reservation_until_he_shows_it():
    """N-3.3 with N-3.4: the waiting list moves up in order; one whose ID nobody has seen (an imported
    reservation) holds the seat as a reservation and checks in with the ID — his check-in stays open
    after the close, since he got the seat then. A walk-in queued with his ID checked moves up here."""
    log = Log(preset("n-monday"))
    ok(log, "set_capacity", {"max": 2})
    ok(log, "register_player", {"name": "A", "id_checked": True})
    ok(log, "register_player", {"name": "B", "present": False})  # a reservation, unpaid
    ok(log, "import_players", {"rows": [{"line": 2, "name": "Wait Imported"}]})  # onto the waiting list
    ok(log, "register_player", {"name": "Wait Walk-in", "id_checked": True})
    d = ok(log, "close_check_in", {})
    assert [p["name"] for p in d.result["promoted"]] == ["Wait Imported"]  # B's seat: first come, first served
    moved = log.state.entries[3]
    assert (moved.name, moved.present, moved.id_checked) == ("Wait Imported", False, False)
    assert no(log, "check_in", {"entry_id": 3}).error == "id_not_checked"
    ok(log, "check_in", {"entry_id": 3, "id_checked": True})  # after the close: he got the seat then
    assert log.state.entries[3].present
    assert no(log, "check_in", {"entry_id": 2, "id_checked": True}).error == "check_in_closed"  # B lost his
    ok(log, "set_capacity", {"max": 3})
    ok(log, "promote_waiting", {})
    walk_in = log.state.entries[4]
    assert (walk_in.name, walk_in.present, walk_in.id_checked) == ("Wait Walk-in", True, True)
    assert log.replayed().check_in_open_for == log.state.check_in_open_for == {3}

    # Moving up by hand at the desk: the director ticks the ID box as he seats him.
    log = Log(preset("n-monday"))
    ok(log, "set_capacity", {"max": 1})
    ok(log, "register_player", {"name": "A", "id_checked": True})
    ok(log, "import_players", {"rows": [{"line": 2, "name": "Queued"}, {"line": 3, "name": "Next"}]})
    ok(log, "set_capacity", {"max": 3})
    ok(log, "promote_waiting", {"id_checked": True})
    ok(log, "promote_waiting", {})
    assert [(e.present, e.id_checked) for e in log.state.entries.values()][1:] == [(True, True), (False, False)]


# ------------------------------------------------------------------ defect 14: TDA RP-8 with the generic preset


def test_tda_rp_8_generic_pays_places_so_two_sharing_in_one_hand_for_hand_round_split_both_prizes():
    """TDA RP-8: players out in the same hand-for-hand hand at different tables share the places
    and split their prizes. The generic preset (the one that shares) has a payout table: the
    director sets a buy-in and the shared places visibly split their money."""
    assert preset("generic")["payouts"] is not None
    log = Log(preset("generic"))
    for i in range(1, 21):
        ok(log, "register_player", {"name": f"P{i}"})
    assert public_view(log.state, T0)["payouts"] == []  # no money, no prizes: nothing to show
    ok(log, "edit_settings", {"buy_in": 100})
    ok(log, "draw_seats", {"tables": 2}, seed=5)
    s = log.state
    t1 = sorted(s.tables[1].seats.values())
    t2 = sorted(s.tables[2].seats.values())
    out = t1[3:] + t2[2:]  # 7 + 8: three stay at table 1, two at table 2
    for n, e in enumerate(out[:-1]):
        ok(log, "record_bust", {"entry_id": e}, at=T0 + n, now=T0 + n)
    s = log.state
    assert s.players_left == 6
    assert [p["amount"] for p in public_view(s, T0)["payouts"]] == [800, 500, 340, 220, 140]
    # the money bubble: hand-for-hand is suggested (TDA, generic: at the bubble)
    assert [g for g in director_view(s, T0)["suggestions"] if g["kind"] == "hand_for_hand"]
    ok(log, "record_bust", {"entry_id": out[-1]}, at=T0 + 50, now=T0 + 50)  # 6th: the bubble, unpaid
    ok(log, "start_hand_for_hand", {}, now=T0 + 100)
    a, b = t1[0], t2[0]
    ok(log, "record_bust", {"entry_id": a}, at=T0 + 110, now=T0 + 110)  # same round, table 1
    ok(log, "record_bust", {"entry_id": b}, at=T0 + 120, now=T0 + 120)  # same round, table 2
    s = log.state
    assert [(s.entries[e].place, s.entries[e].tie) for e in (a, b)] == [(4, 2), (4, 2)]
    assert money.prize(s, s.entries[a]) == money.prize(s, s.entries[b]) == 180  # (220 + 140) / 2
    due = {d["entry_id"]: d for d in director_view(s, T0)["payouts_due"]}
    assert (due[a]["amount"], due[a]["place"], due[a]["tie"]) == (180, 4, 2)  # 4th–5th shared
    assert places(log.replayed()) == places(s)
