"""Headhunter chips (V-VII.r, V-VII.s): one HH chip each at the start, the eliminator receives the
busted player's chip, 12 chips make a wild card used as a rebuy or add-on before the break, and
balances never go negative and add up (hypothesis)."""

from hypothesis import given, settings, strategies as st

from backend.engine import Actor, Command, Rejection
from backend.read.views import director_view, player_view
from engine_helpers import Log, director_cmd, preset

T0 = 1_000_000
V = preset("v-ranking")


def ok(log, type, payload, now=T0):
    decision = log.run(director_cmd(type, payload, now=now))
    assert not isinstance(decision, Rejection), decision
    return decision


def refused(log, type, payload, error, field, now=T0):
    seq = log.state.seq
    decision = log.run(director_cmd(type, payload, now=now))
    assert isinstance(decision, Rejection), decision
    assert (decision.error, decision.field) == (error, field), decision
    assert log.state.seq == seq
    return decision


def v_table(n=6, carried=None):
    """A v-ranking table of n players; `carried` = {entry_id: HH chips from earlier days}."""
    log = Log(V)
    for i in range(1, n + 1):
        ok(log, "register_player", {"name": f"P{i}", "hh_carried": (carried or {}).get(i, 0), "id_checked": True})
    ok(log, "draw_seats", {"tables": 1})
    ok(log, "start_clock", {}, now=T0)
    return log


def test_v_vii_r_everyone_starts_with_one_hh_chip_and_the_eliminator_receives_it():
    log = v_table(6)
    assert all(log.state.hh[i] == 1 for i in range(1, 7))
    ok(log, "record_bust", {"entry_id": 2, "eliminated_by": 5}, now=T0 + 1)
    assert (log.state.hh[2], log.state.hh[5]) == (0, 2)
    event = log.events[-1]
    assert event.payload["hh_transfers"] == [{"from": 2, "to": 5, "chips": 1}]
    # A bust without an eliminator moves nothing.
    ok(log, "record_bust", {"entry_id": 3}, now=T0 + 2)
    assert log.state.hh[3] == 1 and "hh_transfers" not in log.events[-1].payload
    assert player_view(log.state, 5, T0)["headhunter"] == {
        "hh_chips": 2,
        "hh_carried": 0,
        "wild_card_at": 12,
        "wild_card": False,
    }
    rows = {r["entry_id"]: r for r in director_view(log.state, T0)["entries"]}
    assert rows[2]["headhunter"]["hh_chips"] == 0
    assert log.replayed().hh == log.state.hh


def test_v_vii_r_same_hand_busts_all_pay_the_one_eliminator():
    log = v_table(6)
    ok(
        log,
        "record_busts",
        {
            "table_no": 1,
            "eliminated_by": 1,
            "busts": [{"entry_id": 2, "starting_stack": 500}, {"entry_id": 3, "starting_stack": 900}],
        },
        now=T0 + 1,
    )
    assert (log.state.hh[1], log.state.hh[2], log.state.hh[3]) == (3, 0, 0)
    assert sum(log.state.hh.values()) == 6


def test_v_vii_r_v_v_a_one_hand_two_players_out_to_two_different_winners():
    """A takes B's main pot, C takes D's side pot: B's chip goes to A and D's to C (V-VII.r), and B
    and D are placed by their stacks at the start of the hand, not by the order tapped (V-V.a)."""
    log = v_table(6)
    decision = ok(
        log,
        "record_busts",
        {
            "table_no": 1,
            "busts": [
                {"entry_id": 4, "starting_stack": 2_000, "eliminated_by": 3},  # D tapped first, more chips
                {"entry_id": 2, "starting_stack": 700, "eliminated_by": 1},  # B
            ],
        },
        now=T0 + 1,
    )
    hh = log.state.hh
    assert (hh[1], hh[2], hh[3], hh[4]) == (2, 0, 2, 0)
    assert log.events[-1].payload["hh_transfers"] == [
        {"from": 4, "to": 3, "chips": 1},
        {"from": 2, "to": 1, "chips": 1},
    ]
    assert (log.state.entries[2].place, log.state.entries[4].place) == (6, 5)  # fewer chips: the worse place
    assert (log.state.entries[2].eliminated_by, log.state.entries[4].eliminated_by) == (1, 3)
    assert {p["entry_id"]: p["place"] for p in decision.result["places"]} == {2: 6, 4: 5}
    replayed = log.replayed()
    assert replayed.hh == hh and replayed.entries[4].eliminated_by == 3


