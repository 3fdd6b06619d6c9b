"""House-rule presets (shared_rules/presets/*.json): the schema, general sanity, and every number
of each rulebook's structure.

The expected tables below are transcribed by hand from the German rulebooks (ids as in RULES.md:
N = 000_…, V = 001_…, G = 002_…, S = 003_…, P = 004_…), never read from the preset files.
"""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from backend.engine.payouts import payout_amounts
from backend.engine.structure import structure_problem
from backend.presets import load_presets

ROOT = Path(__file__).resolve().parents[1]
PRESET_DIR = ROOT / "shared_rules" / "presets"
SCHEMA = json.loads((ROOT / "shared_rules" / "preset.schema.json").read_text(encoding="utf-8"))
FILES = sorted(PRESET_DIR.glob("*.json"))
PRESETS = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in FILES}
EXPECTED_IDS = {"n-monday", "n-series-final", "v-ranking", "g-tour", "s-trophy", "p-qualifier", "p-final", "generic"}
SEEDS = {
    "N": "000_a08166820725fedf.txt",
    "V": "001_b43247454d0e1569.txt",
    "G": "002_cd791412584cb5f9.txt",
    "S": "003_e412a3162a4f35a6.txt",
    "P": "004_88337cb2b1b28f15.txt",
}
SEED_OF = {
    "n-monday": "N",
    "n-series-final": "N",
    "v-ranking": "V",
    "g-tour": "G",
    "s-trophy": "S",
    "p-qualifier": "P",
    "p-final": "P",
    "generic": None,
}
VALIDATOR = Draft202012Validator(SCHEMA)


def P(preset_id: str) -> dict:
    return PRESETS[preset_id]


def levels(preset: dict) -> list[tuple]:
    """(sb, bb, ante, minutes) of every level, in order."""
    return [(e["sb"], e["bb"], e["ante"], e["minutes"]) for e in preset["structure"] if e["kind"] == "level"]


def compact(preset: dict) -> list[tuple]:
    """The structure as ("L", sb, bb, ante, minutes) / ("B", minutes) / ("STOP", reason)."""
    out = []
    for e in preset["structure"]:
        if e["kind"] == "level":
            out.append(("L", e["sb"], e["bb"], e["ante"], e["minutes"]))
        elif e["kind"] == "break":
            out.append(("B", e["minutes"]))
        else:
            out.append(("STOP", e["reason"]))
    return out


def level_problems(preset: dict) -> list[str]:
    """What the schema cannot say: bb >= sb in every level."""
    return [
        f"entry {i}: bb {e['bb']} < sb {e['sb']}"
        for i, e in enumerate(preset["structure"])
        if e["kind"] == "level" and e["bb"] < e["sb"]
    ]


def start_times(preset: dict) -> list[tuple[str, str]]:
    """(entry, h:mm) for every entry, as printed in S-Blinds."""
    out, t, level, pause = [], 0.0, 0, 0
    for e in preset["structure"]:
        if e["kind"] == "level":
            level += 1
            name = f"Round {level}"
        else:
            pause += 1
            name = f"Pause {pause}"
        out.append((name, f"{int(t) // 60}:{int(t) % 60:02d}"))
        t += e.get("minutes", 0)
    return out


def points_for(points: dict, place: int) -> int:
    table = points["table"]
    if place <= len(table):
        return table[place - 1]
    assert points["then"] == "minus_one"
    return max(points["floor"], table[-1] - (place - len(table)))


def deadline_target_exists(preset: dict, deadline: dict) -> bool:
    ((kind, n),) = deadline.items()
    if kind == "break":
        return sum(e["kind"] == "break" for e in preset["structure"]) >= n
    if kind == "level":
        return len(levels(preset)) >= n
    return sum(e["kind"] == "stop" and e["reason"] == "race_for_chips" for e in preset["structure"]) >= n


# ------------------------------------------------------------------ schema and general sanity


def test_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_all_presets_are_there():
    assert set(PRESETS) == EXPECTED_IDS


@pytest.mark.parametrize("preset_id", sorted(EXPECTED_IDS))
def test_preset_validates_against_the_schema(preset_id):
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(P(preset_id))]
    assert errors == []


def test_file_name_is_the_id_and_ids_are_unique():
    ids = [json.loads(path.read_text(encoding="utf-8"))["id"] for path in FILES]
    assert len(ids) == len(set(ids))
    for path in FILES:
        assert json.loads(path.read_text(encoding="utf-8"))["id"] == path.stem


def test_backend_loads_every_preset():
    assert set(load_presets(str(PRESET_DIR))) == EXPECTED_IDS


@pytest.mark.parametrize("preset_id", sorted(EXPECTED_IDS))
def test_bb_at_least_sb_in_every_level(preset_id):
    assert level_problems(P(preset_id)) == []


def test_the_bb_check_catches_a_reversed_level():
    bad = copy.deepcopy(P("n-monday"))
    bad["structure"][2]["sb"], bad["structure"][2]["bb"] = 200, 100
    assert VALIDATOR.is_valid(bad), "the schema cannot express bb >= sb; level_problems must"
    assert level_problems(bad) == ["entry 2: bb 100 < sb 200"]


@pytest.mark.parametrize("preset_id", sorted(EXPECTED_IDS))
def test_engine_accepts_the_structure(preset_id):
    assert structure_problem(P(preset_id)["structure"]) is None


@pytest.mark.parametrize("preset_id", sorted(EXPECTED_IDS))
def test_every_note_has_rule_en_and_de(preset_id):
    letter = SEED_OF[preset_id]
    for n in P(preset_id)["notes"]:
        assert set(n) == {"rule", "en", "de"}
        assert n["rule"].strip() and n["en"].strip() and n["de"].strip()
        assert n["en"] != n["de"], n["rule"]
        assert n["rule"].startswith(f"{letter}-") if letter else n["rule"] == "generic"


@pytest.mark.parametrize("preset_id", sorted(EXPECTED_IDS))
def test_source_names_its_seed_and_rules(preset_id):
    letter, source = SEED_OF[preset_id], P(preset_id)["source"]
    if letter is None:
        assert source == {"seed": None, "rules": []}
        return
    assert source["seed"] == SEEDS[letter]
    assert source["rules"] and all(r.startswith(f"{letter}-") for r in source["rules"])


