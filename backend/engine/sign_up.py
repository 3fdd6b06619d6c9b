"""Sign-up from the players' phones before the night (docs/sign-up.md).

The director says when the tournament starts and whether and when players may sign up online
(`set_sign_up`). A sign-up is a reservation like one typed at the desk (N-3.2: `present: false`
until he checks in, N-3.1: he pays at check-in unless prepaid, N-3.4: his ID is seen then): it
takes a place while the field has room (N-3.5) and else joins the waiting list in the order the
sign-ups were committed (N-3.3). Every sign-up gets a number; its personal link (a player token,
backend/api/sign_up.py) follows it from the waiting list into the field, to the seat and the prize.

A player cancels from his link before the draw: his place goes at once to the first on the
waiting list, as a reservation (he is not at the desk), written into the same command's events.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, validate, validates_schema

from .catalog import DIRECTOR, applies, command
from .check_in import free_places, promote, waiting_removed
from .model import Command, Decision, Event, Rejection, TournamentState
from .payload import NAME, EmptyPayload, StrictSchema, Text, not_blank
from .registration import OPEN, Desk, admit, clean_name

GUEST = frozenset({"guest"})  # anyone on the club's public page (backend/api/sign_up.py)
PLAYER = frozenset({"player"})


class SetSignUpPayload(StrictSchema):
    starts_at = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=2**53))
    online = fields.Boolean(load_default=True)  # False: listed on the club's page, sign-up at the desk only
    # True: a player who has a place confirms from his link that he comes (the desk sees who has not)
    confirm = fields.Boolean(load_default=False)
    opens_at = fields.Integer(
        load_default=None, allow_none=True, strict=True, validate=validate.Range(min=0, max=2**53)
    )
    closes_at = fields.Integer(
        load_default=None, allow_none=True, strict=True, validate=validate.Range(min=0, max=2**53)
    )

    @validates_schema
    def _in_order(self, data: dict, **_: object) -> None:
        opens, closes = data.get("opens_at"), data.get("closes_at")
        if opens is not None and closes is not None and closes <= opens:
            raise ValidationError("Sign-up must close after it opens.", "closes_at")
        if closes is not None and closes > data["starts_at"]:
            raise ValidationError("Sign-up must close by the start at the latest.", "closes_at")


@command("set_sign_up", payload=SetSignUpPayload, roles=DIRECTOR, emits=("sign_up_set",), effects=("list_tournament",))
def decide_set_sign_up(state: TournamentState, cmd: Command) -> Decision | Rejection:
    if state.status not in OPEN:
        return Rejection("seats_drawn", "Seats are already drawn: sign-up is over.", "starts_at")
    settings = {k: cmd.payload.get(k) for k in ("starts_at", "online", "opens_at", "closes_at", "confirm")}
    return Decision([Event("sign_up_set", settings)], settings)


@applies("sign_up_set")
def apply_sign_up_set(state: TournamentState, event: Event) -> None:
    state.sign_up = dict(event.payload)


def sign_up_open(state: TournamentState, now: int) -> bool:
    """Whether a phone may sign up now."""
    return sign_up_refusal(state, now) is None


def sign_up_refusal(state: TournamentState, now: int) -> Rejection | None:
    settings = state.sign_up
    if not settings or not settings.get("online"):
        return Rejection("sign_up_offline", "This tournament takes registrations at the club's desk only.", None)
    if state.status not in OPEN:
        return Rejection("seats_drawn", "Seats are already drawn: ask at the desk.", None)
    opens, closes = settings.get("opens_at"), settings.get("closes_at")
    if opens is not None and now < opens:
        return Rejection(
            "sign_up_not_open", "Sign-up has not opened yet.", None, params={"opens_at": opens, "variant": "not_yet"}
        )
    if closes is not None and now >= closes:
        return Rejection("sign_up_over", "Sign-up is over: ask at the desk.", None, params={"closes_at": closes})
    return None


class SignUpPayload(StrictSchema):
    name = Text(required=True, validate=[NAME, not_blank])


@command("sign_up", payload=SignUpPayload, roles=GUEST, emits=("player_registered", "player_waitlisted"))
def decide_sign_up(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """A place while the field has room, else the waiting list (N-3.5, N-3.3); a reservation until
    he checks in (N-3.2)."""
    problem = sign_up_refusal(state, cmd.now)
    if problem:
        return problem
    admitted = admit(state, Desk.of(state), {"name": clean_name(cmd.payload.get("name"))}, present=False)
    if isinstance(admitted, Rejection):
        return admitted
    event, result = admitted
    event.payload["signup"] = state.next_signup
    if event.type == "player_registered":
        event.payload["pays_at_check_in"] = True  # N-3.1: he pays when he checks in
    return Decision([event], {**result, "signup_no": state.next_signup, "name": event.payload["name"]})


@command(
    "cancel_sign_up",
    payload=EmptyPayload,
    roles=PLAYER,
    emits=("registration_removed", "waiting_removed", "player_registered"),
    effects=("link_promoted",),
)
def decide_cancel(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """He calls it off from his link before the draw; the first waiting player moves up at once."""
    if state.status not in OPEN:
        return Rejection("seats_drawn", "Seats are already drawn: tell the director that you leave.", None)
    entry_id, wait_id = where_is(state, cmd.actor.entry_id, cmd.actor.signup_no)
    if wait_id is not None:
        return Decision([Event("waiting_removed", waiting_removed(state, wait_id))], {"promoted": []})
    entry = state.entries.get(entry_id) if entry_id is not None else None
    if entry is None or entry.status == "released":
        return Rejection("already_cancelled", "This registration is already cancelled.", None)
    events = [Event("registration_removed", {"entry_id": entry.entry_id, "name": entry.name, "at": cmd.now})]
    moving_up = list(state.waiting)[: free_places(state, 1)]
    promoted = promote(state, moving_up, present=False)
    return Decision(
        events + promoted,
        {"promoted": [{"entry_id": e.payload["entry_id"], "name": e.payload["name"]} for e in promoted]},
    )


@command("confirm_sign_up", payload=EmptyPayload, roles=PLAYER, emits=("sign_up_confirmed",))
def decide_confirm(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """Where the director asks for it, a player with a place says from his link that he comes."""
    if state.status not in OPEN:
        return Rejection("seats_drawn", "Seats are already drawn.", None)
    entry_id, _ = where_is(state, cmd.actor.entry_id, cmd.actor.signup_no)
    entry = state.entries.get(entry_id) if entry_id is not None else None
    if entry is None or entry.status == "released":
        return Rejection("no_place", "You have no place to confirm (yet).", None)
    if entry_id in state.confirmed:
        return Rejection("already_confirmed", "You have already confirmed.", None)
    return Decision([Event("sign_up_confirmed", {"entry_id": entry_id, "name": entry.name})], {"entry_id": entry_id})


@applies("sign_up_confirmed", public=False, views=("entry",))
def apply_confirmed(state: TournamentState, event: Event) -> None:
    state.confirmed.add(event.payload["entry_id"])


def where_is(state: TournamentState, entry_id: int | None, signup_no: int | None) -> tuple[int | None, int | None]:
    """(entry_id, wait_id) of a player link: its entry, else its sign-up's entry or wait."""
    if entry_id is not None:
        return entry_id, None
    found = state.signups.get(signup_no) if signup_no is not None else None
    if not found:
        return None, None
    if found.get("entry_id") is not None:
        return found["entry_id"], None
    wait_id = found.get("wait_id")
    return None, (wait_id if wait_id in state.waiting else None)


