"""Every refusal says what it rests on.

A refusal either applies a house rule — then it names the rulebook's id (`rule`: "P-Spielverlauf",
"N-3.4"), in the JSON error and at the end of its sentence — or it is not a house rule, and says
which kind of "no" it is instead of naming nothing:

- ``validation``: the command is malformed (no name, a negative stack, an unknown kind);
- ``permission``: this phone may not do it (another table's dealer);
- ``lookup``: it names something that does not exist (player #99, table 12);
- ``procedure``: it does not fit the tournament's state (the clock is not running, already done,
  seats not drawn) — the app's bookkeeping, no rulebook has a rule for it.

House rules are data: most entries name the preset's `cite` key, so the id is the preset's own
(`rebuy` is N-1.19 in n-monday and V-XIII in v-ranking). Where the preset cites nothing for it
(a capacity the director set in a preset whose rulebook has none), the refusal's basis is
``setting``: the tournament's own setting, with no rulebook id to name.

A refusal whose call site already knows its rule puts it into `params["rule"]` (the hand-for-hand
wait, a halted table, a redraw): that wins over the table. `tests/engine/test_refusal_rules.py`
walks the engine's source: a refusal code missing from `REFUSALS` fails the suite.
"""

from __future__ import annotations

from dataclasses import replace

from .model import Rejection, TournamentState

VALIDATION, PERMISSION, LOOKUP, PROCEDURE = "validation", "permission", "lookup", "procedure"
NOT_RULES = (VALIDATION, PERMISSION, LOOKUP, PROCEDURE)


class Cite(str):
    """A house rule whose id is the preset's `cite[key]`."""


class Law(str):
    """A limit of the law, whose article is the tournament's legal profile's `limits[key].cite`
    (engine/legal.py): not a house rule, and the refusal says so (`basis` "law")."""


Basis = Cite | Law | str

