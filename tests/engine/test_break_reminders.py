"""When "the break ends in 2 minutes" is due (backend/read/reminders.py, pure)."""

from backend.read.notices import text_of
from backend.read.reminders import break_ending, minutes_left, next_break_end
from test_floor_final_table import Floor

MIN = 60_000
STRUCTURE = [
    {"kind": "level", "sb": 25, "bb": 50, "ante": 0, "minutes": 10},
    {"kind": "break", "minutes": 15},
    {"kind": "level", "sb": 50, "bb": 100, "ante": 0, "minutes": 10},
    {"kind": "break", "minutes": 1.5},  # too short to be reminded two minutes before its end
    {"kind": "level", "sb": 75, "bb": 150, "ante": 0, "minutes": 10},
    {"kind": "break", "minutes": 10},
]


def started() -> tuple[Floor, int]:
    floor = Floor("generic", 20, 2)
    floor.ok("set_structure", {"structure": STRUCTURE})
    floor.ok("start_clock", {})
    return floor, floor.now


def test_the_reminder_is_due_two_minutes_before_the_break_ends_and_only_then():
    floor, t0 = started()
    due = next_break_end(floor.state, t0)
    assert due == (t0 + 10 * MIN + 15 * MIN - 2 * MIN, 1)
    assert minutes_left(floor.state, 1, due.due) == 2
    assert minutes_left(floor.state, 1, due.due - 5_000) is None  # woken early: 2:05 left
    assert minutes_left(floor.state, 1, t0 + 25 * MIN - 30_000) is None  # half a minute left: too late
    # after it: the next break long enough (the 1.5-minute one is skipped)
    later = next_break_end(floor.state, due.due, done=1)
    assert later == (t0 + (10 + 15 + 10 + 1.5 + 10 + 10 - 2) * MIN, 5)


def test_a_paused_clock_plans_nothing_and_resuming_moves_the_reminder_by_the_pause():
    floor, t0 = started()
    floor.now = t0 + 5 * MIN - 1_000
    floor.ok("pause_clock", {})
    assert next_break_end(floor.state, floor.now + MIN) is None
    floor.now += 3 * MIN - 1_000
    floor.ok("resume_clock", {})
    assert next_break_end(floor.state, floor.now) == (t0 + 3 * MIN + 23 * MIN, 1)


def test_a_break_joined_late_is_reminded_at_once_while_a_minute_is_left():
    floor, t0 = started()
    floor.ok("jump_to_level", {"index": 1})
    jumped = floor.now
    floor.now = jumped + 13 * MIN + 30_000  # 1:30 left (a server that was down meanwhile)
    assert next_break_end(floor.state, floor.now) == (floor.now, 1)
    assert minutes_left(floor.state, 1, floor.now) == 2  # 1:30 rounds to 2
    after = next_break_end(floor.state, jumped + 14 * MIN + 1_000)  # 59 s left: not reminded any more
    assert after is not None and after.level == 5


def test_a_stop_before_the_break_halts_the_clock_there_and_plans_nothing():
    """P-Race: a race for chips stops the clock until the director resumes it."""
    floor = Floor("generic", 20, 2)
    floor.ok("set_structure", {"structure": [STRUCTURE[0], {"kind": "stop", "reason": "race_for_chips"}, STRUCTURE[1]]})
    floor.ok("start_clock", {})
    assert next_break_end(floor.state, floor.now) is None


def test_every_seated_player_is_told_his_own_table_and_seat():
    floor, _ = started()
    found = break_ending(floor.state, 2)
    seats = {e: (t.table_no, s) for t in floor.state.tables.values() for s, e in t.seats.items()}
    assert {n.to[1]: (n.params["table"], n.params["seat"]) for n in found} == seats and len(found) == 20
    one = found[0]
    table, seat = seats[one.to[1]]
    assert text_of(one, "en") == ("The break ends in 2 minutes", f"Back to table {table}, seat {seat}.")
    assert text_of(one, "de") == ("Die Pause endet in 2 Minuten", f"Zurück an Tisch {table}, Sitz {seat}.")
    assert not one.urgent  # news, not a move: kept briefly
