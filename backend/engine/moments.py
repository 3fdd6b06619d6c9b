"""The moments a room watches — the bubble, the money, the final table — and the stacks that left
play without a count (N-3.2, N-3.7, N-2.9; docs/presets.md "The bubble").

- The **bubble** is reached when one bust more puts everybody left in the money (players left =
  paid places + 1); its time is noted when a bust or a departure brings the field there.
- The bubble **bursts** with the bust that leaves no more players than paid places: the deciding
  rule adds a `bubble_burst` event (the audit log's line, the "in the money" moment on every
  screen). An absent prepaid player taken out at the bubble (N-3.2, results.absent_at_bubble) gets
  an `absent_removed` event of his own: the app did it, not the dealer, and the log says so.
- The **final table** moment is the final_table_formed event of one table (engine/breaking.py).
- A stack that left play uncounted (the absent player's at the bubble, a player leaving or
  disqualified without a count) waits in `uncounted_stacks` until the director (N-3.2: he collects
  the stake) or the dealer of that table counts it (`count_removed_stack`): then the chips leave
  `chips.in_play`, so the average stack no longer counts them and the chip check is exact again.

Every function is O(1) or O(absent players): nothing here passes over the field.
"""

from __future__ import annotations

from . import money
from .catalog import STAFF, applies, command
from .model import Command, Decision, Event, Rejection, TournamentState, find_entry
from .payload import StrictSchema, chips_field, entry_field


def _cite(state: TournamentState, key: str) -> str:
    return str((state.preset.get("cite") or {}).get(key) or "")


def money_events(state: TournamentState, leaving: int, absent: list[int], plan: dict, at: int) -> list[Event]:
    """The automatic steps of a bust (or departure) that takes `leaving` players out, `absent` of
    them removed at the bubble (N-3.2): one `absent_removed` each, then `bubble_burst` when the
    field reaches the paid places (not when it reaches one: that is the winner's moment)."""
    placed = {c["entry_id"]: c["place"] for c in plan.get("places", ())}
    events = [
        Event(
            "absent_removed",
            {
                "entry_id": e,
                "table_no": state.entries[e].table_no,
                "seat": state.entries[e].seat,
                "place": placed.get(e),
                "at": at,
                # the rule that removed him, as the audit log quotes it ("reason")
                "reason": _cite(state, "no_show") or "no_show",
            },
        )
        for e in absent
    ]
    paid = money.paid_places(state)
    after = state.players_left - leaving
    if paid and after > 1 and after <= paid < state.players_left:
        events.append(
            Event(
                "bubble_burst",
                {"at": at, "paid": paid, "players_left": after, "reason": _cite(state, "payouts") or "payouts"},
            )
        )
    return events


def note_bubble(state: TournamentState, at: int) -> None:
    """After players went out: the time the field reached the bubble (paid places + 1)."""
    paid = money.paid_places(state)
    if paid and state.players_left == paid + 1 and state.status in ("seated", "running"):
        state.moments["bubble"] = at


def note_uncounted(state: TournamentState, entry_id: int, table_no: int | None, seat: int | None) -> None:
    """His chips left play and nobody counted them: the dealer of his table (or the director) will."""
    state.uncounted_stacks[entry_id] = {"entry_id": entry_id, "table_no": table_no, "seat": seat}


def moments_view(state: TournamentState, tables_in_play: int) -> dict:
    """The moments on every screen: each one's time while it is the room's state, else null."""
    paid = money.paid_places(state)
    on = state.status in ("seated", "running")
    m = state.moments
    return {
        "paid": paid,
        "bubble": m.get("bubble") if on and paid and state.players_left == paid + 1 else None,
        "money": m.get("money") if on and paid and state.players_left <= paid else None,
        "final_table": m.get("final_table") if on and tables_in_play == 1 else None,
    }


# Why a stack left play → the preset's rule for it (quoted on the phones).
RULE_OF_REASON = {"absent": "no_show", "no_show": "no_show", "left": "leave", "disqualified": "disqualification"}


def uncounted_rows(state: TournamentState, table_no: int | None = None) -> list[dict]:
    """The stacks still to count (of one table, or all), with names and the rule; a handful at most."""
    rows = []
    for row in state.uncounted_stacks.values():
        if table_no is not None and row["table_no"] != table_no:
            continue
        entry = state.entries[row["entry_id"]]
        rule = _cite(state, RULE_OF_REASON.get(entry.out_reason or "", "")) or None
        rows.append({**row, "name": entry.name, "reason": entry.out_reason, "rule": rule})
    return rows


class CountRemovedStackPayload(StrictSchema):
    entry_id = entry_field(required=True)
    chips = chips_field("the chips of a stack taken out of play, counted", required=True)


@command("count_removed_stack", payload=CountRemovedStackPayload, roles=STAFF, emits=("removed_stack_counted",))
def decide_count_removed_stack(state: TournamentState, cmd: Command) -> Decision | Rejection:
    """The chips of a stack that left play uncounted (N-3.2: "der Stake wird vom Turnierleiter
    eingezogen"), counted by the dealer of the table it lay at or by the director."""
    entry, problem = find_entry(state, cmd.payload.get("entry_id"))
    if problem:
        return problem
    waiting = state.uncounted_stacks.get(entry.entry_id)
    if waiting is None:
        return Rejection(
            "stack_not_waiting",
            f"{entry.name}'s stack is not waiting for a count (already counted, or still in play).",
            "entry_id",
            params={"name": entry.name},
        )
    if cmd.actor.role == "dealer" and waiting["table_no"] != cmd.actor.table_no:
        return Rejection(
            "not_at_your_table",
            f"{entry.name}'s stack lay at table {waiting['table_no']}, not at table {cmd.actor.table_no}.",
            "entry_id",
            "forbidden",
            params={
                "name": entry.name,
                "table": waiting["table_no"],
                "own_table": cmd.actor.table_no,
                "variant": "stack",
            },
        )
    chips = cmd.payload.get("chips")
    payload = {"entry_id": entry.entry_id, "chips": chips, "table_no": waiting["table_no"], "at": cmd.now}
    return Decision([Event("removed_stack_counted", payload)], {"entry_id": entry.entry_id, "chips": chips})


# ------------------------------------------------------------------ appliers


@applies("absent_removed", views=("table",))
def apply_absent_removed(state: TournamentState, event: Event) -> None:
    """He is out already (the bust's `absent_out`); his stack waits for its count."""
    p = event.payload
    note_uncounted(state, p["entry_id"], p.get("table_no"), p.get("seat"))


@applies("bubble_burst", views=())
def apply_bubble_burst(state: TournamentState, event: Event) -> None:
    state.moments["money"] = event.payload["at"]


@applies("removed_stack_counted", views=("table",))
def apply_removed_stack_counted(state: TournamentState, event: Event) -> None:
    p = event.payload
    if state.uncounted_stacks.pop(p["entry_id"], None) is not None:
        state.chips["unknown_removals"] = max(0, state.chips["unknown_removals"] - 1)
    state.chips["in_play"] -= p["chips"]
