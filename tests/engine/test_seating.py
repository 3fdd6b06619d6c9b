from hypothesis import given, settings, strategies as st

from backend.engine import Event, replay
from engine_helpers import GENERIC, director_cmd, run, tournament_with


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 300), seed=st.integers(0, 2**64 - 1), data=st.data())
def test_draw_seats_everyone_once_within_limits_and_balanced(players, seed, data):
    min_tables = -(-players // 10)
    tables = data.draw(st.integers(min_tables, min(players, min_tables + 5)))
    state, _ = tournament_with(players, tables, seed=seed)
    seats = [(e.table_no, e.seat) for e in state.entries.values()]
    assert len(set(seats)) == players  # nobody shares a seat
    sizes = [len(t.seats) for t in state.tables.values()]
    assert len(sizes) == tables and max(sizes) <= 10 and max(sizes) - min(sizes) <= 1
    assert all(1 <= s <= 10 for _, s in seats)


def test_the_draw_is_recorded_so_replay_does_not_draw_again():
    state, _ = tournament_with(20)
    decision = run(state, director_cmd("draw_seats", {"tables": 2}, seed=123))
    drawn = {s["entry_id"]: (s["table_no"], s["seat"]) for s in decision.events[0].payload["seats"]}
    created = Event("tournament_created", {"name": "T", "preset": GENERIC})
    regs = [Event("player_registered", {"entry_id": i, "name": f"P{i}"}) for i in range(1, 21)]
    rebuilt = replay(1, enumerate([created, *regs, decision.events[0]], start=1))
    assert {e.entry_id: (e.table_no, e.seat) for e in rebuilt.entries.values()} == drawn


def test_different_seeds_draw_differently_and_the_same_seed_the_same():
    def draw(seed):
        state, _ = tournament_with(20, 2, seed=seed)
        return {e.entry_id: (e.table_no, e.seat) for e in state.entries.values()}
    assert draw(1) == draw(1)
    assert draw(1) != draw(2)


def test_draw_refusals_name_the_tables_field():
    state, _ = tournament_with(25)
    for tables, error in ((2, "too_few_tables"), (26, "too_many_tables"), (0, "invalid_tables")):
        rejection = run(state, director_cmd("draw_seats", {"tables": tables}))
        assert (rejection.error, rejection.field) == (error, "tables")
    empty, _ = tournament_with(0)
    assert run(empty, director_cmd("draw_seats", {"tables": 1})).error == "no_players"
    one, _ = tournament_with(1)
    assert run(one, director_cmd("draw_seats", {"tables": 1})).error == "too_few_players"
