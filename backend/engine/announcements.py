"""The director's announcements to the room (issue 33): "Dinner break in 10 minutes", "Last call
for re-entries", or any short text typed on the phone. They run on every TV of the tournament and
on the players' phones until they expire (`until`, server time) or the director withdraws them.

A template is stored by its key, not its words: each screen words it in its own language from the
words table (backend/words.py COMMAND_SCREENS["announce"]["t_<template>"]); free text is shown as
typed. Templates that say "{minutes}" count down to `until` (the dinner break starts when the
announcement runs out), so the screens show the minutes left, not the minutes typed.

State: the last KEPT announcements (withdrawn or expired ones too, for the audit); the public view
carries the active ones, at most MAX_ACTIVE, so it stays small. Pure: the time is the command's.
"""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from .catalog import DIRECTOR, applies, command
from .model import Command, Decision, Event, Rejection, TournamentState
from .payload import ID, StrictSchema, Text

TEMPLATES = ("dinner_break", "last_call_reentries", "chip_race_at_break", "final_table_soon", "break_extended")
TEXT_MAX = 140
MINUTES_MAX = 240
MAX_ACTIVE = 5  # at once on the TV: more would not be read from 5 m
KEPT = 20  # the state keeps the last ones (withdrawn and expired too)


class AnnouncePayload(StrictSchema):
    text = Text(allow_none=True, load_default=None, max_length=TEXT_MAX)
    template = Text(allow_none=True, load_default=None, max_length=40, validate=validate.OneOf(TEMPLATES))
    minutes = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=MINUTES_MAX))

    @validates_schema
    def _one_of(self, data: dict, **kwargs: object) -> None:
        text = (data.get("text") or "").strip()
        if data.get("template") and text:
            raise ValidationError("Give a template or a text, not both.", "text")
        if not data.get("template") and not text:
            raise ValidationError("Type a text or pick a template.", "text")


class WithdrawPayload(StrictSchema):
    announcement_id = fields.Integer(required=True, strict=True, validate=ID)


def active(state: TournamentState, now: int) -> list[dict]:
    """The announcements running now (not withdrawn, not past `until`), oldest first."""
    return [a for a in state.announcements if a.get("withdrawn_at") is None and a["until"] > now]


def shown(state: TournamentState, now: int) -> list[dict]:
    """The public view's announcements: the active ones, at most MAX_ACTIVE, without bookkeeping."""
    keys = ("id", "text", "template", "params", "at", "until")
    return [{k: a[k] for k in keys} for a in active(state, now)[-MAX_ACTIVE:]]


@command("announce", payload=AnnouncePayload, roles=DIRECTOR, emits=("announced",))
def decide_announce(state: TournamentState, cmd: Command) -> Decision | Rejection:
    p = cmd.payload
    if len(active(state, cmd.now)) >= MAX_ACTIVE:
        return Rejection(
            "too_many_announcements",
            f"{MAX_ACTIVE} announcements are running: withdraw one first.",
            "text",
            params={"max": MAX_ACTIVE},
        )
    minutes = int(p["minutes"])
    template = p.get("template") or None
    text = None if template else " ".join(str(p.get("text") or "").split())
    announcement_id = max((a["id"] for a in state.announcements), default=0) + 1
    payload = {
        "id": announcement_id,
        "text": text,
        "template": template,
        "params": {"minutes": minutes},
        "at": cmd.now,
        "until": cmd.now + minutes * 60_000,
    }
    return Decision([Event("announced", payload)], {"announcement_id": announcement_id, "until": payload["until"]})


@command("withdraw_announcement", payload=WithdrawPayload, roles=DIRECTOR, emits=("announcement_withdrawn",))
def decide_withdraw(state: TournamentState, cmd: Command) -> Decision | Rejection:
    wanted = cmd.payload.get("announcement_id")
    found = next((a for a in state.announcements if a["id"] == wanted), None)
    if found is None:
        return Rejection(
            "unknown_announcement",
            f"There is no announcement #{wanted}.",
            "announcement_id",
            "not_found",
            params={"id": wanted},
        )
    if found.get("withdrawn_at") is not None:
        return Rejection(
            "announcement_gone",
            f"Announcement #{wanted} was withdrawn already.",
            "announcement_id",
            params={"id": wanted, "variant": "withdrawn"},
        )
    if found["until"] <= cmd.now:
        return Rejection(
            "announcement_gone",
            f"Announcement #{wanted} has run out already.",
            "announcement_id",
            params={"id": wanted, "variant": "expired"},
        )
    return Decision(
        [Event("announcement_withdrawn", {"id": wanted, "at": cmd.now})],
        {"announcement_id": wanted},
    )


@applies("announced")
def apply_announced(state: TournamentState, event: Event) -> None:
    state.announcements.append(dict(event.payload))
    del state.announcements[:-KEPT]


@applies("announcement_withdrawn")
def apply_withdrawn(state: TournamentState, event: Event) -> None:
    for a in state.announcements:
        if a["id"] == event.payload["id"]:
            a["withdrawn_at"] = event.payload["at"]
