"""Places, money and entries in the engine; each test names the rule it checks."""

from backend.engine import Actor, Command, money
from backend.engine.chips import chips_view
from backend.read.changes import changed_views
from backend.read.views import director_delta, director_view, player_view, public_view, table_view
from engine_helpers import Log, no, ok, preset, seated

T0 = 1_800_000_000_000


def n_monday(players=11):
    return seated(preset("n-monday"), {1: list(range(1, players + 1))})


def places(state):
    return {e.entry_id: e.place for e in state.entries.values()}


# ------------------------------------------------------------------ places


def test_n_1_15_order_follows_the_recorded_time_and_the_event_lists_every_re_placing():
    log = n_monday(6)
    ok(log, "record_bust", {"entry_id": 6}, at=T0 + 3000, now=T0 + 3000)
    ok(log, "record_bust", {"entry_id": 5}, at=T0 + 4000, now=T0 + 4000)
    late = ok(log, "record_bust", {"entry_id": 4}, at=T0 + 1000, now=T0 + 5000)  # recorded first, arrives last
    assert late.result == {"entry_id": 4, "place": 6}
    moved = {c["entry_id"]: c["place"] for c in late.events[0].payload["places"]}
    assert moved == {4: 6, 6: 5, 5: 4}  # the event carries the re-placing: replay copies it
    assert places(log.replayed()) == places(log.state)
    view = director_view(log.state, T0)
    assert [b["entry_id"] for b in view["busts"]] == [5, 6, 4]  # finishing order, best place first


def test_n_1_15_a_bust_recorded_in_the_future_counts_as_now():
    log = n_monday(4)
    ok(log, "record_bust", {"entry_id": 4}, at=T0 + 10_000_000, now=T0)
    assert log.state.entries[4].busted_at == T0


def test_n_1_15_same_hand_busts_rank_by_starting_stack_and_reject_bad_lists():
    log = seated(preset("n-monday"), {1: [1, 2, 3, 4], 2: [5, 6, 7, 8]})
    r = no(
        log,
        "record_busts",
        {"table_no": 1, "busts": [{"entry_id": 1, "starting_stack": 10}, {"entry_id": 5, "starting_stack": 20}]},
    )
    assert (r.error, r.field) == ("not_at_this_table", "busts.1.entry_id")
    r = no(
        log,
        "record_busts",
        {"table_no": 1, "busts": [{"entry_id": 1, "starting_stack": 10}, {"entry_id": 1, "starting_stack": 20}]},
    )
    assert (r.error, r.field) == ("duplicate_entry", "busts.1.entry_id")
    r = no(log, "record_busts", {"table_no": 1, "busts": [{"entry_id": 1, "starting_stack": -1}]})
    assert r.field == "busts.0.starting_stack" and "N-1.15" in r.message
    r = no(log, "record_busts", {"table_no": 1, "busts": [{"entry_id": 1, "starting_stack": 5}], "eliminated_by": 1})
    assert r.field == "eliminated_by"
    d = ok(
        log,
        "record_busts",
        {
            "table_no": 1,
            "eliminated_by": 4,
            "busts": [{"entry_id": 1, "starting_stack": 500}, {"entry_id": 2, "starting_stack": 900}],
        },
    )
    assert {p["entry_id"]: p["place"] for p in d.result["places"]} == {1: 8, 2: 7}
    assert log.state.entries[1].eliminated_by == 4  # for bounties and headhunter chips (V-VII.r)
    dealer = Command(
        "record_busts", {"table_no": 2, "busts": [{"entry_id": 5, "starting_stack": 1}]}, Actor("dealer", 1), now=T0
    )
    assert log.run(dealer).kind == "forbidden"


def test_n_1_15_the_last_hand_crowns_the_winner_and_cannot_empty_the_table():
    log = n_monday(3)
    r = no(log, "record_busts", {"table_no": 1, "busts": [{"entry_id": e, "starting_stack": 1} for e in (1, 2, 3)]})
    assert r.error == "nobody_left"
    ok(
        log,
        "record_busts",
        {"table_no": 1, "busts": [{"entry_id": 2, "starting_stack": 1}, {"entry_id": 3, "starting_stack": 2}]},
    )
    assert log.state.status == "finished" and places(log.state) == {1: 1, 2: 3, 3: 2}


