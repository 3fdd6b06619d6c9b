"""Writes shared_rules/vectors/structure_builder.json: `.venv/bin/python -m tests.engine.structure_builder_vectors`
from the repository's root after a deliberate change of the builder. The `exact` cases were checked by
hand against docs/structures.md; review the diff of the file before committing it."""

import itertools
import json

from backend.engine.chip_plan import chip_plan
from backend.engine.structure_builder import build_structure, estimate_end, total_chips


def club(values, counts=None, colours=None):
    counts = counts or [1000] * len(values)
    return [{"value": v, "colour": f"colour of {v}", "count": c} for v, c in zip(values, counts)]


N_CHIPS = [25, 100, 500, 1000, 5000]
seeds = [
    (
        "n-monday",
        "N-3.9: 18 × 20 min, no ante, no breaks; colour-ups at the start of a level (N-2.19). 40 of 44 seats.",
        {
            "field": 40,
            "start_chips": [
                {"value": 25, "count": 4},
                {"value": 100, "count": 4},
                {"value": 500, "count": 3},
                {"value": 1000, "count": 3},
            ],
            "level_minutes": 20,
            "ante": "none",
            "breaks": None,
            "chip_set": club(N_CHIPS),
        },
    ),
    (
        "g-tour",
        "G-Spielform: 3,000 chips, 15 min, a 10-min break every 4 levels; 40 players (the preset's 30-60).",
        {
            "field": 40,
            "start_chips": [
                {"value": 25, "count": 4},
                {"value": 100, "count": 4},
                {"value": 500, "count": 3},
                {"value": 1000, "count": 1},
            ],
            "level_minutes": 15,
            "ante": "none",
            "breaks": {"every_levels": 4, "minutes": 10},
            "chip_set": club(N_CHIPS),
        },
    ),
    (
        "s-trophy",
        "S-Blinds: 15 min, 10-min break every hour; re-entry until the first break (S-#47), 0.3 per player; 60 players.",
        {
            "field": 60,
            "reentries": 0.3,
            "start_chips": [
                {"value": 50, "count": 4},
                {"value": 100, "count": 8},
                {"value": 500, "count": 4},
                {"value": 1000, "count": 7},
            ],
            "level_minutes": 15,
            "ante": "none",
            "breaks": {"every_levels": 4, "minutes": 10},
            "chip_set": club([50, 100, 500, 1000, 5000]),
        },
    ),
    (
        "v-ranking",
        "V-XIII: 7,500 chips, rebuy 7,500 (0.5 per player), add-on 10,000 (0.8 per player), 15-min levels, the 10-min add-on break after level 7; 20 players.",
        {
            "field": 20,
            "rebuys": 0.5,
            "addons": 0.8,
            "addon_chips": [{"value": 1000, "count": 10}],
            "start_chips": [
                {"value": 25, "count": 4},
                {"value": 100, "count": 9},
                {"value": 500, "count": 3},
                {"value": 1000, "count": 5},
            ],
            "level_minutes": 15,
            "ante": "none",
            "breaks": {"every_levels": 7, "minutes": 10},
            "chip_set": club(N_CHIPS),
        },
    ),
    (
        "p-qualifier",
        "P-Spielverlauf: 7,500 chips, 10-min levels, no breaks (races are stops), one table of 10.",
        {
            "field": 10,
            "start_chips": [{"value": 100, "count": 5}, {"value": 500, "count": 4}, {"value": 1000, "count": 5}],
            "level_minutes": 10,
            "ante": "none",
            "breaks": None,
            "chip_set": club([100, 500, 1000, 5000]),
        },
    ),
    (
        "p-final",
        "P-Spielverlauf: 15,000 chips, 15-min levels with per-player antes, no breaks; the final table of 10.",
        {
            "field": 10,
            "start_chips": [
                {"value": 100, "count": 5},
                {"value": 500, "count": 5},
                {"value": 1000, "count": 2},
                {"value": 5000, "count": 2},
            ],
            "level_minutes": 15,
            "ante": "per_player",
            "breaks": None,
            "chip_set": club([100, 500, 1000, 5000]),
        },
    ),
]
out_seeds = []
for preset, why, inputs in seeds:
    seed = json.load(open(f"shared_rules/presets/{preset}.json"))
    end = estimate_end(seed["structure"], total_chips(inputs), inputs["ante"])
    out_seeds.append(
        {"preset": preset, "why": why, "inputs": {**inputs, "target_minutes": end["end_minutes"]}, "seed_end": end}
    )

