"""Prize money from the preset's payout table (N-3.7): shares by field size, rounded down to
the preset's unit, the remainder to the winner. Exact arithmetic (fractions), so the amounts
always add up to the prize pool."""

from __future__ import annotations

from fractions import Fraction

Money = int | float | Fraction


def exact(value: Money | str) -> Fraction:
    """A money value as an exact fraction (12.35 is 1235/100, not the float's binary value)."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    return Fraction(str(value))


def shown(value: Fraction) -> int | float:
    """Money for JSON: an int when whole, else a float to the cent."""
    value = exact(value)
    return int(value) if value.denominator == 1 else round(float(value), 2)


def round_down(value: Fraction, unit: Fraction) -> Fraction:
    return (value // unit) * unit


def rounding_unit(payouts: dict | None) -> Fraction:
    unit = exact((payouts or {}).get("rounding_unit", 1) or 1)
    return unit if unit > 0 else Fraction(1)


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
        return list(brackets[0]["percent"])[: max(1, field - 1)]
    return []


def payout_fractions(payouts: dict | None, field: int, prize_pool: Money) -> list[Fraction]:
    """The amount for each paid place, exact: each share rounded down to the unit, the remainder
    (what the rounding left over) to the winner; the list adds up to the pool."""
    percents = payout_percentages(payouts, field)
    pool = exact(prize_pool)
    if not percents:
        return []
    unit = rounding_unit(payouts)
    amounts = [round_down(pool * exact(p) / 100, unit) for p in percents]
    amounts[0] += pool - sum(amounts)
    return amounts


def payout_amounts(payouts: dict | None, field: int, prize_pool: Money) -> list[dict]:
    """[{place, percent, amount}] adding up to the prize pool exactly."""
    percents = payout_percentages(payouts, field)
    amounts = payout_fractions(payouts, field, prize_pool)
    return [
        {"place": i + 1, "percent": p, "amount": shown(a)}
        for i, (p, a) in enumerate(zip(percents, amounts, strict=True))
    ]


def split(amounts: list[Fraction], place: int, span: int, unit: Fraction) -> tuple[Fraction, Fraction]:
    """A tie over places place..place+span-1 (TDA RP-8): (each one's share, the remainder),
    the shares rounded down to the unit; the remainder goes to the winner like every other."""
    total = sum(amounts[place - 1 : place - 1 + span], Fraction(0))
    if span == 1:
        return total, Fraction(0)  # a place of its own keeps its amount (the winner's holds the remainder)
    share = round_down(total / span, unit)
    return share, total - share * span


def prizes(amounts: list[Fraction], ties: list[tuple[int, int]], unit: Fraction) -> dict[int, Fraction]:
    """Each paid place's prize with ties [(best place, span)]: a tie splits its places' amounts
    evenly (TDA RP-8), rounded down to the unit; every remainder goes to the winner."""
    out: dict[int, Fraction] = {}
    tied = dict(ties)
    remainder = Fraction(0)
    place = 2
    while place <= len(amounts):
        span = tied.get(place, 1)
        share, rest = split(amounts, place, span, unit)
        out[place] = share
        remainder += rest
        place += span
    if amounts:
        out[1] = amounts[0] + remainder
    return dict(sorted(out.items()))
