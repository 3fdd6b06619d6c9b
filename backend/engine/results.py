"""Busts, players leaving, disqualifications, and the winner (N-1.15, V-V.a, V-VI.d, N-2.22, N-3.7).

The places themselves are worked out in `places.py`; this module checks the commands and writes
the events. Every event that moves a place lists the new places (`places`), so replay only copies.
"""

from __future__ import annotations

from collections.abc import Iterable

from marshmallow import fields, validate

from . import money
from .catalog import DIRECTOR, STAFF, applies, command
from .chips import forget_count
from .clock import stop_for_good
from .model import Command, Decision, Entry, Event, Lookup, Rejection, TournamentState, find_entry, find_table
from .moments import money_events, note_bubble, note_uncounted
from .payload import TABLE_NO, StrictSchema, Text, chips_field, entry_field, not_blank
from .places import apply_out, apply_remove, h4h_round_at, plan_out, plan_remove, plan_shift_all, set_places

OUT_REASONS = ("left", "absent", "no_show")
NO_PRIZE = ("absent", "no_show")  # N-3.2: "Ein nichtanwesender Spieler ist nicht Preisgeld berechtigt"


def recorded_at(cmd: Command, floor: int | None = None) -> int:
    """When it happened: the device's recorded time, never later than now, and never before
    `floor` (the player took his seat then: a phone whose clock is far behind must not make his
    bust the earliest of the night and move everybody's place)."""
    at = min(cmd.at, cmd.now) if cmd.at is not None else cmd.now
    return max(at, floor) if floor is not None else at


def _not_here(entry: Entry, table_no: int | None, what: str) -> Rejection:
    """A dealer's entry for a player who is no longer at his table: say where he went."""
    move = entry.last_move or {}
    moved = bool(entry.table_no and move.get("from_table") == table_no)
    if moved:
        text = (
            f"{entry.name} was moved to table {entry.table_no}, seat {entry.seat} — {what} not applied; "
            f"the dealer there records it."
        )
    else:
        where = f"table {entry.table_no}" if entry.table_no else "no table"
        text = f"{entry.name} sits at {where}, not at table {table_no} — {what} not applied."
    variant = "moved" if moved else "elsewhere" if entry.table_no else "unseated"
    return Rejection(
        "not_at_your_table",
        text,
        "entry_id",
        "forbidden",
        params={
            "name": entry.name,
            "table": entry.table_no,
            "seat": entry.seat,
            "moved": moved,
            "own_table": table_no,
            "what": what,
            "variant": variant,
        },
    )


def seated_since(state: TournamentState, entries: Iterable[Entry]) -> int | None:
    """The latest time any of these players sat down where he is: the draw or his last move."""
    times = [state.drawn_at] + [(e.last_move or {}).get("at") for e in entries]
    known = [t for t in times if t is not None]
    return max(known) if known else None


def _entry(state: TournamentState, entry_id: object, field: str = "entry_id") -> Lookup:
    return find_entry(state, entry_id, field)


def _still_in(state: TournamentState, entry: Entry, field: str, what: str) -> Rejection | None:
    if entry.status == "active":
        return None
    if entry.disqualified:
        return Rejection(
            "already_out",
            f"{entry.name} was disqualified — {what} not applied.",
            field,
            params={"name": entry.name, "what": what, "variant": "disqualified"},
        )
    return Rejection(
        "already_out",
        f"{entry.name} is already out (place {entry.place}; a player is out once) — {what} not applied.",
        field,
        params={"name": entry.name, "place": entry.place, "what": what, "variant": "out"},
    )


def _eliminator(state: TournamentState, by: object, out_ids: set[int], field: str = "eliminated_by") -> Lookup:
    """The player who won the pot that put `out_ids` out (V-VII.r: he receives their HH chips):
    still in, not one of them, and at the table where the hand was played."""
    if by is None:
        return None, None
    entry, problem = _entry(state, by, field)
    if problem:
        return None, problem
    if by in out_ids:
        return None, Rejection(
            "eliminated_by_self",
            f"{entry.name} cannot eliminate himself.",
            field,
            params={"name": entry.name},
        )
    if entry.status != "active":
        return None, Rejection(
            "eliminator_out",
            f"{entry.name} is out and cannot have won the pot.",
            field,
            params={"name": entry.name},
        )
    tables = {t for i in out_ids if i in state.entries and (t := state.entries[i].table_no) is not None}
    if entry.table_no is not None and tables and entry.table_no not in tables:
        # the pot was won at the busted player's table: a name from elsewhere is a slip of the thumb
        return None, Rejection(
            "eliminator_elsewhere",
            f"{entry.name} plays at table {entry.table_no}, not at table {min(tables)} where the hand was played.",
            field,
            params={"name": entry.name, "table": entry.table_no, "hand_table": min(tables)},
        )
    return by, None