@pytest.mark.parametrize("preset_id", sorted(EXPECTED_IDS))
def test_deadlines_point_at_existing_entries(preset_id):
    fmt = P(preset_id)["format"]
    deadlines = [
        (fmt[k] or {}).get(key)
        for k, key in (
            ("rebuy", "until"),
            ("addon", "at"),
            ("reentry", "until"),
            ("alternates", "until"),
            ("late_seat", "until"),
        )
    ]
    for deadline in filter(None, deadlines):
        assert deadline_target_exists(P(preset_id), deadline), deadline


@pytest.mark.parametrize("preset_id", sorted(EXPECTED_IDS))
def test_addon_breaks_match_the_addon(preset_id):
    p = P(preset_id)
    breaks = [e for e in p["structure"] if e["kind"] == "break"]
    flagged = [i + 1 for i, e in enumerate(breaks) if e.get("addon")]
    addon = p["format"]["addon"]
    assert flagged == ([addon["at"]["break"]] if addon else [])


@pytest.mark.parametrize("preset_id", sorted(EXPECTED_IDS))
def test_seating_is_consistent(preset_id):
    p = P(preset_id)
    s, cap = p["seating"], p["format"]["capacity"]
    assert s["final_table"]["size"] <= s["max_per_table"]
    if s["start_per_table"] is not None:
        assert s["start_per_table"] <= s["max_per_table"]
    if cap is not None:
        assert cap["min"] <= cap["max"]
        if s["max_tables"] is not None:
            assert cap["max"] <= s["max_per_table"] * s["max_tables"]
    if s["hand_for_hand"]["trigger"] == "players_left":
        assert s["hand_for_hand"]["players_left"] > s["final_table"]["size"]


@pytest.mark.parametrize("preset_id", sorted(EXPECTED_IDS))
def test_payout_brackets_add_up_and_do_not_overlap(preset_id):
    payouts = P(preset_id)["payouts"]
    if payouts is None:
        return
    brackets = payouts["brackets"]
    for b in brackets:
        assert sum(b["percent"]) == 100
        assert b["percent"] == sorted(b["percent"], reverse=True)
        assert b["min_players"] <= b["max_players"]
        assert len(b["percent"]) < b["min_players"]
    for lower, upper in itertools.pairwise(brackets):
        assert upper["min_players"] == lower["max_players"] + 1


ASSUMED_CHIPS = {  # the chip sets the colour-up notes assume (the seeds name none)
    "n-monday": [25, 100, 500, 1000, 5000],
    "n-series-final": [25, 100, 500, 1000, 5000],
    "v-ranking": [25, 100, 500, 1000, 5000],
    "s-trophy": [50, 100, 500, 1000, 5000],
    "p-qualifier": [100, 500, 1000, 5000],
    "p-final": [100, 500, 1000, 5000],
}


@pytest.mark.parametrize("preset_id", sorted(ASSUMED_CHIPS))
def test_colour_up_removes_only_the_lowest_chips_no_longer_needed(preset_id):
    """N-2.19, V-VII.a, S-#10, P-Race: a notice takes out the lowest chips in play, and every blind and
    ante from then on can still be paid with the chips left."""
    chips = list(ASSUMED_CHIPS[preset_id])
    structure = P(preset_id)["structure"]
    for i, e in enumerate(structure):
        if "colour_up" not in e:
            continue
        removed = e["colour_up"]["remove"]
        assert removed == chips[: len(removed)], (i, removed, chips)
        chips = chips[len(removed) :]
        later = [x for x in structure[i:] if x["kind"] == "level"]
        for lv in later:
            assert all(amount % chips[0] == 0 for amount in (lv["sb"], lv["bb"], lv["ante"])), (i, lv)
    assert chips != ASSUMED_CHIPS[preset_id], "no colour-up notice at all"


# ------------------------------------------------------------------ schema rejects what it must


def _mutations():
    def m(path, value):
        def apply(p):
            target = p
            for key in path[:-1]:
                target = target[key]
            if value is KeyError:
                del target[path[-1]]
            else:
                target[path[-1]] = value

        return apply

    return {
        "level minutes 0": m(["structure", 0, "minutes"], 0),
        "level minutes negative": m(["structure", 0, "minutes"], -5),
        "break minutes 0": m(["structure", 4, "minutes"], 0),
        "sb 0": m(["structure", 0, "sb"], 0),
        "bb not an integer": m(["structure", 0, "bb"], 50.5),
        "ante negative": m(["structure", 0, "ante"], -1),
        "unknown level field": m(["structure", 0, "big"], 1),
        "unknown kind": m(["structure", 0, "kind"], "lunch"),
        "stop without reason": m(["structure", 4], {"kind": "stop"}),
        "stop with unknown reason": m(["structure", 4], {"kind": "stop", "reason": "dinner"}),
        "stop first": m(["structure", 0], {"kind": "stop", "reason": "race_for_chips"}),
        "unknown top-level field": m(["colour"], "red"),
        "notes missing": m(["notes"], KeyError),
        "note without de": m(["notes"], [{"rule": "N-1", "en": "x"}]),
        "name without de": m(["name"], {"en": "x"}),
        "bad entry": m(["format", "entry"], "bounty"),
        "rebuy entry without rebuy": m(["format", "entry"], "rebuy"),
        "lower-case currency": m(["format", "currency"], "chf"),
        "negative buy-in": m(["format", "buy_in"], -1),
        "bad deadline": m(["format", "late_seat"], {"until": {"hour": 2}, "posts": "big_blind"}),
        "bad who_moves": m(["seating", "who_moves"], "tallest"),
        "players_left trigger without a number": m(
            ["seating", "hand_for_hand"], {"trigger": "players_left", "players_left": None}
        ),
        "bad penalty": m(["penalties", "options"], ["flogging"]),
        "bad colour-up method": m(["structure", 2, "colour_up"], {"remove": [25], "method": "swap"}),
        "bad id": m(["id"], "N Monday"),
        "bad equal_stacks": m(["seating", "equal_stacks"], "coin_flip"),
        "bad no_show": m(["format", "no_show"], {"until": "dawn"}),
        "unknown cite key": m(["cite", "colour"], "N-1"),
    }


@pytest.mark.parametrize("name", sorted(_mutations()))
def test_schema_rejects(name):
    base = copy.deepcopy(P("n-monday"))
    base["structure"].insert(4, {"kind": "break", "minutes": 10})
    assert VALIDATOR.is_valid(base)
    _mutations()[name](base)
    assert not VALIDATOR.is_valid(base)


