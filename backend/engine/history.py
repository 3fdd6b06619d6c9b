"""Players left over time, for the charts: one point `[at, players_left, level_index]` per event
that changed the count (a bust, a registration, a late entry, a rebuy back into play, an undone
bust) and one when the clock starts. O(1) per event; above CAP points the middle is thinned
(every second point dropped), so a 10,000-player field keeps at most CAP points and a bust pays
a 500-item pass only once every ~250 busts.

Times come from the events themselves (`at`), so a replay builds the same list. Registrations
before the start carry no time: consecutive untimed points collapse into one (the field at the
start). Times never run backwards: a bust recorded earlier than the last point (an offline
dealer) is drawn at the last point's time, because the count only changes in arrival order.
"""

from __future__ import annotations

from .clock import clock_at
from .model import Event, TournamentState

CAP = 500


def _time_of(state: TournamentState, event: Event) -> int | None:
    p = event.payload
    at = p.get("at")
    if at is None and p.get("busts"):
        at = max((b.get("at") or 0 for b in p["busts"]), default=None) or None
    if event.type == "clock_started":
        at = state.clock.anchor_at
    return at


def _level_at(state: TournamentState, at: int | None) -> int | None:
    if at is None or state.clock.status == "idle" or not state.structure:
        return None
    return clock_at(state.structure, state.clock.as_dict(), at)["index"]


def note(state: TournamentState, event: Event, left_before: int) -> None:
    """Called by `apply` after each event: a point when the count changed or the clock started."""
    if state.players_left == left_before and event.type != "clock_started":
        return
    points = state.players_history
    at = _time_of(state, event)
    last_at = next((pt[0] for pt in reversed(points) if pt[0] is not None), None)
    if at is not None and last_at is not None and at < last_at:
        at = last_at
    point = [at, state.players_left, _level_at(state, at)]
    if at is None and points and points[-1][0] is None:
        points[-1] = point  # registrations before the start: only the count at the start matters
        return
    points.append(point)
    if len(points) > CAP:
        thin(points)


def thin(points: list) -> None:
    """Keep the first and the last point and every second one between them."""
    points[:] = [points[0]] + points[1:-1][1::2] + [points[-1]]


SHOWN = 60


def shown(points: list, most: int = SHOWN) -> list:
    """At most `most` points for a phone's chart, evenly picked, the first and the last kept:
    the public view goes to every phone in the room after every bust, so it stays small."""
    if len(points) <= most:
        return list(points)
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]