exact_inputs = [
    (
        "a 20-player freeze-out of 2,000 chips in two hours, no ante, no breaks",
        {
            "field": 20,
            "start_chips": [{"value": 25, "count": 8}, {"value": 100, "count": 8}, {"value": 500, "count": 2}],
            "level_minutes": 15,
            "target_minutes": 120,
            "ante": "none",
            "breaks": None,
            "chip_set": club([25, 100, 500, 1000], [200, 200, 60, 10]),
        },
    ),
    (
        "a big-blind ante, a break every 4 levels, 0.5 re-entries per player; the club is short of 1,000s and 5,000s",
        {
            "field": 30,
            "reentries": 0.5,
            "start_chips": [
                {"value": 25, "count": 4},
                {"value": 100, "count": 4},
                {"value": 500, "count": 3},
                {"value": 1000, "count": 3},
            ],
            "level_minutes": 20,
            "target_minutes": 240,
            "ante": "bb",
            "breaks": {"every_levels": 4, "minutes": 10},
            "chip_set": club([25, 100, 500, 1000, 5000], [300, 300, 200, 100, 20]),
        },
    ),
    (
        "per-player antes, a rebuy and an add-on of 5,000 each per player, no chip set saved",
        {
            "field": 12,
            "rebuys": 1,
            "addons": 1,
            "addon_chips": [{"value": 1000, "count": 5}],
            "start_chips": [
                {"value": 100, "count": 5},
                {"value": 500, "count": 5},
                {"value": 1000, "count": 2},
                {"value": 5000, "count": 2},
            ],
            "level_minutes": 15,
            "target_minutes": 150,
            "ante": "per_player",
            "breaks": None,
            "chip_set": None,
        },
    ),
    (
        "too few chips for the target: 500 chips in 25s and 100s for 4 hours ends early",
        {
            "field": 40,
            "start_chips": [{"value": 25, "count": 4}, {"value": 100, "count": 4}],
            "level_minutes": 20,
            "target_minutes": 240,
            "ante": "none",
            "breaks": None,
            "chip_set": club([25, 100], [300, 300]),
        },
    ),
    (
        "round-up colour-ups, breaks every 2 levels of 12.5 minutes",
        {
            "field": 9,
            "start_chips": [{"value": 5, "count": 10}, {"value": 25, "count": 8}, {"value": 100, "count": 7}],
            "level_minutes": 12.5,
            "target_minutes": 100,
            "ante": "none",
            "breaks": {"every_levels": 2, "minutes": 5},
            "colour_up": "round_up",
            "chip_set": club([5, 25, 100, 500], [200, 200, 100, 20]),
        },
    ),
]
out_exact = []
for name, inputs in exact_inputs:
    built = build_structure(inputs)
    plan = chip_plan(inputs["chip_set"], inputs["start_chips"], inputs, built["structure"])
    out_exact.append({"name": name, "inputs": inputs, "expect": {**built, "plan": plan}})

# A grid for parity (Python = TypeScript), checked in Python by the same properties as the hand-checked cases.

stacks = [
    [{"value": 25, "count": 4}, {"value": 100, "count": 4}, {"value": 500, "count": 3}, {"value": 1000, "count": 3}],
    [{"value": 1, "count": 20}, {"value": 5, "count": 16}, {"value": 25, "count": 12}, {"value": 100, "count": 10}],
    [{"value": 100, "count": 5}, {"value": 500, "count": 5}, {"value": 1000, "count": 2}, {"value": 5000, "count": 2}],
]
grid = []
combos = itertools.product(
    [8, 45, 180], [0, 1, 2], [15, 25], ["none", "bb", "per_player"], [None, {"every_levels": 3, "minutes": 15}]
)
for k, (field, si, minutes, ante, breaks) in enumerate(combos):
    if k % 5:
        continue  # a fifth of the grid keeps the file small
    inputs = {
        "field": field,
        "start_chips": stacks[si],
        "level_minutes": minutes,
        "target_minutes": 90 + 37 * (k % 11),
        "ante": ante,
        "breaks": breaks,
        "reentries": [0, 0.35, 1][k % 3 == 0 and (k // 3) % 3],
        "rebuys": 0,
        "addons": [0, 0.5][k % 2],
        "chip_set": [
            {"value": v, "colour": "c", "count": 50 * (1 + k % 7)} for v in (1, 5, 25, 100, 500, 1000, 5000, 25000)
        ]
        if k % 4
        else None,
    }
    built = build_structure(inputs)
    plan = chip_plan(inputs["chip_set"], inputs["start_chips"], inputs, built["structure"])
    grid.append({"name": f"grid {k}", "inputs": inputs, "expect": {**built, "plan": plan}})

doc = {
    "about": "Structure builder conformance (docs/structures.md), run by tests/engine/test_structure_builder.py and pwa/src/clock/structureBuilder.test.ts. `seeds`: the builder given a seed rulebook's inputs and, as target, the minutes at which the seed's own structure reaches the end point by the same estimate (`seed_end`); the built structure must hold `tolerance`. `exact`: whole outputs both languages must produce exactly, checked by hand against docs/structures.md. `grid`: more inputs whose whole outputs both languages must produce exactly (Python also checks them against the properties).",
    "tolerance": {
        "end_minutes": "within one level and one break (level_minutes + breaks.minutes) of the target",
        "first_level": "the same small and big blind as the seed's first level",
        "end_bb_factor": 1.5,
        "bb_factor": 2.5,
        "bb_factor_means": "every big blind of the built structure up to its estimated end lies within this factor of the seed's big blind at the same minute (V-XIII itself jumps x3 from 1,000 to 3,000)",
    },
    "seeds": out_seeds,
    "exact": out_exact,
    "grid": grid,
}
grid_cases = doc.pop("grid")
text = json.dumps(doc, indent=1, ensure_ascii=False)
lines = ",\n".join("  " + json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in grid_cases)
text = text[: text.rstrip().rindex("}")].rstrip() + ',\n "grid": [\n' + lines + "\n ]\n}\n"
open("shared_rules/vectors/structure_builder.json", "w").write(text)