# ------------------------------------------------------------------ N: Noohn Basel

N_3_9 = [  # Level, Zeit, Small Blind, Big Blind; Ante "Keine"
    (25, 50),
    (50, 100),
    (100, 200),
    (200, 400),
    (300, 600),
    (500, 1000),
    (700, 1400),
    (1000, 2000),
    (1500, 3000),
    (2000, 4000),
    (3000, 6000),
    (4000, 8000),
    (6000, 12000),
    (8000, 16000),
    (10000, 20000),
    (15000, 30000),
    (20000, 40000),
    (30000, 60000),
]


@pytest.mark.parametrize("preset_id", ["n-monday", "n-series-final"])
def test_n_3_9_blind_levels(preset_id):
    """N-3.9: 18 levels of 20 minutes, the same for the Monday tournament and the series final;
    no ante during the whole tournament; the seed lists no break."""
    assert compact(P(preset_id)) == [("L", sb, bb, 0, 20) for sb, bb in N_3_9]


def test_n_3_1_n_3_9_monday_money_and_stack():
    """N-3.1: 125.00 + 25.00 CHF; N-3.9: start stake 5'000."""
    f = P("n-monday")["format"]
    assert (f["start_stack"], f["buy_in"], f["fee"], f["currency"]) == (5000, 125, 25, "CHF")


def test_n_3_1_n_3_9_series_final_money_and_stack():
    """N-3.1: series final 0.00 + 0.00 CHF; N-3.9: start stake 5'000."""
    f = P("n-series-final")["format"]
    assert (f["start_stack"], f["buy_in"], f["fee"], f["currency"]) == (5000, 0, 0, "CHF")
    assert P("n-series-final")["payouts"] is None


@pytest.mark.parametrize("preset_id", ["n-monday", "n-series-final"])
def test_n_1_1_n_1_19_freezeout_without_rebuy_or_addon(preset_id):
    """N-1.1 freeze-out; N-1.19 neither rebuy nor add-on."""
    f = P(preset_id)["format"]
    assert f["entry"] == "freezeout"
    assert [f[k] for k in ("rebuy", "addon", "reentry", "alternates", "late_seat")] == [None] * 5


def test_n_3_5_capacity():
    """N-3.5: at least 22, at most 44 players (Monday tournament)."""
    assert P("n-monday")["format"]["capacity"] == {"min": 22, "max": 44}


def test_n_3_5_series_final_has_no_minimum_and_says_why():
    """N-3.5's minimum of 22 would cancel a final of the qualified Monday winners: not applied, noted."""
    assert P("n-series-final")["format"]["capacity"] is None
    assert any(n["rule"] == "N-3.5" for n in P("n-series-final")["notes"])


@pytest.mark.parametrize("preset_id", ["n-monday", "n-series-final"])
def test_n_2_9_n_3_12_tables_and_final_table(preset_id):
    """N-2.9: at most 11 per table, final table from 10 players; N-3.12: at most 4 tables."""
    s = P(preset_id)["seating"]
    assert (s["max_per_table"], s["max_tables"], s["final_table"]["size"]) == (11, 4, 10)
    assert s["final_table"]["button"] == "high_card" and s["button_start"] == "high_card"  # N-1.3


@pytest.mark.parametrize("preset_id", ["n-monday", "n-series-final"])
def test_n_2_10_n_2_11_balancing(preset_id):
    """N-2.11: balance when two tables differ by more than two; the player due the big blind next moves
    to the seat closest to the big blind. N-2.10: may enter at BB, SB or button, never between button
    and SB."""
    s = P(preset_id)["seating"]
    assert s["balance_threshold"] == 2 and s["balance_threshold_from_tables"] == []
    assert (s["who_moves"], s["where_to"]) == ("next_big_blind", "worst_position")
    assert s["forbid_small_blind"] is False and s["forbid_between_button_and_small_blind"] is True
    assert s["break_order"] == "director"


@pytest.mark.parametrize("preset_id", ["n-monday", "n-series-final"])
def test_n_2_13_hand_for_hand_at_11(preset_id):
    """N-2.13: hand by hand once 11 players are left."""
    assert P(preset_id)["seating"]["hand_for_hand"] == {"trigger": "players_left", "players_left": 11}


@pytest.mark.parametrize("preset_id", ["n-monday", "n-series-final"])
def test_n_1_15_same_hand_busts_by_starting_stack(preset_id):
    """N-1.15: out in the same hand: the bigger stack at the start of the hand places higher."""
    assert P(preset_id)["seating"]["same_hand_busts"] == "starting_stack"


N_3_7 = [  # 10 Spieler, 11-20, 21-30, 31-44: place 1..6
    (10, 10, [50, 30, 20]),
    (11, 20, [42, 28, 19, 11]),
    (21, 30, [40, 25, 17, 11, 7]),
    (31, 44, [34, 22, 17, 13, 9, 5]),
]


def test_n_3_7_payout_table_every_bracket():
    """N-3.7: prize shares by field size, every bracket and every place."""
    payouts = P("n-monday")["payouts"]
    assert (payouts["kind"], payouts["remainder_to"]) == ("table_by_field", "winner")
    assert [(b["min_players"], b["max_players"], b["percent"]) for b in payouts["brackets"]] == N_3_7


@pytest.mark.parametrize(
    "field, expected",
    [
        (44, [1870, 1210, 935, 715, 495, 275]),  # 44 x 125 = 5,500 CHF
        (31, [1321, 852, 658, 503, 348, 193]),  # 3,875: 1317 + the 4 francs rounded off elsewhere
        (22, [1102, 687, 467, 302, 192]),  # 2,750: 1100 + 2 rounded off
        (20, [1050, 700, 475, 275]),  # 2,500
        (10, [625, 375, 250]),  # 1,250
    ],
)
def test_n_3_7_payout_amounts_in_chf(field, expected):
    """N-3.7 through the engine: whole francs, the remainder to the winner, the pool paid out exactly."""
    amounts = [x["amount"] for x in payout_amounts(P("n-monday")["payouts"], field, field * 125)]
    assert amounts == expected and sum(amounts) == field * 125