# code -> its basis. A Cite names the preset's cite key; a plain string is one of NOT_RULES.
REFUSALS: dict[str, Basis] = {
    # -- house rules (the preset's rulebook id) ------------------------------------------------
    "registration_closed": Cite("late_seat"),  # P-Spielverlauf: late seats until the first race
    "field_full": Cite("capacity"),  # N-3.5, P-Teilnahme
    "check_in_closed": Cite("check_in"),  # N-3.6
    "released": Cite("check_in"),  # N-3.6: lost the seat at the deadline
    "never_played": Cite("check_in"),  # N-3.6
    "id_not_checked": Cite("id_check"),  # N-3.4, P-Teilnahme
    "no_rebuy": Cite("rebuy"),
    "rebuy_closed": Cite("rebuy"),
    "not_busted": Cite("rebuy"),
    "not_eligible": Cite("rebuy"),
    "no_addon": Cite("addon"),
    "addon_taken": Cite("addon"),
    "addon_not_now": Cite("addon"),
    "not_in": Cite("addon"),
    "no_reentry": Cite("reentry"),
    "reentry_closed": Cite("reentry"),
    "no_alternates": Cite("alternates"),
    "alternates_closed": Cite("alternates"),
    "no_prize": Cite("payouts"),  # N-3.7
    "penalty_not_allowed": Cite("penalties"),
    "orbits_not_allowed": Cite("penalties"),
    "director_only": Cite("penalties"),  # S-#36: which penalties a dealer gives
    "no_headhunter": Cite("headhunter"),
    "too_few_hh_chips": Cite("headhunter"),
    "wild_card_closed": Cite("headhunter"),  # V-VII.s
    "hand_for_hand_wait": Cite("hand_for_hand"),  # N-2.13, V-V.b
    "too_many_players": Cite("final_table"),  # N-2.9, V-IV, S-#2, G-Final, P-Satellite
    "final_table_not_yet": Cite("final_table"),
    "max_tables": Cite("max_tables"),  # N-3.12, P-Satellite
    "capacity_over_tables": Cite("max_tables"),  # N-3.12: a field the room cannot seat
    "table_halted": Cite("halt_short_table"),  # V-III.h, TDA 11D
    "between_button_and_small_blind": Cite("where_to"),  # N-2.10, V-III.c, S-#5, TDA 11A
    "deal_not_allowed": Cite("deal"),  # V-I.c: no money played for in the club, so no deal
    "no_cash_deal": Cite("payouts"),  # points only, prizes in kind: nothing to share in cash
    # -- the law (the legal profile's article: engine/legal.py) -------------------------------
    "legal_currency": Law("currency"),  # VGS Art. 39 Abs. 1: amounts in francs
    "legal_buy_in": Law("max_buy_in"),  # VGS Art. 39 Abs. 1 lit. a; de-fee-only: no stake at all
    "legal_fee": Law("max_fee"),  # BVerwG 8 C 26.12: a fee that covers the costs (practice: about 15-30 EUR)
    "legal_further_payment": Law("no_further_payments"),  # BVerwG 8 C 26.12: no rebuy, re-entry, add-on
    "legal_cash_prizes": Law("no_cash_prizes"),  # BVerwG 8 C 26.12: prizes in kind or points
    "legal_payouts": Law("pays_out_pool"),  # BGS Art. 36 Abs. 1 lit. c
    "legal_pool": Law("max_pool"),  # VGS Art. 39 Abs. 1 lit. b
    "legal_day_pool": Law("max_day_pool"),  # VGS Art. 39 Abs. 2 lit. b
    "legal_player_day": Law("max_player_day"),  # VGS Art. 39 Abs. 2 lit. a
    "legal_tournaments_day": Law("max_tournaments_day"),  # VGS Art. 39 Abs. 3
    "legal_min_players": Law("min_players"),  # VGS Art. 39 Abs. 4
    # -- validation: the command itself is wrong ----------------------------------------------
    "unknown_command": VALIDATION,
    "name_required": VALIDATION,
    "invalid_rows": VALIDATION,
    "invalid_tables": VALIDATION,
    "invalid_reason": VALIDATION,
    "invalid_seconds": VALIDATION,
    "invalid_index": VALIDATION,
    "past_last_level": VALIDATION,
    "jump_to_stop": VALIDATION,
    "invalid_structure": VALIDATION,
    "invalid_order": VALIDATION,
    "invalid_stack": VALIDATION,
    "invalid_chips": VALIDATION,
    "invalid_hands": VALIDATION,
    "invalid_wild_card": VALIDATION,
    "no_stacks": VALIDATION,
    "no_such_seat": VALIDATION,
    "seat_empty": VALIDATION,
    "seat_missing": VALIDATION,
    "no_busts": VALIDATION,
    "duplicate_entry": VALIDATION,
    "not_at_this_table": VALIDATION,
    "eliminated_by_self": VALIDATION,
    "reason_required": VALIDATION,
    "unknown_penalty": VALIDATION,
    "not_for_this_penalty": VALIDATION,
    "count_required": VALIDATION,
    "minutes_required": VALIDATION,
    "seat_required": VALIDATION,
    "table_required": VALIDATION,
    "empty_seat": VALIDATION,
    "nothing_to_change": VALIDATION,
    "deal_stacks_mismatch": VALIDATION,
    "deal_no_chips": VALIDATION,
    "deal_keep_too_big": VALIDATION,
    "deal_amounts_mismatch": VALIDATION,
    "deal_entry_required": VALIDATION,
    "unknown_profile": VALIDATION,
    # -- permission: not this phone's to do ---------------------------------------------------
    "forbidden": PERMISSION,
    "not_your_table": PERMISSION,
    "not_at_your_table": PERMISSION,
    "not_in_deal": PERMISSION,
    # -- lookup: it names something that is not there -----------------------------------------
    "unknown_entry": LOOKUP,
    "unknown_table": LOOKUP,
    "unknown_correction": LOOKUP,
    "not_waiting": LOOKUP,
    "unknown_deal": LOOKUP,
    "unknown_announcement": LOOKUP,
    # -- procedure: it does not fit the tournament's state now --------------------------------
    "tournament_finished": PROCEDURE,
    "not_seated": PROCEDURE,
    "no_change": PROCEDURE,
    "announcement_gone": PROCEDURE,  # withdrawn or run out already (engine/announcements.py)
    "too_many_announcements": PROCEDURE,  # at most 5 at once on the TV
    "already_out": PROCEDURE,
    "already_present": PROCEDURE,
    "seats_drawn": PROCEDURE,
    "sign_up_offline": PROCEDURE,  # the director takes registrations at the desk only
    "sign_up_not_open": PROCEDURE,  # the director's opening time (engine/sign_up.py)
    "sign_up_over": PROCEDURE,
    "already_cancelled": PROCEDURE,
    "already_confirmed": PROCEDURE,
    "no_place": PROCEDURE,
    "already_closed": PROCEDURE,
    "waiting_list_empty": PROCEDURE,
    "below_field": PROCEDURE,
    "duplicate_name": PROCEDURE,
    "no_free_seat": PROCEDURE,
    "seat_taken": PROCEDURE,
    "seat_gone": PROCEDURE,
    "clock_already_started": PROCEDURE,
    "no_structure": PROCEDURE,
    "clock_not_running": PROCEDURE,
    "clock_not_paused": PROCEDURE,
    "clock_not_started": PROCEDURE,
    "clock_stopped": PROCEDURE,
    "would_end_level": PROCEDURE,
    "structure_too_short": PROCEDURE,
    "structure_over": PROCEDURE,
    "table_broken": PROCEDURE,
    "last_table": PROCEDURE,
    "no_room": PROCEDURE,
    "already_one_table": PROCEDURE,
    "already_hand_for_hand": PROCEDURE,
    "not_hand_for_hand": PROCEDURE,
    "already_done": PROCEDURE,
    "not_halted": PROCEDURE,
    "no_button": PROCEDURE,
    "too_few_players": PROCEDURE,
    "already_drawn": PROCEDURE,
    "no_players": PROCEDURE,
    "too_many_tables": PROCEDURE,
    "too_few_tables": Cite("max_per_table"),  # N-2.9, S-#2, G-Sitzordnung, V-II.a, P-Teilnahme
    "settings_locked": PROCEDURE,
    "room_too_small": PROCEDURE,  # fewer seats tonight than players registered
    "already_paid": PROCEDURE,
    "already_penalised": PROCEDURE,
    "no_penalty": PROCEDURE,
    "already_disqualified": PROCEDURE,
    "last_player": PROCEDURE,
    "nobody_left": PROCEDURE,
    "eliminator_out": PROCEDURE,
    "eliminator_elsewhere": PROCEDURE,
    "still_in": PROCEDURE,
    "not_a_bust": PROCEDURE,
    "table_not_in_play": PROCEDURE,
    "not_last_bust": PROCEDURE,
    "hand_since_bust": PROCEDURE,
    "undo_too_late": PROCEDURE,  # a dealer's undo
    "deal_not_now": PROCEDURE,
    "deal_not_final_table": PROCEDURE,
    "deal_too_few": PROCEDURE,
    "deal_too_many": PROCEDURE,  # exact ICM up to 10 players
    "deal_already_applied": PROCEDURE,
    "deal_closed": PROCEDURE,
    "already_answered": PROCEDURE,
    "deal_not_agreed": PROCEDURE,
    "deal_not_applied": PROCEDURE,
    "stack_not_waiting": PROCEDURE,  # a removed stack counted twice (engine/moments.py)
}

