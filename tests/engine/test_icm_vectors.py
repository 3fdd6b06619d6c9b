"""shared_rules/vectors/icm.json: the deal's ICM (Malmuth-Harville) and chip chop against published
worked examples (each case cites its source), ties, heads-up, a zero-chip stack, equal prizes and ten
players; the brute force below (every finishing order) checks the memoised recursion independently."""

import itertools
import json
import time
from fractions import Fraction
from pathlib import Path

import pytest

from backend.engine.icm import icm

PATH = Path(__file__).resolve().parents[2] / "shared_rules/vectors/icm.json"
CASES = json.loads(PATH.read_text())


def brute_force(stacks: list[int], prizes: list[float]) -> list[float]:
    """Every finishing order's chance, the product of chip shares of those left (one zero stack at most)."""
    n, total = len(stacks), sum(stacks)
    paid = list(prizes) + [0] * (n - len(prizes))
    equity = [0.0] * n
    for order in itertools.permutations(range(n)):
        chance, left = 1.0, total
        for i in order:
            if left == 0:
                break
            chance *= stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(order):
            equity[i] += chance * paid[place]
    return equity


def chip_chop(stacks: list[int], money_left: Fraction, next_prize: Fraction) -> list[Fraction]:
    """engine/deal.py's chip chop: the next prize for each, the rest in proportion to the chips."""
    rest = money_left - next_prize * len(stacks)
    return [next_prize + rest * Fraction(c, sum(stacks)) for c in stacks]


def test_the_vectors_cover_what_the_issue_asks():
    names = " ".join(c["name"] for c in CASES).lower()
    for needed in ("heads-up", "ties", "zero-chip", "equal prizes", "ten players"):
        assert needed in names, needed
    assert all(c["source"] for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_icm_vector(case):
    if case["method"] == "chip":
        got = chip_chop(case["stacks"], Fraction(case["money_left"]), Fraction(case["next_prize"]))
        assert sum(got) == case["money_left"]
    else:
        got = icm(case["stacks"], [Fraction(str(p)) for p in case["prizes"]])
        assert sum(got) == sum(Fraction(str(p)) for p in case["prizes"][: len(case["stacks"])])  # exact
    for value, expected in zip(got, case["expect"], strict=True):
        assert abs(float(value) - expected) <= case["tolerance"] + 1e-9, (case["name"], float(value), expected)


@pytest.mark.parametrize("case", [c for c in CASES if c["method"] == "icm" and len(c["stacks"]) <= 7])
def test_the_recursion_agrees_with_every_finishing_order(case):
    exact = icm(case["stacks"], [Fraction(str(p)) for p in case["prizes"]])
    for a, b in zip(exact, brute_force(case["stacks"], case["prizes"]), strict=True):
        assert abs(float(a) - b) < 1e-9


def test_ten_players_are_answered_well_under_a_second():
    (ten,) = [c for c in CASES if len(c["stacks"]) == 10]
    started = time.perf_counter()
    icm(ten["stacks"], [Fraction(p) for p in ten["prizes"]])
    assert time.perf_counter() - started < 1.0
