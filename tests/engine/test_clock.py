"""The clock function against the shared vectors (the PWA runs the same file in vitest)."""

import json
from pathlib import Path

import pytest

from backend.engine import Actor, Command, decide
from backend.engine.clock import clock_at
from engine_helpers import director_cmd, run, tournament_with

VECTORS = json.loads((Path(__file__).resolve().parents[2] / "shared_rules/vectors/clock.json").read_text())


@pytest.mark.parametrize("case", VECTORS, ids=[c["name"] for c in VECTORS])
def test_clock_vectors(case):
    assert clock_at(case["structure"], case["clock"], case["now"]) == case["expect"]


def test_pause_keeps_the_remaining_time_and_resume_continues_from_it():
    state, _ = tournament_with(players=2)
    start = 1_000_000
    run(state, director_cmd("start_clock", {}, now=start))
    run(state, director_cmd("pause_clock", {}, now=start + 90_000))
    # Paused: an hour later the level still has 18:30 left.
    assert clock_at(state.structure, state.clock.as_dict(), start + 3_600_000)["remaining_ms"] == 20 * 60_000 - 90_000
    run(state, director_cmd("resume_clock", {}, now=5_000_000))
    assert clock_at(state.structure, state.clock.as_dict(), 5_010_000)["remaining_ms"] == 20 * 60_000 - 100_000


def test_clock_commands_are_refused_in_the_wrong_state():
    state, _ = tournament_with(players=2)
    assert decide(state, director_cmd("pause_clock", {})).error == "clock_not_running"
    assert decide(state, director_cmd("resume_clock", {})).error == "clock_not_paused"
    assert decide(state, Command("start_clock", {}, Actor("dealer", 1), now=0)).kind == "forbidden"