# One code, another rule for another command (the command type decides).
BY_COMMAND: dict[tuple[str, str], Basis] = {
    ("reentry", "not_busted"): Cite("reentry"),
    ("reentry", "not_eligible"): Cite("reentry"),
    ("use_wild_card", "not_in"): Cite("headhunter"),
    ("use_wild_card", "not_eligible"): Cite("headhunter"),
    ("seat_alternate", "seat_taken"): Cite("alternates"),
    ("seat_alternate", "seat_gone"): Cite("alternates"),
    ("seat_alternate", "not_seated"): PROCEDURE,
    ("import_players", "registration_closed"): PROCEDURE,  # "import before the draw": bookkeeping
    ("close_check_in", "seats_drawn"): PROCEDURE,
    ("remove_registration", "released"): PROCEDURE,  # taken back already, or lost at the deadline
}


def basis_of(command: str, error: str) -> Basis | None:
    return BY_COMMAND.get((command, error)) or REFUSALS.get(error)


def with_rule(message: str, rule: str) -> str:
    """The sentence with the rule id at its end, unless it names it already."""
    if not rule or rule in message:
        return message
    if message.endswith("."):
        return f"{message[:-1]} ({rule})."
    return f"{message} ({rule})"


def named(state: TournamentState, command: str, refusal: Rejection) -> Rejection:
    """The refusal with its `rule` and `basis`, the rule id in its sentence and in its params."""
    params = refusal.params
    explicit = refusal.rule or (params or {}).get("rule")
    basis = basis_of(command, refusal.error)
    if isinstance(basis, Law):  # the article: the call site's, else the profile's (engine/legal.py)
        limit = ((state.preset.get("legal") or {}).get("limits") or {}).get(str(basis)) or {}
        rule, kind = explicit or limit.get("cite"), "law"
    elif explicit:
        rule, kind = explicit, "rule"
    elif isinstance(basis, Cite):
        rule = (state.preset.get("cite") or {}).get(str(basis))
        kind = "rule" if rule else "setting"
    elif basis in NOT_RULES:
        rule, kind = None, basis
    else:  # not in the table: tests/engine/test_refusal_rules.py fails on such a code
        rule, kind = None, "unlisted"
    if rule and params is not None and params.get("rule") != rule:
        params = {**params, "rule": rule}
    return replace(
        refusal,
        rule=rule,
        basis=kind,
        params=params,
        message=with_rule(refusal.message, rule) if rule else refusal.message,
    )
