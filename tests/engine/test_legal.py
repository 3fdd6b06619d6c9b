"""The law's limits (engine/legal.py, shared_rules/legal/): each refusal names its article as its
rule, each test cites the article it checks. The club's day (`legal_day`) is what the API's before
effect fills in (tests/test_api_legal.py runs it with real tournaments)."""

import json
from pathlib import Path

import pytest

from backend.engine.legal import planned_minutes, preset_problem, profile_of
from backend.legal_profiles import collapse, expand
from engine_helpers import LEGAL_DIR, Log, no, ok, preset

T0 = 1_800_000_000_000


def under(preset_id: str, profile: str | None = "preset", **fmt) -> Log:
    data = preset(preset_id)
    if profile != "preset":
        data["legal"] = profile
    data["format"] = {**data["format"], **fmt}
    return Log(expand(data, LEGAL_DIR))


def register(log: Log, count: int, start: int = 1, **payload):
    for i in range(start, start + count):
        ok(log, "register_player", {"name": f"P{i}", "id_checked": True, **payload})


def test_the_swiss_and_german_presets_name_their_profile_and_keep_to_it():
    # VGS Art. 39, BGS Art. 36 (n-monday, s-trophy); BVerwG 8 C 26.12 (g-tour, p-qualifier, p-final)
    names = {p: preset(p).get("legal") for p in ("n-monday", "s-trophy", "g-tour", "p-qualifier", "p-final")}
    assert names == {
        "n-monday": "ch-vgs",
        "s-trophy": "ch-vgs",
        "g-tour": "de-fee-only",
        "p-qualifier": "de-fee-only",
        "p-final": "de-fee-only",
    }
    for preset_id in names:
        expanded = expand(preset(preset_id), LEGAL_DIR)
        assert profile_of(expanded)["id"] == names[preset_id]
        assert preset_problem(expanded, profile_of(expanded)) is None, preset_id
        assert planned_minutes(expanded["structure"]) >= 180 or names[preset_id] == "de-fee-only"
    # Saved as a preset again, a tournament's profile is its id (the files' format).
    assert collapse(expand(preset("n-monday"), LEGAL_DIR))["legal"] == "ch-vgs"


def test_v_ranking_cannot_carry_de_fee_only_its_rebuys_are_further_payments():
    # BVerwG 8 C 26.12 Leitsatz 2: "keine weiteren Zahlungen" -- V-XIII's rebuy and add-on
    data = {**preset("v-ranking"), "legal": "de-fee-only"}
    problem = preset_problem(expand(data, LEGAL_DIR), profile_of(expand(data, LEGAL_DIR)))
    assert (problem.error, problem.params["rule"], problem.params["what"]) == (
        "legal_further_payment",
        "BVerwG 8 C 26.12",
        "rebuys",
    )
    assert preset("v-ranking")["legal"] is None and preset("n-series-final")["legal"] is None


def test_vgs_39_1a_a_buy_in_over_200_francs_is_refused_200_is_not():
    # VGS Art. 39 Abs. 1 lit. a: 200 Franken für das Startgeld
    log = under("n-monday")
    refused = no(log, "edit_settings", {"buy_in": 250})
    assert (refused.error, refused.rule, refused.basis) == ("legal_buy_in", "VGS Art. 39 Abs. 1 lit. a", "law")
    assert "VGS Art. 39 Abs. 1 lit. a" in refused.message and refused.params["max"] == 200
    ok(log, "edit_settings", {"buy_in": 200})
    # The fee is no Startgeld (BGS Art. 36 Abs. 2): a high fee is not this limit's business.
    ok(log, "edit_settings", {"fee": 250})


def test_vgs_39_1_the_amounts_are_francs():
    # VGS Art. 39 Abs. 1: the limits are in Franken
    refused = no(under("n-monday"), "edit_settings", {"currency": "EUR"})
    assert (refused.error, refused.rule) == ("legal_currency", "VGS Art. 39 Abs. 1")


def test_vgs_39_1b_the_tournaments_startgelder_stop_at_20000():
    # VGS Art. 39 Abs. 1 lit. b: 20 000 Franken für die Summe aller Startgelder
    log = under("generic", "ch-vgs", currency="CHF", buy_in=200)
    register(log, 100)
    assert log.state.money["pool"] == 20000
    refused = no(log, "register_player", {"name": "P101", "id_checked": True})
    assert (refused.error, refused.rule, refused.params["pool"]) == ("legal_pool", "VGS Art. 39 Abs. 1 lit. b", 20200)
    # A buy-in raised for everyone registered is the same limit.
    log = under("generic", "ch-vgs", currency="CHF", buy_in=100)
    register(log, 101)
    assert no(log, "edit_settings", {"buy_in": 199}).error == "legal_pool"


