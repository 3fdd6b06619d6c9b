"""Every refusal names its rule id, or says it is no house rule.

The engine's source is walked for every `Rejection(...)`: its code must be in the refusal table
(backend/engine/refusals.py), as a house rule (the preset's `cite` key) or as validation,
permission, lookup or procedure. A new refusal without an entry fails here."""

import ast
import json
from pathlib import Path

import pytest

from backend.engine import Actor, Command, Rejection
from backend.engine.refusals import BY_COMMAND, NOT_RULES, REFUSALS, Cite, Law, named
from engine_helpers import Log, director_cmd, preset, seated

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "backend" / "engine"
SCHEMA = json.loads((ROOT / "shared_rules" / "preset.schema.json").read_text())
PRESETS = {p.stem: json.loads(p.read_text()) for p in (ROOT / "shared_rules" / "presets").glob("*.json")}
LEGAL = [json.loads(p.read_text()) for p in (ROOT / "shared_rules" / "legal").glob("*.json")]
T0 = 1_800_000_000_000

# Codes built at run time, by the function that builds them (file, function) -> the codes it makes.
DYNAMIC = {
    ("entries.py", "_buy"): {"no_rebuy", "no_addon", "no_reentry"},
    ("legal.py", "_refusal"): {c for c, basis in REFUSALS.items() if isinstance(basis, Law)},
}


def refusal_sites():
    """(file, function, line, code or None) for every Rejection(...) in the engine."""
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text())
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Rejection":
                fn = node
                while fn in parents and not isinstance(fn, ast.FunctionDef):
                    fn = parents[fn]
                first = node.args[0] if node.args else None
                code = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
                yield path.name, getattr(fn, "name", "-"), node.lineno, code


def test_every_refusal_in_the_engine_is_in_the_refusal_table():
    sites = list(refusal_sites())
    assert len(sites) > 150  # the walk found the engine's refusals
    missing, dynamic = [], []
    for file, function, line, code in sites:
        if code is None:
            if (file, function) not in DYNAMIC:
                dynamic.append(f"{file}:{line} in {function}()")
            continue
        if code not in REFUSALS:
            missing.append(f"{code!r} ({file}:{line})")
    assert not dynamic, ("refusal codes built at run time: list them in DYNAMIC", dynamic)
    for codes in DYNAMIC.values():
        missing += [c for c in codes if c not in REFUSALS]
    assert not missing, (
        "add these refusals to backend/engine/refusals.py REFUSALS, with the preset's cite key "
        "of their rule, or VALIDATION / PERMISSION / LOOKUP / PROCEDURE",
        missing,
    )


def test_the_table_names_a_cite_key_or_says_which_kind_of_no_it_is():
    cite_keys = set(SCHEMA["properties"]["cite"]["properties"])
    for code, basis in [*REFUSALS.items(), *BY_COMMAND.items()]:
        if isinstance(basis, Cite):
            assert str(basis) in cite_keys, (code, basis, "is not a cite key of shared_rules/preset.schema.json")
        elif isinstance(basis, Law):  # a limit of a legal profile, whose article it names
            assert any(str(basis) in p["limits"] for p in LEGAL), (code, basis, "is no limit of shared_rules/legal/")
        else:
            assert basis in NOT_RULES, (code, basis)


def _needed(p: dict) -> set[str]:
    """The cite keys a preset's refusals can reach: the entry rules and penalties always, the rest
    where the preset has the setting."""
    f, s = p["format"], p["seating"]
    keys = {"rebuy", "addon", "reentry", "alternates", "late_seat", "penalties"}
    keys |= {k for k in ("capacity", "no_show") if f.get(k)}
    keys |= {"id_check"} if f.get("id_check") else set()
    keys |= {"check_in"} if f.get("check_in_closes") else set()
    keys |= {"payouts"} if p.get("payouts") else set()
    keys |= {"headhunter"} if p.get("headhunter") else set()
    keys |= {"where_to"} if s.get("max_tables") != 1 else set()
    return keys


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_each_preset_cites_the_rule_of_every_house_rule_refusal_it_can_give(preset_id):
    p = PRESETS[preset_id]
    assert _needed(p) <= set(p["cite"]), sorted(_needed(p) - set(p["cite"]))


