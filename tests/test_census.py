"""The census of the tables in play (engine/census.py): advanced per command by the tables whose
views changed (read/changes.py) instead of a pass over every table per push, and the
same as a fresh count all night: busts, moves, a broken table, the final table. The tests run with
`census.CHECK` on (conftest.py), so every command in every test is also compared."""

from __future__ import annotations

import random

import pytest

from backend.engine import apply, census, decide
from backend.engine.suggestions import suggestions
from backend.read.changes import changed_views
from engine_helpers import director_cmd, tournament_with


def command(state, type, payload, seed=7):
    """As the service does: decide, apply, then the changed views (which advance the census)."""
    decision = decide(state, director_cmd(type, payload, seed=seed))
    assert not hasattr(decision, "error"), decision
    for event in decision.events:
        apply(state, event)
    changed = changed_views(state, decision.events)
    assert state.cache["census"].seq == state.seq  # advanced by the named tables, not dropped
    return changed


def fresh_suggestions(state):
    kept = state.cache.pop("census")
    try:
        return suggestions(state)
    finally:
        state.cache["census"] = kept


def test_the_census_follows_a_night_and_its_suggestions_are_a_fresh_count_s():
    """N-2.11 / N-2.12 moves, TDA 11C breaks and the final table (N-2.9) from the advanced census
    equal those from a census counted afresh after every command."""
    state, _ = tournament_with(60, 7)
    census.census(state)
    lots = random.Random(5)
    for step in range(200):
        if state.status not in ("seated", "running"):
            break
        found = suggestions(state)
        assert found == fresh_suggestions(state), f"step {step}"
        move = next((s for s in found if s["kind"] == "move"), None)
        broken = next((s for s in found if s["kind"] == "break"), None)
        if broken and lots.random() < 0.8:
            command(state, "break_table", {"table_no": broken["table_no"]}, seed=step)
        elif move and lots.random() < 0.5:
            payload = {"entry_id": move["entry_id"], "to_table": move["to_table"], "to_seat": move["to_seat"]}
            command(state, "move_player", payload)
        elif any(s["kind"] == "final_table" for s in found):
            command(state, "form_final_table", {}, seed=step)
        else:
            table = lots.choice([t for t in state.tables.values() if not t.broken and t.seats])
            command(state, "record_bust", {"entry_id": lots.choice(sorted(table.seats.values()))})
    assert state.players_left < 20  # the night went on past breaks and moves


def test_a_seat_change_that_names_no_table_is_caught():
    """The check itself: a table's seats changed by a command whose views do not name it."""
    state, _ = tournament_with(30, 3)
    census.census(state)
    base = state.seq
    table = state.tables[1]
    del table.seats[min(table.seats)]
    state.seq += 1
    with pytest.raises(census.CensusDrift, match=r"tables \[1\]"):
        census.advance(state, base, [2])


def test_a_state_that_moved_on_without_the_census_is_counted_afresh():
    state, _ = tournament_with(30, 3)
    stale = census.census(state)
    victim = min(state.tables[2].seats.values())
    for event in decide(state, director_cmd("record_bust", {"entry_id": victim})).events:
        apply(state, event)  # no changed_views: the census was not told
    now = census.census(state)
    assert now is not stale and now.sizes[2] == len(state.tables[2].seats) == stale.sizes[2] - 1