def test_vgs_39_2a_a_players_startgelder_of_the_day_stop_at_300_and_the_fee_does_not_count():
    # VGS Art. 39 Abs. 2 lit. a: 300 Franken pro Tag; BGS Art. 36 Abs. 2: the fee is no Startgeld
    log = under("n-monday")  # 125 + 25
    day = {"paid": 175, "pool": 0, "tournaments": 0}
    ok(log, "register_player", {"name": "Anna", "id_checked": True, "legal_day": day})  # 175 + 125 = 300
    refused = no(log, "register_player", {"name": "Bert", "id_checked": True, "legal_day": {**day, "paid": 176}})
    assert (refused.error, refused.rule, refused.basis) == ("legal_player_day", "VGS Art. 39 Abs. 2 lit. a", "law")
    assert refused.params == {
        "name": "Bert",
        "paid": 176,
        "amount": 125,
        "max": 300,
        "currency": "CHF",
        "rule": "VGS Art. 39 Abs. 2 lit. a",
    }


def test_vgs_39_2a_a_re_entry_counts_with_what_he_paid_in_this_tournament():
    # VGS Art. 39 Abs. 2 lit. a: entry + re-entries are his Startgelder of the day (S-#47 re-entry)
    log = under("s-trophy", buy_in=100, fee=10)
    register(log, 10)
    ok(log, "draw_seats", {"tables": 1})
    ok(log, "record_bust", {"entry_id": 1}, now=T0)
    ok(log, "reentry", {"entry_id": 1, "legal_day": {"paid": 100}}, now=T0 + 1)  # 100 + 100 + 100
    ok(log, "record_bust", {"entry_id": 1}, now=T0 + 2)
    # 100 elsewhere + 200 here + 100: over
    refused = no(log, "reentry", {"entry_id": 1, "legal_day": {"paid": 100}}, now=T0 + 3)
    assert (refused.error, refused.params["paid"], refused.params["amount"]) == ("legal_player_day", 300, 100)
    ok(log, "reentry", {"entry_id": 1, "legal_day": {"paid": 0}}, now=T0 + 3)  # nothing elsewhere: 300 here


def test_vgs_39_2b_all_startgelder_of_the_day_stop_at_30000():
    # VGS Art. 39 Abs. 2 lit. b: 30 000 Franken für die Summe aller Startgelder aller Turniere
    log = under("n-monday")
    refused = no(log, "register_player", {"name": "Anna", "id_checked": True, "legal_day": {"pool": 29900}})
    assert (refused.error, refused.rule, refused.params["pool"]) == (
        "legal_day_pool",
        "VGS Art. 39 Abs. 2 lit. b",
        30025,
    )
    ok(log, "register_player", {"name": "Anna", "id_checked": True, "legal_day": {"pool": 29875}})


def test_vgs_39_3_and_4_the_clock_starts_with_ten_players_and_not_as_a_fifth_tournament():
    # VGS Art. 39 Abs. 4: mindestens zehn Personen; Abs. 3: höchstens vier Turniere pro Tag und Ort
    log = under("n-monday")
    register(log, 9)
    refused = no(log, "start_clock", {})
    assert (refused.error, refused.rule, refused.params["players"]) == ("legal_min_players", "VGS Art. 39 Abs. 4", 9)
    register(log, 1, start=10)
    refused = no(log, "start_clock", {"legal_day": {"tournaments": 4}})
    assert (refused.error, refused.rule, refused.params["started"]) == (
        "legal_tournaments_day",
        "VGS Art. 39 Abs. 3",
        4,
    )
    ok(log, "start_clock", {"legal_day": {"tournaments": 3}})


def test_vgs_39_5_a_short_structure_is_a_warning_not_a_refusal():
    # VGS Art. 39 Abs. 5: auf eine Dauer von mindestens drei Stunden ausgelegt
    log = under("n-monday")
    short = [{"kind": "level", "sb": 25, "bb": 50, "ante": 0, "minutes": 20}] * 8  # 160 minutes
    decision = ok(log, "set_structure", {"structure": short})
    (warning,) = decision.result["warnings"]
    assert (warning["code"], warning["rule"], warning["params"]["minutes"]) == (
        "legal_short_structure",
        "VGS Art. 39 Abs. 5",
        160,
    )
    long = short + [{"kind": "break", "minutes": 20}]  # a break is planned time too: 180
    assert "warnings" not in ok(log, "set_structure", {"structure": long}).result