def test_p_spielverlauf_the_late_seat_refusal_after_the_first_race_names_its_rule():
    """P-Spielverlauf: "Bis zum ersten Race for Chips kann der Spieltisch ... aufgefüllt werden"."""
    log = seated(preset("p-qualifier"), {1: [1, 2, 3, 4, 5, 6, 7, 8]})
    log.run(director_cmd("start_clock", {}, now=T0))
    after_race = T0 + 30 * 60_000 + 1  # three levels of 10 minutes, then the race for chips
    r = log.run(director_cmd("register_player", {"name": "Too Late", "id_checked": True}, now=after_race))
    assert isinstance(r, Rejection)
    assert (r.error, r.kind, r.rule, r.basis) == ("registration_closed", "conflict", "P-Spielverlauf", "rule")
    # it says when late seats ended, in the phone's words too (refusal.registration_closed.late_over_race)
    assert r.message == "Late seats closed at race for chips 1: no new players (P-Spielverlauf)."
    assert r.params == {"variant": "late_over_race", "nth": 1, "rule": "P-Spielverlauf"}
    en = (Path(__file__).parents[2] / "pwa/src/i18n/en.ts").read_text()
    assert (
        '"refusal.registration_closed.late_over_race": "Late seats closed at race for chips {nth}: no new players.",'
        in en
    )


def test_a_refusal_that_is_no_house_rule_says_so_and_names_no_rule():
    log = seated(preset("n-monday"), {1: [1, 2, 3]})
    r = log.run(director_cmd("register_player", {"name": "   "}))
    assert (r.error, r.basis, r.rule) == ("name_required", "validation", None)
    r = log.run(Command("chip_count", {"table_no": 1, "stacks": {"1": 5}}, Actor("dealer", table_no=2), now=T0))
    assert (r.error, r.basis, r.rule) == ("not_your_table", "permission", None)
    r = log.run(director_cmd("record_bust", {"entry_id": 99}))
    assert (r.error, r.basis, r.rule) == ("unknown_entry", "lookup", None)
    r = log.run(director_cmd("pause_clock", {}))
    assert (r.error, r.basis, r.rule) == ("clock_not_running", "procedure", None)


def test_the_same_code_cites_the_rule_of_its_command_and_the_presets_own_id():
    """S-#47 re-entry vs S-#46 alternates: one code, the rule of the command that was refused;
    V-XIII vs N-1.19: one refusal, each preset's own rulebook."""
    log = seated(preset("s-trophy"), {1: [1, 2, 3, 4]})
    r = log.run(director_cmd("reentry", {"entry_id": 1}))
    assert (r.error, r.rule) == ("not_busted", "S-#47")
    r = log.run(director_cmd("seat_alternate", {"name": "Zoe", "replaces": 1}))
    assert (r.error, r.rule) == ("seat_taken", "S-#46")
    assert log.run(director_cmd("rebuy", {"entry_id": 1})).rule == "S-#47"
    assert seated(preset("n-monday"), {1: [1, 2]}).run(director_cmd("rebuy", {"entry_id": 1})).rule == "N-1.19"


def test_a_setting_without_a_rulebook_rule_is_named_as_the_tournaments_setting():
    """S has no capacity rule: a capacity the director set is his setting, and the refusal says so."""
    log = Log(preset("s-trophy"))
    log.run(director_cmd("set_capacity", {"max": 1}))
    log.run(director_cmd("register_player", {"name": "A"}))
    log.run(director_cmd("draw_seats", {"tables": 1}))
    r = named(log.state, "register_player", Rejection("field_full", "The field is full (1 players).", "name"))
    assert (r.basis, r.rule, r.message) == ("setting", None, "The field is full (1 players).")


def test_a_rule_the_call_site_names_in_its_params_wins():
    log = Log(preset("n-monday"))
    r = named(
        log.state,
        "new_hand",
        Rejection(
            "no_button", "Draw for the button.", "table_no", params={"variant": "new_players", "rule": "V-III.i"}
        ),
    )
    assert (r.rule, r.basis, r.message) == ("V-III.i", "rule", "Draw for the button (V-III.i).")


@pytest.mark.parametrize(
    ("preset_id", "rule"),
    [("n-monday", "N-2.9"), ("s-trophy", "S-#2"), ("g-tour", "G-Sitzordnung"), ("v-ranking", "V-II.a")],
)
def test_n_2_9_s_2_g_sitzordnung_a_draw_onto_too_few_tables_names_the_rule(preset_id, rule):
    """A draw of 30 players onto 2 tables is refused by the house rule on players per table, not as
    a "procedure": N-2.9 (11), S-#2 (11), G-Sitzordnung (8), V-II.a (10)."""
    log = Log(preset(preset_id))
    for i in range(30):
        log.run(director_cmd("register_player", {"name": f"P{i}", "id_checked": True}))
    r = log.run(director_cmd("draw_seats", {"tables": 2}))
    assert isinstance(r, Rejection) and r.error == "too_few_tables"
    assert (r.rule, r.basis) == (rule, "rule") and rule in r.message
    per = PRESETS[preset_id]["seating"]["max_per_table"]
    assert r.params == {"players": 30, "need": -(-30 // per), "per_table": per, "rule": rule}
