"""Registration: players enter the tournament before the seat draw."""
from __future__ import annotations

from .model import Command, Decision, Entry, Event, Rejection, TournamentState


def decide_register(state: TournamentState, cmd: Command) -> Decision | Rejection:
    name = " ".join(str(cmd.payload.get("name", "")).split())
    if not name:
        return Rejection("name_required", "A player needs a name.", "name", "invalid")
    if state.status not in ("new", "registering"):
        return Rejection("registration_closed",
                         "Seats are already drawn: late registration is not open in this tournament.",
                         "name")
    if name.casefold() in state.names:
        return Rejection("duplicate_name", f"{name} is already registered.", "name")
    entry_id = len(state.entries) + 1
    return Decision([Event("player_registered", {"entry_id": entry_id, "name": name})],
                    {"entry_id": entry_id})


def apply_registered(state: TournamentState, event: Event) -> None:
    p = event.payload
    state.entries[p["entry_id"]] = Entry(p["entry_id"], p["name"])
    state.names.add(p["name"].casefold())
    state.players_left += 1
    state.status = "registering"
