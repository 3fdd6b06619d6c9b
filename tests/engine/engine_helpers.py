import json
from pathlib import Path

from backend.engine import Actor, Command, Event, apply, decide, replay

GENERIC = json.loads((Path(__file__).resolve().parents[2] / "shared_rules/presets/generic.json").read_text())


def director_cmd(type, payload, now=1_800_000_000_000, seed=7, at=None):
    return Command(type, payload, Actor("director"), now=now, at=at, seed=seed)


def run(state, cmd):
    """Decide and apply; returns the decision (or rejection)."""
    decision = decide(state, cmd)
    for event in getattr(decision, "events", []):
        apply(state, event)
    return decision


def tournament_with(players=0, tables=None, seed=7):
    state = replay(1, [(1, Event("tournament_created", {"name": "Test", "preset": GENERIC}))])
    for i in range(players):
        run(state, director_cmd("register_player", {"name": f"P{i + 1}"}))
    if tables:
        run(state, director_cmd("draw_seats", {"tables": tables}, seed=seed))
    return state, state.seq
