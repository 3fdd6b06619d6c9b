"""Penalties (N-2.23, V-XI.e, S-#36): an orbit is one hand per player at the table, the penalised
one included; missed hands count down with the new hands at his table and follow him when he is
moved; time penalties end at a time; the preset lists the penalties its rulebook allows."""

from backend.engine import Actor, Command, Rejection
from backend.read.views import director_view, player_view, table_view
from engine_helpers import director_cmd, preset, seated

T0 = 1_000_000


def ok(log, type, payload, now=T0, actor=None):
    cmd = Command(type, payload, actor, now=now) if actor else director_cmd(type, payload, now=now)
    decision = log.run(cmd)
    assert not isinstance(decision, Rejection), decision
    return decision


def refused(log, type, payload, error, field, *words, now=T0, actor=None):
    seq = log.state.seq
    cmd = Command(type, payload, actor, now=now) if actor else director_cmd(type, payload, now=now)
    decision = log.run(cmd)
    assert isinstance(decision, Rejection), decision
    assert (decision.error, decision.field) == (error, field), decision
    for word in words:
        assert word in decision.message, (word, decision.message)
    assert log.state.seq == seq
    return decision


def table(preset_id, layout):
    log = seated(preset(preset_id), layout)
    for t in layout:
        ok(log, "set_button", {"table_no": int(t), "seat": 1})
    return log


def hands_left(log, entry_id):
    pen = log.state.penalties.get(entry_id)
    return pen and pen.get("hands_left")


def test_s_36_missed_round_of_two_orbits_at_nine_players_is_18_hands():
    log = table("s-trophy", {1: list(range(1, 10))})
    decision = ok(log, "penalize", {"entry_id": 4, "kind": "missed_round", "orbits": 2, "reason": "abuse"})
    assert decision.result["hands"] == 18
    event = log.events[-1].payload
    assert (event["orbits"], event["players_at_table"], event["hands"]) == (2, 9, 18)


def test_n_2_23_missed_hand_penalty_of_one_orbit_at_six_players_is_six_hands():
    """N-2.23 / V-XI.e name it a missed-hand penalty counted in rounds: `missed_hand` takes orbits."""
    log = table("n-monday", {1: [1, 2, 3, 4, 5, 6]})
    assert ok(log, "penalize", {"entry_id": 2, "kind": "missed_hand", "orbits": 1}).result["hands"] == 6
    log = table("v-ranking", {1: [1, 2, 3, 4, 5, 6]})
    assert ok(log, "penalize", {"entry_id": 2, "kind": "missed_hand", "orbits": 3}).result["hands"] == 18


def test_n_2_23_the_count_goes_down_with_each_new_hand_and_ends_after_the_last():
    log = table("s-trophy", {1: [1, 2, 3, 4, 5, 6]})
    ok(log, "penalize", {"entry_id": 3, "kind": "missed_round", "orbits": 1})
    assert hands_left(log, 3) == 6
    view = table_view(log.state, 1, T0)
    assert view["penalties"] == [
        {"seat": 3, "entry_id": 3, "name": "P3", "kind": "missed_round", "reason": "", "hands_left": 6}
    ]
    ok(log, "new_hand", {"table_no": 1})  # the first hand he misses
    assert hands_left(log, 3) == 6
    for expected in (5, 4, 3, 2, 1):
        ok(log, "new_hand", {"table_no": 1})
        assert hands_left(log, 3) == expected
    assert player_view(log.state, 3, T0)["penalty"]["hands_left"] == 1
    ok(log, "new_hand", {"table_no": 1})  # six hands missed: he plays this one
    assert 3 not in log.state.penalties
    assert table_view(log.state, 1, T0)["penalties"] == []
    assert player_view(log.state, 3, T0)["penalty"] is None
    assert log.replayed().penalties == log.state.penalties


def test_n_2_23_a_moved_player_keeps_his_penalty_and_the_hands_at_his_new_table_count():
    log = table("s-trophy", {1: [1, 2, 3, 4, 5], 2: [6, 7, 8, 9, 10]})
    ok(log, "penalize", {"entry_id": 2, "kind": "missed_hand", "hands": 3})
    ok(log, "new_hand", {"table_no": 1})
    ok(log, "new_hand", {"table_no": 1})
    assert hands_left(log, 2) == 2
    ok(log, "move_player", {"entry_id": 2, "to_table": 2, "to_seat": 7, "force": True})
    ok(log, "new_hand", {"table_no": 1})  # his old table: no longer his hands
    assert hands_left(log, 2) == 2
    assert table_view(log.state, 1, T0)["penalties"] == []
    assert [p["entry_id"] for p in table_view(log.state, 2, T0)["penalties"]] == [2]
    ok(log, "new_hand", {"table_no": 2})
    assert hands_left(log, 2) == 1
    ok(log, "new_hand", {"table_no": 2})
    assert 2 not in log.state.penalties
    assert log.replayed().penalties == log.state.penalties


