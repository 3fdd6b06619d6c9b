"""A blind structure built from the night's numbers (docs/structures.md): the expected field, the
starting stack in chips, the level length, the target duration, the antes and the breaks.

How it estimates the end: the tournament is over, near enough, at the first level where the chips in
play are at most END_POTS pots before the cards (small blind + big blind + the antes of a hand at a
full table): the last two players then hold on average an M of END_POTS / 2 = 10 (Harrington's M,
their stack over the pot before the cards; 15 big blinds without antes). The builder picks the
number of levels whose time (breaks included) is nearest the target, the first level's blinds from
the smallest chip (as every seed rulebook does), the last one's from the end condition, and the
levels between on a geometric path through "nice" blinds (25/50, 50/100, 75/150 … 600/1200,
800/1600 …), every small blind a multiple of the smallest chip. Colour-ups (TDA chip race) follow
the blinds: a chip leaves at the first break from which no small blind, big blind or ante needs it,
at the start of that level when no break follows.

Exact integer arithmetic only (the geometric path compares powers of whole numbers), so
pwa/src/clock/structureBuilder.ts, the phone's offline preview, computes the same structure
(shared_rules/vectors/structure_builder.json). Pure: no clock, no randomness, no I/O."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

METHOD = "pots_in_play"
END_POTS = 20  # chips in play ≤ 20 pots: the last two players average an M of 10
FULL_TABLE = 9  # players whose per-player antes make a hand's pot
MIN_LEVELS, MAX_LEVELS = 2, 80  # levels to the estimated end
EXTRA_LEVELS = 4  # levels after the estimated end: a tournament may run long
MAX_DEPTH_BB = 200  # the first big blind is at least 1/200 of the starting stack
ANTE_FROM_LEVEL = 5  # the generic preset's first level with antes (shorter structures: earlier)
LADDER_LIMIT = 10**15
CHIPS_PER_UNIT = 4
# "Nice" big blinds per decade (x10): 50, 100, 120, 150, 160, 200, 300, 400, 500, 600, 800, 1000 …;
# a per-player ante is one of ANTE_MANTISSAS per decade (25, 100, 120, 150, 200, 250 …).
BB_MANTISSAS = (10, 12, 15, 16, 20, 30, 40, 50, 60, 80)
ANTE_MANTISSAS = (10, 12, 15, 20, 25, 30, 40, 50, 60, 80)
ANTES = ("none", "bb", "per_player")


class NoBlinds(ValueError):
    """The chips allow no nice blinds at all (a smallest chip of 7 or 9,999,999)."""


def chips_total(chips: Sequence[dict]) -> int:
    return sum(int(c["value"]) * int(c["count"]) for c in chips)


def expected_stacks(players: int, per_player: float) -> int:
    """Stacks bought on top of the players' first ones (re-entries, rebuys, add-ons): the per-player
    expectation times the players, rounded up (a hair below a whole number stays that number)."""
    return max(0, math.ceil(players * per_player - 1e-9))


def total_chips(inputs: dict) -> int:
    """Chips in play when every expected stack is bought: the end condition's numerator."""
    field, start = int(inputs["field"]), chips_total(inputs["start_chips"])
    rebuy = chips_total(inputs.get("rebuy_chips") or inputs["start_chips"])
    addon = chips_total(inputs.get("addon_chips") or inputs["start_chips"])
    return (
        (field + expected_stacks(field, inputs.get("reentries", 0))) * start
        + expected_stacks(field, inputs.get("rebuys", 0)) * rebuy
        + expected_stacks(field, inputs.get("addons", 0)) * addon
    )


