"""When a bust happened: the dealer's recorded time, but never before the player sat down where
he is (the draw, or his last move), so a phone whose clock is far behind cannot make its bust
the earliest of the night and push everyone else's place (late-arrival ordering,)."""

from backend.engine import Actor, Command
from engine_helpers import director_cmd, run, tournament_with

NOW = 1_800_000_000_000


def dealer_cmd(type, payload, table_no, now, at=None):
    return Command(type, payload, Actor("dealer", table_no=table_no), now=now, at=at, seed=1)


def test_a_bust_recorded_before_the_draw_counts_from_the_draw():
    state, _ = tournament_with(players=6)
    run(state, director_cmd("draw_seats", {"tables": 1}, now=NOW))
    first, second = list(state.tables[1].seats.values())[:2]
    run(state, director_cmd("record_bust", {"entry_id": first}, now=NOW + 60_000))
    # a phone a day behind: recorded "yesterday", it cannot be earlier than the draw
    run(state, director_cmd("record_bust", {"entry_id": second}, now=NOW + 120_000, at=NOW - 86_400_000))
    assert state.entries[second].busted_at == NOW
    # still the earlier of the two by the recorded order: 6th, and the first bust moves to 5th
    assert (state.entries[second].place, state.entries[first].place) == (6, 5)


def test_a_bust_recorded_before_the_players_move_counts_from_the_move():
    state, _ = tournament_with(players=8, tables=2)
    mover = next(iter(state.tables[1].seats.values()))
    free = next(s for s in range(1, 11) if s not in state.tables[2].seats)
    run(state, director_cmd("move_player", {"entry_id": mover, "to_table": 2, "to_seat": free}, now=NOW + 600_000))
    run(state, dealer_cmd("record_bust", {"entry_id": mover}, 2, now=NOW + 700_000, at=NOW + 100_000))
    assert state.entries[mover].busted_at == NOW + 600_000


def test_the_old_tables_dealer_is_told_where_the_player_went():
    state, _ = tournament_with(players=8, tables=2)
    mover = next(iter(state.tables[1].seats.values()))
    free = next(s for s in range(1, 11) if s not in state.tables[2].seats)
    run(state, director_cmd("move_player", {"entry_id": mover, "to_table": 2, "to_seat": free}))
    refused = run(state, dealer_cmd("record_bust", {"entry_id": mover}, 1, now=NOW + 1))
    assert refused.error == "not_at_your_table" and refused.field == "entry_id"
    assert f"was moved to table 2, seat {free} — bust not applied" in refused.message
