"""When the last bust leaves one player, the tournament is won and the clock stops where it
stands, so the TV and every phone stop counting down levels nobody plays."""

from engine_helpers import director_cmd, run, tournament_with


def test_the_winning_bust_stops_the_clock_where_it_stands():
    state, _ = tournament_with(players=3, tables=1)
    start = 1_800_000_000_000
    run(state, director_cmd("start_clock", {}, now=start))
    run(state, director_cmd("record_bust", {"entry_id": 1}, now=start + 60_000))
    assert state.clock.status == "running"
    decision = run(state, director_cmd("record_bust", {"entry_id": 2}, now=start + 125_000))
    assert [e.type for e in decision.events][-2:] == ["tournament_won", "clock_paused"]
    assert state.status == "finished" and state.winner == 3
    assert state.clock.status == "paused" and state.clock.reason == "tournament_over"
    assert state.clock.elapsed_ms == 125_000 and state.clock.level_index == 0


def test_a_clock_never_started_stays_as_it_is_when_the_tournament_is_won():
    state, _ = tournament_with(players=2, tables=1)
    decision = run(state, director_cmd("record_bust", {"entry_id": 1}))
    assert [e.type for e in decision.events] == ["player_busted", "tournament_won"]
    assert state.clock.status == "idle"


def test_the_eliminator_must_sit_at_the_busted_players_table():
    """V-VII.r: the HH chip goes to whoever won the pot — at the same table. A name from another
    table is refused with the reason (a dealer's slip of the thumb)."""
    state, _ = tournament_with(players=8, tables=2)
    t1, t2 = state.tables[1], state.tables[2]
    victim, same, elsewhere = next(iter(t1.seats.values())), list(t1.seats.values())[1], next(iter(t2.seats.values()))
    refused = run(state, director_cmd("record_bust", {"entry_id": victim, "eliminated_by": elsewhere}))
    assert refused.error == "eliminator_elsewhere" and refused.field == "eliminated_by"
    assert f"table {state.entries[elsewhere].table_no}" in refused.message
    assert state.entries[victim].status == "active"
    run(state, director_cmd("record_bust", {"entry_id": victim, "eliminated_by": same}))
    assert state.entries[victim].eliminated_by == same