def test_v_vi_d_a_player_who_leaves_takes_the_place_of_that_moment_and_his_chips_leave_play():
    log = seated(preset("v-ranking"), {1: [1, 2, 3, 4, 5]})
    in_play = log.state.chips["in_play"]
    d = ok(log, "player_leaves", {"entry_id": 3, "chips": 6000})
    assert d.result == {"entry_id": 3, "place": 5, "prize": True}
    assert log.state.chips["in_play"] == in_play - 6000
    assert no(log, "player_leaves", {"entry_id": 3}).error == "already_out"
    assert no(log, "rebuy", {"entry_id": 3}, now=T0).error == "not_eligible"  # out for good


def test_n_2_22_disqualify_needs_a_reason_and_happens_once():
    log = n_monday(4)
    assert no(log, "disqualify", {"entry_id": 2, "reason": "  "}).field == "reason"
    ok(log, "disqualify", {"entry_id": 2, "reason": "abuse"})
    assert no(log, "disqualify", {"entry_id": 2, "reason": "again"}).error == "already_disqualified"
    assert no(log, "record_bust", {"entry_id": 2}).error == "already_out"
    row = next(e for e in director_view(log.state, T0)["entries"] if e["entry_id"] == 2)
    assert (row["status"], row["place"], row["disqualified"], row["out_reason"]) == (
        "busted",
        None,
        True,
        "disqualified",
    )


# ------------------------------------------------------------------ money


def test_n_3_7_prize_pool_is_the_buy_ins_without_fees():
    log = n_monday(11)
    view = public_view(log.state, T0)
    assert view["prize_pool"] == 11 * 125  # fees (25 each) are not in the pool
    assert [p["amount"] for p in view["payouts"]] == [578, 385, 261, 151]
    assert director_view(log.state, T0)["money"]["fees"] == 11 * 25


def test_n_3_8_a_paid_bust_says_what_to_pay_and_confirm_payout_records_it():
    log = n_monday(11)
    for e in range(11, 4, -1):
        ok(log, "record_bust", {"entry_id": e})
    assert director_view(log.state, T0)["payouts_due"] == []  # 5th is not paid at 11 players
    assert no(log, "confirm_payout", {"entry_id": 5}).error == "no_prize"
    ok(log, "record_bust", {"entry_id": 4})
    (due,) = director_view(log.state, T0)["payouts_due"]
    assert (due["entry_id"], due["amount"], due["name"], due["place"], due["tie"]) == (4, 151, "P4", 4, 1)
    assert ok(log, "confirm_payout", {"entry_id": 4}).result == {"entry_id": 4, "amount": 151}
    assert no(log, "confirm_payout", {"entry_id": 4}).error == "already_paid"
    view = director_view(log.state, T0)
    assert view["payouts_due"] == [] and view["money"]["paid_out"] == 151
    assert player_view(log.state, 4, T0)["prize"] == 151 and player_view(log.state, 4, T0)["paid"] == 151


def test_n_3_8_a_late_bust_under_a_paid_place_raises_a_correction_that_settle_clears():
    log = n_monday(11)
    for i, e in enumerate(range(11, 4, -1)):
        ok(log, "record_bust", {"entry_id": e}, at=T0 + i, now=T0 + i)
    ok(log, "record_bust", {"entry_id": 4}, at=T0 + 100, now=T0 + 100)
    ok(log, "confirm_payout", {"entry_id": 4}, now=T0 + 101)
    ok(log, "record_bust", {"entry_id": 3}, at=T0 + 50, now=T0 + 200)  # happened before 4's bust
    view = director_view(log.state, T0)
    (correction,) = view["corrections"]
    assert (correction["entry_id"], correction["paid"], correction["due"], correction["difference"]) == (
        4,
        151,
        261,
        110,
    )
    assert [(d["entry_id"], d["amount"]) for d in view["payouts_due"]] == [(3, 151)]  # 3 is 4th now
    assert no(log, "confirm_payout", {"entry_id": 4}).error == "already_paid"
    assert ok(log, "settle_correction", {"id": correction["id"]}).result["difference"] == 110
    assert director_view(log.state, T0)["corrections"] == []
    assert no(log, "settle_correction", {"id": correction["id"]}).error == "unknown_correction"


