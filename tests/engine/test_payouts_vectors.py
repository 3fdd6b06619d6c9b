"""shared_rules/vectors/payouts.json: N-3.7's table at every bracket edge with N's 125 CHF buy-in,
rounding to a unit with the remainder to the winner, and shared places (TDA RP-8)."""

import json
from pathlib import Path

import pytest

from backend.engine.payouts import payout_fractions, prizes, rounding_unit
from engine_helpers import preset

PATH = Path(__file__).resolve().parents[2] / "shared_rules/vectors/payouts.json"
CASES = json.loads(PATH.read_text())


def payouts_of(case) -> dict:
    spec = case["payouts"]
    if isinstance(spec, str):
        return preset(spec)["payouts"]
    return {**preset(spec["preset"])["payouts"], **{k: v for k, v in spec.items() if k != "preset"}}


def test_every_n_3_7_bracket_edge_is_covered():
    fields = {c["field"] for c in CASES if c["rule"] == "N-3.7"}
    assert {10, 11, 20, 21, 30, 31, 44} <= fields
    assert any("rounding_unit" in str(c["payouts"]) for c in CASES)
    assert any(c.get("ties") for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[f"{c['rule']}: {c['name']}" for c in CASES])
def test_payouts_vector(case):
    payouts = payouts_of(case)
    amounts = payout_fractions(payouts, case["field"], case["pool"])
    assert sum(amounts) == case["pool"]
    if "expect" in case:
        assert amounts == case["expect"]
    if "expect_prizes" in case:
        got = prizes(amounts, [tuple(t) for t in case["ties"]], rounding_unit(payouts))
        assert {str(k): v for k, v in got.items()} == case["expect_prizes"]
        spans = dict(tuple(t) for t in case["ties"])
        # every tied player gets the share: the players together receive the pool exactly
        assert sum(v * spans.get(p, 1) for p, v in got.items()) == case["pool"]