def test_bgs_36_1c_the_prizes_are_all_the_startgelder():
    # BGS Art. 36 Abs. 1 lit. c: Die Summe der Spielgewinne entspricht der Summe der Startgelder
    data = expand(preset("n-monday"), LEGAL_DIR)
    assert preset_problem({**data, "payouts": None}, profile_of(data)).error == "legal_payouts"
    house = json.loads(json.dumps(data["payouts"]))
    house["brackets"][0]["percent"] = [50, 30, 10]  # 10 % kept
    problem = preset_problem({**data, "payouts": house}, profile_of(data))
    assert (problem.error, problem.params["rule"]) == ("legal_payouts", "BGS Art. 36 Abs. 1 lit. c")
    # No Startgeld, nothing to pay out: a free tournament keeps to it.
    free = {**data, "payouts": None, "format": {**data["format"], "buy_in": 0}}
    assert preset_problem(free, profile_of(data)) is None


def test_bverwg_8_c_26_12_a_fee_only_tournament():
    # BVerwG 8 C 26.12 Leitsatz 2: a fee that covers the costs, no further payments, no stake
    log = under("p-qualifier")  # 15 EUR fee, as in the case
    refused = no(log, "edit_settings", {"fee": 31})
    assert (refused.error, refused.rule, refused.params["max"]) == ("legal_fee", "BVerwG 8 C 26.12", 30)
    assert no(log, "edit_settings", {"buy_in": 5}).error == "legal_buy_in"
    ok(log, "edit_settings", {"fee": 30})
    data = expand(preset("p-qualifier"), LEGAL_DIR)
    cash = expand(preset("n-monday"), LEGAL_DIR)["payouts"]
    assert preset_problem({**data, "payouts": cash}, profile_of(data)).error == "legal_cash_prizes"


def test_switching_the_profile_off_needs_a_reason_and_replays_exactly():
    log = under("n-monday")
    refused = no(log, "set_legal_profile", {"profile": "none", "reason": "short"})
    assert (refused.error, refused.field) == ("reason_required", "reason")
    ok(log, "set_legal_profile", {"profile": "none", "reason": "A private game among members, no permit needed"})
    assert log.state.preset["legal"] is None
    register(log, 2)
    ok(log, "start_clock", {})  # no limits: two players may start
    assert log.replayed().preset == log.state.preset
    # Turning it on takes the limits the API read from the file; a made-up profile is refused.
    log = under("n-monday", None)
    assert no(log, "set_legal_profile", {"profile": "ch-vgs", "limits": None}).error == "unknown_profile"
    limits = json.loads((Path(LEGAL_DIR) / "ch-vgs.json").read_text())
    ok(log, "set_legal_profile", {"profile": "ch-vgs", "limits": limits})
    assert log.replayed().preset["legal"] == limits
    assert no(log, "edit_settings", {"buy_in": 201}).rule == "VGS Art. 39 Abs. 1 lit. a"


@pytest.mark.parametrize("preset_id", ["generic", "v-ranking", "n-series-final"])
def test_a_tournament_without_a_profile_has_no_legal_limits(preset_id):
    log = under(preset_id)
    register(log, 2)
    ok(log, "edit_settings", {"buy_in": 5000})
    ok(log, "start_clock", {"legal_day": {"tournaments": 99}})


def test_every_profile_gives_each_limit_a_value_and_its_article_and_names_its_sources():
    for path in Path(LEGAL_DIR).glob("*.json"):
        profile = json.loads(path.read_text())
        assert profile["id"] == path.stem and profile["time_zone"] and profile["currency"]
        assert profile["sources"] and all(s["url"].startswith("https://") for s in profile["sources"])
        for key, found in profile["limits"].items():
            assert set(found) <= {"value", "cite", "practice"} and found["cite"], (path.stem, key)


def test_vgs_39_1b_closing_check_in_hands_back_the_no_shows_before_it_counts_the_ones_moving_up():
    # VGS Art. 39 Abs. 1 lit. b: the pool after the close is what counts; released no-shows (N-3.6)
    # take their Startgeld out as the waiting list's players bring theirs in.
    log = under("generic", "ch-vgs", currency="CHF", buy_in=200)
    ok(log, "set_capacity", {"max": 100})
    register(log, 97)
    register(log, 3, start=98, present=False)  # reserved, not here, not paid in advance
    register(log, 3, start=101)  # the waiting list
    assert log.state.money["pool"] == 20000
    ok(log, "close_check_in", {})
    assert log.state.money["pool"] <= 20000
