"""The lobby screen: one room's tournaments of tonight side by side (GET /api/display/lobby).
Only counters the state already keeps (no pass over the field): a TV asks every ~10 s."""

from __future__ import annotations

from ..engine.model import TournamentState
from .views import room_counts

# "Tonight": a finished tournament stays on the lobby this long after its last event (the winner
# is still toasted); one not finished shows while something happened in it within ACTIVE_MS, or
# while its announced start (sign-up starts_at) is within START_WINDOW_MS of now.
FINISHED_SHOWN_MS = 6 * 3600_000
ACTIVE_MS = 12 * 3600_000
START_WINDOW_MS = 12 * 3600_000
LOBBY_MAX = 6


def tonight(status: str, last_at: int | None, starts_at: int | None, now: int) -> bool:
    """Whether a tournament belongs on tonight's lobby (pure: the caller reads the times)."""
    recent = last_at is not None and now - last_at <= (FINISHED_SHOWN_MS if status == "finished" else ACTIVE_MS)
    if status == "finished":
        return recent
    return recent or (starts_at is not None and abs(starts_at - now) <= START_WINDOW_MS)


def lobby_entry(state: TournamentState) -> dict:
    """One tournament as the lobby shows it: name, clock, counts, the prize pool."""
    return {"id": state.tournament_id, **room_counts(state)}
