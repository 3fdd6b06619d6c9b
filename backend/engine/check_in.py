"""The registration desk before the draw: check-in with the ID check (N-3.4, P-Teilnahme), the
prepaid and ID flags (N-3.2), the waiting list (N-3.3), the capacity (N-3.5) and the check-in
deadline (N-3.6).

Closing check-in releases the seat of every unpaid player who has not checked in (no buy-in
counted any more) and moves the waiting list up, in order, into the freed places; prepaid
players keep their reserved seat (N-3.2). The released and the promoted are written into the
events, so replay copies the outcome and never decides again. `close_plan` is what the director
sees before closing: a pass over the absent players and the head of the waiting list only.
"""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from .catalog import DIRECTOR, applies, command
from .model import Command, Decision, Entry, Event, Rejection, TournamentState, find_entry, name_fold
from .payload import ID, EmptyPayload, StrictSchema, entry_field
from .registration import (
    FLAGS,
    OPEN,
    capacity,
    count_buy_in,
    field_size,
    id_required as _id_required,
    seat_limit,
    waiting_list,
)


# Registration desk (N-3.2 to N-3.6, P-Teilnahme)
class CheckInPayload(StrictSchema):
    entry_id = entry_field(required=True)
    id_checked = fields.Boolean(load_default=False)  # N-3.4: the ID was seen now


@command("check_in", payload=CheckInPayload, roles=DIRECTOR, emits=("player_checked_in",), effects=("legal_day",))
def decide_check_in(state: TournamentState, cmd: Command) -> Decision | Rejection:
    entry, problem = find_entry(state, cmd.payload.get("entry_id"))
    if problem:
        return problem
    if entry.status == "released":
        return Rejection(
            "check_in_closed",
            f"Check-in is closed: {entry.name} did not check in in time and the "
            f"seat went to the waiting list{state.cite('check_in')}.",
            "entry_id",
        )
    if entry.present:
        return Rejection("already_present", f"{entry.name} is already checked in.", "entry_id")
    if entry.status != "active":
        return Rejection("already_out", f"{entry.name} is out (place {entry.place}).", "entry_id")
    if state.check_in_closed_at is not None and not entry.prepaid and entry.entry_id not in state.check_in_open_for:
        return Rejection("check_in_closed", f"Check-in is closed{state.cite('check_in')}.", "entry_id")
    id_checked = bool(cmd.payload.get("id_checked")) or entry.id_checked
    if _id_required(state) and not id_checked:
        return Rejection(
            "id_not_checked",
            f"Check {entry.name}'s ID (age 18+) before check-in{state.cite('id_check')}.",
            "id_checked",
        )
    payload = {"entry_id": entry.entry_id, "at": cmd.now}
    if cmd.payload.get("id_checked"):
        payload["id_checked"] = True
    if entry.pays_at_check_in:
        payload["buy_in"] = 1  # N-3.1: he pays now; his buy-in comes into the pool
    return Decision([Event("player_checked_in", payload)], {"entry_id": entry.entry_id})


class RegistrationFlagsPayload(StrictSchema):
    entry_id = entry_field(required=True)
    prepaid = fields.Boolean(load_default=None, allow_none=True)
    id_checked = fields.Boolean(load_default=None, allow_none=True)

    @validates_schema
    def _something(self, data: dict, **_: object) -> None:
        if data.get("prepaid") is None and data.get("id_checked") is None:
            raise ValidationError({"prepaid": ["Give prepaid or id_checked (or both)."]})