@pytest.mark.parametrize("preset_id", ["n-monday", "n-series-final"])
def test_n_2_5_time_call(preset_id):
    """N-2.5: a 1-minute countdown, then a 10-second count."""
    assert P(preset_id)["time_call"] == {"seconds": 60, "final_count_seconds": 10, "final_count": "after"}


@pytest.mark.parametrize("preset_id", ["n-monday", "n-series-final"])
def test_n_2_23_penalties(preset_id):
    """N-2.23: warnings, missed hand penalties of 1, 2, 3, 4 rounds, time penalties, disqualification."""
    assert P(preset_id)["penalties"] == {
        "options": ["warning", "missed_hand", "time", "disqualification"],
        "orbits": [1, 2, 3, 4],
        "dealer": ["warning"],
    }  # the Turnierleiter's


@pytest.mark.parametrize("preset_id", ["n-monday", "n-series-final"])
def test_n_2_19_colour_up_by_chip_race(preset_id):
    """N-2.19: chips that cannot be changed are raced off."""
    notices = [e["colour_up"] for e in P(preset_id)["structure"] if "colour_up" in e]
    assert notices and all(c["method"] == "race" for c in notices)


@pytest.mark.parametrize("preset_id", ["n-monday", "n-series-final"])
def test_n_2_25_new_level_from_next_hand(preset_id):
    """N-2.25: the new level applies from the next hand; no clock stop for merges is stated."""
    assert P(preset_id)["clock"]["level_change"] == "next_hand"
    assert P(preset_id)["clock"]["stop_for_table_merge"] is False


# ------------------------------------------------------------------ V: club ranking tournament

V_XIII = [  # I.-VII. 10min, VIII. PAUSE 10min Add-on Phase, IX.-XIX. 15min
    ("L", 25, 50, 0, 10),
    ("L", 50, 100, 0, 10),
    ("L", 75, 150, 0, 10),
    ("L", 100, 200, 0, 10),
    ("L", 150, 300, 0, 10),
    ("L", 175, 350, 0, 10),
    ("L", 200, 400, 0, 10),
    ("B", 10),
    ("L", 300, 600, 0, 15),
    ("L", 500, 1000, 0, 15),
    ("L", 1500, 3000, 0, 15),
    ("L", 2000, 4000, 0, 15),
    ("L", 3000, 6000, 0, 15),
    ("L", 4000, 8000, 0, 15),
    ("L", 5000, 10000, 0, 15),
    ("L", 6000, 12000, 0, 15),
    ("L", 8000, 16000, 0, 15),
    ("L", 10000, 20000, 0, 15),
    ("L", 25000, 50000, 0, 15),
]


def test_v_xiii_blind_levels():
    """V-XIII: seven 10-minute levels, a 10-minute pause (add-on phase), eleven 15-minute levels."""
    assert compact(P("v-ranking")) == V_XIII
    assert P("v-ranking")["structure"][7] == {**P("v-ranking")["structure"][7], "kind": "break", "addon": True}


def test_v_xiii_start_stack_rebuy_addon():
    """V-XIII: start stack 7.500; re-buy 7.500 only before the pause; add-on 10.000 only at the pause."""
    f = P("v-ranking")["format"]
    assert (f["entry"], f["start_stack"]) == ("rebuy", 7500)
    assert f["rebuy"] == {"stack": 7500, "price": 0, "until": {"break": 1}, "condition": "busted"}
    assert f["addon"] == {"stack": 10000, "price": 0, "at": {"break": 1}}
    assert (f["reentry"], f["alternates"], f["late_seat"]) == (None, None, None)


def test_v_i_c_no_real_money():
    """V-I.c: no real money in the club."""
    p = P("v-ranking")
    assert (p["format"]["buy_in"], p["format"]["fee"], p["payouts"]) == (0, 0, None)


def test_v_xii_points():
    """V-XII: 25, 21, 17, 13, 11, 10, 9, 8, 7 'usw.': one less per place, floor 1 (noted)."""
    points = P("v-ranking")["points"]
    assert points == {"table": [25, 21, 17, 13, 11, 10, 9, 8, 7], "then": "minus_one", "floor": 1}
    assert [points_for(points, place) for place in range(1, 21)] == [
        25,
        21,
        17,
        13,
        11,
        10,
        9,
        8,
        7,
        6,
        5,
        4,
        3,
        2,
        1,
        1,
        1,
        1,
        1,
        1,
    ]
    assert any(n["rule"] == "V-XII" for n in P("v-ranking")["notes"])


def test_v_vii_r_headhunter_chips():
    """V-VII.r: one headhunter chip each at the start; 12 make a wild card."""
    assert P("v-ranking")["headhunter"] == {"start_chips": 1, "wild_card_at": 12}


def test_v_vii_a_colour_up_rounds_up_without_race():
    """V-VII.a: chips no longer needed are changed, the rest rounded up to the next chip: no race.
    The 25s go in the add-on pause (the first level after it is 300/600)."""
    notices = [e["colour_up"] for e in P("v-ranking")["structure"] if "colour_up" in e]
    assert notices and all(c["method"] == "round_up" for c in notices)
    assert P("v-ranking")["structure"][7]["colour_up"] == {"remove": [25], "method": "round_up"}


def test_v_iv_final_table():
    """V-IV.a: the last 8 form the final table; V-IV.b clock stopped for the merge; V-IV.c no new draw,
    the free seats of the feature table are filled; V-IV.d button by high card."""
    p = P("v-ranking")
    assert p["seating"]["final_table"] == {
        "size": 8,
        "seating": "fill_free_seats",
        "button": "high_card",
        "stop_clock": True,
        "two_tables_at": None,
    }
    assert p["clock"]["stop_for_table_merge"] is True


def test_v_ii_a_nine_per_table():
    """V-II.a: play starts with 9 per table."""
    assert P("v-ranking")["seating"]["start_per_table"] == 9


def test_v_iii_balancing_and_breaking():
    """V-III.c never between button and small blind (BB or button allowed); V-III.d break order by the
    director; V-III.e-g the UTG player of the next hand moves, as close to the big blind as possible;
    V-III.h play stops at a table with two or more free seats; V-III.i button redrawn for 2+ new players."""
    s = P("v-ranking")["seating"]
    assert (s["who_moves"], s["where_to"], s["break_order"]) == ("utg_next_hand", "worst_position", "director")
    assert s["halt_short_table"] == {"short_of_fullest": 2}
    assert s["balance_threshold"] == 1  # balanced before a table is 2 short, so play never waits long
    assert s["redraw_button_when_new_players"] == 2
    assert s["forbid_small_blind"] is False and s["forbid_between_button_and_small_blind"] is True