def test_n_3_7_disqualifying_a_paid_player_asks_to_take_the_prize_back_and_moves_the_others_up():
    log = n_monday(11)
    for e in range(11, 3, -1):
        ok(log, "record_bust", {"entry_id": e})
    ok(log, "confirm_payout", {"entry_id": 4})
    ok(log, "disqualify", {"entry_id": 4, "reason": "collusion"})
    view = director_view(log.state, T0)
    (correction,) = view["corrections"]
    assert (correction["entry_id"], correction["paid"], correction["due"]) == (4, 151, 0)
    assert correction["difference"] == -151  # take the prize back
    assert [(d["entry_id"], d["place"], d["amount"]) for d in view["payouts_due"]] == [(5, 4, 151)]


def test_n_3_7_the_winner_takes_the_remainder_and_the_pool_is_paid_out_exactly():
    log = n_monday(11)
    for e in range(11, 1, -1):
        ok(log, "record_bust", {"entry_id": e})
    assert log.state.status == "finished"
    due = {d["entry_id"]: d["amount"] for d in director_view(log.state, T0)["payouts_due"]}
    assert due == {1: 578, 2: 385, 3: 261, 4: 151} and sum(due.values()) == 1375
    for e in due:  # N-3.8: money is handed out after the end too
        ok(log, "confirm_payout", {"entry_id": e})
    assert no(log, "record_bust", {"entry_id": 1}).error == "tournament_finished"


def test_tda_rp_8_hand_for_hand_busts_share_the_place_and_split_its_prize():
    p = preset("generic")
    p["format"] = {**p["format"], "buy_in": 125}
    p["payouts"] = preset("n-monday")["payouts"]
    log = seated(p, {1: list(range(1, 12)), 2: list(range(12, 22))})
    for e in range(1, 16):
        ok(log, "record_bust", {"entry_id": e}, at=T0 + e, now=T0 + e)
    ok(log, "start_hand_for_hand", {}, now=T0 + 100)
    ok(log, "record_bust", {"entry_id": 16}, at=T0 + 110, now=T0 + 110)
    ok(log, "record_bust", {"entry_id": 17}, at=T0 + 120, now=T0 + 120)
    s = log.state
    assert (s.entries[16].place, s.entries[16].tie, s.entries[17].place) == (5, 2, 5)
    # 21 players: 5th is 183 (7 % of 2,625, rounded down); 6th unpaid: 183 / 2 = 91.50 → 91 each
    assert money.prize(s, s.entries[16]) == 91 == money.prize(s, s.entries[17])
    assert {(d["place"], d["tie"]) for d in director_view(s, T0)["payouts_due"]} == {(5, 2)}  # 5th–6th shared