def signup_status(state: TournamentState, signup_no: int) -> dict[str, Any]:
    """Where a sign-up stands, in the words the player's phone shows: registered, waiting (with
    his position), promoted, checked_in, cancelled, no_show; then seated, out."""
    found = state.signups.get(signup_no)
    if found is None:
        return {"status": "unknown"}
    if found.get("entry_id") is not None:
        return entry_status(state, found["entry_id"]) | {"signup_no": signup_no}
    wait_id = found.get("wait_id")
    if wait_id in state.waiting:
        position = list(state.waiting).index(wait_id) + 1
        return {"status": "waiting", "position": position, "signup_no": signup_no, "name": found["name"]}
    return {"status": "cancelled", "signup_no": signup_no, "name": found["name"]}


def entry_status(state: TournamentState, entry_id: int) -> dict[str, Any]:
    entry = state.entries[entry_id]
    if entry.status == "released":
        status = "no_show" if entry.out_reason == "no_show" else "cancelled"
    elif state.status not in OPEN:
        status = "seated" if entry.status == "active" else "out"
    elif entry.present:
        status = "checked_in"
    else:
        status = "promoted" if entry.from_waiting else "registered"
    shown = {
        "status": status,
        "entry_id": entry_id,
        "name": entry.name,
        "pays_at_check_in": entry.pays_at_check_in,
        "id_check": bool(state.format.get("id_check")) and not entry.id_checked,
    }
    if (state.sign_up or {}).get("confirm"):
        shown["confirmed"] = entry_id in state.confirmed or entry.present
    return shown