def test_v_v_hand_for_hand_and_same_hand_busts():
    """V-V.b: hand for hand when one elimination is left before the final table and a player is all-in;
    V-V.a: the bigger stack at the start of the hand places higher."""
    s = P("v-ranking")["seating"]
    assert s["hand_for_hand"]["trigger"] == "one_before_final_table_with_all_in"
    assert s["same_hand_busts"] == "starting_stack"


def test_v_x_a_time_call():
    """V-X.a.2: a 1-minute countdown, then a 10-second count."""
    assert P("v-ranking")["time_call"] == {"seconds": 60, "final_count_seconds": 10, "final_count": "after"}


def test_v_xi_e_penalties():
    """V-XI.d/e: warnings, missed hand penalties of 1-4 rounds, time penalties, disqualification."""
    assert P("v-ranking")["penalties"] == {
        "options": ["warning", "missed_hand", "time", "disqualification"],
        "orbits": [1, 2, 3, 4],
        "dealer": ["warning"],
    }  # V-XI.b: the floor's


def test_v_x_z_new_level_from_next_hand():
    """V-X.z: the new level applies from the next hand."""
    assert P("v-ranking")["clock"]["level_change"] == "next_hand"


# ------------------------------------------------------------------ G: German Golfpoker Tour

G_DEFAULT = [  # not in the seed (G-Spielform: set by field size); the documented default for 30-60
    ("L", 25, 50, 0, 15),
    ("L", 50, 100, 0, 15),
    ("L", 75, 150, 0, 15),
    ("L", 100, 200, 0, 15),
    ("B", 10),
    ("L", 150, 300, 0, 15),
    ("L", 200, 400, 0, 15),
    ("L", 300, 600, 0, 15),
    ("L", 400, 800, 0, 15),
    ("B", 10),
    ("L", 500, 1000, 0, 15),
    ("L", 600, 1200, 0, 15),
    ("L", 800, 1600, 0, 15),
    ("L", 1000, 2000, 0, 15),
    ("B", 10),
    ("L", 1500, 3000, 0, 15),
    ("L", 2000, 4000, 0, 15),
    ("L", 3000, 6000, 0, 15),
    ("L", 4000, 8000, 0, 15),
    ("B", 10),
    ("L", 5000, 10000, 0, 15),
    ("L", 6000, 12000, 0, 15),
    ("L", 8000, 16000, 0, 15),
    ("L", 10000, 20000, 0, 15),
]


def test_g_spielform_freezeout_with_3000():
    """G-Spielform: MTT freeze-out, every player gets 3000 GolfPokerDollar chips; no money is named."""
    f = P("g-tour")["format"]
    assert (f["entry"], f["start_stack"], f["buy_in"], f["fee"]) == ("freezeout", 3000, 0, 0)
    assert [f[k] for k in ("rebuy", "addon", "reentry", "alternates", "late_seat")] == [None] * 5
    assert P("g-tour")["payouts"] is None


def test_g_spielform_default_structure_is_the_documented_one():
    """G-Spielform: the structure depends on the field; the default for ~30-60 players is noted."""
    assert compact(P("g-tour")) == G_DEFAULT
    assert all(bb == 2 * sb for sb, bb, _, _ in levels(P("g-tour")))
    assert any(n["rule"] == "G-Spielform" and "30-60" in n["en"] and "3,000" in n["en"] for n in P("g-tour")["notes"])


def test_g_einsaetze_blinds_only():
    """G-Einsätze: the forced bets are small and big blind: no ante."""
    assert all(ante == 0 for _, _, ante, _ in levels(P("g-tour")))


def test_g_sitzordnung_balancing():
    """G-Sitzordnung: at most 8/10 per table (8, see G-Final); balance when the difference exceeds 2;
    the player matching the freed seat moves and keeps his order (same relative position)."""
    s = P("g-tour")["seating"]
    assert s["max_per_table"] == 8
    assert s["balance_threshold"] == 2
    assert (s["who_moves"], s["where_to"]) == ("same_relative_position", "worst_position")


def test_g_final():
    """G-Final: from 3 tables balance only beyond 3; at 16 players two tables (of 8); the last 8 form the
    final table, seats by lot."""
    s = P("g-tour")["seating"]
    assert s["balance_threshold_from_tables"] == [{"tables_at_most": 3, "threshold": 3}]
    assert s["final_table"] == {
        "size": 8,
        "seating": "lot",
        "button": "high_card",
        "stop_clock": False,
        "two_tables_at": 16,
    }


def test_g_setzregeln_same_hand_busts():
    """G-Setzregeln: out in the same round, the one who had more chips before places higher."""
    assert P("g-tour")["seating"]["same_hand_busts"] == "starting_stack"


def test_g_turnierregeln_penalties():
    """G-Turnierregeln (preamble): a warning, exclusion when repeated; no sit-out penalties."""
    assert P("g-tour")["penalties"] == {"options": ["warning", "disqualification"], "orbits": [], "dealer": ["warning"]}


# ------------------------------------------------------------------ S: Swiss Poker Trophy

S_BLINDS = [  # table "Blind Levels": Round n, Small Blind, Big Blind, Start Time; pauses 10 minutes
    ("L", 50, 100, 0, 15),
    ("L", 100, 200, 0, 15),
    ("L", 150, 300, 0, 15),
    ("L", 200, 400, 0, 15),
    ("B", 10),
    ("L", 300, 600, 0, 15),
    ("L", 400, 800, 0, 15),
    ("L", 500, 1000, 0, 15),
    ("L", 1000, 2000, 0, 15),
    ("B", 10),
    ("L", 1500, 3000, 0, 15),
    ("L", 2500, 5000, 0, 15),
    ("L", 4000, 8000, 0, 15),
    ("L", 6000, 12000, 0, 15),
    ("B", 10),
    ("L", 10000, 20000, 0, 15),
    ("L", 15000, 30000, 0, 15),
    ("L", 20000, 40000, 0, 15),
    ("L", 20000, 40000, 0, 15),
    ("B", 10),
    ("L", 20000, 40000, 0, 15),
    ("L", 20000, 40000, 0, 15),
    ("L", 20000, 40000, 0, 15),
    ("L", 20000, 40000, 0, 15),
]
S_PRINTED_START = {  # "Start Time" column
    "Round 1": "0:00",
    "Round 2": "0:15",
    "Round 3": "0:30",
    "Round 4": "0:45",
    "Pause 1": "1:00",
    "Round 5": "1:10",
    "Round 6": "1:25",
    "Round 7": "1:40",
    "Round 8": "1:55",
    "Pause 2": "2:10",
    "Round 9": "2:20",
    "Round 10": "2:35",
    "Round 11": "2:50",
    "Round 12": "3:05",
    "Pause 3": "3:20",
    "Round 13": "3:30",
    "Round 14": "3:45",
    "Round 15": "4:00",
    "Round 16": "4:15",
    "Pause 4": "4:30",
    "Round 17": "4:45",
    "Round 18": "5:00",
    "Round 19": "5:15",
    "Round 20": "5:30",
}


