"""Undoing a wrongly recorded bust: a correcting command, never a deletion.

The log is append-only, so `undo_bust` writes a `bust_undone` event that puts the player back:
- in his old seat if it is still free at a table still in play, else in the seat the director
  names (`table_no`, `seat`);
- with his chips unknown: they never left the table (a bust moves them to the winner of the pot,
  chips in play stay as they were), so nothing is added; the table's last count no longer says
  who holds what, and the director enters his stack with the next chip count;
- out of the finishing order: the players out after him (better places) move one place down,
  those out before him keep theirs (`places.plan_remove` with one more player still in, the same
  re-placing a rebuy or re-entry does: only the groups after his are touched). Of a same-hand
  group (N-1.15) only he leaves; the others keep their order and close the gap;
- the headhunter chips his bust handed to the eliminator go back (V-VII.r, as many as the
  eliminator still holds: a balance never goes negative);
- money follows the places (N-3.7, N-3.8): a prize paid to him or to anyone whose place moved
  becomes a correction, the same as after a late bust.

A dealer may undo a bust at his own table too (the toast's Undo), but only the latest
bust there, only while no hand has started at that table since, and only within
`DEALER_UNDO_MS` of the server's time the bust was decided (the command's `now`; the engine reads
no clock). Anything older is the director's to correct, with a reason in the record.

The bust that ended the tournament may be undone too: the tournament is back in play and the
winner's place is cleared. Once the tournament is over, only that last bust may be undone (the
others would reopen play long after the end). Disqualified players (N-2.22) and players who
left (V-VI.d, N-3.2) were not busted: their records are not undone here.
"""

from __future__ import annotations

from marshmallow import fields, validate

from . import money
from .catalog import STAFF, applies, command
from .chips import forget_count
from .model import Command, Decision, Entry, Event, Lookup, Rejection, TournamentState, find_entry
from .payload import SEAT, TABLE_NO, StrictSchema, Text, entry_field, not_blank
from .places import apply_remove, plan_remove
from .results import count_knockout

# A dealer's undo: within this long after the server decided the bust (its Undo toast shows 10 s;
# the rest is room for a slow network or a retry).
DEALER_UNDO_MS = 60_000


def note_bust(state: TournamentState, event: Event) -> None:
    """After a bust event: the table's latest bust, for a dealer's undo."""
    p = event.payload
    ids = [b["entry_id"] for b in p["busts"]] if "busts" in p else [p["entry_id"]]
    table_no = p.get("table_no")
    if table_no is None:
        return
    state.last_bust[table_no] = {"entry_ids": ids, "decided_at": p.get("decided_at", p.get("at")), "hand_since": False}


def note_hand(state: TournamentState, event: Event) -> None:
    """A hand started: the table's last bust is no longer the dealer's to undo."""
    last = state.last_bust.get(event.payload["table_no"])
    if last is not None:
        last["hand_since"] = True


def _dealer_may(state: TournamentState, cmd: Command, entry: Entry) -> Rejection | None:
    """A dealer undoes only his table's latest bust, before the next hand, within the window."""
    own = cmd.actor.table_no
    if entry.table_no != own:
        return Rejection(
            "not_at_your_table",
            f"{entry.name} sat at table {entry.table_no}, not at table {own} — undo not applied.",
            "entry_id",
            "forbidden",
            params={"name": entry.name, "table": entry.table_no, "own_table": own, "variant": "undo"},
        )
    named = cmd.payload.get("table_no")
    if named is not None and named != own:
        return Rejection(
            "not_your_table", f"This phone belongs to table {own}.", "table_no", "forbidden", params={"own_table": own}
        )
    last = state.last_bust.get(own) if own is not None else None
    if last is None or entry.entry_id not in last["entry_ids"]:
        return Rejection(
            "not_last_bust",
            f"{entry.name}'s bust is not the latest at table {own}; the director can undo it.",
            "entry_id",
            params={"name": entry.name, "table": own},
        )
    if last["hand_since"]:
        return Rejection(
            "hand_since_bust",
            f"A new hand has started at table {own} since {entry.name}'s bust; the director can undo it.",
            "entry_id",
            params={"name": entry.name, "table": own},
        )
    if last["decided_at"] is None or cmd.now - last["decided_at"] > DEALER_UNDO_MS:
        seconds = DEALER_UNDO_MS // 1000
        return Rejection(
            "undo_too_late",
            f"{entry.name}'s bust is more than {seconds} seconds old; the director can undo it.",
            "entry_id",
            params={"name": entry.name, "seconds": seconds},
        )
    return None