def _h4h_round(state: TournamentState, at: int) -> tuple | None:
    return h4h_round_at(state, at) if state.hand_for_hand["active"] or state.h4h_stops else None


def _winner_events(state: TournamentState, leaving: set[int], at: int) -> list[Event]:
    """The last player in wins: found among the remaining seats (one or two tables by then)."""
    if state.players_left - len(leaving) != 1:
        return []
    for table in state.tables.values():
        for entry_id in table.seats.values():
            if entry_id not in leaving and state.entries[entry_id].status == "active":
                return [Event("tournament_won", {"entry_id": entry_id, "at": at}), *stop_for_good(state, at)]
    winner = next(e.entry_id for e in state.entries.values() if e.status == "active" and e.entry_id not in leaving)
    return [Event("tournament_won", {"entry_id": winner, "at": at}), *stop_for_good(state, at)]


def _absent_no_prize(state: TournamentState, entry: Entry) -> bool:
    """N-3.2: a player who never came is not prize-eligible, however he goes out."""
    return not entry.present and bool(state.format.get("no_show"))


def _seq_n(state: TournamentState, i: int) -> int:
    return (state.seq + 1) * 100 + i  # arrival order, for ties broken by recorded order


def absent_at_bubble(state: TournamentState, leaving: set[int]) -> tuple[list[int], int | None]:
    """N-3.2: absent prepaid players are blinded off "until one place before the money": once the
    players still in (the absent ones counted) would be no more than the paid places plus the
    absent ones, they are out with this bust, at the bubble place, before any paid place is given
    (a hand taking the field from 8 to 6 with 6 paid puts him 7th, never 6th). Returns (their
    entry ids, the bubble place). A pass over the absent players only."""
    rule = state.format.get("no_show") or {}
    if rule.get("until") != "bubble" or not state.absent:
        return [], None
    paid = money.paid_places(state)
    absent = sorted(e for e in state.absent if e not in leaving)
    left = state.players_left - len(leaving)
    if not paid or not absent or left - len(absent) < 1 or left > paid + len(absent):
        return [], None
    return absent, paid + 1


def _absent_members(state: TournamentState, absent: list[int], at: int, start: int) -> list[dict]:
    return [
        {
            "entry_id": e,
            "stack": None,
            "card": None,
            "at": at,
            "n": _seq_n(state, start + i),
            "table_no": state.entries[e].table_no,
            "absent": True,
        }
        for i, e in enumerate(absent)
    ]


def _absent_out(state: TournamentState, absent: list[int]) -> list[dict]:
    return [{"entry_id": e, "table_no": state.entries[e].table_no, "seat": state.entries[e].seat} for e in absent]


def _absent_result(plan: dict, absent: list[int]) -> list[dict]:
    placed = {c["entry_id"]: c["place"] for c in plan["places"]}
    return [{"entry_id": e, "place": placed[e]} for e in absent]


class RecordBustPayload(StrictSchema):
    entry_id = entry_field(required=True)
    eliminated_by = entry_field(load_default=None, allow_none=True)  # bounties (V-VII.r)
    starting_stack = chips_field(
        "N-1.15: same-hand busts are ranked by the stack at the start of the hand", load_default=None, allow_none=True
    )