def test_n_2_13_p_sidepots_a_card_decides_equal_stacks_across_two_tables_and_each_gets_his_card():
    """N-2.13: hand-for-hand; two players at two tables out in the same hand with the same starting
    stack: a card draw decides (P-SidePots, rank then suit). Each of them gets a card, shown to the
    director and written into the audit log, so the draw can be checked."""
    from backend.engine.places import card_value
    from backend.read.audit import describe_event

    log = seated(preset("n-monday"), {1: list(range(1, 7)), 2: list(range(7, 13))})
    ok(log, "start_hand_for_hand", {}, now=T0 + 100)
    first = ok(log, "record_bust", {"entry_id": 3, "starting_stack": 4000}, at=T0 + 110, now=T0 + 110)
    assert "cards" not in first.result  # alone so far: nothing to draw
    second = ok(log, "record_bust", {"entry_id": 9, "starting_stack": 4000}, at=T0 + 120, now=T0 + 120)
    s = log.state
    assert s.group_of[3] is s.group_of[9]
    cards = {m["entry_id"]: m["card"] for m in s.group_of[3].members}
    assert cards[3] and cards[9] and cards[3] != cards[9]
    assert second.result["cards"] == [
        {"entry_id": 3, "name": "P3", "card": cards[3], "table_no": 1},
        {"entry_id": 9, "name": "P9", "card": cards[9], "table_no": 2},
    ]
    better, worse = (3, 9) if card_value(cards[3]) > card_value(cards[9]) else (9, 3)
    assert (s.entries[better].place, s.entries[worse].place) == (11, 12)  # the higher card places higher
    view = director_view(s, T0 + 130)
    shown = {b["entry_id"]: b["card"] for b in view["busts"]}
    assert shown == {3: cards[3], 9: cards[9]}
    assert {e["entry_id"]: e["card"] for e in view["entries"] if e["entry_id"] in (3, 9)} == shown
    text = describe_event("player_busted", log.events[-1].payload, "en", lambda i: f"P{i}")
    assert "card draw between equal stacks: P3 " in text and ", P9 " in text
    assert places(log.replayed()) == places(s)
    ok(log, "undo_bust", {"entry_id": 9, "reason": "wrong player"}, now=T0 + 140)  # the tie is gone
    view = director_view(log.state, T0 + 150)
    assert [(b["entry_id"], b["card"]) for b in view["busts"]] == [(3, None)]  # a card that decides nothing


# ------------------------------------------------------------------ entries


