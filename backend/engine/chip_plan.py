"""The chips a structure needs, stage by stage, against the club's chip set (docs/structures.md).

At the start: every expected stack (the players', the re-entries', rebuys' and add-ons') in chips.
At each colour-up (a TDA chip race, or rounding up): each stack's removed chips are exchanged into
the next chip still in play, rounded up per stack (a race gives a player at most one chip for his
odd ones, so rounding up per stack is what a race can need at most). Where the club owns fewer chips
than a stage needs, a warning names the chip; "seats" is the most players the set can take with the
expected re-entries, rebuys and add-ons per player. Pure, whole numbers, mirrored by
pwa/src/clock/structureBuilder.ts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .structure_builder import expected_stacks

MAX_SEATS = 100_000  # the search for "seats" stops here


def _counts(chips: Sequence[dict]) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in chips:
        out[int(c["value"])] = out.get(int(c["value"]), 0) + int(c["count"])
    return out


def _stacks(start_chips: Sequence[dict], entries: dict, players: int) -> list[tuple[dict[int, int], int]]:
    """(chips of one stack, how many such stacks) for the players, re-entries, rebuys and add-ons."""
    start = _counts(start_chips)
    return [
        (start, players + expected_stacks(players, entries.get("reentries", 0))),
        (_counts(entries.get("rebuy_chips") or start_chips), expected_stacks(players, entries.get("rebuys", 0))),
        (_counts(entries.get("addon_chips") or start_chips), expected_stacks(players, entries.get("addons", 0))),
    ]


def _stages(
    start_chips: Sequence[dict], entries: dict, structure: Sequence[dict], chips: list[int], players: int
) -> list[tuple[int | None, list[int], dict[int, int], list[int]]]:
    """(entry index or None, chips removed there, chips needed, chips with no bigger one to go to)."""
    stacks = [(dict(stack), n) for stack, n in _stacks(start_chips, entries, players) if n]

    def needed() -> dict[int, int]:
        total: dict[int, int] = {}
        for stack, n in stacks:
            for value, count in stack.items():
                if count:
                    total[value] = total.get(value, 0) + count * n
        return total

    out: list[tuple[int | None, list[int], dict[int, int], list[int]]] = [(None, [], needed(), [])]
    in_play = list(chips)
    for index, entry in enumerate(structure):
        removed = sorted(entry.get("colour_up", {}).get("remove", []))
        if not removed:
            continue
        going = [c for c in removed if c in in_play]
        bigger = [c for c in in_play if c > max(removed) and c not in removed] if going else []
        stuck: list[int] = going if going and not bigger else []  # nothing to exchange into: they stay
        if going and bigger:
            into = bigger[0]  # all the removed chips of a stack, together, rounded up once
            for stack, _ in stacks:
                value = sum(stack.pop(chip, 0) * chip for chip in going)
                if value:
                    stack[into] = stack.get(into, 0) - (-value // into)
            in_play = [c for c in in_play if c not in going]
        out.append((index, removed, needed(), stuck))
    return out


def _chip_values(start_chips: Sequence[dict], entries: dict, chip_set: Sequence[dict] | None) -> list[int]:
    values = {int(c["value"]) for c in start_chips}
    values |= {int(c["value"]) for c in entries.get("rebuy_chips") or ()}
    values |= {int(c["value"]) for c in entries.get("addon_chips") or ()}
    biggest = max(values)
    return sorted(
        values | {int(c["value"]) for c in chip_set or () if int(c["value"]) > biggest and int(c.get("count", 0)) > 0}
    )


def _fits(owned: dict[int, int], stages: list) -> bool:
    return all(count <= owned.get(value, 0) for _, _, need, _ in stages for value, count in need.items())


def seats(chip_set: Sequence[dict], start_chips: Sequence[dict], entries: dict, structure: Sequence[dict]) -> int:
    """The most players whose expected stacks the set covers at every stage (0: not one)."""
    owned, chips = _counts(chip_set), _chip_values(start_chips, entries, chip_set)
    lo, hi = 0, MAX_SEATS
    while lo < hi:  # needs only grow with the players: the largest that fits
        mid = (lo + hi + 1) // 2
        if _fits(owned, _stages(start_chips, entries, structure, chips, mid)):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _label(removed: list[int]) -> str:
    return "start" if not removed else "colour-up: " + ", ".join(str(v) for v in removed) + " leave"


def chip_plan(
    chip_set: Sequence[dict] | None, start_chips: Sequence[dict], entries: dict, structure: Sequence[dict]
) -> dict[str, Any]:
    """entries: field (players), reentries/rebuys/addons per player, optional rebuy_chips/addon_chips.
    chip_set: the club's [{value, colour, count}], or None when the club has not saved one."""
    field = int(entries["field"])
    chips = _chip_values(start_chips, entries, chip_set)
    stages = _stages(start_chips, entries, structure, chips, field)
    owned = _counts(chip_set) if chip_set is not None else None
    colours = {int(c["value"]): c.get("colour") for c in chip_set or ()}
    warnings: list[dict[str, Any]] = []
    out_stages = []
    short: set[int] = set()
    for index, removed, need, stuck in stages:
        label = _label(removed)
        rows = []
        for value in sorted(need):
            have = owned.get(value, 0) if owned is not None else None
            rows.append({"value": value, "colour": colours.get(value), "count": need[value], "owned": have})
            if have is not None and need[value] > have and value not in short:
                short.add(value)
                warnings.append(
                    {
                        "code": "chips_short",
                        "message": f"{label}: {need[value]} chips of {value} needed, the club has {have}.",
                        "params": {"value": value, "needed": need[value], "owned": have, "at": index},
                    }
                )
        for chip in stuck:
            warnings.append(
                {
                    "code": "no_bigger_chip",
                    "message": f"{label}: the {chip} chips have no bigger chip to be exchanged into.",
                    "params": {"value": chip, "at": index},
                }
            )
        out_stages.append({"at": index, "label": label, "removed": removed, "needed": rows})
    room = seats(chip_set, start_chips, entries, structure) if chip_set is not None else None
    if chip_set is None:
        warnings.insert(
            0,
            {
                "code": "no_chip_set",
                "message": "The club has no chip set saved: only what is needed is counted.",
                "params": {},
            },
        )
    elif room is not None and room < field:
        warnings.append(
            {
                "code": "field_exceeds_seats",
                "message": f"The club's chips seat {room} players, {field} are expected.",
                "params": {"seats": room, "field": field},
            }
        )
    return {"seats": room, "stages": out_stages, "warnings": warnings}
