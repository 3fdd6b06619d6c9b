"""Prize money from the preset's payout table (N-3.7): shares by field size, rounded down to
the preset's unit, the remainder to the winner."""
from __future__ import annotations

from fractions import Fraction


def payout_percentages(payouts: dict | None, field: int) -> list[float]:
    if not payouts or field <= 0:
        return []
    brackets = sorted(payouts.get("brackets", []), key=lambda b: b["min_players"])
    for bracket in brackets:
        if bracket["min_players"] <= field <= bracket.get("max_players", field):
            return list(bracket["percent"])
    # Outside the table: below it pay like its smallest field, above it like its largest.
    if brackets and field > brackets[-1].get("max_players", field):
        return list(brackets[-1]["percent"])
    if brackets and field < brackets[0]["min_players"]:
        return list(brackets[0]["percent"])[:max(1, field - 1)]
    return []


def payout_amounts(payouts: dict | None, field: int, prize_pool: int) -> list[dict]:
    """[{place, percent, amount}] adding up to the prize pool exactly."""
    percents = payout_percentages(payouts, field)
    if not percents:
        return []
    unit = int((payouts or {}).get("rounding_unit", 1)) or 1
    amounts = [int(prize_pool * Fraction(str(p)) / 100) // unit * unit for p in percents]
    amounts[0] += prize_pool - sum(amounts)  # the remainder goes to the winner
    return [{"place": i + 1, "percent": p, "amount": a} for i, (p, a) in enumerate(zip(percents, amounts))]