@command(
    "set_registration_flags",
    payload=RegistrationFlagsPayload,
    roles=DIRECTOR,
    emits=("registration_flags_set",),
    effects=("legal_day",),
)
def decide_flags(state: TournamentState, cmd: Command) -> Decision | Rejection:
    entry, problem = find_entry(state, cmd.payload.get("entry_id"))
    if problem:
        return problem
    if entry.status == "released":
        return Rejection("released", f"{entry.name} lost the seat at the check-in deadline.", "entry_id")
    changes = {
        k: bool(cmd.payload[k])
        for k in ("prepaid", "id_checked")
        if cmd.payload.get(k) is not None and bool(cmd.payload[k]) != getattr(entry, k)
    }
    if not changes:
        return Rejection("no_change", f"{entry.name}'s flags are already like that.", "entry_id")
    payload = {"entry_id": entry.entry_id, **changes}
    # A reservation moved up from the waiting list who paid in advance brings his buy-in now; the
    # mark taken back before the draw takes it out again. After the draw the pool stays as drawn.
    if "prepaid" in changes and state.status in OPEN and entry.from_waiting and not entry.present:
        if changes["prepaid"] and entry.pays_at_check_in:
            payload["buy_in"] = 1
        elif not changes["prepaid"] and not entry.pays_at_check_in:
            payload["buy_in"] = -1
    return Decision([Event("registration_flags_set", payload)], {"entry_id": entry.entry_id, **changes})


def _before_draw(state: TournamentState, field: str | None) -> Rejection | None:
    if state.status not in OPEN:
        return Rejection("seats_drawn", "Seats are already drawn: the registration desk is closed.", field)
    return None


def free_places(state: TournamentState, released: int = 0) -> int:
    limit = capacity(state)
    if limit is None:
        return len(state.waiting)
    return max(0, limit - (field_size(state) - released))


def promote(state: TournamentState, wait_ids: list[int], present: bool, id_seen: bool = False) -> list[Event]:
    """The waiting list's registrations, moved up into the field with the next entry ids. Where
    the preset checks IDs (N-3.4, P-Teilnahme), one whose ID nobody has seen yet (an imported
    reservation) moves up as a reservation and checks in with the ID."""
    events, next_id = [], len(state.entries) + 1
    for wait_id in wait_ids:
        w = state.waiting[wait_id]
        payload = {
            "entry_id": next_id,
            "name": w["name"],
            "from_waiting": wait_id,
            **{f: True for f in FLAGS if w.get(f)},
        }
        if "signup" in w:  # his personal link follows him into the field (engine/sign_up.py)
            payload["signup"] = w["signup"]
        if id_seen:
            payload["id_checked"] = True
        # A sign-up from a phone is not known to be at the desk: he moves up as a reservation whose
        # check-in stays open, like one whose ID nobody has seen (N-3.2, N-3.4).
        if not present or "signup" in w or (_id_required(state) and not payload.get("id_checked")):
            payload["present"] = False
            if not payload.get("prepaid"):
                payload["pays_at_check_in"] = True  # N-3.1: no buy-in until he checks in and pays
        events.append(Event("player_registered", payload))
        next_id += 1
    return events


def close_plan(state: TournamentState) -> dict:
    """Who loses the seat and who moves up if check-in closes now (N-3.6, N-3.2, N-3.3)."""
    released = sorted(e for e in state.absent if not state.entries[e].prepaid)
    promoted = list(state.waiting)[: free_places(state, len(released))]
    return {"released": released, "promoted": promoted}


@command(
    "close_check_in",
    payload=EmptyPayload,
    roles=DIRECTOR,
    emits=("check_in_closed", "player_registered"),
    effects=("link_promoted",),
)
def decide_close(state: TournamentState, cmd: Command) -> Decision | Rejection:
    problem = _before_draw(state, None)
    if problem:
        return problem
    if state.check_in_closed_at is not None:
        return Rejection("already_closed", "Check-in is already closed.", None)
    plan = close_plan(state)
    # Those who move up at the deadline are at the desk: they take the seat now.
    events = [Event("check_in_closed", {"at": cmd.now, "released": plan["released"]})] + promote(
        state, plan["promoted"], present=True
    )
    return Decision(
        events,
        {
            "released": [{"entry_id": e, "name": state.entries[e].name} for e in plan["released"]],
            "promoted": [{"entry_id": ev.payload["entry_id"], "name": ev.payload["name"]} for ev in events[1:]],
        },
    )


class PromoteWaitingPayload(StrictSchema):
    id_checked = fields.Boolean(load_default=False)  # N-3.4: the ID of the player moving up was seen now


