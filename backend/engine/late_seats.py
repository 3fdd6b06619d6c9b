"""Late seats that post the big blind (P-Spielverlauf: "die hinzugekommenen Spieler müssen im
folgenden Spiel das Big Blind halten").

A late registration (`format.late_seat.posts == "big_blind"`) writes `posts: "big_blind"` into its
`player_registered` event; from then on the player owes the big blind (`state.owes_big_blind`).
"His first hand" is the first hand dealt at his table after he sits down: the next `hand_started`
there lists him in `new_big_blinds` (written by `annotate`, like the penalty countdown), and he
owes nothing after it. The regular big blind still moves one seat per hand (TDA 32 dead button):
the newcomer's big blind comes on top of it, unless the rotation brings the big blind to his seat
in that very hand. A late seat is never the dead small blind (he would owe both blinds at once),
nor between the button and the small blind (registration.late_seat). Costs: the seats of one table
per new hand.
"""

from __future__ import annotations

from .model import Command, Decision, Event, Rejection, TournamentState


def posts_big_blind(state: TournamentState) -> bool:
    return (state.format.get("late_seat") or {}).get("posts") == "big_blind"


def owing_at(state: TournamentState, table_no: int) -> list[dict]:
    """[{entry_id, seat}] of the players at this table who still owe their first big blind."""
    table = state.tables.get(table_no)
    if table is None or not state.owes_big_blind:
        return []
    return [{"entry_id": e, "seat": s} for s, e in sorted(table.seats.items()) if e in state.owes_big_blind]


def annotate(state: TournamentState, cmd: Command, outcome: Decision | Rejection) -> Decision | Rejection:
    """A new hand at a table where a newcomer sits: he posts the big blind in it."""
    if not isinstance(outcome, Decision) or not state.owes_big_blind:
        return outcome
    events, changed, result = [], False, outcome.result
    for event in outcome.events:
        if event.type == "hand_started":
            owing = owing_at(state, event.payload["table_no"])
            if owing:
                event = Event(event.type, {**event.payload, "new_big_blinds": owing})
                result = {**result, "new_big_blinds": owing}
                changed = True
        events.append(event)
    return Decision(events, result) if changed else outcome


# ------------------------------------------------------------------ appliers


def apply_registered(state: TournamentState, event: Event) -> None:
    """After `player_registered`: a late seat that posts the big blind owes it from now on."""
    if event.payload.get("posts") == "big_blind":
        state.owes_big_blind.add(event.payload["entry_id"])


def apply_hand(state: TournamentState, event: Event) -> None:
    """After `hand_started`: who posted his first big blind in this hand (shown for this hand only)."""
    p = event.payload
    posted = p.get("new_big_blinds") or []
    for item in posted:
        state.owes_big_blind.discard(item["entry_id"])
    if posted:
        state.new_big_blinds[p["table_no"]] = [dict(item) for item in posted]
    else:
        state.new_big_blinds.pop(p["table_no"], None)


# ------------------------------------------------------------------ views


def table_lines(state: TournamentState, table_no: int) -> dict:
    """For the dealer's phone: who owes the big blind in the next hand, who posts it in this one."""

    def named(items: list[dict]) -> list[dict]:
        return [
            {"seat": i["seat"], "entry_id": i["entry_id"], "name": state.entries[i["entry_id"]].name} for i in items
        ]

    return {
        "owes_big_blind": named(owing_at(state, table_no)),
        "new_big_blinds": named(state.new_big_blinds.get(table_no, [])),
    }
