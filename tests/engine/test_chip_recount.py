"""A recount starts from the table's last count, and the chip check ends with the tournament."""

from backend.read.views import director_view, table_view
from engine_helpers import ok, preset, seated

T0 = 1_800_000_000_000


def test_the_last_count_outlives_a_bust_and_a_move_for_the_players_still_at_the_table():
    """A bust or a move makes the count stale for the chip check (chips moved), but the dealer's
    next count starts from it: each player still at the table with the stack counted for him, at
    the seat he holds now; the busted player and a newcomer have none."""
    log = seated(preset("n-monday"), {1: [1, 2, 3, 4], 2: [5, 6, 7]})
    ok(log, "chip_count", {"table_no": 1, "stacks": {"1": 7000, "2": 3000, "3": 4000, "4": 6000}}, now=T0)
    assert table_view(log.state, 1, T0)["last_count"] == {
        "at": T0,
        "stacks": {"1": 7000, "2": 3000, "3": 4000, "4": 6000},
    }
    ok(log, "record_bust", {"entry_id": 2}, now=T0 + 1)
    ok(log, "move_player", {"entry_id": 5, "to_table": 1, "to_seat": 2, "force": True})
    view = table_view(log.state, 1, T0)
    assert view["chip_count"] is None  # the check waits for a new count ...
    assert view["last_count"] == {"at": T0, "stacks": {"1": 7000, "3": 4000, "4": 6000}}  # ... which starts here
    assert table_view(log.state, 2, T0)["last_count"] is None  # never counted
    ok(log, "chip_count", {"table_no": 1, "stacks": {"1": 7000, "2": 5000, "3": 4500, "4": 6000}}, now=T0 + 9)
    assert table_view(log.state, 1, T0)["last_count"]["stacks"] == {"1": 7000, "2": 5000, "3": 4500, "4": 6000}
    assert log.replayed().last_counts == log.state.last_counts


def test_once_the_tournament_is_over_no_chip_check_waits_for_counts():
    log = seated(preset("n-monday"), {1: [1, 2], 2: [3]})
    ok(log, "chip_count", {"table_no": 2, "stacks": {"1": 5000}})
    assert director_view(log.state, T0)["chips"]["tables_counted"] == 1
    ok(log, "record_bust", {"entry_id": 3})
    ok(log, "record_bust", {"entry_id": 2})
    assert log.state.status == "finished"
    assert director_view(log.state, T0)["chips"] is None