def _reason(entry: Entry) -> Rejection | None:
    """Why this entry has no bust to undo, or None."""
    if entry.status == "active":
        return Rejection("still_in", f"{entry.name} is still in the tournament — there is no bust to undo.", "entry_id")
    if entry.disqualified:
        return Rejection(
            "not_a_bust",
            f"{entry.name} was disqualified (N-2.22), not busted — a disqualification is not undone here.",
            "entry_id",
        )
    if entry.out_reason not in (None, "bust"):
        return Rejection(
            "not_a_bust",
            f"{entry.name} was taken out as '{entry.out_reason}', not busted — only a bust can be undone.",
            "entry_id",
        )
    return None


def _ended_it(state: TournamentState, entry: Entry) -> bool:
    """After the end, only the bust that ended the tournament (the latest group out) is undone."""
    return bool(state.out_groups) and state.group_of.get(entry.entry_id) is state.out_groups[-1]


def _named_seat(state: TournamentState, cmd: Command) -> Lookup:
    table_no, seat = cmd.payload.get("table_no"), cmd.payload.get("seat")
    if seat is None:
        return None, Rejection("seat_required", f"Name the seat at table {table_no} too.", "seat", "invalid")
    if table_no is None:
        return None, Rejection("table_required", f"Name the table of seat {seat} too.", "table_no", "invalid")
    table = state.tables.get(table_no)
    if table is None or table.broken:
        why = "has been broken" if table is not None else "does not exist"
        return None, Rejection(
            "table_not_in_play", f"Table {table_no} {why}; choose a seat at a table in play.", "table_no"
        )
    if not 1 <= seat <= table.max_seats:
        return None, Rejection("no_such_seat", f"Table {table_no} has seats 1 to {table.max_seats}.", "seat", "invalid")
    if seat in table.seats:
        taken = state.entries[table.seats[seat]].name
        return None, Rejection(
            "seat_taken", f"Table {table_no} seat {seat} is taken by {taken}; choose a free seat.", "seat"
        )
    return (table_no, seat), None


def _old_seat(state: TournamentState, entry: Entry) -> Lookup:
    table = state.tables.get(entry.table_no) if entry.table_no is not None else None
    if table is None or table.broken:
        return None, Rejection(
            "seat_gone",
            f"Table {entry.table_no} has been broken since {entry.name}'s bust; choose a seat (table_no and seat).",
            "table_no",
        )
    if entry.seat in table.seats:
        taken = state.entries[table.seats[entry.seat]].name
        return None, Rejection(
            "seat_taken",
            f"Table {entry.table_no} seat {entry.seat} has been taken by {taken} since; choose a seat.",
            "seat",
        )
    return (entry.table_no, entry.seat), None


def _hh_back(state: TournamentState, entry: Entry) -> list[dict]:
    given = state.hh_given.get(entry.entry_id)
    if not given:
        return []
    chips = min(given["chips"], max(0, state.hh.get(given["to"], 0)))
    return [{"from": given["to"], "to": entry.entry_id, "chips": chips}] if chips > 0 else []


class UndoBustPayload(StrictSchema):
    """A wrong bust undone; table_no and seat only when his old seat is gone."""

    entry_id = entry_field(required=True)
    reason = Text(required=True, multiline=True, validate=[validate.Length(min=1, max=200), not_blank])
    table_no = fields.Integer(load_default=None, allow_none=True, strict=True, validate=TABLE_NO)
    seat = fields.Integer(load_default=None, allow_none=True, strict=True, validate=SEAT)


