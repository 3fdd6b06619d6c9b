"""shared_rules/vectors/places.json: finishing orders written from the rules text (N-1.15, V-V.a,
G-Setzregeln, P-SidePots, TDA RP-8, V-VI.d, N-2.22, N-3.7), each case citing its rule."""

import json
from pathlib import Path

import pytest

from backend.engine import money
from backend.engine.places import card_value
from engine_helpers import director_cmd, preset, seated

PATH = Path(__file__).resolve().parents[2] / "shared_rules/vectors/places.json"
CASES = json.loads(PATH.read_text())


def run_case(case):
    log = seated(preset(case["preset"]), case["tables"])
    cards = {}
    for step in case["steps"]:
        step = dict(step)
        kind, at = step.pop("do"), step.pop("at", None)
        now = step.pop("now", at if at is not None else 1)
        decision = log.run(director_cmd(kind, step, now=now, at=at, seed=11))
        assert hasattr(decision, "events"), (step, decision)
        for event in decision.events:
            for m in event.payload.get("members", []):
                if m.get("card"):
                    cards[m["entry_id"]] = m["card"]
            cards.update({int(k): v for k, v in event.payload.get("cards", {}).items()})
    return log, cards


def test_there_are_cases_for_every_rule_the_issue_names():
    rules = {c["rule"] for c in CASES}
    assert {"N-1.15", "V-V.a", "G-Setzregeln", "P-SidePots", "TDA RP-8", "V-VI.d", "N-2.22", "N-3.7"} <= rules
    assert all(c.get("rule") and c.get("name") for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[f"{c['rule']}: {c['name']}" for c in CASES])
def test_places_vector(case):
    log, cards = run_case(case)
    state, expect = log.state, case["expect"]
    for entry_id, place in expect.get("places", {}).items():
        assert state.entries[int(entry_id)].place == place, (entry_id, state.entries[int(entry_id)])
    for entry_id, tie in expect.get("ties", {}).items():
        assert state.entries[int(entry_id)].tie == tie
    for entry_id, allowed in expect.get("place_set", {}).items():
        assert state.entries[int(entry_id)].place in allowed
    if "by_card" in expect:  # P-SidePots: the higher card takes the better (smaller) place
        tied = expect["by_card"]
        assert all(e in cards for e in tied), cards
        by_card = sorted(tied, key=lambda e: card_value(cards[e]), reverse=True)
        assert [state.entries[e].place for e in by_card] == sorted(state.entries[e].place for e in tied)
    for entry_id, amount in expect.get("prizes", {}).items():
        assert money.prize(state, state.entries[int(entry_id)]) == amount
    again = log.replayed()  # replay copies the places from the events: the same result
    assert {e.entry_id: (e.place, e.tie) for e in again.entries.values()} == {
        e.entry_id: (e.place, e.tie) for e in state.entries.values()
    }
