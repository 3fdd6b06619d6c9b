"""Busts and places. Places count down from the field size; the last player left wins."""
from __future__ import annotations

from .model import Command, Decision, Event, Rejection, TournamentState


def decide_bust(state: TournamentState, cmd: Command) -> Decision | Rejection:
    entry_id = cmd.payload.get("entry_id")
    entry = state.entries.get(entry_id) if isinstance(entry_id, int) else None
    if entry is None:
        return Rejection("unknown_entry", f"There is no player #{entry_id} in this tournament.",
                         "entry_id", "not_found")
    if cmd.actor.role == "dealer" and entry.table_no != cmd.actor.table_no:
        where = f"table {entry.table_no}" if entry.table_no else "no table"
        return Rejection("not_at_your_table",
                         f"{entry.name} sits at {where}, not at table {cmd.actor.table_no} — bust not applied.",
                         "entry_id", "forbidden")
    if entry.status != "active":
        return Rejection("already_out", f"{entry.name} is already out (place {entry.place}) — bust not applied.",
                         "entry_id")
    if state.status not in ("seated", "running"):
        return Rejection("not_seated", "Seats have not been drawn yet — bust not applied.", "entry_id")
    place = state.players_left
    at = cmd.at if cmd.at is not None else cmd.now
    bust = {"entry_id": entry_id, "place": place, "at": at, "table_no": entry.table_no, "seat": entry.seat}
    if state.hand_for_hand["active"]:
        bust["hand_for_hand_round"] = state.hand_for_hand["round"]  # same-hand busts (TDA RP-8)
    events = [Event("player_busted", bust)]
    if place == 2:
        winner = next(e.entry_id for e in state.entries.values()
                      if e.status == "active" and e.entry_id != entry_id)
        events.append(Event("tournament_won", {"entry_id": winner, "at": at}))
    return Decision(events, {"entry_id": entry_id, "place": place})


def apply_busted(state: TournamentState, event: Event) -> None:
    p = event.payload
    entry = state.entries[p["entry_id"]]
    entry.status, entry.place, entry.busted_at = "busted", p["place"], p["at"]
    if entry.table_no in state.tables:
        state.tables[entry.table_no].seats.pop(entry.seat, None)
    state.players_left -= 1
    state.busts.append(entry.entry_id)


def apply_won(state: TournamentState, event: Event) -> None:
    state.entries[event.payload["entry_id"]].place = 1
    state.status = "finished"