def test_s_blinds_levels_and_pauses():
    """S-Blinds: 20 rounds of 15 minutes, a 10-minute pause after every hour."""
    assert compact(P("s-trophy")) == S_BLINDS


def test_s_blinds_start_times_match_the_printed_table():
    """S-Blinds: start times as printed up to pause 4. Rounds 17-20 are printed 5 minutes later
    (4:45) than a 10-minute pause gives (4:40); the 10 minutes of the text win, and this is noted."""
    times = dict(start_times(P("s-trophy")))
    for name, printed in S_PRINTED_START.items():
        if name in ("Round 17", "Round 18", "Round 19", "Round 20"):
            h, m = map(int, printed.split(":"))
            shifted = h * 60 + m - 5
            assert times[name] == f"{shifted // 60}:{shifted % 60:02d}", name
        else:
            assert times[name] == printed, name
    assert any(n["rule"] == "S-Blinds" and "4:45" in n["en"] for n in P("s-trophy")["notes"])


def test_s_10_chip_raise_after_levels_4_8_12():
    """S-#10: after levels 4, 8 and 12 the lowest chips are changed, rounding up."""
    structure, seen, after = P("s-trophy")["structure"], 0, []
    for e in structure:
        seen += e["kind"] == "level"
        if "colour_up" in e:
            assert e["kind"] == "break" and e["colour_up"]["method"] == "round_up"
            assert len(e["colour_up"]["remove"]) == 1
            after.append(seen)
    assert after == [4, 8, 12]


def test_s_start_stack_is_a_noted_default():
    """S-Blinds gives no start stack: the preset's 10,000 is a noted choice."""
    assert P("s-trophy")["format"]["start_stack"] == 10000
    assert any(n["rule"] == "S-Blinds" and "10,000" in n["en"] for n in P("s-trophy")["notes"])


def test_s_2_tables():
    """S-#2: at most 11 per table, ten at the final table."""
    s = P("s-trophy")["seating"]
    assert (s["max_per_table"], s["final_table"]["size"]) == (11, 10)


def test_s_4_s_5_s_6_breaking_and_balancing():
    """S-#4/#5/#6: never enter at the small blind (BB alone and button allowed); tables break only when
    the rest hold at most 10; the player moved is drawn by lot. S-#4 button drawn at the final table."""
    s = P("s-trophy")["seating"]
    assert s["forbid_small_blind"] is True
    assert s["break_only_when_fit"] == 10
    assert s["who_moves"] == "lot"
    assert s["final_table"]["button"] == "high_card"


def test_s_47_reentry():
    """S-#47: re-enter at once until the first pause, buy-in and fee again, full stack, same seat."""
    f = P("s-trophy")["format"]
    assert f["entry"] == "reentry"
    assert f["reentry"] == {"until": {"break": 1}, "keeps_seat": True, "stack": "full", "price": "buy_in_and_fee"}
    assert (f["rebuy"], f["addon"]) == (None, None)


def test_s_46_alternates():
    """S-#46: alternates take a busted player's place until the first pause, with a full stack."""
    assert P("s-trophy")["format"]["alternates"] == {"until": {"break": 1}, "stack": "full"}


def test_s_19_time_call():
    """S-#19: a 30-second countdown; after 25 seconds a 5-second count."""
    assert P("s-trophy")["time_call"] == {"seconds": 30, "final_count_seconds": 5, "final_count": "within"}


def test_s_36_penalties():
    """S-#36: reprimand/warning, missed hand or missed round penalty, once to four times."""
    assert P("s-trophy")["penalties"] == {
        "options": ["warning", "missed_hand", "missed_round", "disqualification"],
        "orbits": [1, 2, 3, 4],
        "dealer": ["warning", "missed_hand", "missed_round"],
    }


@pytest.mark.parametrize("preset_id", sorted(EXPECTED_IDS))
def test_s_36_which_penalties_a_dealer_gives_is_preset_data(preset_id):
    """S-#36: "Der Dealer kann ... eine Ermahnung, Verwarnung, ein Missed Hand oder ein Missed Round
    Penalty aussprechen"; the other rulebooks give penalties to the director (N-2.23, V-XI.b): a dealer
    warns (the old default). A dealer's kinds are among the preset's options."""
    pen = P(preset_id)["penalties"]
    expected = ["warning", "missed_hand", "missed_round"] if preset_id == "s-trophy" else ["warning"]
    assert pen["dealer"] == expected and set(pen["dealer"]) <= set(pen["options"])


def test_s_42_new_level_from_next_hand_not_announced_early():
    """S-#42: the new level is not announced before the old one ends; it applies from the next hand."""
    assert P("s-trophy")["clock"] == {
        "level_change": "next_hand",
        "stop_for_table_merge": False,
        "new_blinds_notice_seconds": 0,
    }


def test_s_01_button_by_high_card():
    """S-01: the highest card gets the button."""
    assert P("s-trophy")["seating"]["button_start"] == "high_card"


# ------------------------------------------------------------------ P: poker-company satellites