def _nice(mantissas: Sequence[int], limit: int) -> list[int]:
    """Whole numbers m × 10^k / 10 (m from `mantissas`) up to `limit`, ascending."""
    values: set[int] = set()
    base = 1
    while base // 10 <= limit:
        values.update(m * base // 10 for m in mantissas if (m * base) % 10 == 0 and m * base // 10 <= limit)
        base *= 10
    return sorted(v for v in values if v > 0)


def unit(amount: int, chips: Sequence[int]) -> int:
    """The chip an amount is paid in: the biggest chip that goes into it at least CHIPS_PER_UNIT
    times (the smallest chip when none does). Amounts in it let the smaller chips leave early."""
    return max((c for c in chips if c * CHIPS_PER_UNIT <= amount), default=chips[0])


def bb_ladder(chips: Sequence[int]) -> list[int]:
    """The big blinds a structure may use: nice, with a small blind (half) in the big blind's unit
    (with 25/100/500 chips: 75/150, 200/400, 500/1000, but not 250/500 or 750/1500)."""
    return [
        bb
        for bb in _nice(BB_MANTISSAS, LADDER_LIMIT)
        if bb % 2 == 0 and bb >= 2 * chips[0] and (bb // 2) % unit(bb, chips) == 0
    ]


def per_player_ante(bb: int, chips: Sequence[int]) -> int:
    """About 10 % of the big blind (p-final: 100 at 500/1000): the nice amount in its own unit nearest
    to bb/10, never above 12.5 %; 0 where no such amount exists (the chips are too big)."""
    cap = bb // 8
    candidates = [a for a in _nice(ANTE_MANTISSAS, cap) if a % unit(a, chips) == 0]
    if not candidates:
        return 0
    # nearest to bb/10 on a log scale: a·b against (bb/10)² in whole numbers
    below = [a for a in candidates if a * 10 <= bb]
    above = [a for a in candidates if a * 10 > bb]
    if not below:
        return above[0]
    if not above:
        return below[-1]
    a, b = below[-1], above[0]
    return b if bb * bb >= a * b * 100 else a


def ante_from(levels: int) -> int:
    """The first level with antes: the generic preset's 5th, earlier when the end comes sooner."""
    return max(2, min(ANTE_FROM_LEVEL, -(-levels // 3) + 1))


def hand_pot(sb: int, bb: int, ante: int, style: str) -> int:
    """What one hand costs the table before the cards: blinds and antes (one BB ante, or one each)."""
    return sb + bb + (ante * FULL_TABLE if style == "per_player" else ante)


def level_ante(bb: int, level_no: int, style: str, first: int, chips: Sequence[int]) -> int:
    if style == "none" or level_no < first:
        return 0
    return bb if style == "bb" else per_player_ante(bb, chips)


def estimate_end(structure: Sequence[dict], total: int, style: str) -> dict:
    """The level (1-based, levels only) at which the chips in play are at most END_POTS pots, and
    the minutes from the start to its end (breaks before it included). None: never reached."""
    minutes, level_no = 0.0, 0
    for entry in structure:
        kind = entry.get("kind")
        if kind == "stop":
            continue
        minutes += entry["minutes"]
        if kind != "level":
            continue
        level_no += 1
        if END_POTS * hand_pot(entry["sb"], entry["bb"], entry.get("ante", 0), style) >= total:
            return {"end_level": level_no, "end_minutes": _plain(minutes), "end_bb": entry["bb"]}
    return {"end_level": None, "end_minutes": None, "end_bb": None}


def _plain(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def levels_for(target: float, level_minutes: float, breaks: dict | None) -> int:
    """The number of levels whose end (breaks between them included) is nearest the target."""
    best, best_gap = MIN_LEVELS, math.inf
    for n in range(MIN_LEVELS, MAX_LEVELS + 1):
        gap = abs(_time(n, level_minutes, breaks) - target)
        if gap < best_gap:
            best, best_gap = n, gap
    return best


def _time(n: int, level_minutes: float, breaks: dict | None) -> float:
    passed = (n - 1) // breaks["every_levels"] if breaks else 0
    return n * level_minutes + passed * (breaks["minutes"] if breaks else 0)


def _at_or_below(x: int, n_steps: int, step: int, first: int, last: int) -> bool:
    """x ≤ the geometric point `step` steps from `first` towards `last` in `n_steps` steps (further
    beyond `last` for step > n_steps): x^n ≤ first^(n-s) · last^s, in whole numbers."""
    left, right = x**n_steps, last**step
    if step > n_steps:
        left *= first ** (step - n_steps)
    else:
        right *= first ** (n_steps - step)
    return left <= right


def _nearest_index(ladder: list[int], n_steps: int, step: int, first: int, last: int) -> int:
    """The ladder index nearest (on a log scale) to the geometric point: t² against a·b."""
    lo, hi = 0, len(ladder) - 1  # the last index at or below the point (the ladder rises)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _at_or_below(ladder[mid], n_steps, step, first, last):
            lo = mid
        else:
            hi = mid - 1
    if lo + 1 >= len(ladder):
        return lo
    a, b = ladder[lo], ladder[lo + 1]
    # t^(2n) = first^(2(n-s)) · last^(2s) against (a·b)^n
    left, right = (a * b) ** n_steps, last ** (2 * step)
    if step > n_steps:
        left *= first ** (2 * (step - n_steps))
    else:
        right *= first ** (2 * (n_steps - step))
    return lo + 1 if right >= left else lo


def _pick_big_blinds(ladder: list[int], start: int, end: int, levels: int) -> list[int]:
    """`levels` ladder indices from `start` to `end`, strictly rising, near a geometric path; all
    of start..end when there are not that many."""
    if end - start + 1 <= levels:
        return list(range(start, end + 1))
    n_steps, first, last = levels - 1, ladder[start], ladder[end]
    picked: list[int] = []
    for step in range(levels):
        i = _nearest_index(ladder, n_steps, step, first, last)
        i = max(i, picked[-1] + 1 if picked else start)
        picked.append(min(i, end - (levels - 1 - step)))
    return picked


def _extra(ladder: list[int], picked: list[int]) -> list[int]:
    """EXTRA_LEVELS more, on the same path (the next ladder values when the path has no steps)."""
    n_steps, first, last = len(picked) - 1, ladder[picked[0]], ladder[picked[-1]]
    more: list[int] = []
    for k in range(1, EXTRA_LEVELS + 1):
        prev = (more or picked)[-1]
        i = _nearest_index(ladder, n_steps, n_steps + k, first, last) if n_steps else prev + 1
        i = max(i, prev + 1)
        if i >= len(ladder):
            break
        more.append(i)
    return more


def denominations(start_chips: Sequence[dict], chip_set: Sequence[dict] | None) -> list[int]:
    """The chips in play: the starting stack's, and the club's bigger ones (colour-ups need them)."""
    start = {int(c["value"]) for c in start_chips}
    # a bigger chip the club owns none of is no colour-up target (a row kept with count 0)
    bigger = {int(c["value"]) for c in chip_set or () if int(c["value"]) > max(start) and int(c.get("count", 0)) > 0}
    return sorted(start | bigger)


def _values(level: dict) -> list[int]:
    return [level["sb"], level["bb"]] + ([level["ante"]] if level.get("ante") else [])


def colour_up_levels(levels: Sequence[dict], chips: Sequence[int]) -> list[tuple[int, int]]:
    """(chip, level index from which no blind or ante needs it) for each chip that can leave, in
    order: a chip goes once every later value is a multiple of the next bigger chip, and never before
    the smaller chips (they are raced into it); the biggest chip stays."""
    out: list[tuple[int, int]] = []
    after = 0
    for chip, following in itertools.pairwise(chips):
        needs = [i for i, lvl in enumerate(levels) if any(v % following for v in _values(lvl))]
        after = max(after, needs[-1] + 1 if needs else 0)
        if after >= len(levels):
            break
        out.append((chip, after))
    return out


def _with_breaks_and_colour_ups(
    levels: list[dict], breaks: dict | None, goes: list[tuple[int, int]], method: str
) -> list[dict]:
    """Breaks after every `every_levels` levels (none after the last), and each colour-up on the
    first break after the last level that needs the chip, else on the level from which it is free."""
    entries: list[dict] = []
    level_entry: dict[int, int] = {}
    break_after: dict[int, int] = {}  # level index → the break entry after it
    for i, level in enumerate(levels):
        level_entry[i] = len(entries)
        entries.append(level)
        if breaks and (i + 1) % breaks["every_levels"] == 0 and i + 1 < len(levels):
            break_after[i] = len(entries)
            entries.append({"kind": "break", "minutes": breaks["minutes"]})
    placed: dict[int, list[int]] = {}
    for chip, free_from in goes:
        brk = next((break_after[i] for i in sorted(break_after) if i >= free_from - 1), None)
        placed.setdefault(brk if brk is not None else level_entry[free_from], []).append(chip)
    for index, chips in placed.items():
        entries[index] = {**entries[index], "colour_up": {"remove": sorted(chips), "method": method}}
    return entries


def build_structure(inputs: dict) -> dict:
    """inputs: field, start_chips [{value, count}], level_minutes, target_minutes, ante (ANTES),
    breaks {every_levels, minutes} | None, reentries/rebuys/addons (per player), optional
    rebuy_chips/addon_chips (default: the start stack's), chip_set (the club's, for bigger chips),
    colour_up ("race" | "round_up"). Validated by the caller (api/chip_sets.py)."""
    start_chips, style = inputs["start_chips"], inputs.get("ante", "none")
    level_minutes, breaks = inputs["level_minutes"], inputs.get("breaks") or None
    chips = denominations(start_chips, inputs.get("chip_set"))
    smallest, start_stack = chips[0], chips_total(start_chips)
    total = total_chips(inputs)
    ladder = bb_ladder(chips)
    first_bb = max(2 * smallest, -(-start_stack // MAX_DEPTH_BB))
    first = next((i for i, bb in enumerate(ladder) if bb >= first_bb), None)
    if first is None:
        raise NoBlinds(
            f"The smallest chip ({smallest}) makes no usual blinds (25/50, 100/200 …): use chips of 1, 5, 25, 100, 500 …"
        )
    wanted = levels_for(inputs["target_minutes"], level_minutes, breaks)
    antes_from = ante_from(wanted)

    def pot(bb: int, level_no: int) -> int:
        return hand_pot(bb // 2, bb, level_ante(bb, level_no, style, antes_from, chips), style)

    # The end's big blind: the first that meets the end condition at the level it will have (the
    # wanted last level, or an earlier one when fewer nice blinds lie between: all of them are used).
    last = next(
        (i for i in range(first, len(ladder)) if END_POTS * pot(ladder[i], min(wanted, i - first + 1)) >= total),
        len(ladder) - 1,
    )
    picked = _pick_big_blinds(ladder, first, last, wanted)
    picked += _extra(ladder, picked)
    levels = [
        {
            "kind": "level",
            "sb": ladder[i] // 2,
            "bb": ladder[i],
            "ante": level_ante(ladder[i], n, style, antes_from, chips),
            "minutes": level_minutes,
        }
        for n, i in enumerate(picked, start=1)
    ]
    goes = colour_up_levels(levels, chips)
    structure = _with_breaks_and_colour_ups(levels, breaks, goes, inputs.get("colour_up", "race"))
    end = estimate_end(structure, total, style)
    warnings = _warnings(end, inputs["target_minutes"], level_minutes, breaks)
    return {
        "structure": structure,
        "start_stack": start_stack,
        "total_chips": total,
        "estimate": {**end, "method": METHOD, "end_pots": END_POTS, "target_minutes": inputs["target_minutes"]},
        "warnings": warnings,
    }


def tolerance_minutes(level_minutes: float, breaks: dict | None) -> float:
    """How far the estimated end may lie from the target: one level and one break."""
    return level_minutes + (breaks["minutes"] if breaks else 0)


def _warnings(end: dict, target: float, level_minutes: float, breaks: dict | None) -> list[dict[str, Any]]:
    if end["end_minutes"] is None:
        return [{"code": "never_ends", "message": "The blinds never reach the end point.", "params": {}}]
    allowed = tolerance_minutes(level_minutes, breaks)
    if end["end_minutes"] < target - allowed:
        return [
            {
                "code": "ends_early",
                "message": f"The chips run out of levels: the tournament ends after about {end['end_minutes']} "
                f"minutes, not {target}. Use smaller chips, a bigger stack or longer levels.",
                "params": {"end_minutes": end["end_minutes"], "target_minutes": target},
            }
        ]
    if end["end_minutes"] > target + allowed:
        return [
            {
                "code": "ends_late",
                "message": f"The tournament ends after about {end['end_minutes']} minutes, not {target}: "
                "use shorter levels.",
                "params": {"end_minutes": end["end_minutes"], "target_minutes": target},
            }
        ]
    return []
