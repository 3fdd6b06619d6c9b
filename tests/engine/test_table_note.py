"""The director's note to a table's dealer (set_table_note): kept on the table, shown in that
table's view, changed or taken away by the director only, and rebuilt from the log."""

from backend.engine import Actor, Command
from backend.read.views import director_view, table_view
from engine_helpers import GENERIC, director_cmd, run, seated, tournament_with

NOW = 1_800_000_000_000


def test_the_note_shows_on_that_table_s_view_only_until_it_is_taken_away():
    state, _ = tournament_with(players=12, tables=2)
    assert run(state, director_cmd("set_table_note", {"table_no": 2, "text": "  Seat 4 leaves at 22:00 "})).result == {
        "table_no": 2
    }
    assert table_view(state, 2, NOW)["note"] == "Seat 4 leaves at 22:00"
    assert table_view(state, 1, NOW)["note"] is None
    assert [t["note"] for t in director_view(state, NOW)["tables"]] == [None, "Seat 4 leaves at 22:00"]
    run(state, director_cmd("set_table_note", {"table_no": 2, "text": "   "}))  # blank: taken away
    assert table_view(state, 2, NOW)["note"] is None
    run(state, director_cmd("set_table_note", {"table_no": 2, "text": "Break at 23:00"}))
    run(state, director_cmd("set_table_note", {"table_no": 2, "text": None}))
    assert table_view(state, 2, NOW)["note"] is None


def test_a_dealer_cannot_write_the_note_and_a_table_must_be_in_play():
    state, _ = tournament_with(players=18, tables=3)
    dealer = Command("set_table_note", {"table_no": 1, "text": "mine"}, Actor("dealer", table_no=1), now=NOW)
    assert run(state, dealer).kind == "forbidden"
    assert run(state, director_cmd("set_table_note", {"table_no": 9, "text": "x"})).error == "unknown_table"
    run(state, director_cmd("break_table", {"table_no": 3}))
    assert state.tables[3].broken
    assert (
        run(state, director_cmd("set_table_note", {"table_no": 3, "text": "x"})).error == "unknown_table"
    )  # not in play


def test_the_note_is_rebuilt_from_the_log():
    log = seated(GENERIC, {1: [1, 2, 3], 2: [4, 5, 6]})
    log.run(director_cmd("set_table_note", {"table_no": 1, "text": "Chip race at the break"}))
    assert log.replayed().tables[1].note == "Chip race at the break"
