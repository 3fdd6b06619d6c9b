"""The director edits buy-in, fee, starting stack and currency before the seat draw; players
already registered are re-priced (pool, fees, chips in play), and after the draw it is refused."""

from fractions import Fraction

from engine_helpers import Log, director_cmd, preset, run, tournament_with


def test_settings_before_the_draw_reprice_everyone_registered():
    state, _ = tournament_with(players=3)
    before_stack = state.start_stack
    decision = run(
        state, director_cmd("edit_settings", {"buy_in": 150, "fee": 25.5, "start_stack": 20000, "currency": "CHF"})
    )
    assert decision.result == {"changed": ["buy_in", "currency", "fee", "start_stack"], "registered": 3}
    assert state.format["buy_in"] == 150 and state.format["currency"] == "CHF"
    assert state.money["pool"] == 450 and state.money["fees"] == Fraction("76.5")
    assert state.chips["in_play"] == 3 * 20000 != 3 * before_stack
    run(state, director_cmd("register_player", {"name": "P4", "id_checked": True}))  # the next one pays the new price
    assert state.money["pool"] == 600 and state.chips["in_play"] == 80000


def test_after_the_draw_the_settings_are_locked():
    state, _ = tournament_with(players=4, tables=1)
    refused = run(state, director_cmd("edit_settings", {"start_stack": 1000}))
    assert refused.error == "settings_locked" and refused.field == "start_stack"


def test_nothing_to_change_is_said_plainly():
    state, _ = tournament_with(players=1)
    assert run(state, director_cmd("edit_settings", {})).error == "nothing_to_change"
    same = run(state, director_cmd("edit_settings", {"currency": state.format.get("currency")}))
    assert same.error == "nothing_to_change"


def test_edited_settings_replay_from_the_log():
    log = Log(preset("n-monday"))
    for name in ("Anna", "Bert"):
        log.run(director_cmd("register_player", {"name": name, "id_checked": True}))
    log.run(director_cmd("edit_settings", {"buy_in": 100, "fee": 20}))
    assert log.state.money["pool"] == 200
    again = log.replayed()
    assert again.money == log.state.money and again.format == log.state.format
