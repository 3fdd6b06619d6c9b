"""Events change state. `apply` mutates and returns the state it is given: the service
applies only committed events to its cached copy, and replay starts from a fresh state."""

from __future__ import annotations

from collections.abc import Iterable

from . import (
    away,
    breaking,
    check_in,
    chips,
    clock,
    entries,
    hand_for_hand,
    headhunter,
    history,
    late_seats,
    money,
    penalties,
    registration,
    results,
    seating,
    settings,
    table_ops,
    undo,
)
from .model import Event, TournamentState


def _created(state: TournamentState, event: Event) -> None:
    state.name = event.payload["name"]
    state.preset = event.payload["preset"]
    state.status = "new"


APPLIERS = {
    "tournament_created": _created,
    "player_registered": registration.apply_registered,
    "seats_drawn": seating.apply_drawn,
    "clock_started": clock.apply_clock,
    "clock_paused": clock.apply_clock,
    "clock_resumed": clock.apply_clock,
    "clock_adjusted": clock.apply_clock,
    "clock_jumped": clock.apply_clock,
    "structure_set": clock.apply_clock,
    "player_busted": results.apply_busted,
    "tournament_won": results.apply_won,
    "button_set": table_ops.apply_table_event,
    "player_away": away.apply_away,
    "hand_started": table_ops.apply_table_event,
    "player_moved": table_ops.apply_table_event,
    "table_halt_overridden": table_ops.apply_table_event,
    "table_broken": breaking.apply_breaking,
    "break_order_set": breaking.apply_breaking,
    "final_table_formed": breaking.apply_breaking,
    "hand_for_hand_started": hand_for_hand.apply_hand_for_hand,
    "hand_for_hand_stopped": hand_for_hand.apply_hand_for_hand,
    "hand_for_hand_table_done": hand_for_hand.apply_hand_for_hand,
    # Places, money and entries (issue 5)
    "players_busted": results.apply_busted,
    "player_left": results.apply_busted,
    "player_disqualified": results.apply_disqualified,
    "payout_confirmed": money.apply_money,
    "correction_settled": money.apply_money,
    "rebought": entries.apply_entries,
    "reentered": entries.apply_entries,
    "addon_bought": entries.apply_entries,
    "alternate_seated": entries.apply_entries,
    "player_checked_in": check_in.apply_desk,
    "chips_counted": chips.apply_chips_counted,
    # Headhunter chips and penalties
    "wild_card_used": headhunter.apply_wild_card,
    "player_penalized": penalties.apply_penalty,
    "penalty_lifted": penalties.apply_penalty,
    "bust_undone": undo.apply_bust_undone,
    # Registration desk (N-3.2 to N-3.6)
    "player_waitlisted": registration.apply_waiting,
    "waiting_removed": registration.apply_waiting,
    "capacity_set": registration.apply_waiting,
    "registration_flags_set": check_in.apply_desk,
    "check_in_closed": check_in.apply_desk,
    "settings_edited": settings.apply_settings_edited,
}

# House-rule parts written into other rules' events (engine/headhunter.py, engine/penalties.py):
# they run after the event's own applier.
ALSO = {
    "player_registered": (headhunter.apply_extra, late_seats.apply_registered),
    "alternate_seated": (headhunter.apply_extra,),
    "player_busted": (headhunter.apply_extra, undo.note_bust),  # note_bust: a dealer's undo (undo.py)
    "players_busted": (headhunter.apply_extra, undo.note_bust),
    "bust_undone": (headhunter.apply_extra,),  # the HH chips of the bust go back
    "hand_started": (
        penalties.apply_hand,
        late_seats.apply_hand,
        undo.note_hand,
    ),  # P-Spielverlauf: the first big blind
}


def apply(state: TournamentState, event: Event, seq: int | None = None) -> TournamentState:
    left_before = state.players_left
    APPLIERS[event.type](state, event)
    for also in ALSO.get(event.type, ()):
        also(state, event)
    history.note(state, event, left_before)  # the players-left chart: O(1) per event
    if event.type == "clock_started" and state.status == "seated":
        state.status = "running"
    state.seq = seq if seq is not None else state.seq + 1
    return state


def replay(tournament_id: int, events: Iterable[tuple[int, Event]]) -> TournamentState:
    state = TournamentState(tournament_id)
    for seq, event in events:
        apply(state, event, seq)
    return state