@command(
    "promote_waiting",
    payload=PromoteWaitingPayload,
    roles=DIRECTOR,
    emits=("player_registered",),
    effects=("link_promoted",),
)
def decide_promote(state: TournamentState, cmd: Command) -> Decision | Rejection:
    problem = _before_draw(state, None)
    if problem:
        return problem
    if not state.waiting:
        return Rejection("waiting_list_empty", "Nobody is on the waiting list.", None)
    if free_places(state) < 1:
        return Rejection(
            "field_full",
            f"The field is full ({capacity(state)} players{state.cite('capacity')}): "
            "a seat must free up first, or raise the capacity.",
            None,
        )
    events = promote(state, list(state.waiting)[:1], present=True, id_seen=bool(cmd.payload.get("id_checked")))
    p = events[0].payload
    return Decision(events, {"promoted": [{"entry_id": p["entry_id"], "name": p["name"]}]})


class RemoveWaitingPayload(StrictSchema):
    wait_id = fields.Integer(required=True, strict=True, validate=ID)


@command("remove_waiting", payload=RemoveWaitingPayload, roles=DIRECTOR, emits=("waiting_removed",))
def decide_remove_waiting(state: TournamentState, cmd: Command) -> Decision | Rejection:
    wait_id = cmd.payload.get("wait_id")
    if wait_id not in state.waiting:
        return Rejection("not_waiting", f"There is nobody #{wait_id} on the waiting list.", "wait_id", "not_found")
    return Decision([Event("waiting_removed", waiting_removed(state, wait_id))], {})


def waiting_removed(state: TournamentState, wait_id: int) -> dict:
    """The waiting_removed event's payload: with his sign-up, whose link then says so."""
    w = state.waiting[wait_id]
    return {"wait_id": wait_id, "name": w["name"], **({"signup": w["signup"]} if "signup" in w else {})}


class SetCapacityPayload(StrictSchema):
    max = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(
            min=2, max=100_000, error="Must be a whole number of players from 2 to 100000 (N-3.5)."
        ),
    )


@command("set_capacity", payload=SetCapacityPayload, roles=DIRECTOR, emits=("capacity_set",))
def decide_capacity(state: TournamentState, cmd: Command) -> Decision | Rejection:
    problem = _before_draw(state, "max")
    if problem:
        return problem
    limit = cmd.payload["max"]  # required by the API's schema (SetCapacityPayload)
    seats = seat_limit(state)
    if seats is not None and limit > seats:
        tables = int(state.seating["max_tables"])
        return Rejection(
            "capacity_over_tables",
            f"This tournament plays at {tables} table{'s' if tables > 1 else ''} of {state.max_per_table} at most"
            f"{state.cite('max_tables')}: {limit} players cannot be seated, {seats} at most.",
            "max",
            params={"max": limit, "seats": seats, "tables": tables, "per_table": state.max_per_table},
        )
    if field_size(state) > limit:
        return Rejection(
            "below_field",
            f"{field_size(state)} players are already in the field: remove registrations first.",
            "max",
            params={"field": field_size(state), "max": limit},
        )
    return Decision([Event("capacity_set", {"max": limit})], {"max": limit})


class RemoveRegistrationPayload(StrictSchema):
    entry_id = entry_field(required=True)


