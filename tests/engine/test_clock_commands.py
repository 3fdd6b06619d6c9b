"""Clock commands: pause with a reason, add/remove time, jump, edit the structure, stops (P-Race)."""

from backend.engine.clock import clock_at
from engine_helpers import director_cmd, run, tournament_with

T0 = 1_800_000_000_000
MIN = 60_000


def started(players=4, tables=1):
    state, _ = tournament_with(players, tables)
    run(state, director_cmd("start_clock", {}, now=T0))
    return state


def where(state, now):
    return clock_at(state.structure, state.clock.as_dict(), now)


def test_adding_and_removing_time_changes_only_the_current_level():
    state = started()
    assert run(state, director_cmd("adjust_clock", {"seconds": 120}, now=T0 + 5 * MIN)).events
    assert where(state, T0 + 5 * MIN)["remaining_ms"] == 17 * MIN
    run(state, director_cmd("adjust_clock", {"seconds": -300}, now=T0 + 6 * MIN))
    assert where(state, T0 + 6 * MIN)["remaining_ms"] == 11 * MIN
    # The next level still has its full 20 minutes.
    nxt = where(state, T0 + 17 * MIN)
    assert (nxt["index"], nxt["remaining_ms"]) == (1, 20 * MIN)


def test_removing_more_than_is_left_is_refused_and_changes_nothing():
    state = started()
    before = state.clock.as_dict()
    rejection = run(state, director_cmd("adjust_clock", {"seconds": -1200}, now=T0 + MIN))
    assert (rejection.error, rejection.field) == ("would_end_level", "seconds")
    assert state.clock.as_dict() == before


def test_adjusting_a_paused_clock_keeps_it_paused():
    state = started()
    run(state, director_cmd("pause_clock", {}, now=T0 + MIN))
    run(state, director_cmd("adjust_clock", {"seconds": 60}, now=T0 + 2 * MIN))
    assert where(state, T0 + 60 * MIN) == {"index": 0, "remaining_ms": 20 * MIN, "status": "paused", "finished": False}


def test_jump_to_a_level_starts_it_in_full_and_keeps_the_status():
    state = started()
    run(state, director_cmd("jump_to_level", {"index": 4}, now=T0 + MIN))  # the first break
    assert where(state, T0 + 2 * MIN) == {"index": 4, "remaining_ms": 9 * MIN, "status": "running", "finished": False}
    last = len(state.structure)
    rejection = run(state, director_cmd("jump_to_level", {"index": last}, now=T0 + 2 * MIN))
    assert (rejection.error, rejection.field) == ("past_last_level", "index")


def test_pause_reason_is_kept_and_cleared_on_resume():
    state = started()
    run(state, director_cmd("pause_clock", {"reason": "table_merge"}, now=T0 + MIN))  # V-IV.b
    assert state.clock.as_dict()["reason"] == "table_merge"
    run(state, director_cmd("resume_clock", {}, now=T0 + 5 * MIN))
    assert state.clock.as_dict()["reason"] is None
    assert where(state, T0 + 5 * MIN)["remaining_ms"] == 19 * MIN


RACE = [
    {"kind": "level", "sb": 100, "bb": 200, "ante": 0, "minutes": 10},
    {"kind": "stop", "reason": "race_for_chips"},
    {"kind": "level", "sb": 200, "bb": 400, "ante": 0, "minutes": 10},
]


def test_race_for_chips_halts_the_clock_until_the_director_resumes_it():
    """P-Race: the clock is stopped only for the race for chips."""
    state = started()
    run(state, director_cmd("set_structure", {"structure": RACE}, now=T0))
    assert where(state, T0 + 30 * MIN)["status"] == "halted"
    assert run(state, director_cmd("adjust_clock", {"seconds": 60}, now=T0 + 30 * MIN)).error == "clock_stopped"
    run(state, director_cmd("resume_clock", {}, now=T0 + 40 * MIN))
    assert where(state, T0 + 41 * MIN) == {"index": 2, "remaining_ms": 9 * MIN, "status": "running", "finished": False}


def test_set_structure_pins_the_clock_where_it_stands():
    state = started()
    shorter = [dict(e, minutes=5) if e.get("kind") == "level" else e for e in state.structure]
    run(state, director_cmd("set_structure", {"structure": shorter}, now=T0 + 22 * MIN))  # level 2, 2 min in
    # Level 2 keeps its 2 elapsed minutes: 3 of its new 5 are left, whatever level 1 became.
    assert where(state, T0 + 22 * MIN) == {"index": 1, "remaining_ms": 3 * MIN, "status": "running", "finished": False}
    # Shortened below the time already played, the level ends at once and the next starts in full.
    run(
        state,
        director_cmd(
            "set_structure",
            {"structure": [dict(e, minutes=1) if e.get("kind") == "level" else e for e in state.structure]},
            now=T0 + 23 * MIN,
        ),
    )
    assert where(state, T0 + 23 * MIN) == {"index": 2, "remaining_ms": MIN, "status": "running", "finished": False}


def test_invalid_structures_name_the_field():
    state = started()
    cases = [
        ([{"kind": "level", "sb": 100, "bb": 50, "ante": 0, "minutes": 10}], "structure.0.bb"),
        ([{"kind": "level", "sb": 25, "bb": 50, "ante": 0, "minutes": 0}], "structure.0.minutes"),
        ([{"kind": "level", "sb": 25, "bb": 50, "ante": -1, "minutes": 5}], "structure.0.ante"),
        (
            [{"kind": "level", "sb": 25, "bb": 50, "minutes": 5}, {"kind": "break", "minutes": -5}],
            "structure.1.minutes",
        ),
        (
            [{"kind": "stop", "reason": "race_for_chips"}, {"kind": "level", "sb": 1, "bb": 2, "minutes": 5}],
            "structure.0.kind",
        ),
        ([], "structure"),
        ([{"kind": "break", "minutes": 5}], "structure"),
    ]
    before = (state.clock.as_dict(), list(state.structure))
    for structure, field in cases:
        rejection = run(state, director_cmd("set_structure", {"structure": structure}, now=T0 + MIN))
        assert rejection.field == field, (structure, rejection)
    assert (state.clock.as_dict(), list(state.structure)) == before