def test_v_vii_r_a_busts_own_winner_must_be_still_in_at_the_table_and_not_out_in_the_same_hand():
    log = v_table(6)
    bad = {"table_no": 1, "busts": [{"entry_id": 2, "starting_stack": 500, "eliminated_by": 1}]}
    bad["busts"].append({"entry_id": 4, "starting_stack": 900, "eliminated_by": 2})  # B cannot win D's pot
    refused(log, "record_busts", bad, "eliminated_by_self", "busts.1.eliminated_by", now=T0 + 1)
    # The command's eliminator stays the default for a bust that names none.
    ok(
        log,
        "record_busts",
        {
            "table_no": 1,
            "eliminated_by": 5,
            "busts": [
                {"entry_id": 2, "starting_stack": 500},
                {"entry_id": 4, "starting_stack": 900, "eliminated_by": 3},
            ],
        },
        now=T0 + 2,
    )
    assert (log.state.hh[5], log.state.hh[3]) == (2, 2)


def test_v_vii_r_the_audit_log_names_each_busts_winner():
    from backend.read.audit import describe_event

    log = v_table(6)
    ok(
        log,
        "record_busts",
        {
            "table_no": 1,
            "busts": [
                {"entry_id": 2, "starting_stack": 700, "eliminated_by": 1},
                {"entry_id": 4, "starting_stack": 2_000, "eliminated_by": 3},
            ],
        },
        now=T0 + 1,
    )
    event = log.events[-1]
    name_of = lambda i: log.state.entries[i].name if i in log.state.entries else "?"
    assert describe_event(event.type, event.payload, "en", name_of) == (
        "Table 1: P2, P4 out in one hand (P2 out to P1, P4 out to P3)"
    )
    assert describe_event(event.type, event.payload, "de", name_of).endswith(
        "(P2 rausgeworfen von P1, P4 rausgeworfen von P3)"
    )


def test_v_vii_r_collected_chips_stay_with_the_busted_player_only_his_own_chip_moves():
    log = v_table(6)
    ok(log, "record_bust", {"entry_id": 2, "eliminated_by": 1}, now=T0 + 1)
    ok(log, "record_bust", {"entry_id": 3, "eliminated_by": 1}, now=T0 + 2)
    ok(log, "record_bust", {"entry_id": 1, "eliminated_by": 4}, now=T0 + 3)
    assert (log.state.hh[1], log.state.hh[4]) == (2, 2)


def test_no_headhunter_chips_without_the_preset():
    log = Log(preset("n-monday"))
    ok(log, "register_player", {"name": "A", "id_checked": True})
    assert log.state.hh == {}
    assert player_view(log.state, 1, T0)["headhunter"] is None
    refused(log, "use_wild_card", {"entry_id": 1, "as": "rebuy"}, "no_headhunter", "entry_id")


def test_v_vii_r_wild_card_at_12_chips_is_a_free_rebuy_before_the_break():
    log = v_table(4, carried={1: 11})  # 11 from earlier days + 1 today = 12
    assert log.state.hh[1] == 12 and log.state.hh_carried[1] == 11
    ok(log, "record_bust", {"entry_id": 1, "eliminated_by": 2}, now=T0 + 1)  # hands his own chip over: 11 left
    refused(log, "use_wild_card", {"entry_id": 1, "as": "rebuy"}, "too_few_hh_chips", "entry_id", now=T0 + 2)
    log2 = v_table(4, carried={1: 12})
    ok(log2, "record_bust", {"entry_id": 1, "eliminated_by": 2}, now=T0 + 1)  # 13 - 1 = 12
    pool = log2.state.money["pool"]
    decision = ok(log2, "use_wild_card", {"entry_id": 1, "as": "rebuy"}, now=T0 + 2)
    assert decision.result["hh_chips"] == 0
    state = log2.state
    assert state.entries[1].status == "active" and state.entries[1].rebuys == 1
    assert state.hh[1] == 0 and state.money["pool"] == pool  # free
    assert [e.type for e in log2.events[-2:]] == ["wild_card_used", "rebought"]
    assert log2.events[-1].payload["price"] == 0 and log2.events[-1].payload["wild_card"] is True
    assert log2.replayed().hh == state.hh


