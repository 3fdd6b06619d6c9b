"""A player away from the table (N-2.3, V-X.c): his cards are dealt and folded, his blinds and
antes are posted from his stack, until he is back. The dealer marks it; nothing else changes."""

from __future__ import annotations

from marshmallow import fields

from .catalog import STAFF, applies, command
from .model import Command, Decision, Event, Rejection, TournamentState, find_entry
from .payload import ID, StrictSchema


class SetAwayPayload(StrictSchema):
    entry_id = fields.Integer(required=True, strict=True, validate=ID)
    away = fields.Boolean(required=True, truthy={True}, falsy={False})  # JSON true/false only


@command("set_away", payload=SetAwayPayload, roles=STAFF, emits=("player_away",))
def decide_set_away(state: TournamentState, cmd: Command) -> Decision | Rejection:
    entry, problem = find_entry(state, cmd.payload.get("entry_id"))
    if problem:
        return problem
    if entry.status != "active" or entry.table_no is None:
        return Rejection("not_seated", f"{entry.name} is not seated.", "entry_id")
    if cmd.actor.role == "dealer" and entry.table_no != cmd.actor.table_no:
        return Rejection(
            "not_at_your_table",
            f"{entry.name} sits at table {entry.table_no}, not at table {cmd.actor.table_no}.",
            "entry_id",
            "forbidden",
            params={
                "name": entry.name,
                "table": entry.table_no,
                "own_table": cmd.actor.table_no,
                "moved": False,
                "variant": "away",
            },
        )
    away = bool(cmd.payload.get("away"))
    if away == (entry.entry_id in state.away):
        return Rejection("no_change", f"{entry.name} is already {'away' if away else 'at the table'}.", "away")
    return Decision(
        [Event("player_away", {"entry_id": entry.entry_id, "away": away, "table_no": entry.table_no, "at": cmd.now})],
        {"entry_id": entry.entry_id, "away": away},
    )


@applies("player_away", public=False, views=("table",))
def apply_away(state: TournamentState, event: Event) -> None:
    if event.payload["away"]:
        state.away.add(event.payload["entry_id"])
    else:
        state.away.discard(event.payload["entry_id"])
