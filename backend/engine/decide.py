"""One entry point for every command: look up the rule, let it decide."""

from __future__ import annotations

from . import (
    away,
    breaking,
    check_in,
    chips,
    clock,
    entries,
    hand_for_hand,
    headhunter,
    late_seats,
    money,
    penalties,
    refusals,
    registration,
    results,
    seating,
    settings,
    table_ops,
    undo,
)
from .model import Command, Decision, Rejection, TournamentState

RULES = {
    "register_player": registration.decide_register,
    "draw_seats": seating.decide_draw,
    "start_clock": clock.decide_start,
    "pause_clock": clock.decide_pause,
    "resume_clock": clock.decide_resume,
    "adjust_clock": clock.decide_adjust,
    "jump_to_level": clock.decide_jump,
    "set_structure": clock.decide_set_structure,
    "record_bust": results.decide_bust,
    "set_button": table_ops.decide_set_button,
    "new_hand": table_ops.decide_new_hand,
    "move_player": table_ops.decide_move,
    "break_table": breaking.decide_break,
    "set_break_order": breaking.decide_break_order,
    "form_final_table": breaking.decide_final_table,
    "start_hand_for_hand": hand_for_hand.decide_start,
    "stop_hand_for_hand": hand_for_hand.decide_stop,
    "hand_done": hand_for_hand.decide_hand_done,
    "override_halt": table_ops.decide_override_halt,  # a short table plays on (V-III.h, TDA 11D)
    # Places, money and entries (issue 5)
    "record_busts": results.decide_busts,
    "player_leaves": results.decide_leave,
    "disqualify": results.decide_disqualify,
    "confirm_payout": money.decide_confirm_payout,
    "settle_correction": money.decide_settle_correction,
    "rebuy": entries.decide_rebuy,
    "addon": entries.decide_addon,
    "reentry": entries.decide_reentry,
    "seat_alternate": entries.decide_alternate,
    "check_in": check_in.decide_check_in,
    "set_away": away.decide_set_away,
    "chip_count": chips.decide_chip_count,
    # Headhunter chips and penalties (V-VII.r, N-2.23, V-XI.e, S-#36)
    "use_wild_card": headhunter.decide_wild_card,
    "penalize": penalties.decide_penalize,
    "lift_penalty": penalties.decide_lift,
    "undo_bust": undo.decide_undo_bust,  # a wrong bust corrected by a new event (issue 7)
    # Registration desk (N-3.2 to N-3.6, P-Teilnahme)
    "import_players": registration.decide_import,
    "set_registration_flags": check_in.decide_flags,
    "close_check_in": check_in.decide_close,
    "promote_waiting": check_in.decide_promote,
    "remove_waiting": check_in.decide_remove_waiting,
    "set_capacity": check_in.decide_capacity,
    "edit_settings": settings.decide_edit_settings,  # buy-in, fee, stack, currency before the draw
}

# Which roles may send which command; state-dependent limits (a dealer's own table)
# are checked by the rule itself.
ALLOWED_ROLES = {
    "register_player": {"director"},
    "draw_seats": {"director"},
    "start_clock": {"director"},
    "pause_clock": {"director"},
    "resume_clock": {"director"},
    "adjust_clock": {"director"},
    "jump_to_level": {"director"},
    "set_structure": {"director"},
    "record_bust": {"director", "dealer"},
    "set_button": {"director", "dealer"},
    "new_hand": {"director", "dealer"},
    "move_player": {"director"},
    "break_table": {"director"},
    "set_break_order": {"director"},
    "form_final_table": {"director"},
    "start_hand_for_hand": {"director"},
    "stop_hand_for_hand": {"director"},
    "hand_done": {"director", "dealer"},
    "override_halt": {"director"},
    "record_busts": {"director", "dealer"},
    "player_leaves": {"director"},
    "disqualify": {"director"},
    "confirm_payout": {"director"},
    "settle_correction": {"director"},
    "rebuy": {"director"},
    "addon": {"director"},
    "reentry": {"director"},
    "seat_alternate": {"director"},
    "check_in": {"director"},
    "set_away": {"director", "dealer"},
    "chip_count": {"director", "dealer"},
    "use_wild_card": {"director"},
    "penalize": {"director", "dealer"},  # a dealer: a warning at his own table (checked by the rule)
    "lift_penalty": {"director"},
    "undo_bust": {"director", "dealer"},  # a dealer: his table's latest bust, briefly (undo.py)
    "import_players": {"director"},
    "set_registration_flags": {"director"},
    "close_check_in": {"director"},
    "promote_waiting": {"director"},
    "remove_waiting": {"director"},
    "set_capacity": {"director"},
    "edit_settings": {"director"},
}

# After the last bust the money is still being handed out, and a cheat may still be found.
AFTER_FINISH = {"confirm_payout", "settle_correction", "disqualify", "undo_bust"}  # undo: the last bust only


def decide(state: TournamentState, cmd: Command) -> Decision | Rejection:
    outcome = _decide(state, cmd)
    if isinstance(outcome, Rejection):  # every refusal names its rule, or says it is none (issue 12)
        return refusals.named(state, cmd.type, outcome)
    return outcome


def _decide(state: TournamentState, cmd: Command) -> Decision | Rejection:
    rule = RULES.get(cmd.type)
    if rule is None:
        return Rejection("unknown_command", f"Unknown command '{cmd.type}'.", "type", "invalid")
    if cmd.actor.role not in ALLOWED_ROLES[cmd.type]:
        return Rejection("forbidden", f"A {cmd.actor.role} may not send '{cmd.type}'.", "type", "forbidden")
    if state.status == "finished" and cmd.type not in AFTER_FINISH:
        return Rejection("tournament_finished", "The tournament is over.", None, params={})
    # House rules that ride on other commands' events: HH chips on registrations and busts,
    # the penalty countdown and a newcomer's first big blind (P-Spielverlauf) on new hands.
    outcome = late_seats.annotate(state, cmd, rule(state, cmd))
    return headhunter.annotate(state, cmd, penalties.annotate(state, cmd, outcome))
