"""The final table's deal (engine/deal.py): sums exact in every method, agreement by all, undo exact,
replay the same. N-3.7 (the payout table and its remainder to the winner) is what a deal replaces;
V-I.c (no money played for in the club) is a league that allows no deal."""

from fractions import Fraction

import pytest

from backend.engine import Actor, Command, money
from backend.engine.deal import calculate
from backend.engine.model import Rejection
from backend.read.changes import changed_views
from backend.read.views import director_view, player_view
from engine_helpers import no, ok, preset, seated

T0 = 1_800_000_000_000
STACKS = {1: 20_000, 2: 15_000, 3: 10_000, 4: 10_000}


def final_four(preset_data=None):
    """n-monday, 11 players (N-3.7: 4 paid, 578/385/261/151 CHF), 7 out: the last 4 at one table."""
    log = seated(preset_data or preset("n-monday"), {1: list(range(1, 12))})
    for e in range(11, 4, -1):
        ok(log, "record_bust", {"entry_id": e})
    return log


def stacks(chips=STACKS):
    return [{"entry_id": e, "chips": c} for e, c in chips.items()]


def prizes(state):
    return {e: money.prize(state, state.entries[e]) for e in state.entries}


def answer(log, entry_id, deal_no, accept=True):
    cmd = Command("answer_deal", {"deal_no": deal_no, "accept": accept}, Actor("player", entry_id=entry_id), now=T0)
    return log.run(cmd)


def amounts(decision_or_state):
    deal = decision_or_state.deal
    return {r["entry_id"]: r["amount"] for r in deal["rows"]}


@pytest.mark.parametrize("method", ["icm", "chip", "even"])
@pytest.mark.parametrize("keep", [None, 0, 100, 578])
@pytest.mark.parametrize("round_to", [None, 1, 10, 0.05, 50])
def test_n_3_7_every_method_shares_exactly_the_money_left_less_the_kept_amount(method, keep, round_to):
    log = final_four()
    result = calculate(log.state, {"method": method, "stacks": stacks(), "keep": keep, "round_to": round_to})
    assert not isinstance(result, Rejection), result
    total = sum(r["amount"] for r in result["rows"])
    assert total == result["total"] == 1375 - Fraction(str(keep or 0))
    step = Fraction(str(round_to or 1))
    biggest = 1
    for r in result["rows"]:
        if r["entry_id"] != biggest:  # rounded down to the unit; the remainder to the biggest stack
            assert r["amount"] % step == 0, r
        assert r["amount"] >= 0