def v_ranking(players=12):
    p = preset("v-ranking")
    p["format"] = {
        **p["format"],
        "rebuy": {**p["format"]["rebuy"], "price": 10},
        "addon": {**p["format"]["addon"], "price": 20},
    }
    return seated(p, {1: list(range(1, players // 2 + 1)), 2: list(range(players // 2 + 1, players + 1))})


def test_v_xiii_rebuy_reinstates_a_busted_player_in_his_seat_until_the_first_break():
    log = v_ranking()
    ok(log, "start_clock", {}, now=T0)
    seat = log.state.entries[1].seat
    assert no(log, "rebuy", {"entry_id": 1}, now=T0).error == "not_busted"  # condition: busted (V-XIII)
    ok(log, "record_bust", {"entry_id": 1}, now=T0 + 1)
    ok(log, "record_bust", {"entry_id": 2}, now=T0 + 2)
    d = ok(log, "rebuy", {"entry_id": 1}, now=T0 + 3)
    assert d.result == {"entry_id": 1, "rebuys": 1, "chips": 7500, "table_no": 1, "seat": seat}
    s = log.state
    assert (s.entries[1].status, s.entries[1].place, s.entries[2].place, s.players_left) == ("active", None, 12, 11)
    assert s.chips["in_play"] == 12 * 7500 + 7500 and public_view(s, T0)["prize_pool"] == 10
    assert director_view(s, T0)["ledger"][0]["kind"] == "rebuy"  # every rebuy with its receipt
    ok(log, "jump_to_level", {"index": 7}, now=T0 + 4)  # the break: rebuys are over
    r = no(log, "rebuy", {"entry_id": 2}, now=T0 + 5)
    assert (r.error, r.field) == ("rebuy_closed", "entry_id") and "V-XIII" in r.message
    assert places(log.replayed()) == places(s)


def test_v_xiii_add_on_once_during_the_break():
    log = v_ranking()
    ok(log, "start_clock", {}, now=T0)
    r = no(log, "addon", {"entry_id": 3}, now=T0 + 1)
    assert r.error == "addon_not_now" and "first break" in r.message and "V-XIII" in r.message
    ok(log, "jump_to_level", {"index": 7}, now=T0 + 2)
    assert ok(log, "addon", {"entry_id": 3}, now=T0 + 3).result == {"entry_id": 3, "chips": 10000}
    r = no(log, "addon", {"entry_id": 3}, now=T0 + 4)
    assert r.error == "addon_taken" and "V-XIII" in r.message
    row = next(e for e in director_view(log.state, T0)["entries"] if e["entry_id"] == 3)
    assert row["addon"] is True and public_view(log.state, T0)["addons"] == 1
    assert no(log, "addon", {"entry_id": 4}, now=T0 + 11 * 60_000).error == "addon_not_now"  # break over


def test_n_1_19_freeze_out_refuses_rebuy_add_on_and_re_entry_citing_the_rule():
    log = n_monday(4)
    for kind in ("rebuy", "addon", "reentry"):
        r = no(log, kind, {"entry_id": 1})
        assert r.field == "entry_id" and "N-1.19" in r.message


def test_s_47_re_entry_keeps_the_seat_gives_a_full_stack_and_costs_buy_in_and_fee_again():
    p = preset("s-trophy")
    p["format"] = {**p["format"], "buy_in": 100, "fee": 20}
    log = seated(p, {1: list(range(1, 9))})
    ok(log, "start_clock", {}, now=T0)
    seat = log.state.entries[3].seat
    assert no(log, "reentry", {"entry_id": 3}, now=T0).error == "not_busted"
    ok(log, "record_bust", {"entry_id": 3}, now=T0 + 1)
    d = ok(log, "reentry", {"entry_id": 3}, now=T0 + 2)
    assert (d.result["seat"], d.result["reentries"]) == (seat, 1)
    s = log.state
    assert (s.money["buy_ins"], public_view(s, T0)["prize_pool"], director_view(s, T0)["money"]["fees"]) == (
        9,
        900,
        180,
    )
    assert s.chips["in_play"] == 9 * 10000 and s.entries[3].status == "active"
    ok(log, "jump_to_level", {"index": 4}, now=T0 + 3)  # the first pause
    ok(log, "record_bust", {"entry_id": 3}, now=T0 + 4)
    r = no(log, "reentry", {"entry_id": 3}, now=T0 + 5)
    assert r.error == "reentry_closed" and "S-#47" in r.message


def test_s_47_a_trophy_with_the_announced_buy_in_pays_its_places_not_a_pool_for_nobody():
    """S-#47: buy-in and fee come from the event announcement and S names no payout table. A
    director who sets them (as the preset's note asks) must not collect a pool nobody is paid
    from: s-trophy pays by field size as the preset's note says (an S night), and the
    re-entries' buy-ins go into it."""
    p = preset("s-trophy")
    assert any(n["rule"] == "S-#47" and "payout" in n["en"] and "21-30: 6" in n["en"] for n in p["notes"])
    p["format"] = {**p["format"], "buy_in": 100, "fee": 20}
    log = seated(p, {1: list(range(1, 10))})
    ok(log, "start_clock", {}, now=T0)
    ok(log, "record_bust", {"entry_id": 9}, now=T0 + 1)
    ok(log, "reentry", {"entry_id": 9}, now=T0 + 2)
    view = public_view(log.state, T0 + 3)
    assert view["prize_pool"] == 1000 and [x["amount"] for x in view["payouts"]] == [500, 300, 200]
    assert sum(x["amount"] for x in view["payouts"]) == view["prize_pool"]
    free = seated(preset("s-trophy"), {1: list(range(1, 10))})  # the preset as shipped: no money, no paid places
    assert public_view(free.state, T0)["payouts"] == []


def test_s_46_an_alternate_takes_a_busted_players_seat_as_a_new_entry():
    log = seated(preset("s-trophy"), {1: list(range(1, 9))})
    ok(log, "record_bust", {"entry_id": 8})
    seat = log.state.entries[8].seat
    assert no(log, "seat_alternate", {"name": "Zoe", "replaces": 7}).error == "seat_taken"
    d = ok(log, "seat_alternate", {"name": "Zoe", "replaces": 8})
    assert d.result == {"entry_id": 9, "table_no": 1, "seat": seat}
    s = log.state
    assert s.entries[8].place == 9 and s.players_left == 8  # the field grew: 8 finishes 9th of 9
    assert no(log, "seat_alternate", {"name": "Ann", "replaces": 8}).error == "seat_gone"
    assert places(log.replayed()) == places(s)


def test_s_4_s_46_an_alternate_never_enters_on_the_small_blind_he_waits_one_hand():
    """S-#4: "kann in allen Positionen einsteigen ausser am Small Blind". The busted big blind's
    seat is the next hand's small blind: an alternate who takes it (S-#46) is dealt in from the
    hand after it, on the button; the small blind of that one hand is dead. Another seat: at once."""
    from backend.read.views import table_view

    log = seated(preset("s-trophy"), {1: list(range(1, 9))})
    ok(log, "set_button", {"table_no": 1, "seat": 1})
    ok(log, "new_hand", {"table_no": 1})  # hand 1: button 1, SB 2, BB 3
    ok(log, "record_bust", {"entry_id": 3})  # the big blind busts: seat 3 is the next small blind
    ok(log, "record_bust", {"entry_id": 6})  # and seat 6, an ordinary seat
    d = ok(log, "seat_alternate", {"name": "Zoe", "replaces": 3})
    assert d.result == {"entry_id": 9, "table_no": 1, "seat": 3, "sits_out_hand": 2, "rule": "S-#4"}

    def seat(n):
        return next(s for s in table_view(log.state, 1, T0)["seats"] if s["seat"] == n)

    assert seat(3)["sits_out"] == {"hand_no": 2, "rule": "S-#4"}
    assert table_view(log.state, 1, T0)["next"]["sb"] == 3  # the seat's small blind, dead: Zoe is not dealt in
    other = ok(log, "seat_alternate", {"name": "Ute", "replaces": 6})
    assert "sits_out_hand" not in other.result and "sits_out" not in seat(6)  # seat 6 posts nothing next hand
    ok(log, "new_hand", {"table_no": 1})  # hand 2: the one she sits out
    assert seat(3)["sits_out"] == {"hand_no": 2, "rule": "S-#4"}
    ok(log, "new_hand", {"table_no": 1})  # hand 3: she is in, on the button
    view = table_view(log.state, 1, T0)
    assert "sits_out" not in seat(3) and view["button"] == 3
    assert log.replayed().entries[9].sits_out == log.state.entries[9].sits_out == (1, 2, 1)


def test_s_4_a_new_button_ends_the_wait_and_a_re_entry_on_the_small_blind_waits_too():
    """S-#4: the wait belongs to the small blind it avoids: a button drawn again moves the blinds,
    so it ends. S-#47 with S-#4: a re-entry keeps his seat; if it is the next small blind he sits
    out that hand too (every "Turniereinstieg")."""
    from backend.read.views import table_view

    log = seated(preset("s-trophy"), {1: list(range(1, 9))})
    ok(log, "set_button", {"table_no": 1, "seat": 1})
    ok(log, "new_hand", {"table_no": 1})  # button 1, SB 2, BB 3
    ok(log, "record_bust", {"entry_id": 3})
    ok(log, "seat_alternate", {"name": "Zoe", "replaces": 3})
    assert log.state.sits_out_hand(log.state.entries[9]) == 2
    ok(log, "set_button", {"table_no": 1, "seat": 5})  # the dealer draws the button again
    assert log.state.sits_out_hand(log.state.entries[9]) is None
    assert all("sits_out" not in s for s in table_view(log.state, 1, T0)["seats"])
    ok(log, "new_hand", {"table_no": 1})  # button 5, SB 6, BB 7
    ok(log, "record_bust", {"entry_id": 7})  # the big blind busts and buys in again
    again = ok(log, "reentry", {"entry_id": 7})
    assert again.events[0].payload["sits_out_hand"] == 2
    assert log.state.sits_out_hand(log.state.entries[7]) == 2
    assert log.replayed().entries[7].sits_out == log.state.entries[7].sits_out


def test_p_spielverlauf_a_late_seat_moves_the_players_already_out_one_place_down():
    log = seated(preset("p-qualifier"), {1: [1, 2, 3, 4, 5, 6, 7, 8]})
    ok(log, "record_bust", {"entry_id": 8})
    assert log.state.entries[8].place == 8
    ok(log, "register_player", {"name": "Latecomer", "id_checked": True}, seed=3)
    assert log.state.entries[8].place == 9 and log.state.players_left == 8


def test_n_3_2_an_absent_prepaid_player_is_removed_at_the_bubble_with_no_prize():
    p = preset("n-monday")
    log = Log(p)
    for i in range(1, 12):
        ok(log, "register_player", {"name": f"P{i}", "prepaid": i == 1, "present": i != 1, "id_checked": i != 1})
    ok(log, "draw_seats", {"tables": 1})
    assert log.state.entries[1].prepaid and not log.state.entries[1].present
    others = list(range(2, 12))
    for e in others[-5:]:
        assert not [s for s in director_view(log.state, T0)["suggestions"] if s["kind"] == "remove_absent"]
        ok(log, "record_bust", {"entry_id": e})
    # 6 left = 4 paid places + 1 absent + 1: a player who leaves (V-VI.d) brings the bubble; the
    # director is told to remove him (a bust would take him out with it,)
    ok(log, "player_leaves", {"entry_id": others[-6], "reason": "left"})
    (suggestion,) = [s for s in director_view(log.state, T0)["suggestions"] if s["kind"] == "remove_absent"]
    assert (suggestion["entry_id"], suggestion["reason"], suggestion["rule"]) == (1, "absent", "N-3.2")
    d = ok(log, "player_leaves", {"entry_id": 1, "reason": "absent"})
    assert d.result == {"entry_id": 1, "place": 5, "prize": False}  # outside the money
    assert money.prize(log.state, log.state.entries[1]) == 0


def test_n_3_2_check_in_ends_the_reservation():
    log = Log(preset("n-monday"))
    ok(log, "register_player", {"name": "Ann", "prepaid": True, "present": False})
    ok(log, "check_in", {"entry_id": 1, "id_checked": True})  # N-3.4: the ID is seen at check-in
    assert log.state.entries[1].present and not log.state.absent
    assert no(log, "check_in", {"entry_id": 1}).error == "already_present"


def test_p_satellite_a_finalist_not_seated_in_level_1_is_suggested_out():
    log = Log(preset("p-final"))
    for i in range(1, 6):
        ok(log, "register_player", {"name": f"P{i}", "present": i != 2, "id_checked": i != 2})
    ok(log, "draw_seats", {"tables": 1})
    ok(log, "start_clock", {}, now=T0)
    level_1 = log.state.structure[0]["minutes"] * 60_000
    assert not [s for s in director_view(log.state, T0 + 1000)["suggestions"] if s["kind"] == "remove_absent"]
    (s,) = [s for s in director_view(log.state, T0 + level_1 + 1)["suggestions"] if s["kind"] == "remove_absent"]
    assert (s["entry_id"], s["reason"], s["rule"]) == (2, "no_show", "P-Satellite")


# ------------------------------------------------------------------ chips


def test_chip_counts_compare_with_the_chips_in_play_and_raise_an_alarm():
    log = seated(preset("n-monday"), {1: [1, 2, 3], 2: [4, 5, 6]})
    r = no(log, "chip_count", {"table_no": 1, "stacks": {"1": 5000, "2": 5000}})
    assert (r.error, r.field) == ("seat_missing", "stacks.3")
    assert (
        no(log, "chip_count", {"table_no": 1, "stacks": {"1": 5000, "2": 5000, "3": 5000, "9": 5}}).field == "stacks.9"
    )
    ok(log, "chip_count", {"table_no": 1, "stacks": {"1": 7000, "2": 3000, "3": 5000}})
    chips = chips_view(log.state, T0)
    assert (chips["in_play"], chips["counted"], chips["tables_counted"], chips["alarm"]) == (30000, 15000, 1, False)
    ok(log, "chip_count", {"table_no": 2, "stacks": {"1": 5000, "2": 5000, "3": 4000}})
    chips = director_view(log.state, T0)["chips"]
    assert (chips["counted"], chips["difference"], chips["alarm"]) == (29000, -1000, True)
    assert [(t["table_no"], t["counted"]) for t in chips["tables"]] == [(1, 15000), (2, 14000)]
    ok(log, "chip_count", {"table_no": 2, "stacks": {"1": 5000, "2": 5000, "3": 5000}})  # a recount replaces it
    assert chips_view(log.state, T0)["alarm"] is False and chips_view(log.state, T0)["difference"] == 0
    assert table_view(log.state, 2, T0)["chip_count"]["total"] == 15000
    ok(log, "move_player", {"entry_id": 1, "to_table": 2, "to_seat": 4})  # chips moved: both counts are stale
    assert chips_view(log.state, T0)["tables_counted"] == 0


def test_chip_counts_allow_for_colour_up_rounding_after_the_first_colour_up():
    log = seated(preset("v-ranking"), {1: [1, 2, 3, 4]})
    ok(log, "start_clock", {}, now=T0)
    assert chips_view(log.state, T0)["tolerance"] == 0
    ok(log, "jump_to_level", {"index": 9}, now=T0 + 1)  # after the add-on break's colour-up (V-VII.a)
    assert chips_view(log.state, T0 + 2)["tolerance"] > 0


# ------------------------------------------------------------------ views and pushes


def test_director_delta_carries_the_money_lists_and_the_re_placed_rows():
    log = n_monday(11)
    for i, e in enumerate(range(11, 4, -1)):
        ok(log, "record_bust", {"entry_id": e}, at=T0 + i, now=T0 + i)
    base = log.state.seq
    d = ok(log, "record_bust", {"entry_id": 4}, at=T0 + 2, now=T0 + 100)  # lands between 9 and 8
    changed = changed_views(log.state, d.events)
    delta = director_delta(log.state, changed, log.state.seq, base, T0)
    moved = {c["entry_id"] for c in d.events[0].payload["places"]}
    assert moved <= {row["entry_id"] for row in delta["entries"]}
    assert len(delta["entries"]) < 11  # only the moved rows, never the field
    for key in ("payouts_due", "corrections", "chips", "money", "ledger"):
        assert key in delta


def test_logs_written_before_issue_5_still_replay():
    """An old player_busted event (place only) and hand_for_hand_table_done without a time."""
    log = n_monday(4)
    log.event("player_busted", {"entry_id": 4, "place": 4, "at": T0, "table_no": 1, "seat": 4})
    log.event("hand_for_hand_started", {"at": T0 + 1})
    log.event("hand_for_hand_table_done", {"table_no": 1, "round": 1})
    state = log.replayed()
    assert (state.entries[4].place, state.players_left, state.hand_for_hand["round"]) == (4, 3, 2)
    assert ok(log, "record_bust", {"entry_id": 3}, at=T0 + 5, now=T0 + 5).result == {"entry_id": 3, "place": 3}


def test_public_view_tells_when_rebuys_and_the_add_on_close():
    """V-XIII: rebuys until the break, the add-on during it; S-#47: re-entry until the first break."""
    import json
    from pathlib import Path

    from backend.read.views import public_view
    from engine_helpers import tournament_with

    presets = Path(__file__).resolve().parents[2] / "shared_rules/presets"
    state, _ = tournament_with(0)
    state.preset = json.loads((presets / "v-ranking.json").read_text())
    first_break = next(i for i, e in enumerate(state.structure) if e["kind"] == "break")
    assert public_view(state, 0)["deadlines"] == {"rebuy": first_break, "addon": first_break}
    state.preset = json.loads((presets / "s-trophy.json").read_text())
    first_break = next(i for i, e in enumerate(state.structure) if e["kind"] == "break")
    assert public_view(state, 0)["deadlines"] == {"reentry": first_break, "alternates": first_break}