P_QUALIFIER_LINE = (
    "100/200, 200/400, 300/600, Race for Chips, 500/1000, 1000/2000, 2000/4000, 3000/6000, "
    "Race for Chips, 5000/10000, 7000/14000, 10000/20000, 15000/30000."
)
P_FINAL_LINE = (
    "100/200, 200/400, 300/600, Ante:100, 500/1000, Ante: 200, 1000/2000, Ante: 400, 2000/4000, "
    "Ante: 600, 3000/6000, Ante: 1000, 5000/10000, Ante: 1400, 7000/14000, Race for Chips, "
    "Ante: 2000, 10000/20000, Ante: 3000, 15000/30000, Ante: 4000, 20000/40000, Ante: 5000, "
    "25000/50000, Ante: 10000, 50000/100000, Ante: 20000, 100000/200000, Ante: 50000, "
    "250000/500000, Ante: 100000, 500000/1000000."
)

P_QUALIFIER = [
    ("L", 100, 200, 0, 10),
    ("L", 200, 400, 0, 10),
    ("L", 300, 600, 0, 10),
    ("STOP", "race_for_chips"),
    ("L", 500, 1000, 0, 10),
    ("L", 1000, 2000, 0, 10),
    ("L", 2000, 4000, 0, 10),
    ("L", 3000, 6000, 0, 10),
    ("STOP", "race_for_chips"),
    ("L", 5000, 10000, 0, 10),
    ("L", 7000, 14000, 0, 10),
    ("L", 10000, 20000, 0, 10),
    ("L", 15000, 30000, 0, 10),
]
P_FINAL = [
    ("L", 100, 200, 0, 15),
    ("L", 200, 400, 0, 15),
    ("L", 300, 600, 0, 15),
    ("L", 500, 1000, 100, 15),
    ("L", 1000, 2000, 200, 15),
    ("L", 2000, 4000, 400, 15),
    ("L", 3000, 6000, 600, 15),
    ("L", 5000, 10000, 1000, 15),
    ("L", 7000, 14000, 1400, 15),
    ("STOP", "race_for_chips"),
    ("L", 10000, 20000, 2000, 15),
    ("L", 15000, 30000, 3000, 15),
    ("L", 20000, 40000, 4000, 15),
    ("L", 25000, 50000, 5000, 15),
    ("L", 50000, 100000, 10000, 15),
    ("L", 100000, 200000, 20000, 15),
    ("L", 250000, 500000, 50000, 15),
    ("L", 500000, 1000000, 100000, 15),
]


def parse_p_line(line: str, minutes: int, ante_applies_to: str = "next") -> list[tuple]:
    """Read a P-Spielverlauf blind line. 'Ante: X' applies to the level after it ("next") or, the
    reading P-Spielverlauf does NOT use, to the level before it ("previous")."""
    out, pending = [], 0
    for token in (t.strip() for t in line.rstrip(".").split(",")):
        if token == "Race for Chips":
            out.append(("STOP", "race_for_chips"))
        elif token.startswith("Ante"):
            ante = int(token.split(":")[1])
            if ante_applies_to == "next":
                pending = ante
            else:
                last = max(i for i, e in enumerate(out) if e[0] == "L")
                out[last] = out[last][:3] + (ante, minutes)
        else:
            sb, bb = map(int, token.split("/"))
            out.append(("L", sb, bb, pending, minutes))
    return out


def test_p_spielverlauf_qualifier_levels():
    """P-Spielverlauf (Qualifikation): 10-minute levels, two races for chips."""
    assert compact(P("p-qualifier")) == P_QUALIFIER
    assert parse_p_line(P_QUALIFIER_LINE, 10) == P_QUALIFIER


def test_p_spielverlauf_final_levels():
    """P-Spielverlauf (Finale): 15-minute levels with antes, one race for chips."""
    assert compact(P("p-final")) == P_FINAL


def test_p_spielverlauf_ante_line_applies_to_the_level_after_it():
    """P-Spielverlauf: a line 'Ante: X' applies to the level that follows it (every ante is then 10% of
    its big blind, and levels 1-3 have none); the opposite reading gives a different structure."""
    assert parse_p_line(P_FINAL_LINE, 15, "next") == compact(P("p-final"))
    assert parse_p_line(P_FINAL_LINE, 15, "previous") != compact(P("p-final"))
    with_ante = [(bb, ante) for _, bb, ante, _ in levels(P("p-final")) if ante]
    assert all(ante * 10 == bb for bb, ante in with_ante)
    assert [ante for _, _, ante, _ in levels(P("p-final"))[:3]] == [0, 0, 0]
    assert levels(P("p-final"))[3] == (500, 1000, 100, 15)


def test_p_spielverlauf_start_stacks():
    """P-Spielverlauf: 7500 chips in the qualifier, 15000 in the final."""
    assert P("p-qualifier")["format"]["start_stack"] == 7500
    assert P("p-final")["format"]["start_stack"] == 15000


def test_p_spielverlauf_late_seats_until_first_race():
    """P-Spielverlauf: free seats are filled until the first race for chips; a newcomer posts the big
    blind in the next hand. Nothing of the kind in the final."""
    assert P("p-qualifier")["format"]["late_seat"] == {"until": {"race_for_chips": 1}, "posts": "big_blind"}
    assert P("p-final")["format"]["late_seat"] is None


@pytest.mark.parametrize("preset_id", ["p-qualifier", "p-final"])
def test_p_race_clock_stops_only_for_the_race(preset_id):
    """P-Race / P-Spielverlauf: the timer is stopped only for a race for chips: stops with a race notice,
    no breaks, no stop for merges or the final table."""
    p = P(preset_id)
    assert not any(e["kind"] == "break" for e in p["structure"])
    stops = [e for e in p["structure"] if e["kind"] == "stop"]
    assert stops and all(e["reason"] == "race_for_chips" and e["colour_up"]["method"] == "race" for e in stops)
    assert p["clock"]["stop_for_table_merge"] is False
    assert p["seating"]["final_table"]["stop_clock"] is False


def test_p_teilnahme_qualifier_money_and_table():
    """P-Teilnahme: 15 EUR flat cost contribution ('Buy-In (Kostenpauschale)'); 8-10 per table."""
    p = P("p-qualifier")
    f = p["format"]
    assert (f["buy_in"] + f["fee"], f["currency"]) == (15, "EUR")
    assert (f["buy_in"], f["fee"]) == (0, 15)
    assert f["entry"] == "freezeout"
    assert f["capacity"] == {"min": 8, "max": 10}
    assert (p["seating"]["max_per_table"], p["seating"]["max_tables"]) == (10, 1)
    assert p["payouts"] is None