@command("remove_registration", payload=RemoveRegistrationPayload, roles=DIRECTOR, emits=("registration_removed",))
def decide_remove_registration(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """Before the draw a registration can be taken back (he called off, a double entry, a field
    over the room's seats, N-3.5/N-3.12): his buy-in is no longer counted, his name may register
    again, and the place is free for the waiting list (the desk moves it up). After the draw a
    player leaves the tournament instead (a place, V-VI.d)."""
    entry, problem = find_entry(state, cmd.payload.get("entry_id"))
    if problem:
        return problem
    if state.status not in OPEN:
        return Rejection(
            "seats_drawn",
            f"Seats are already drawn: {entry.name} leaves the tournament instead (he gets the place of that moment).",
            "entry_id",
            params={"name": entry.name, "variant": "remove"},
        )
    if entry.status == "released":
        return Rejection("released", f"{entry.name} is no longer registered.", "entry_id", params={"name": entry.name})
    event = Event("registration_removed", {"entry_id": entry.entry_id, "name": entry.name, "at": cmd.now})
    return Decision([event], {"entry_id": entry.entry_id, "free_places": free_places(state) + 1})


# ------------------------------------------------------------------ appliers


@applies("player_checked_in", public=False, views=("entry",))
def apply_checked_in(state: TournamentState, event: Event) -> None:
    p = event.payload
    entry = state.entries[p["entry_id"]]
    entry.present = True
    entry.id_checked = entry.id_checked or bool(p.get("id_checked"))
    state.absent.discard(entry.entry_id)
    _settle_buy_in(state, entry, p.get("buy_in", 0))


@applies("registration_flags_set", public=False, views=("entry",))
def apply_registration_flags_set(state: TournamentState, event: Event) -> None:
    p = event.payload
    entry = state.entries[p["entry_id"]]
    for flag in ("prepaid", "id_checked"):
        if flag in p:
            setattr(entry, flag, p[flag])
    _settle_buy_in(state, entry, p.get("buy_in", 0))


@applies("check_in_closed", seating=True, views="custom")
def apply_check_in_closed(state: TournamentState, event: Event) -> None:
    state.check_in_closed_at = event.payload["at"]
    for entry_id in event.payload["released"]:
        release(state, entry_id)


@applies("registration_removed", seating=True, views=("entry",))
def apply_registration_removed(state: TournamentState, event: Event) -> None:
    release(state, event.payload["entry_id"], "withdrawn")


def _settle_buy_in(state: TournamentState, entry: Entry, sign: int) -> None:
    """What the event says about his buy-in: +1 he paid (at check-in, or marked prepaid), -1 the
    prepaid mark was taken back before the draw; 0 (and every older event): nothing changes."""
    if sign:
        entry.pays_at_check_in = sign < 0
        count_buy_in(state, entry, sign)


def release(state: TournamentState, entry_id: int, reason: str = "no_show") -> None:
    """N-3.6: an unpaid no-show leaves the field before the draw (or a registration is taken back):
    his buy-in and chips go back out, if they were ever in."""
    entry = state.entries[entry_id]
    counted = state.buy_in_counted(entry)
    entry.status, entry.out_reason = "released", reason
    state.absent.discard(entry_id)
    state.check_in_open_for.discard(entry_id)
    state.names.discard(name_fold(entry.name))  # he may queue up again
    state.released.append(entry_id)
    state.players_left -= 1
    if counted:
        count_buy_in(state, entry, -1, reason if reason != "no_show" else "released")


PREVIEW_SHOWN = 50


def desk_view(state: TournamentState) -> dict:
    """The director's registration card: the count against the capacity, the waiting list in
    order, the check-in deadline and, before it closes, who would lose the seat and who moves up."""
    closed = state.check_in_closed_at
    waiting = waiting_list(state)
    no_shows = [e for e in state.released if state.entries[e].out_reason == "no_show"]  # not the withdrawn
    view = {
        "capacity": capacity(state),
        "field": field_size(state),
        "waiting": waiting[:PREVIEW_SHOWN],
        "waiting_total": len(waiting),
        "id_check": _id_required(state),
        "check_in_closes": state.format.get("check_in_closes"),
        "check_in_closed_at": closed,
        "open": state.status in OPEN,
        "close_preview": None,
        "released": [{"entry_id": e, "name": state.entries[e].name} for e in no_shows[:PREVIEW_SHOWN]],
        "released_total": len(no_shows),
        # moved up at the deadline as reservations (no ID seen yet): their check-in stays open (N-3.4)
        "check_in_open_for": sorted(state.check_in_open_for),
        "cite": {
            k: (state.preset.get("cite") or {}).get(k) for k in ("capacity", "check_in", "id_check", "accessible")
        },
        "seat_limit": seat_limit(state),
        # the entries that came from a sign-up on the club's page: the desk marks them "online"
        "signed_up": sorted(state.signup_of),
    }
    if closed is None and state.status in OPEN:
        plan = close_plan(state)
        view["close_preview"] = {
            "released": [{"entry_id": e, "name": state.entries[e].name} for e in plan["released"][:PREVIEW_SHOWN]],
            "released_total": len(plan["released"]),
            "promoted": [{"wait_id": w, "name": state.waiting[w]["name"]} for w in plan["promoted"][:PREVIEW_SHOWN]],
            "promoted_total": len(plan["promoted"]),
        }
    return view
