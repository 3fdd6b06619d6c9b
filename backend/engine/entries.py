"""Entries after the draw: rebuys and add-ons (V-XIII), re-entry keeping the seat (S-#47),
alternates (S-#46) (check-in: engine/check_in.py; the dealers' chip counts: engine/chips.py).

Money comes from the preset's format (`rebuy.price`, `addon.price`, buy-in + fee for a re-entry or
an alternate) and goes into the event, so replay never reads a changed preset. A re-entry keeps
its entry number: the entry is reinstated, `reentries` counts the buy-ins, and the ledger keeps
each one with its time and seq (the "receipt").
"""

from __future__ import annotations

import random
from typing import Any

from . import money
from .balancing import forbidden_seats
from .catalog import DIRECTOR, applies, command
from .chips import forget_count
from .deadlines import describe, is_at, is_open
from .model import Command, Decision, Entry, Event, Lookup, Rejection, TournamentState, find_entry, name_fold
from .payload import NAME, EntryPayload, StrictSchema, Text, entry_field, not_blank
from .places import apply_remove, plan_remove, shift_out_places
from .registration import late_seat


def _entry(state: TournamentState, cmd: Command, field: str = "entry_id") -> Lookup:
    return find_entry(state, cmd.payload.get(field), field)


def _playing(state: TournamentState) -> Rejection | None:
    if state.status not in ("seated", "running"):
        return Rejection("not_seated", "Seats have not been drawn yet.", "entry_id")
    return None


def _buy(state: TournamentState, cmd: Command, key: str, what: str) -> tuple[Any, Any, Rejection | None]:
    """The preset's rule for a rebuy/add-on/re-entry and the entry it is for, or the rejection."""
    rule = state.format.get(key)
    if not rule:
        return None, None, Rejection(f"no_{key}", f"This tournament has no {what}{state.cite(key)}.", "entry_id")
    entry, problem = _entry(state, cmd)
    return rule, entry, problem or _playing(state)


def _out_for_good(entry: Entry, what: str) -> Rejection | None:
    if entry.disqualified or entry.out_reason in ("left", "absent", "no_show"):
        return Rejection(
            "not_eligible", f"{entry.name} is out for good ({entry.out_reason}) and cannot {what}.", "entry_id"
        )
    return None


def _seat_back(state: TournamentState, entry: Entry, seed: int, keep: bool = True) -> tuple[int, int] | None:
    """The seat a reinstated player takes: his own if it is still free (S-#47 "behält seinen
    Platz"), else a late seat drawn like a late entry (TDA 8A)."""
    table = state.tables.get(entry.table_no) if entry.table_no is not None else None
    if keep and table and not table.broken and entry.seat is not None and entry.seat not in table.seats:
        return table.table_no, entry.seat
    return late_seat(state, random.Random(seed))


def _reinstate(state: TournamentState, entry: Entry, cmd: Command, what: str, keep: bool) -> Lookup:
    seat = _seat_back(state, entry, cmd.seed, keep)
    if seat is None:
        return None, Rejection("no_free_seat", f"There is no free seat for {entry.name}'s {what}.", "entry_id")
    fields = {
        "reinstated": True,
        "table_no": seat[0],
        "seat": seat[1],
        **plan_remove(state, entry.entry_id, state.players_left + 1),
    }
    return fields, None


@command("rebuy", payload=EntryPayload, roles=DIRECTOR, emits=("rebought",), effects=("legal_day",))
def decide_rebuy(state: TournamentState, cmd: Command) -> Decision | Rejection:
    rule, entry, problem = _buy(state, cmd, "rebuy", "rebuys")
    if problem:
        return problem
    if not is_open(state, rule["until"], cmd.now):
        return Rejection(
            "rebuy_closed", f"Rebuys closed at {describe(rule['until'])}{state.cite('rebuy')}.", "entry_id"
        )
    problem = _out_for_good(entry, "rebuy")
    if problem:
        return problem
    if rule.get("condition") == "busted" and entry.status == "active":
        return Rejection(
            "not_busted", f"A rebuy is for a busted player; {entry.name} is still in{state.cite('rebuy')}.", "entry_id"
        )
    payload = {
        "entry_id": entry.entry_id,
        "chips": int(rule["stack"]),
        "price": rule.get("price", 0),
        "at": cmd.now,
        "reinstated": False,
    }
    if entry.status != "active":
        fields, problem = _reinstate(state, entry, cmd, "rebuy", True)
        if problem:
            return problem
        payload.update(fields)
    return Decision(
        [Event("rebought", payload)],
        {
            "entry_id": entry.entry_id,
            "rebuys": entry.rebuys + 1,
            "chips": payload["chips"],
            "table_no": payload.get("table_no", entry.table_no),
            "seat": payload.get("seat", entry.seat),
        },
    )