def test_v_vii_r_wild_card_not_with_11_chips():
    log = v_table(4, carried={1: 10})  # 11
    refused(log, "use_wild_card", {"entry_id": 1, "as": "addon"}, "too_few_hh_chips", "entry_id", now=T0 + 1)


def test_v_vii_r_wild_card_as_add_on_before_the_break_and_not_after_it():
    log = v_table(4, carried={1: 11, 2: 12})
    ok(log, "use_wild_card", {"entry_id": 1, "as": "addon"}, now=T0 + 1)
    assert log.state.entries[1].addon and log.state.hh[1] == 0
    refused(log, "addon", {"entry_id": 1}, "addon_taken", "entry_id", now=T0 + 2)
    ok(log, "jump_to_level", {"index": 7}, now=T0 + 3)  # the break (V-XIII)
    refused(log, "use_wild_card", {"entry_id": 2, "as": "addon"}, "wild_card_closed", "as", now=T0 + 4)
    ok(log, "record_bust", {"entry_id": 2, "eliminated_by": 3}, now=T0 + 5)
    refused(log, "use_wild_card", {"entry_id": 2, "as": "rebuy"}, "rebuy_closed", "entry_id", now=T0 + 6)
    assert log.state.hh[2] == 12  # 13 less the chip he handed over; the refused wild card spent nothing


# ------------------------------------------------------------------ property


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=6, max_size=6),
    st.randoms(use_true_random=False),
    st.lists(st.tuples(st.integers(0, 100), st.booleans(), st.booleans()), min_size=1, max_size=12),
)
def test_property_hh_chips_are_conserved_and_never_negative(carried, rnd, steps):
    """V-VII.r: chips only move between players (or are spent on a wild card); none is made or lost."""
    hh = {**V["headhunter"], "wild_card_at": 3}
    log = Log({**V, "headhunter": hh})
    for i, c in enumerate(carried, 1):
        ok(log, "register_player", {"name": f"P{i}", "hh_carried": c, "id_checked": True})
    ok(log, "draw_seats", {"tables": 1})
    ok(log, "start_clock", {}, now=T0)
    total, spent = sum(carried) + len(carried), 0
    now = T0
    for pick, with_eliminator, wild in steps:
        now += 1
        state = log.state
        active = sorted(i for i, e in state.entries.items() if e.status == "active")
        if len(active) < 2:
            break
        victim = active[pick % len(active)]
        payload = {"entry_id": victim}
        if with_eliminator:
            payload["eliminated_by"] = rnd.choice([i for i in active if i != victim])
        ok(log, "record_bust", payload, now=now)
        if wild:
            decision = log.run(director_cmd("use_wild_card", {"entry_id": victim, "as": "rebuy"}, now=now))
            if not isinstance(decision, Rejection):
                spent += 3
        assert all(v >= 0 for v in log.state.hh.values())
        assert sum(log.state.hh.values()) + spent == total
    assert log.replayed().hh == log.state.hh


def test_only_the_director_uses_a_wild_card():
    log = v_table(4, carried={1: 12})
    cmd = Command("use_wild_card", {"entry_id": 1, "as": "addon"}, Actor("dealer", table_no=1), now=T0 + 1)
    assert isinstance(log.run(cmd), Rejection)


def test_v_vii_r_the_eliminators_phone_is_pushed_when_he_receives_a_chip():
    from backend.read.changes import changed_views

    log = v_table(4)
    ok(log, "record_bust", {"entry_id": 2, "eliminated_by": 3}, now=T0 + 1)
    assert ("player", 3) in changed_views(log.state, [log.events[-1]])
