"""Events change state; each event's applier is declared with @applies next to its rule. `apply` mutates and returns the state it is given: the service
applies only committed events to its cached copy, and replay starts from a fresh state."""

from __future__ import annotations

from collections.abc import Iterable

from . import (  # noqa: F401 -- imported for their @applies declarations
    announcements,
    away,
    breaking,
    check_in,
    chips,
    clock,
    deal,
    entries,
    hand_for_hand,
    headhunter,
    history,
    late_seats,
    moments,
    money,
    penalties,
    registration,
    results,
    seating,
    settings,
    table_ops,
    tv_sound,
    undo,
)
from .catalog import EVENTS, applies
from .model import Event, TournamentState


@applies("tournament_created", views=())
def _created(state: TournamentState, event: Event) -> None:
    state.name = event.payload["name"]
    state.preset = event.payload["preset"]
    state.status = "new"


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
    EVENTS[event.type].apply(state, event)
    for also in ALSO.get(event.type, ()):
        also(state, event)
    history.note(state, event, left_before)  # the players-left chart: O(1) per event
    state.seq = seq if seq is not None else state.seq + 1
    return state


def replay(tournament_id: int, events: Iterable[tuple[int, Event]]) -> TournamentState:
    state = TournamentState(tournament_id)
    for seq, event in events:
        apply(state, event, seq)
    return state
