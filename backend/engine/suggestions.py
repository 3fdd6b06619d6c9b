"""What the floor should do next, each with its reason in words (docs/seating.md).

One round costs a pass over the table counts plus the two tables of each move: never a pass
over the players. Lots are drawn from the tournament's seq, so a round is reproducible; the
command that applies a suggestion records who actually moved.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from .balancing import active_tables, balance_plan, threshold, who_moves, worst_seat
from .breaking import final_stage

from .model import TournamentState

RULE_FOR_WHO = {"next_big_blind": "N-2.11 / TDA 11A", "utg_next_hand": "V-III.e",
                "same_relative_position": "G-Sitzordnung", "lot": "S-#6", "lot_no_button": "TDA 11A"}
WHY_WHO = {"next_big_blind": "would post the big blind next", "utg_next_hand": "is under the gun next hand",
           "same_relative_position": "sits in the same position relative to the button",
           "lot": "was drawn by lot", "lot_no_button": "was drawn by lot (no button recorded)"}


def suggestions(state: TournamentState, now: Optional[int] = None) -> list[dict]:
    if state.status not in ("seated", "running"):
        return []
    tables = active_tables(state)
    profile = state.seating
    out: list[dict] = _no_shows(state, now)
    final = profile.get("final_table", {})
    size = int(final.get("size", state.max_per_table))
    stage = final_stage(state)
    if stage:
        text = (f"{state.players_left} players left: form the final table of {size}." if stage[0] == 1 else
                f"{state.players_left} players left: redraw onto two tables of {size} (G-Final).")
        out.append({"id": f"final:{state.seq}", "kind": "final_table", "tables": stage[0], "size": size,
                    "players_left": state.players_left,
                    "rule": "N-2.9 / V-IV / S-#2" if stage[0] == 1 else "G-Final", "text": text})
        return out + _hand_for_hand(state, size)
    out += _breaks(state, tables)
    out += _moves(state, tables)
    out += _halts(state, tables, profile)
    out += _hand_for_hand(state, size)
    return out


def _breaks(state: TournamentState, tables) -> list[dict]:
    limit = int(state.seating.get("break_only_when_fit") or state.max_per_table)
    if len(tables) < 2 or state.players_left > (len(tables) - 1) * limit:
        return []
    order = [n for n in state.break_order if n in state.tables and not state.tables[n].broken]
    table_no = order[0] if order else max(t.table_no for t in tables)
    return [{"id": f"break:{table_no}:{state.seq}", "kind": "break", "table_no": table_no,
             "players_left": state.players_left, "tables_after": len(tables) - 1,
             "rule": "TDA 11C / S-#5",
             "text": f"{state.players_left} players fit at {len(tables) - 1} tables: break table {table_no}."}]


def _moves(state: TournamentState, tables) -> list[dict]:
    counts = {t.table_no: len(t.seats) for t in tables}
    plan = balance_plan(counts, threshold(state.seating, len(tables)), most=20)  # a round shows 20 at most
    if not plan:
        return []
    touched = {n for move in plan for n in move}
    # Only the tables that move, and only their seats change below: a shallow copy with its own
    # seats (a deepcopy cost ~1 ms per round at 100 tables).
    scratch = {n: replace(state.tables[n], seats=dict(state.tables[n].seats)) for n in touched}
    out = []
    for i, (src_no, dst_no) in enumerate(plan):
        src, dst = scratch[src_no], scratch[dst_no]
        target = worst_seat(dst, state.seating)
        if target is None:
            break
        entry_id, why = who_moves(state, src, dst, seed=state.seq * 1_000 + i)
        seat, where = target
        entry = state.entries[entry_id]
        from_seat = next(s for s, e in src.seats.items() if e == entry_id)
        diff = counts[src_no] - counts[dst_no]
        out.append({
            "id": f"move:{entry_id}:{dst_no}:{seat}:{state.seq}", "kind": "move", "entry_id": entry_id,
            "name": entry.name, "from_table": src_no, "from_seat": from_seat, "to_table": dst_no, "to_seat": seat,
            "who": why, "where": where, "diff": diff, "rule": RULE_FOR_WHO[why],
            "text": (f"Seat {from_seat} ({entry.name}) {WHY_WHO[why]} at table {src_no}, which has {diff} more "
                     f"players than table {dst_no}: move to seat {seat}"
                     + (" (big blind next)." if where == "next_big_blind" else "."))})
        del src.seats[from_seat]
        dst.seats[seat] = entry_id
        counts[src_no] -= 1
        counts[dst_no] += 1
    return out


def _halts(state: TournamentState, tables, profile: dict) -> list[dict]:
    """V-III.h: play stops at a table 2 short; TDA 11D: 3 short of the fullest table."""
    halt = profile.get("halt_short_table")
    if not halt or len(tables) < 2:
        return []
    short = int(halt.get("short_of_fullest", 3)) if isinstance(halt, dict) else 3
    fullest = max(len(t.seats) for t in tables)
    return [{"id": f"halt:{t.table_no}:{state.seq}", "kind": "halt", "table_no": t.table_no,
             "short": fullest - len(t.seats),
             "rule": "V-III.h" if short == 2 else "TDA 11D",
             "text": f"Table {t.table_no} is {fullest - len(t.seats)} players short: stop play there until it is balanced."}
            for t in tables if fullest - len(t.seats) >= short]


def _hand_for_hand(state: TournamentState, final_size: int) -> list[dict]:
    trigger = state.seating.get("hand_for_hand", {})
    if state.hand_for_hand["active"] or not trigger:
        return []
    at = {"players_left": trigger.get("players_left"),
          "one_before_final_table_with_all_in": final_size + 1,
          "bubble": _bubble(state)}.get(trigger.get("trigger"))
    if at is None or state.players_left != at:
        return []
    rule = {"players_left": "N-2.13", "one_before_final_table_with_all_in": "V-V.b", "bubble": "TDA 21"}[trigger["trigger"]]
    return [{"id": f"hfh:{state.seq}", "kind": "hand_for_hand", "rule": rule,
             "text": f"{state.players_left} players left: start hand-for-hand."}]


def _bubble(state: TournamentState):
    from .money import paid_places
    paid = paid_places(state)
    return paid + 1 if paid else None


def _no_shows(state: TournamentState, now: Optional[int]) -> list[dict]:
    """Players who have not come (`format.no_show`): N-3.2 blinds a prepaid absentee off until the
    bubble, then removes him with no prize; P-Satellite removes a finalist not seated during
    level 1. Each is a suggestion; `player_leaves {reason}` carries it out. A pass over the absent
    players only."""
    rule = state.format.get("no_show")
    if not rule or not state.absent:
        return []
    until = rule.get("until")
    if until == "bubble":
        from .money import paid_places
        paid = paid_places(state)
        # Remove them while every one of them still finishes outside the money.
        due = bool(paid) and state.players_left <= paid + len(state.absent)
        reason, why = "absent", "the bubble is reached: his stack is removed, no prize"
    else:
        from .deadlines import describe, is_open
        due = now is not None and state.clock.status != "idle" and not is_open(state, until, now)
        reason, why = "no_show", f"not seated by {describe(until)}: he is out"
    if not due:
        return []
    rule_id = (state.preset.get("cite") or {}).get("no_show", "")
    return [{"id": f"no_show:{e}:{state.seq}", "kind": "remove_absent", "entry_id": e, "reason": reason,
             "name": state.entries[e].name, "rule": rule_id,
             "text": f"{state.entries[e].name} is not here and {why}"
                     f"{' (' + rule_id + ')' if rule_id else ''}: remove him."}
            for e in sorted(state.absent)]