@command("addon", payload=EntryPayload, roles=DIRECTOR, emits=("addon_bought",), effects=("legal_day",))
def decide_addon(state: TournamentState, cmd: Command) -> Decision | Rejection:
    rule, entry, problem = _buy(state, cmd, "addon", "add-on")
    if problem:
        return problem
    if entry.status != "active":
        return Rejection("not_in", f"{entry.name} is out; an add-on is for players still in.", "entry_id")
    if entry.addon:
        return Rejection(
            "addon_taken", f"{entry.name} already took the add-on: one per player{state.cite('addon')}.", "entry_id"
        )
    if not is_at(state, rule["at"], cmd.now):
        return Rejection(
            "addon_not_now", f"The add-on is taken during {describe(rule['at'])}{state.cite('addon')}.", "entry_id"
        )
    return Decision(
        [
            Event(
                "addon_bought",
                {
                    "entry_id": entry.entry_id,
                    "chips": int(rule["stack"]),
                    "price": rule.get("price", 0),
                    "at": cmd.now,
                    "table_no": entry.table_no,
                },
            )
        ],
        {"entry_id": entry.entry_id, "chips": int(rule["stack"])},
    )


@command("reentry", payload=EntryPayload, roles=DIRECTOR, emits=("reentered",), effects=("legal_day",))
def decide_reentry(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """S-#47: after a bust, until the deadline: buy-in and fee again, a full start stack, the same seat."""
    rule, entry, problem = _buy(state, cmd, "reentry", "re-entry")
    if problem:
        return problem
    if not is_open(state, rule["until"], cmd.now):
        return Rejection(
            "reentry_closed", f"Re-entry closed at {describe(rule['until'])}{state.cite('reentry')}.", "entry_id"
        )
    if entry.status == "active":
        return Rejection(
            "not_busted", f"{entry.name} is still in; re-entry follows a bust{state.cite('reentry')}.", "entry_id"
        )
    problem = _out_for_good(entry, "re-enter")
    if problem:
        return problem
    fields, problem = _reinstate(state, entry, cmd, "re-entry", bool(rule.get("keeps_seat", True)))
    if problem:
        return problem
    fmt = state.format
    payload = {
        "entry_id": entry.entry_id,
        "chips": state.start_stack,
        "price": fmt.get("buy_in", 0),
        "fee": fmt.get("fee", 0),
        "at": cmd.now,
        **fields,
        **sits_out_first(state, fields["table_no"], fields["seat"]),
    }
    return Decision(
        [Event("reentered", payload)],
        {
            "entry_id": entry.entry_id,
            "reentries": entry.reentries + 1,
            "table_no": fields["table_no"],
            "seat": fields["seat"],
        },
    )


class SeatAlternatePayload(StrictSchema):
    name = Text(required=True, validate=[NAME, not_blank])
    replaces = entry_field(required=True)


@command(
    "seat_alternate",
    payload=SeatAlternatePayload,
    roles=DIRECTOR,
    emits=("alternate_seated",),
    effects=("link_person", "legal_day"),
)
def decide_alternate(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """S-#46: when the field is full, an alternate takes a busted player's seat until the deadline,
    with a full start stack, as a new entry (buy-in and fee like anyone)."""
    rule = state.format.get("alternates")
    if not rule:
        return Rejection("no_alternates", f"This tournament has no alternates{state.cite('alternates')}.", "replaces")
    name = " ".join(str(cmd.payload.get("name", "")).split())
    if not name:
        return Rejection("name_required", "An alternate needs a name.", "name", "invalid")
    if name_fold(name) in state.names:
        return Rejection("duplicate_name", f"{name} is already registered.", "name")
    replaced, problem = _entry(state, cmd, "replaces")
    if problem:
        return problem
    if state.status not in ("seated", "running"):
        return Rejection("not_seated", "Seats have not been drawn yet: register the player instead.", "replaces")
    if not is_open(state, rule["until"], cmd.now):
        return Rejection(
            "alternates_closed",
            f"Alternates closed at {describe(rule['until'])}{state.cite('alternates')}.",
            "replaces",
        )
    if replaced.status == "active":
        return Rejection(
            "seat_taken",
            f"{replaced.name} is still in; an alternate takes a busted player's seat{state.cite('alternates')}.",
            "replaces",
        )
    table = state.tables.get(replaced.table_no)
    if table is None or table.broken or replaced.seat is None or replaced.seat in table.seats:
        return Rejection("seat_gone", f"{replaced.name}'s seat is no longer free.", "replaces")
    fmt = state.format
    entry_id = len(state.entries) + 1
    payload = {
        "entry_id": entry_id,
        "name": name,
        "replaces": replaced.entry_id,
        "table_no": table.table_no,
        "seat": replaced.seat,
        "chips": state.start_stack,
        "price": fmt.get("buy_in", 0),
        "fee": fmt.get("fee", 0),
        "at": cmd.now,
    }
    result: dict[str, Any] = {"entry_id": entry_id, "table_no": table.table_no, "seat": replaced.seat}
    wait = sits_out_first(state, table.table_no, replaced.seat)
    payload.update(wait)
    if wait:
        result.update(sits_out_hand=wait["sits_out_hand"], rule=state.cite_of("entry_seat"))
    return Decision([Event("alternate_seated", payload)], result)


def sits_out_first(state: TournamentState, table_no: int, seat: int) -> dict:
    """S-#4: a player entering the tournament (an alternate, S-#46; a re-entry keeping his seat,
    S-#47) enters in any position but the small blind (N-2.10: nor between the button and the
    small blind). When his seat is that position in the next hand, he sits down and is dealt in
    from the hand after it; the small blind of that hand is dead, as it would be with the seat empty."""
    table = state.tables[table_no]
    if seat not in forbidden_seats(table, state.seating):
        return {}
    return {"sits_out_hand": table.hand_no + 1, "button_epoch": table.button_epoch}


# ------------------------------------------------------------------ appliers


def _seat(state: TournamentState, entry: Entry, table_no: int, seat: int) -> None:
    old = state.tables.get(entry.table_no) if entry.table_no is not None else None
    if old is not None and entry.seat is not None and old.seats.get(entry.seat) == entry.entry_id:
        old.seats.pop(entry.seat)
    state.tables[table_no].seats[seat] = entry.entry_id
    entry.table_no, entry.seat = table_no, seat


def _back_in(state: TournamentState, entry: Entry, p: dict) -> None:
    apply_remove(state, entry.entry_id, p)
    entry.status, entry.busted_at, entry.out_reason, entry.eliminated_by = "active", None, None, None
    entry.no_prize = False
    state.players_left += 1
    _seat(state, entry, p["table_no"], p["seat"])


@applies("alternate_seated", seating=True, views="custom")
def apply_alternate_seated(state: TournamentState, event: Event) -> None:
    p = event.payload
    entry = Entry(p["entry_id"], p["name"], alternate_for=p["replaces"])
    state.entries[entry.entry_id] = entry
    state.names.add(name_fold(p["name"]))
    state.players_left += 1
    _seat(state, entry, p["table_no"], p["seat"])
    touched = shift_out_places(state, 1)
    state.money["buy_ins"] += 1
    money.add_money(state, "alternate", entry.entry_id, p["price"], p["fee"], p["chips"], p["at"])
    _chips_in(state, entry, p, touched)


@applies("rebought", seating=True, views="custom")
def apply_rebought(state: TournamentState, event: Event) -> None:
    p = event.payload
    entry = state.entries[p["entry_id"]]
    touched: list[int] = []
    if p.get("reinstated"):
        touched = [c["entry_id"] for c in p["places"]]
        _back_in(state, entry, p)
    entry.rebuys += 1
    state.money["rebuys"] += 1
    money.add_money(state, "rebuy", entry.entry_id, p["price"], 0, p["chips"], p["at"])
    _chips_in(state, entry, p, touched)


@applies("reentered", seating=True, views="custom")
def apply_reentered(state: TournamentState, event: Event) -> None:
    p = event.payload
    entry = state.entries[p["entry_id"]]
    touched = [c["entry_id"] for c in p["places"]]
    _back_in(state, entry, p)
    entry.reentries += 1
    state.money["reentries"] += 1
    state.money["buy_ins"] += 1
    money.add_money(state, "reentry", entry.entry_id, p["price"], p["fee"], p["chips"], p["at"])
    _chips_in(state, entry, p, touched)


@applies("addon_bought", views="custom")
def apply_addon_bought(state: TournamentState, event: Event) -> None:
    p = event.payload
    entry = state.entries[p["entry_id"]]
    entry.addon = True
    state.money["addons"] += 1
    money.add_money(state, "addon", entry.entry_id, p["price"], 0, p["chips"], p["at"])
    _chips_in(state, entry, p, [])


def _chips_in(state: TournamentState, entry: Entry, p: dict, touched: list[int]) -> None:
    """What every way of buying chips shares: his chips in play, the table's count out of date."""
    if "sits_out_hand" in p:  # S-#4: not dealt in that hand (its small blind is dead)
        entry.sits_out = (p["table_no"], p["sits_out_hand"], p.get("button_epoch", 0))
    state.chips["in_play"] += p["chips"]
    forget_count(state, entry.table_no)
    money.refresh(state, touched + [entry.entry_id])
    money.refresh_table(state)