def test_presets_allow_only_their_rulebooks_penalties():
    g = table("g-tour", {1: [1, 2, 3, 4]})
    refused(
        g,
        "penalize",
        {"entry_id": 1, "kind": "missed_hand", "hands": 2},
        "penalty_not_allowed",
        "kind",
        "G-Turnierregeln",
    )
    ok(g, "penalize", {"entry_id": 1, "kind": "warning", "reason": "splashing"})
    s = table("s-trophy", {1: [1, 2, 3, 4]})
    refused(s, "penalize", {"entry_id": 1, "kind": "time", "minutes": 10}, "penalty_not_allowed", "kind", "S-#36")
    refused(
        s,
        "penalize",
        {"entry_id": 1, "kind": "missed_round", "orbits": 5},
        "orbits_not_allowed",
        "orbits",
        "1, 2, 3, 4",
        "S-#36",
    )
    refused(s, "penalize", {"entry_id": 1, "kind": "missed_round"}, "count_required", "orbits")
    refused(s, "penalize", {"entry_id": 1, "kind": "warning", "orbits": 1}, "not_for_this_penalty", "orbits")
    n = table("n-monday", {1: [1, 2, 3, 4]})
    refused(
        n, "penalize", {"entry_id": 1, "kind": "missed_round", "orbits": 1}, "penalty_not_allowed", "kind", "N-2.23"
    )


def test_n_2_23_a_time_penalty_ends_at_now_plus_minutes():
    log = table("n-monday", {1: [1, 2, 3, 4]})
    ok(log, "penalize", {"entry_id": 2, "kind": "time", "minutes": 10}, now=T0)
    until = T0 + 10 * 60_000
    assert player_view(log.state, 2, T0 + 1)["penalty"] == {"kind": "time", "reason": "", "until": until}
    assert table_view(log.state, 1, T0 + 1)["penalties"][0]["until"] == until
    assert table_view(log.state, 1, until)["penalties"] == []
    assert player_view(log.state, 2, until)["penalty"] is None
    ok(log, "penalize", {"entry_id": 2, "kind": "time", "minutes": 5}, now=until)  # the first one is over


def test_warnings_are_kept_for_the_director_and_a_dealer_may_warn_at_his_table_only():
    log = table("s-trophy", {1: [1, 2, 3], 2: [4, 5, 6]})
    dealer = Actor("dealer", table_no=1)
    ok(log, "penalize", {"entry_id": 2, "kind": "warning", "reason": "language"}, actor=dealer)
    ok(log, "penalize", {"entry_id": 2, "kind": "warning"}, now=T0 + 5)
    refused(log, "penalize", {"entry_id": 4, "kind": "warning"}, "not_at_your_table", "entry_id", actor=dealer)
    # S-#36 lets the dealer give missed hands and rounds too, not a disqualification
    refused(
        log,
        "penalize",
        {"entry_id": 2, "kind": "disqualification", "reason": "abuse"},
        "director_only",
        "kind",
        actor=dealer,
    )
    rows = {r["entry_id"]: r for r in director_view(log.state, T0)["entries"]}
    assert [w["by"] for w in rows[2]["warnings"]] == ["dealer", "director"]
    assert rows[2]["warnings"][0]["reason"] == "language"
    assert rows[2]["penalty"] is None  # a warning is no sit-out
    assert table_view(log.state, 1, T0)["penalties"] == []


def test_n_2_22_disqualification_goes_through_disqualify_and_needs_a_reason():
    log = table("n-monday", {1: [1, 2, 3, 4]})
    refused(log, "penalize", {"entry_id": 3, "kind": "disqualification"}, "reason_required", "reason")
    ok(log, "penalize", {"entry_id": 3, "kind": "disqualification", "reason": "collusion"})
    # 4 → 3 players with 3 paid: the disqualification bursts the bubble too (engine/moments.py)
    assert [e.type for e in log.events[-2:]] == ["player_disqualified", "bubble_burst"]
    assert log.state.entries[3].disqualified


def test_lift_penalty_and_no_penalty_for_a_player_who_is_out():
    log = table("s-trophy", {1: [1, 2, 3, 4]})
    ok(log, "penalize", {"entry_id": 1, "kind": "missed_hand", "hands": 4})
    refused(log, "penalize", {"entry_id": 1, "kind": "missed_hand", "hands": 2}, "already_penalised", "entry_id")
    ok(log, "lift_penalty", {"entry_id": 1})
    assert log.state.penalties == {}
    refused(log, "lift_penalty", {"entry_id": 1}, "no_penalty", "entry_id")
    ok(log, "record_bust", {"entry_id": 2})
    refused(log, "penalize", {"entry_id": 2, "kind": "warning"}, "already_out", "entry_id")
    refused(log, "penalize", {"entry_id": 99, "kind": "warning"}, "unknown_entry", "entry_id")


def test_n_2_23_a_new_hand_pushes_the_penalised_players_phone():
    from backend.read.changes import changed_views

    log = table("s-trophy", {1: [1, 2, 3, 4]})
    ok(log, "penalize", {"entry_id": 2, "kind": "missed_hand", "hands": 2})
    assert {("player", 2), ("table", 1)} <= changed_views(log.state, [log.events[-1]])
    ok(log, "new_hand", {"table_no": 1})
    assert ("player", 2) in changed_views(log.state, [log.events[-1]])