@command("undo_bust", payload=UndoBustPayload, roles=STAFF, emits=("bust_undone",), after_finish=True)
def decide_undo_bust(state: TournamentState, cmd: Command) -> Decision | Rejection:
    entry, problem = find_entry(state, cmd.payload.get("entry_id"))
    if problem:
        return problem
    problem = _reason(entry)
    if problem:
        return problem
    if cmd.actor.role == "dealer":
        problem = _dealer_may(state, cmd, entry)
        if problem:
            return problem
    reason = " ".join(str(cmd.payload.get("reason") or "").split())
    if not reason:
        return Rejection(
            "reason_required", "Say why the bust was wrong (it goes into the record).", "reason", "invalid"
        )
    if state.status == "finished" and not _ended_it(state, entry):
        return Rejection(
            "tournament_finished",
            f"The tournament is over; only the bust that ended it can be "
            f"undone, not {entry.name}'s (place {entry.place}).",
            "entry_id",
        )
    if cmd.payload.get("table_no") is not None or cmd.payload.get("seat") is not None:
        where, problem = _named_seat(state, cmd)
    else:
        where, problem = _old_seat(state, entry)
    if problem:
        return problem
    plan = plan_remove(state, entry.entry_id, state.players_left + 1)
    for change in plan["places"]:
        change["was"] = state.entries[change["entry_id"]].place  # the audit: who moved from where
    payload = {
        "entry_id": entry.entry_id,
        "reason": reason,
        "at": cmd.now,
        "table_no": where[0],
        "seat": where[1],
        "from_table": entry.table_no,
        "from_seat": entry.seat,
        "was_place": entry.place,
        "was_tie": entry.tie,
        "eliminated_by": entry.eliminated_by,
        **plan,
    }
    moved = _hh_back(state, entry)
    if moved:
        payload["hh_transfers"] = moved  # applied by headhunter.apply_extra, like a bust's
    if state.status == "finished":
        payload["winner_cleared"] = state.winner
        payload["status"] = "running" if state.clock.status != "idle" else "seated"
        if state.clock.status == "paused" and state.clock.reason == "tournament_over":
            # The win stopped the clock (clock.stop_for_good); it stays paused, now as the
            # director's pause, until he resumes play.
            payload["clock_reason"] = "director"
    shifted = [{"entry_id": c["entry_id"], "from": c["was"], "to": c["place"]} for c in plan["places"]]
    return Decision(
        [Event("bust_undone", payload)],
        {"entry_id": entry.entry_id, "table_no": where[0], "seat": where[1], "shifted": shifted},
    )


@applies("bust_undone", seating=True, views="custom")
def apply_bust_undone(state: TournamentState, event: Event) -> None:
    p = event.payload
    entry = state.entries[p["entry_id"]]
    apply_remove(state, entry.entry_id, p)
    count_knockout(state, p.get("eliminated_by"), -1)
    entry.status, entry.busted_at, entry.out_reason, entry.eliminated_by = "active", None, None, None
    entry.no_prize = False
    state.players_left += 1
    state.hh_given.pop(entry.entry_id, None)
    from_table = p.get("from_table")  # None: the player had no table
    last = state.last_bust.get(from_table) if from_table is not None else None
    if last is not None and entry.entry_id in last["entry_ids"]:  # he is back: not undone twice
        last["entry_ids"] = [i for i in last["entry_ids"] if i != entry.entry_id]
    state.away.discard(entry.entry_id)
    if not entry.present:  # N-3.2: busted while blinded off, he comes back blinded off
        state.absent.add(entry.entry_id)
    state.tables[p["table_no"]].seats[p["seat"]] = entry.entry_id
    entry.table_no, entry.seat = p["table_no"], p["seat"]
    # His stack is unknown until the next count; if he changed tables, both counts are stale.
    forget_count(state, p["table_no"])
    forget_count(state, p.get("from_table"))
    touched = [c["entry_id"] for c in p["places"]] + [entry.entry_id]
    if p.get("winner_cleared") is not None:
        winner = state.entries[p["winner_cleared"]]
        winner.place, winner.tie = None, 1
        state.winner = None
        state.status = p["status"]
        if p.get("clock_reason"):
            state.clock.reason = p["clock_reason"]
        touched.append(winner.entry_id)
    money.refresh(state, touched)
