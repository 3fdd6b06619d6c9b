"""shared_rules/vectors/seating.json: cases written from RULES.md and the TDA text, each citing its rule."""

import json
from pathlib import Path

import pytest

from backend.engine.balancing import balance_plan, forbidden_seats, threshold, who_moves, worst_seat
from backend.engine.hands import next_positions
from backend.engine.model import Entry, Table, TournamentState

PATH = Path(__file__).resolve().parents[2] / "shared_rules/vectors/seating.json"
CASES = json.loads(PATH.read_text()) if PATH.exists() else []


def build(case) -> TournamentState:
    state = TournamentState(1, status="running", preset={"seating": case.get("profile", {})})
    for t in case["tables"]:
        table = Table(
            t["table_no"],
            t.get("max_seats", 10),
            {int(s): e for s, e in t["seats"].items()},
            t.get("button"),
            t.get("sb"),
            t.get("bb"),
            t.get("hand_no", 0),
        )
        state.tables[table.table_no] = table
        for seat, entry_id in table.seats.items():
            state.entries[entry_id] = Entry(entry_id, f"P{entry_id}", table_no=table.table_no, seat=seat)
    state.players_left = len(state.entries)
    return state


def test_there_are_enough_cases():
    assert len(CASES) >= 40
    assert all(c.get("rule") for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[f"{c['rule']}: {c['name']}" for c in CASES])
def test_seating_vector(case):
    state = build(case)
    profile = case.get("profile", {})
    table = state.tables.get(case["table_no"]) if case.get("table_no") else None
    expect = case["expect"]
    if case["check"] == "next_positions":
        assert next_positions(table) == expect
    elif case["check"] == "worst_seat":
        offered = worst_seat(table, profile)
        if "seat" in expect:
            assert offered is not None and offered[0] == expect["seat"]
        if "forbidden" in expect:
            assert set(expect["forbidden"]) <= forbidden_seats(table, profile)
            assert offered is None or offered[0] not in expect["forbidden"]
    elif case["check"] == "who_moves":
        dest = (
            state.tables[case["to_table"]]
            if case.get("to_table")
            else next(t for t in state.tables.values() if t is not table)
        )
        assert who_moves(state, table, dest, seed=0)[0] == expect["entry_id"]
    elif case["check"] == "needs_balancing":
        counts = {t.table_no: len(t.seats) for t in state.tables.values()}
        plan = balance_plan(counts, threshold(profile, len(counts)))
        assert len(plan) == expect["moves"]
        if plan:
            assert plan[0] == (expect["from"], expect["to"])
    else:
        pytest.fail(f"unknown check {case['check']}")