def test_icm_chip_and_even_give_what_each_method_says():
    log = final_four()
    icm = calculate(log.state, {"method": "icm", "stacks": stacks(), "round_to": 1})
    chip = calculate(log.state, {"method": "chip", "stacks": stacks(), "round_to": 1})
    even = calculate(log.state, {"method": "even", "stacks": stacks(), "round_to": 1})
    by = lambda r: [row["amount"] for row in r["rows"]]
    assert by(even) == [344, 344, 344, 343] or sum(by(even)) == 1375
    assert by(even)[1:] == [343, 343, 343] and by(even)[0] == 1375 - 3 * 343  # the remainder to the biggest stack
    # chip chop: the floor (4th place, 151) for each, the rest (771) by chips 20:15:10:10
    assert by(chip)[1:] == [151 + 771 * 15 // 55, 151 + 771 * 10 // 55, 151 + 771 * 10 // 55]
    # ICM: the big stack gets less than his chip share, the short stacks more; equal stacks equal
    assert by(icm)[0] < by(chip)[0] and by(icm)[2] == by(icm)[3] and by(icm)[2] > by(chip)[2]


def test_equal_stacks_and_ties_share_alike_and_a_zero_stack_gets_the_floor():
    log = final_four()
    tie = calculate(log.state, {"method": "icm", "stacks": stacks({1: 5000, 2: 5000, 3: 5000, 4: 5000}), "round_to": 1})
    assert [r["amount"] for r in tie["rows"]] == [
        1375 - 3 * 343,
        343,
        343,
        343,
    ]  # the first of equal stacks: the remainder
    zero = calculate(log.state, {"method": "icm", "stacks": stacks({1: 30000, 2: 15000, 3: 10000, 4: 0})})
    # ICM: an empty stack takes the last place for sure
    assert zero["rows"][3]["amount"] == 151
    chip = calculate(log.state, {"method": "chip", "stacks": stacks({1: 30000, 2: 15000, 3: 10000, 4: 0})})
    assert chip["rows"][3]["amount"] == 151
    assert isinstance(calculate(log.state, {"method": "icm", "stacks": stacks({1: 0, 2: 0, 3: 0, 4: 0})}), Rejection)


def test_two_players_icm_is_the_second_prize_plus_the_chip_share_of_the_difference():
    log = final_four()
    ok(log, "record_bust", {"entry_id": 4})
    ok(log, "record_bust", {"entry_id": 3})
    r = calculate(log.state, {"method": "icm", "stacks": stacks({1: 30_000, 2: 25_000}), "round_to": 1})
    # places 1 and 2: 578 + the remainders, 385; 2nd gets 385 + (578 - 385) * 25/55 = 472.7 -> 472
    assert [row["amount"] for row in r["rows"]] == [1375 - 151 - 261 - 472, 472]


def test_custom_amounts_must_add_up_and_are_not_rounded():
    log = final_four()
    custom = {"method": "custom", "stacks": stacks(), "keep": 100}
    bad = calculate(log.state, {**custom, "amounts": [{"entry_id": e, "amount": 300} for e in STACKS]})
    assert (bad.error, bad.field, bad.kind) == ("deal_amounts_mismatch", "amounts", "invalid")
    good = [{"entry_id": 1, "amount": 500.5}, {"entry_id": 2, "amount": 300}, {"entry_id": 3, "amount": 250}]
    good.append({"entry_id": 4, "amount": 224.5})
    r = calculate(log.state, {**custom, "amounts": good})
    assert [row["amount"] for row in r["rows"]] == [Fraction(1001, 2), 300, 250, Fraction(449, 2)]


def test_the_stacks_name_every_player_still_in_once():
    log = final_four()
    r = calculate(log.state, {"method": "icm", "stacks": stacks({1: 1, 2: 1, 3: 1})})
    assert (r.error, r.field) == ("deal_stacks_mismatch", "stacks")
    r = calculate(log.state, {"method": "icm", "stacks": stacks({1: 1, 2: 1, 3: 1, 9: 1})})
    assert (r.error, r.field) == ("deal_stacks_mismatch", "stacks.3.entry_id")
    r = calculate(log.state, {"method": "icm", "stacks": stacks(STACKS), "keep": 579})
    assert (r.error, r.field) == ("deal_keep_too_big", "keep")


def test_n_3_7_an_agreed_icm_deal_pays_the_agreed_amounts_and_the_kept_100_to_the_winner():
    log = final_four()
    before = prizes(log.state)
    d = ok(log, "propose_deal", {"method": "icm", "stacks": stacks(), "keep": 100, "round_to": 10})
    deal_no = d.result["deal_no"]
    agreed = amounts(log.state)
    assert sum(agreed.values()) == 1275
    # everyone in the deal sees it on his phone: the proposal changes their views
    assert {("player", e) for e in STACKS} <= changed_views(log.state, [d.events[0]])
    mine = player_view(log.state, 2, T0)["deal"]
    assert mine["mine"] == 2 and mine["status"] == "open" and len(mine["rows"]) == 4
    for e in (1, 2, 3):
        assert not answer(log, e, deal_no).result["applied"]
    assert prizes(log.state) == before  # nothing changes until everyone agreed
    assert answer(log, 4, deal_no).result["applied"]
    view = director_view(log.state, T0)["deal"]
    assert view["status"] == "applied" and {r["answer"] for r in view["rows"]} == {"accepted"}
    # play on for the 100: the busts pay the agreed amounts; the winner gets his and the 100
    for e in (4, 3, 2):
        ok(log, "record_bust", {"entry_id": e})
    assert log.state.status == "finished" and log.state.winner == 1
    after = prizes(log.state)
    assert {e: after[e] for e in (2, 3, 4)} == {e: Fraction(agreed[e]) for e in (2, 3, 4)}
    assert after[1] == agreed[1] + 100
    assert sum(after.values()) == 1375  # the pool, exactly
    # places are the play's (the deal does not change them)
    assert [log.state.entries[e].place for e in (1, 2, 3, 4)] == [1, 2, 3, 4]
    # replay after a restart gives the same prizes
    assert prizes(log.replayed()) == after
    # undo restores the payout table's prizes exactly (N-3.7: 578 + remainder, 385, 261, 151)
    ok(log, "confirm_payout", {"entry_id": 4})
    ok(log, "undo_deal", {"deal_no": deal_no})
    restored = prizes(log.state)
    assert {e: restored[e] for e in (1, 2, 3, 4)} == {1: 578, 2: 385, 3: 261, 4: 151}
    # what was handed out under the deal becomes a correction
    (correction,) = director_view(log.state, T0)["corrections"]
    assert correction["entry_id"] == 4 and correction["paid"] == agreed[4] and correction["due"] == 151
    assert prizes(log.replayed()) == restored
    assert no(log, "undo_deal", {"deal_no": deal_no}).error == "deal_not_applied"


def test_a_rejection_by_any_player_closes_the_proposal_and_changes_nothing():
    log = final_four()
    before = prizes(log.state)
    deal_no = ok(log, "propose_deal", {"method": "chip", "stacks": stacks()}).result["deal_no"]
    answer(log, 1, deal_no)
    answer(log, 2, deal_no, accept=False)
    assert log.state.deal["status"] == "rejected" and log.state.deal_prizes is None
    assert prizes(log.state) == before
    r = answer(log, 3, deal_no)
    assert isinstance(r, Rejection) and r.error == "deal_closed"
    # a new proposal replaces it
    assert ok(log, "propose_deal", {"method": "even", "stacks": stacks()}).result["deal_no"] == deal_no + 1


def test_a_player_answers_for_himself_and_the_director_records_a_verbal_answer():
    log = final_four()
    deal_no = ok(log, "propose_deal", {"method": "even", "stacks": stacks()}).result["deal_no"]
    cmd = Command(
        "answer_deal", {"deal_no": deal_no, "accept": True, "entry_id": 3}, Actor("player", entry_id=2), now=T0
    )
    assert log.run(cmd).error == "forbidden"
    outsider = answer(log, 9, deal_no)
    assert outsider.error == "not_in_deal"
    ok(log, "answer_deal", {"deal_no": deal_no, "accept": True, "entry_id": 3})
    assert answer(log, 3, deal_no).error == "already_answered"
    assert no(log, "answer_deal", {"deal_no": deal_no, "accept": True}).error == "deal_entry_required"
    assert no(log, "answer_deal", {"deal_no": 99, "accept": True, "entry_id": 1}).error == "unknown_deal"


def test_where_the_preset_asks_the_director_confirms_a_unanimous_deal():
    p = preset("n-monday")
    p["format"]["deal"] = {"allowed": True, "director_confirms": True}
    log = final_four(p)
    deal_no = ok(log, "propose_deal", {"method": "even", "stacks": stacks()}).result["deal_no"]
    for e in (1, 2, 3):
        answer(log, e, deal_no)
    assert no(log, "apply_deal", {"deal_no": deal_no}).error == "deal_not_agreed"
    assert not answer(log, 4, deal_no).result["applied"]
    assert log.state.deal_prizes is None
    ok(log, "apply_deal", {"deal_no": deal_no})
    assert log.state.deal_prizes is not None
    assert no(log, "propose_deal", {"method": "even", "stacks": stacks()}).error == "deal_already_applied"


def test_v_i_c_a_league_playing_for_no_money_refuses_a_deal_naming_the_rule():
    log = seated(preset("v-ranking"), {1: [1, 2, 3, 4]})
    r = no(log, "propose_deal", {"method": "icm", "stacks": stacks()})
    assert (r.error, r.rule, r.basis) == ("deal_not_allowed", "V-I.c", "rule")
    assert "(V-I.c)" in r.message


def test_a_preset_without_prize_money_allows_no_cash_deal():
    log = seated(preset("g-tour"), {1: [1, 2, 3, 4]})  # tour points only
    assert no(log, "propose_deal", {"method": "even", "stacks": stacks()}).error == "no_cash_deal"


def test_a_deal_is_made_at_the_final_table_only():
    log = seated(preset("n-monday"), {1: [1, 2, 3, 4, 5, 6], 2: [7, 8, 9, 10, 11, 12]})
    r = no(log, "propose_deal", {"method": "even", "stacks": stacks(dict.fromkeys(range(1, 13), 100))[:10]})
    assert r.error == "deal_not_final_table"


def test_the_deal_form_starts_from_the_final_tables_latest_count():
    log = final_four()
    assert [r["chips"] for r in director_view(log.state, T0)["deal_stacks"]] == [None] * 4
    ok(log, "chip_count", {"table_no": 1, "stacks": {"1": 20_000, "2": 15_000, "3": 10_000, "4": 10_000}})
    rows = director_view(log.state, T0)["deal_stacks"]
    assert [(r["entry_id"], r["chips"]) for r in rows] == list(STACKS.items())
    two_tables = seated(preset("n-monday"), {1: [1, 2, 3], 2: [4, 5, 6]})
    assert director_view(two_tables.state, T0)["deal_stacks"] is None