@command(
    "record_bust",
    payload=RecordBustPayload,
    roles=STAFF,
    emits=("clock_paused", "player_busted", "absent_removed", "bubble_burst", "tournament_won"),
)
def decide_bust(state: TournamentState, cmd: Command) -> Decision | Rejection:
    entry, problem = _entry(state, cmd.payload.get("entry_id"))
    if problem:
        return problem
    if cmd.actor.role == "dealer" and entry.table_no != cmd.actor.table_no:
        return _not_here(entry, cmd.actor.table_no, "bust")
    problem = _still_in(state, entry, "entry_id", "bust")
    if problem:
        return problem
    if state.status not in ("seated", "running"):
        return Rejection(
            "not_seated", "Seats have not been drawn yet — bust not applied.", "entry_id", params={"what": "bust"}
        )
    by, problem = _eliminator(state, cmd.payload.get("eliminated_by"), {entry.entry_id})
    if problem:
        return problem
    stack = cmd.payload.get("starting_stack")
    at = recorded_at(cmd, seated_since(state, [entry]))
    round_key = _h4h_round(state, at)
    member = {
        "entry_id": entry.entry_id,
        "stack": stack,
        "card": None,
        "at": at,
        "n": _seq_n(state, 0),
        "table_no": entry.table_no,
    }
    absent, bubble = absent_at_bubble(state, {entry.entry_id})
    plan = plan_out(state, [member] + _absent_members(state, absent, at, 1), at, round_key, cmd.seed, bubble)
    place = next(c["place"] for c in plan["places"] if c["entry_id"] == entry.entry_id)
    bust = {
        "entry_id": entry.entry_id,
        "place": place,
        "at": at,
        "table_no": entry.table_no,
        "seat": entry.seat,
        "reason": "bust",
        "decided_at": cmd.now,
        **plan,
    }  # decided_at: a dealer's undo window (undo.py)
    if round_key is not None:
        bust["hand_for_hand_round"] = round_key[1]  # same-hand busts (TDA RP-8)
    if by is not None:
        bust["eliminated_by"] = by
    if _absent_no_prize(state, entry):
        bust["no_prize"] = True
    result = {"entry_id": entry.entry_id, "place": place, **_cards_drawn(state, plan)}
    if absent:  # N-3.2: out at the bubble with this bust
        bust["absent_out"] = _absent_out(state, absent)
        result["absent_out"] = _absent_result(plan, absent)
    leaving = {entry.entry_id, *absent}
    events = [Event("player_busted", bust), *money_events(state, len(leaving), absent, plan, at)]
    return Decision(events + _winner_events(state, leaving, at), result)


class BustItem(StrictSchema):
    entry_id = entry_field(required=True)
    starting_stack = chips_field(
        "N-1.15: same-hand busts are ranked by the stack at the start of the hand", required=True
    )
    # V-VII.r: who won the pot that put this player out (a side pot may go to another player than
    # the main pot); none given: the command's `eliminated_by`.
    eliminated_by = entry_field(load_default=None, allow_none=True)


class RecordBustsPayload(StrictSchema):
    table_no = fields.Integer(required=True, strict=True, validate=TABLE_NO)
    busts = fields.List(fields.Nested(BustItem), required=True, validate=validate.Length(min=1, max=30))
    eliminated_by = entry_field(load_default=None, allow_none=True)  # everyone's, unless a bust names his own


