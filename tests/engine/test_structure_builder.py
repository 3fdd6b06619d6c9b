"""The structure builder and the chip plan (docs/structures.md) against the shared vectors
(shared_rules/vectors/structure_builder.json, also run by pwa/src/clock/structureBuilder.test.ts), the
five seed rulebooks' own structures, and properties over a grid of inputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from backend.engine.chip_plan import chip_plan
from backend.engine.structure import structure_problem
from backend.engine.structure_builder import (
    NoBlinds,
    bb_ladder,
    build_structure,
    denominations,
    estimate_end,
    tolerance_minutes,
    total_chips,
)

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / "shared_rules/vectors/structure_builder.json").read_text(encoding="utf-8"))
TOLERANCE = VECTORS["tolerance"]


def preset(preset_id: str) -> dict:
    return json.loads((ROOT / f"shared_rules/presets/{preset_id}.json").read_text(encoding="utf-8"))


def levels(structure: list[dict]) -> list[dict]:
    return [e for e in structure if e["kind"] == "level"]


def bb_at(structure: list[dict], minute: float) -> int:
    """The big blind of the level running `minute` minutes after the start (a break: the level before)."""
    passed, last = 0.0, None
    for entry in structure:
        if entry["kind"] == "stop":
            continue
        if entry["kind"] == "level":
            last = entry["bb"]
        if passed + entry["minutes"] > minute and last is not None:
            return last
        passed += entry["minutes"]
    assert last is not None
    return last


# ------------------------------------------------------------------ the seeds' own structures


@pytest.mark.parametrize("case", VECTORS["seeds"], ids=lambda c: c["preset"])
def test_the_builder_given_a_seeds_numbers_builds_a_structure_like_the_seeds(case):
    # N-3.9, G-Spielform, S-Blinds, V-XIII, P-Spielverlauf: each rulebook's own structure
    seed, inputs = preset(case["preset"]), case["inputs"]
    total = total_chips(inputs)
    seed_end = estimate_end(seed["structure"], total, inputs["ante"])
    assert seed_end == case["seed_end"] and seed_end["end_minutes"] == inputs["target_minutes"]
    built = build_structure(inputs)
    assert structure_problem(built["structure"]) is None
    end = built["estimate"]
    allowed = tolerance_minutes(inputs["level_minutes"], inputs["breaks"])
    assert abs(end["end_minutes"] - inputs["target_minutes"]) <= allowed, end
    first, seed_first = levels(built["structure"])[0], levels(seed["structure"])[0]
    assert (first["sb"], first["bb"]) == (seed_first["sb"], seed_first["bb"])
    factor = TOLERANCE["end_bb_factor"]
    assert seed_end["end_bb"] / factor <= end["end_bb"] <= seed_end["end_bb"] * factor
    passed = 0.0
    for entry in built["structure"]:
        if passed >= end["end_minutes"]:
            break
        if entry["kind"] == "level":
            theirs = bb_at(seed["structure"], passed)
            assert max(theirs / entry["bb"], entry["bb"] / theirs) <= TOLERANCE["bb_factor"], (passed, entry, theirs)
        passed += entry["minutes"]
    assert built["warnings"] == []


# ------------------------------------------------------------------ exact outputs (Python = TypeScript)


@pytest.mark.parametrize("case", VECTORS["exact"], ids=lambda c: c["name"][:40])
def test_exact_vectors(case):
    inputs, expect = case["inputs"], case["expect"]
    built = build_structure(inputs)
    plan = chip_plan(inputs["chip_set"], inputs["start_chips"], inputs, built["structure"])
    assert {**built, "plan": plan} == expect
    check_properties(inputs, built)
    check_plan(inputs, built["structure"], plan)


def test_the_vectors_cover_every_ante_style_breaks_warnings_and_no_chip_set():
    exact = VECTORS["exact"]
    assert {c["inputs"]["ante"] for c in exact} == {"none", "bb", "per_player"}
    assert any(c["inputs"]["breaks"] for c in exact) and any(not c["inputs"]["breaks"] for c in exact)
    codes = {w["code"] for c in exact for w in c["expect"]["warnings"] + c["expect"]["plan"]["warnings"]}
    assert {"ends_early", "chips_short", "field_exceeds_seats", "no_chip_set"} <= codes
    assert {c["preset"] for c in VECTORS["seeds"]} >= {"n-monday", "s-trophy", "p-final", "g-tour", "v-ranking"}


# ------------------------------------------------------------------ properties


def check_properties(inputs: dict, built: dict) -> None:
    """Blinds in the chips in play, strictly rising; colour-ups only for chips no longer needed,
    at a break where one follows; the ante style as asked."""
    structure = built["structure"]
    assert structure_problem(structure) is None
    chips = denominations(inputs["start_chips"], inputs.get("chip_set"))
    in_play = list(chips)
    bbs = [lv["bb"] for lv in levels(structure)]
    assert bbs == sorted(set(bbs)), "big blinds strictly increasing"
    for index, entry in enumerate(structure):
        removed = entry.get("colour_up", {}).get("remove", [])
        if removed:
            assert removed == in_play[: len(removed)], "the smallest chips leave, in order"
            in_play = in_play[len(removed) :]
            assert in_play, "the biggest chip stays"
            # no sb, bb or ante from here on needs a removed chip (TDA: colour up what is no longer needed)
            for later in levels(structure[index:]):
                assert all(v % in_play[0] == 0 for v in (later["sb"], later["bb"], later["ante"])), (index, later)
            if entry["kind"] == "level":  # on a level: no break lies after the last level that needed the chip
                needing = [i for i, e in enumerate(structure[:index]) if e["kind"] == "level" and needs(e, in_play[0])]
                assert not any(e["kind"] == "break" for e in structure[(needing or [-1])[-1] + 1 : index])
        if entry["kind"] == "level":
            assert entry["sb"] * 2 == entry["bb"]
            assert all(v % in_play[0] == 0 for v in (entry["sb"], entry["bb"], entry["ante"])), (index, entry)
            if inputs["ante"] == "none":
                assert entry["ante"] == 0
            elif inputs["ante"] == "bb":
                assert entry["ante"] in (0, entry["bb"])
            else:
                assert entry["ante"] * 8 <= entry["bb"]
    # the smallest chip left stays because some level needs it (else it would have been coloured up)
    if len(in_play) > 1:
        assert any(needs(lv, in_play[1]) for lv in levels(structure))


def needs(level: dict, chip: int) -> bool:
    """Some amount of the level is not a multiple of `chip`: a smaller chip is needed to pay it."""
    return any(v % chip for v in (level["sb"], level["bb"], level["ante"]))


def check_plan(inputs: dict, structure: list[dict], plan: dict) -> None:
    """The plan's counts, computed here another way: every stack's chips, then each colour-up's
    removed value per stack rounded up into the next chip (TDA chip race: at most one chip more)."""
    field = inputs["field"]

    def extra(per: float) -> int:
        n = field * per
        return int(n) + (1 if n - int(n) > 1e-9 else 0)

    kinds = [
        (inputs["start_chips"], field + extra(inputs.get("reentries", 0))),
        (inputs.get("rebuy_chips") or inputs["start_chips"], extra(inputs.get("rebuys", 0))),
        (inputs.get("addon_chips") or inputs["start_chips"], extra(inputs.get("addons", 0))),
    ]
    stacks = [({c["value"]: c["count"] for c in chips}, n) for chips, n in kinds if n]
    in_play = sorted(
        {c["value"] for chips, _ in kinds for c in chips}
        | {
            c["value"]
            for c in inputs.get("chip_set") or ()
            if c["value"] > max(c["value"] for c in inputs["start_chips"])
        }
    )

    def totals() -> dict[int, int]:
        out: dict[int, int] = {}
        for stack, n in stacks:
            for value, count in stack.items():
                if count:
                    out[value] = out.get(value, 0) + count * n
        return out

    expected = [(None, totals())]
    for index, entry in enumerate(structure):
        removed = entry.get("colour_up", {}).get("remove")
        if not removed:
            continue
        into = min(c for c in in_play if c > max(removed))
        for stack, _ in stacks:
            value = sum(stack.pop(c, 0) * c for c in removed)
            whole, odd = divmod(value, into)
            stack[into] = stack.get(into, 0) + whole + (1 if odd else 0)
        in_play = [c for c in in_play if c not in removed]
        expected.append((index, totals()))
    got = [(s["at"], {n["value"]: n["count"] for n in s["needed"]}) for s in plan["stages"]]
    assert got == expected
    owned = {c["value"]: c["count"] for c in inputs["chip_set"]} if inputs.get("chip_set") is not None else None
    for stage in plan["stages"]:
        for need in stage["needed"]:
            assert need["owned"] == (owned.get(need["value"], 0) if owned is not None else None)
    short = {w["params"]["value"] for w in plan["warnings"] if w["code"] == "chips_short"}
    if owned is None:
        assert plan["seats"] is None and plan["warnings"][0]["code"] == "no_chip_set"
        return
    assert short == {v for _, need in expected for v, n in need.items() if n > owned.get(v, 0)}
    # seats: the set covers that many players' stacks at every stage, and not one more
    for players, fits in ((plan["seats"], True), (plan["seats"] + 1, False)):
        again = chip_plan(inputs["chip_set"], inputs["start_chips"], {**inputs, "field": players}, structure)
        assert (not any(w["code"] == "chips_short" for w in again["warnings"])) is fits or players == 0


STACKS = [
    [{"value": 25, "count": 4}, {"value": 100, "count": 4}, {"value": 500, "count": 3}, {"value": 1000, "count": 3}],
    [{"value": 25, "count": 8}, {"value": 100, "count": 9}, {"value": 500, "count": 2}],
    [{"value": 50, "count": 4}, {"value": 100, "count": 8}, {"value": 500, "count": 4}, {"value": 1000, "count": 7}],
    [{"value": 100, "count": 5}, {"value": 500, "count": 5}, {"value": 1000, "count": 2}, {"value": 5000, "count": 2}],
    [{"value": 1, "count": 20}, {"value": 5, "count": 16}, {"value": 25, "count": 12}, {"value": 100, "count": 10}],
]
SETS = [
    None,
    [{"value": v, "colour": "c", "count": 400} for v in (1, 5, 25, 50, 100, 500, 1000, 5000, 25000)],
    [{"value": v, "colour": "c", "count": 150} for v in (25, 100, 500, 1000)],
]


@settings(max_examples=150, deadline=None)
@given(
    field=st.integers(2, 300),
    stack=st.sampled_from(STACKS),
    chip_set=st.sampled_from(SETS),
    level_minutes=st.sampled_from([10, 12, 15, 20, 30, 40]),
    target=st.integers(60, 600),
    ante=st.sampled_from(["none", "bb", "per_player"]),
    breaks=st.sampled_from([None, {"every_levels": 4, "minutes": 10}, {"every_levels": 3, "minutes": 15}]),
    reentries=st.sampled_from([0, 0.25, 0.5, 1]),
    rebuys=st.sampled_from([0, 0.5]),
    addons=st.sampled_from([0, 0.8]),
)
def test_any_input_gives_a_valid_structure_that_ends_near_the_target_or_says_why(
    field, stack, chip_set, level_minutes, target, ante, breaks, reentries, rebuys, addons
):
    inputs = {
        "field": field,
        "start_chips": stack,
        "chip_set": chip_set,
        "level_minutes": level_minutes,
        "target_minutes": target,
        "ante": ante,
        "breaks": breaks,
        "reentries": reentries,
        "rebuys": rebuys,
        "addons": addons,
    }
    built = build_structure(inputs)
    check_properties(inputs, built)
    assert build_structure(inputs) == built  # deterministic
    end = built["estimate"]
    assert end["end_level"] is not None
    assert estimate_end(built["structure"], total_chips(inputs), ante) == {
        k: end[k] for k in ("end_level", "end_minutes", "end_bb")
    }
    allowed = tolerance_minutes(level_minutes, breaks)
    codes = [w["code"] for w in built["warnings"]]
    if abs(end["end_minutes"] - target) <= allowed:
        assert codes == []
    elif end["end_minutes"] < target:
        # every nice big blind between the first and the end one is used: the chips cannot stretch further
        assert codes == ["ends_early"]
        ladder = bb_ladder(denominations(stack, chip_set))
        to_end = [lv["bb"] for lv in levels(built["structure"])][: end["end_level"]]
        assert to_end == [bb for bb in ladder if to_end[0] <= bb <= to_end[-1]]
    else:
        assert codes == ["ends_late"] and end["end_level"] == 2  # the fewest levels still ends late
    check_plan(inputs, built["structure"], chip_plan(chip_set, stack, inputs, built["structure"]))


@pytest.mark.parametrize("case", VECTORS["grid"], ids=lambda c: c["name"])
def test_grid_vectors(case):
    """More whole outputs for TypeScript to match; here also checked against the properties."""
    inputs = case["inputs"]
    built = build_structure(inputs)
    plan = chip_plan(inputs["chip_set"], inputs["start_chips"], inputs, built["structure"])
    assert {**built, "plan": plan} == case["expect"]
    check_properties(inputs, built)
    check_plan(inputs, built["structure"], plan)


@pytest.mark.parametrize("chip", [7, 9_999_999])
def test_a_chip_that_makes_no_usual_blinds_is_named(chip):
    with pytest.raises(NoBlinds, match=f"smallest chip \\({chip}\\)"):
        build_structure(
            {"field": 10, "start_chips": [{"value": chip, "count": 3}], "level_minutes": 20, "target_minutes": 120}
        )


def test_a_chip_the_club_owns_none_of_is_never_a_colour_up_target():
    # A row kept with count 0 (the club lost its 5,000s): planned as if it were not there.
    owned = [
        {"value": 25, "colour": "white", "count": 300},
        {"value": 100, "colour": "red", "count": 300},
        {"value": 500, "colour": "green", "count": 200},
        {"value": 1000, "colour": "black", "count": 150},
    ]
    night = {
        "field": 40,
        "start_chips": [{"value": 25, "count": 4}, {"value": 100, "count": 4}, {"value": 500, "count": 3}],
        "level_minutes": 20,
        "target_minutes": 240,
    }
    without = build_structure({**night, "chip_set": owned})
    with_zero = build_structure({**night, "chip_set": [*owned, {"value": 5000, "colour": "purple", "count": 0}]})
    assert with_zero["structure"] == without["structure"]
    plan = chip_plan(
        [*owned, {"value": 5000, "colour": "purple", "count": 0}], night["start_chips"], night, with_zero["structure"]
    )
    assert all(n["value"] != 5000 for stage in plan["stages"] for n in stage["needed"])