def test_p_satellite_final_at_most_ten():
    """P-Satellite: at most 10 at the final table; blinds start at 100/200."""
    p = P("p-final")
    assert p["format"]["capacity"]["max"] == 10
    assert (p["seating"]["max_per_table"], p["seating"]["max_tables"], p["seating"]["final_table"]["size"]) == (
        10,
        1,
        10,
    )
    assert levels(p)[0][:2] == (100, 200)


def test_p_satellite_the_notes_say_how_the_semifinal_is_played():
    """P-Satellite: "Sollten sich mehr als 10 Tischsieger ... qualifizieren, wird ein Halbfinale
    ausgetragen" and nothing more: the preset's note says what was chosen (a P night),
    in both languages, so the director knows how to seat more than 10 winners."""
    notes = [n for n in P("p-final")["notes"] if n["rule"] == "P-Satellite" and "semifinal" in n["en"]]
    assert len(notes) == 1, notes
    en, de = notes[0]["en"], notes[0]["de"]
    assert "10 tables" in en and "by lot" in en and "table winner" in en and "p_satellite" in en
    assert "10 Tische" in de and "Los" in de and "Halbfinale" in de


@pytest.mark.parametrize("preset_id", ["p-qualifier", "p-final"])
def test_p_sidepots_same_hand_busts_and_p_dealer_button(preset_id):
    """P-SidePots: out in the same hand, the bigger stack places higher; P-Dealer: button by high card."""
    s = P(preset_id)["seating"]
    assert s["same_hand_busts"] == "starting_stack" and s["button_start"] == "high_card"


# ------------------------------------------------------------------ generic

GENERIC_STRUCTURE = [
    ("L", 25, 50, 0, 20),
    ("L", 50, 100, 0, 20),
    ("L", 75, 150, 0, 20),
    ("L", 100, 200, 0, 20),
    ("B", 10),
    ("L", 150, 300, 300, 20),
    ("L", 200, 400, 400, 20),
    ("L", 300, 600, 600, 20),
    ("L", 400, 800, 800, 20),
    ("B", 10),
    ("L", 500, 1000, 1000, 20),
    ("L", 700, 1400, 1400, 20),
    ("L", 1000, 2000, 2000, 20),
    ("L", 1500, 3000, 3000, 20),
    ("B", 10),
    ("L", 2000, 4000, 4000, 20),
    ("L", 3000, 6000, 6000, 20),
    ("L", 4000, 8000, 8000, 20),
    ("L", 6000, 12000, 12000, 20),
]


def test_generic_keeps_its_numbers():
    """generic: the structure, stack and table size the engine tests are built on."""
    p = P("generic")
    assert compact(p) == GENERIC_STRUCTURE
    assert (p["format"]["entry"], p["format"]["start_stack"], p["seating"]["max_per_table"]) == ("freezeout", 10000, 10)


@pytest.mark.parametrize("preset_id,mode", [("n-monday", "after"), ("v-ranking", "after"), ("s-trophy", "within")])
def test_time_call_final_count_mode(preset_id, mode):
    """N-2.5 / V-X.a: a minute, then a further 10 s; S-#19: 30 s with the last 5 counted."""
    assert P(preset_id)["time_call"]["final_count"] == mode


# ------------------------------------------------------------------ places, money and entries


@pytest.mark.parametrize(
    "preset_id", ["n-monday", "n-series-final", "v-ranking", "g-tour", "s-trophy", "p-qualifier", "p-final"]
)
def test_p_sidepots_equal_stacks_are_decided_by_a_card(preset_id):
    """P-SidePots: equal stacks out in one coup draw a card each; RULES.md §3 applies it where the
    seed is silent (N-1.15, V-V.a, G-Setzregeln, S-#6), with a note saying so."""
    assert P(preset_id)["seating"]["equal_stacks"] == "card_draw"
    if SEED_OF[preset_id] != "P":
        assert any("P-SidePots" in n["en"] for n in P(preset_id)["notes"])


def test_tda_rp_8_generic_shares_equal_stacks():
    assert P("generic")["seating"]["equal_stacks"] == "share"


def test_tda_rp_8_generic_has_a_payout_table_so_shared_places_split_money():
    """TDA RP-8: the preset that shares places pays places once the director sets a buy-in."""
    p = P("generic")
    assert p["format"]["buy_in"] == 0 and p["payouts"]["kind"] == "table_by_field"
    shares = {(b["min_players"], b["max_players"]): len(b["percent"]) for b in p["payouts"]["brackets"]}
    assert shares == {(2, 4): 1, (5, 7): 2, (8, 10): 3, (11, 20): 5, (21, 30): 6, (31, 50): 8, (51, 100): 12}
    assert [x["amount"] for x in payout_amounts(p["payouts"], 20, 2000)] == [800, 500, 340, 220, 140]
    assert any("TDA RP-8" in n["en"] and "payout" in n["en"] for n in p["notes"])


@pytest.mark.parametrize("preset_id", ["p-qualifier"])
def test_p_spielverlauf_late_seats_post_the_big_blind(preset_id):
    """P-Spielverlauf: "die hinzugekommenen Spieler müssen im folgenden Spiel das Big Blind halten"."""
    assert P(preset_id)["format"]["late_seat"] == {"until": {"race_for_chips": 1}, "posts": "big_blind"}
    assert P(preset_id)["cite"]["late_seat"] == "P-Spielverlauf"


def test_n_3_2_absent_prepaid_players_leave_at_the_bubble():
    assert P("n-monday")["format"]["no_show"] == {"until": "bubble"}
    assert P("n-monday")["cite"]["no_show"] == "N-3.2"


def test_p_satellite_a_finalist_not_seated_in_level_1_is_out():
    assert P("p-final")["format"]["no_show"] == {"until": {"level": 1}}


@pytest.mark.parametrize("preset_id", sorted(EXPECTED_IDS))
def test_citations_name_the_presets_own_rulebook(preset_id):
    """Rejections quote `cite`: each id is from the preset's seed (P-SidePots for the card draw,
    RULES.md §3), or TDA (or `generic`, its own choice, as in its house rules) for the generic preset."""
    letter = SEED_OF[preset_id]
    for key, rule in P(preset_id).get("cite", {}).items():
        assert (
            rule.startswith(f"{letter}-") or rule == "P-SidePots"
            if letter
            else rule.startswith("TDA") or rule == "generic"
        ), (key, rule)