@command(
    "record_busts",
    payload=RecordBustsPayload,
    roles=STAFF,
    emits=("clock_paused", "players_busted", "absent_removed", "bubble_burst", "tournament_won"),
)
def decide_busts(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """Several players out in one hand at one table: more chips at the start of the hand = the
    better place (N-1.15, V-V.a, G-Setzregeln); equal stacks by the preset (a card, P-SidePots,
    or a shared place)."""
    table, problem = find_table(state, cmd)
    if problem:
        return problem
    table_no = table.table_no
    if state.status not in ("seated", "running"):
        return Rejection(
            "not_seated", "Seats have not been drawn yet — busts not applied.", "busts", params={"what": "busts"}
        )
    busts = cmd.payload.get("busts")
    if not isinstance(busts, list) or not busts:
        return Rejection("no_busts", "List the players out in this hand.", "busts", "invalid")
    seen: set[int] = set()
    entries = []
    for i, b in enumerate(busts):
        entry, problem = _entry(state, b.get("entry_id") if isinstance(b, dict) else None, f"busts.{i}.entry_id")
        if problem:
            return problem
        if entry.entry_id in seen:
            return Rejection("duplicate_entry", f"{entry.name} is listed twice.", f"busts.{i}.entry_id", "invalid")
        seen.add(entry.entry_id)
        problem = _still_in(state, entry, f"busts.{i}.entry_id", "busts")
        if problem:
            return problem
        if entry.table_no != table_no:
            return Rejection(
                "not_at_this_table",
                f"{entry.name} sits at table {entry.table_no}, not at table {table_no} — busts not applied.",
                f"busts.{i}.entry_id",
                params={"name": entry.name, "table": entry.table_no, "own_table": table_no},
            )
        stack = b.get("starting_stack")
        if not isinstance(stack, int) or isinstance(stack, bool) or stack < 0:
            return Rejection(
                "invalid_stack",
                "The starting stack is a whole number of chips, 0 or more "
                "(ranked by the chips at the start of the hand).",
                f"busts.{i}.starting_stack",
                "invalid",
                params={},
                rule=(state.preset.get("cite") or {}).get("same_hand_busts"),  # the house's own (N-1.15, V-V.a)
            )
        entries.append((entry, stack))
    if len(entries) >= state.players_left:
        return Rejection("nobody_left", "Somebody wins the pot: at least one player must stay in.", "busts", params={})
    winners: list[int | None] = []
    for i, b in enumerate(busts):
        own = b.get("eliminated_by") if isinstance(b, dict) else None
        field = f"busts.{i}.eliminated_by" if own is not None else "eliminated_by"
        by, problem = _eliminator(state, own if own is not None else cmd.payload.get("eliminated_by"), seen, field)
        if problem:
            return problem
        winners.append(by)
    at = recorded_at(cmd, seated_since(state, [e for e, _ in entries]))
    round_key = _h4h_round(state, at)
    members = [
        {"entry_id": e.entry_id, "stack": stack, "card": None, "at": at, "n": _seq_n(state, i), "table_no": table_no}
        for i, (e, stack) in enumerate(entries)
    ]
    absent, bubble = absent_at_bubble(state, seen)
    plan = plan_out(state, members + _absent_members(state, absent, at, len(members)), at, round_key, cmd.seed, bubble)
    payload = {
        "table_no": table_no,
        "at": at,
        "reason": "bust",
        "decided_at": cmd.now,
        "busts": [
            {
                "entry_id": e.entry_id,
                "seat": e.seat,
                "starting_stack": stack,
                **({"eliminated_by": by} if by is not None else {}),
                **({"no_prize": True} if _absent_no_prize(state, e) else {}),
            }
            for (e, stack), by in zip(entries, winners, strict=True)
        ],
        **plan,
    }
    if round_key is not None:
        payload["hand_for_hand_round"] = round_key[1]
    placed = {c["entry_id"]: c for c in plan["places"]}
    result = {
        "places": [
            {
                "entry_id": e.entry_id,
                "place": placed[e.entry_id]["place"],
                "tie": placed[e.entry_id]["tie"],
                "card": _card(plan, e.entry_id),
            }
            for e, _ in entries
        ],
        **_cards_drawn(state, plan),
    }
    if absent:  # N-3.2: out at the bubble with this hand
        payload["absent_out"] = _absent_out(state, absent)
        result["absent_out"] = _absent_result(plan, absent)
    leaving = seen | set(absent)
    events = [Event("players_busted", payload), *money_events(state, len(leaving), absent, plan, at)]
    return Decision(events + _winner_events(state, leaving, at), result)


def _cards_drawn(state: TournamentState, plan: dict) -> dict:
    """P-SidePots, N-2.13: every card drawn between equal stacks, each tied player's own, also a
    player's out at another table in the same hand-for-hand hand: the draw can be checked."""
    drawn = plan.get("cards") or {}
    if not drawn:
        return {}
    rows = []
    for entry_id, card in sorted(drawn.items(), key=lambda kv: int(kv[0])):
        e = state.entries[int(entry_id)]
        rows.append({"entry_id": e.entry_id, "name": e.name, "card": card, "table_no": e.table_no})
    return {"cards": rows}


def eliminator_of(payload: dict, item: dict) -> int | None:
    """Who won the pot that put one player of a bust event out: the bust's own eliminator (a
    side pot won by another player), else the event's (one winner for the hand; older logs)."""
    return item.get("eliminated_by", payload.get("eliminated_by"))


def _card(plan: dict, entry_id: int) -> str | None:
    return next((m["card"] for m in plan["members"] if m["entry_id"] == entry_id), None) or plan["cards"].get(
        str(entry_id)
    )


class PlayerLeavesPayload(StrictSchema):
    entry_id = entry_field(required=True)
    reason = Text(load_default="left", validate=validate.OneOf(("left", "absent", "no_show")))
    chips = chips_field(
        "V-VI.d: the chips of a player who leaves are taken out of play", load_default=None, allow_none=True
    )


@command(
    "player_leaves",
    payload=PlayerLeavesPayload,
    roles=DIRECTOR,
    emits=("clock_paused", "player_left", "bubble_burst", "tournament_won"),
)
def decide_leave(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """V-VI.d: a player who leaves for good gets the place of that moment; his chips leave play.
    N-3.2 / P-Satellite: an absent player removed the same way, with no prize."""
    entry, problem = _entry(state, cmd.payload.get("entry_id"))
    if problem:
        return problem
    problem = _still_in(state, entry, "entry_id", "leaving")
    if problem:
        return problem
    if state.status not in ("seated", "running"):
        return Rejection("not_seated", "Seats have not been drawn yet; nobody can leave the tournament.", "entry_id")
    reason = cmd.payload.get("reason", "left")
    if reason not in OUT_REASONS:
        return Rejection("invalid_reason", f"A player leaves as one of {', '.join(OUT_REASONS)}.", "reason", "invalid")
    if state.players_left < 2:
        return Rejection("last_player", f"{entry.name} is the last player in.", "entry_id")
    at = recorded_at(cmd, seated_since(state, [entry]))
    member = {
        "entry_id": entry.entry_id,
        "stack": None,
        "card": None,
        "at": at,
        "n": _seq_n(state, 0),
        "table_no": entry.table_no,
    }
    plan = plan_out(state, [member], at, None, cmd.seed)
    place = next(c["place"] for c in plan["places"] if c["entry_id"] == entry.entry_id)
    payload = {
        "entry_id": entry.entry_id,
        "place": place,
        "at": at,
        "reason": reason,
        "table_no": entry.table_no,
        "seat": entry.seat,
        "chips": cmd.payload.get("chips"),
        **plan,
    }
    events = [Event("player_left", payload), *money_events(state, 1, [], plan, at)]
    events += _winner_events(state, {entry.entry_id}, at)
    return Decision(events, {"entry_id": entry.entry_id, "place": place, "prize": reason not in NO_PRIZE})


class DisqualifyPayload(StrictSchema):
    entry_id = entry_field(required=True)
    reason = Text(required=True, multiline=True, validate=[validate.Length(min=1, max=200), not_blank])
    chips = chips_field("N-2.22: a disqualified player's chips leave play", load_default=None, allow_none=True)


@command(
    "disqualify",
    payload=DisqualifyPayload,
    roles=DIRECTOR,
    emits=("clock_paused", "player_disqualified", "bubble_burst", "tournament_won"),
    after_finish=True,
)
def decide_disqualify(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """N-2.22, N-3.7: a disqualified player gets no prize and the players below him move up.
    Also after the end (a prize winner found cheating)."""
    entry, problem = _entry(state, cmd.payload.get("entry_id"))
    if problem:
        return problem
    if entry.disqualified:
        return Rejection("already_disqualified", f"{entry.name} is already disqualified.", "entry_id")
    reason = " ".join(str(cmd.payload.get("reason", "")).split())
    if not reason:
        return Rejection("reason_required", "Say why (it goes into the record).", "reason", "invalid")
    if state.status not in ("seated", "running", "finished"):
        return Rejection("not_seated", "Before the seat draw, remove nobody: just do not seat him.", "entry_id")
    if entry.status == "released":
        return Rejection("never_played", f"{entry.name} lost the seat at check-in and never played.", "entry_id")
    active = entry.status == "active"
    payload = {
        "entry_id": entry.entry_id,
        "reason": reason,
        "at": recorded_at(cmd),
        "was": "in" if active else "out",
        "was_place": entry.place,
        "table_no": entry.table_no,
        "seat": entry.seat,
        "chips": cmd.payload.get("chips"),
    }
    events = []
    if active:
        if state.players_left - 1 < 1 and state.status != "finished":
            return Rejection("last_player", f"{entry.name} is the last player in.", "entry_id")
        payload["places"] = plan_shift_all(state, state.players_left - 1)
        if state.status != "finished":
            events = money_events(state, 1, [], {}, payload["at"])
            events += _winner_events(state, {entry.entry_id}, payload["at"])
    else:
        payload.update(plan_remove(state, entry.entry_id, state.players_left))
    return Decision(
        [Event("player_disqualified", payload)] + events,
        {"entry_id": entry.entry_id, "moved_up": len(payload["places"])},
    )


# ------------------------------------------------------------------ appliers


def _take_out(state: TournamentState, entry_id: int, at: int, reason: str) -> None:
    entry = state.entries[entry_id]
    entry.status, entry.busted_at, entry.out_reason = "busted", at, reason
    if entry.table_no in state.tables and entry.seat is not None:
        state.tables[entry.table_no].seats.pop(entry.seat, None)
    state.players_left -= 1
    state.absent.discard(entry_id)


def _legacy_bust(state: TournamentState, p: dict) -> None:
    """An early player_busted event (a place only, no group): a group of one, at its time."""
    member = {
        "entry_id": p["entry_id"],
        "stack": None,
        "card": None,
        "at": p["at"],
        "n": 0,
        "table_no": p.get("table_no"),
    }
    gid = state.next_group_id
    apply_out(
        state,
        {
            "group": {"id": gid, "join": False, "at": p["at"]},
            "tiers": [[p["entry_id"]]],
            "places": [{"entry_id": p["entry_id"], "place": p["place"], "tie": 1}],
        },
        [member],
    )


@applies("player_busted", seating=True, views="custom")
def apply_busted(state: TournamentState, event: Event) -> None:
    _take_out_all(state, event.payload, [event.payload])


@applies("players_busted", seating=True, views="custom")
def apply_players_busted(state: TournamentState, event: Event) -> None:
    _take_out_all(state, event.payload, event.payload["busts"])


@applies("player_left", seating=True, views="custom")
def apply_left(state: TournamentState, event: Event) -> None:
    p = event.payload
    _take_out_all(state, p, [p], left=True)


def _take_out_all(state: TournamentState, p: dict, items: list[dict], left: bool = False) -> None:
    """One bust, several in one hand, or a player leaving: each out, places given, money and the
    bubble brought up to date."""
    ids = [item["entry_id"] for item in items]
    for item in items:
        _take_out(state, item["entry_id"], p["at"], p.get("reason", "bust"))
        entry = state.entries[item["entry_id"]]
        entry.eliminated_by = eliminator_of(p, item)
        entry.no_prize = p.get("reason") in NO_PRIZE or bool(item.get("no_prize"))
        count_knockout(state, entry.eliminated_by, 1)
    for item in p.get("absent_out", ()):  # N-3.2: removed at the bubble, no prize, his chips leave play
        _take_out(state, item["entry_id"], p["at"], "absent")
        entry = state.entries[item["entry_id"]]
        entry.eliminated_by, entry.no_prize = None, True
        state.chips["unknown_removals"] += 1
        forget_count(state, item.get("table_no"))
        ids.append(item["entry_id"])
    if "group" not in p:
        _legacy_bust(state, p)
    else:
        apply_out(state, p, p["members"])
    if left:  # his chips leave play: counted, or to count (N-3.2)
        if p.get("chips") is None:
            state.chips["unknown_removals"] += 1
            note_uncounted(state, p["entry_id"], p.get("table_no"), p.get("seat"))
        else:
            state.chips["in_play"] -= p["chips"]
        forget_count(state, p.get("table_no"))
    money.refresh(state, [c["entry_id"] for c in p.get("places", [])] + ids)
    note_bubble(state, p["at"])


def count_knockout(state: TournamentState, by: int | None, step: int) -> None:
    """One player more (or, undone, less) put out by `by`: every bust counts, a rebuy's earlier one too."""
    if by is not None:
        state.knockouts[by] = state.knockouts.get(by, 0) + step


@applies("tournament_won", seating=True, views="custom")
def apply_won(state: TournamentState, event: Event) -> None:
    entry = state.entries[event.payload["entry_id"]]
    entry.place, entry.tie = 1, 1
    state.winner = entry.entry_id
    state.status = "finished"
    money.refresh(state, [entry.entry_id])


@applies("player_disqualified", seating=True, views="custom")
def apply_disqualified(state: TournamentState, event: Event) -> None:
    p = event.payload
    entry = state.entries[p["entry_id"]]
    if p["was"] == "in":
        _take_out(state, entry.entry_id, p["at"], "disqualified")
        entry.place, entry.tie = None, 1
        if state.winner == entry.entry_id:
            state.winner = None
        set_places(state, p["places"])
        note_bubble(state, p["at"])
        if p.get("chips") is None:
            state.chips["unknown_removals"] += 1
            note_uncounted(state, entry.entry_id, p.get("table_no"), p.get("seat"))
        else:
            state.chips["in_play"] -= p["chips"]
        forget_count(state, p.get("table_no"))
    else:
        apply_remove(state, entry.entry_id, p)
    entry.out_reason, entry.disqualified = "disqualified", True
    entry.busted_at = entry.busted_at or p["at"]
    money.refresh(state, [c["entry_id"] for c in p["places"]] + [entry.entry_id])
