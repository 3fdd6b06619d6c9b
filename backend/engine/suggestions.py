"""What the floor should do next, each with its reason in words (docs/seating.md).

One round costs a pass over the table counts plus the two tables of each move: never a pass
over the players. Lots are drawn from the tournament's seq, so a round is reproducible; the
command that applies a suggestion records who actually moved.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import replace
from typing import Any

from .balancing import balance_plan, halt_of, halt_setting, threshold, who_moves, worst_seat
from .breaking import final_rule, final_stage
from .census import Census, census
from .hand_for_hand import rule_id as hand_for_hand_rule
from .model import TournamentState
from .table_ops import redraw_rule

RULE_FOR_WHO = {
    "next_big_blind": "N-2.11 / TDA 11A",
    "utg_next_hand": "V-III.e",
    "same_relative_position": "G-Sitzordnung",
    "lot": "S-#6",
    "lot_no_button": "TDA 11A",
}
WHY_WHO = {
    "next_big_blind": "would post the big blind next",
    "utg_next_hand": "is under the gun next hand",
    "same_relative_position": "sits in the same position relative to the button",
    "lot": "was drawn by lot",
    "lot_no_button": "was drawn by lot (no button recorded)",
}


def suggestions(state: TournamentState, now: int | None = None) -> list[dict]:
    if state.status not in ("seated", "running"):
        return []
    tables = census(state)  # the tables in play: kept per command, never a pass over them all
    profile = state.seating
    out: list[dict] = _no_shows(state, now)
    final = profile.get("final_table", {})
    size = int(final.get("size", state.max_per_table))
    stage = final_stage(state)
    if stage:
        n = state.players_left
        # The real counts: the final table seats everyone left (9 of a table of 10), and G-Final's two
        # tables are as even as the redraw makes them (15: 8 and 7).
        seats = [n] if stage[0] == 1 else [-(-n // 2), n // 2]
        text = (
            f"{n} players left: form the final table with all {n}."
            if stage[0] == 1
            else f"{n} players left: redraw onto two tables of "
            f"{seats[0] if seats[0] == seats[1] else f'{seats[0]} and {seats[1]}'} (G-Final)."
        )
        out.append(
            {
                "id": f"final:{state.seq}",
                "kind": "final_table",
                "tables": stage[0],
                "size": size,
                "players_left": n,
                "seats": seats,
                "rule": (final_rule(state) or "") if stage[0] == 1 else "G-Final",
                "text": text,
            }
        )
        return out + _hand_for_hand(state, size, len(tables.sizes))
    out += _breaks(state, tables)
    out += _moves(state, tables)
    out += _halts(state, tables)
    out += _hand_for_hand(state, size, len(tables.sizes))
    return out


def break_fit(state: TournamentState) -> int:
    """Players per table the others must hold before one breaks (TDA 11C / S-#5)."""
    return int(state.seating.get("break_only_when_fit") or state.max_per_table)


def table_to_break(state: TournamentState, sizes: dict[int, int]) -> int:
    """The break order's first table still in play, else the highest number."""
    order = [n for n in state.break_order if n in sizes]
    return order[0] if order else max(sizes)


def move_lot(state: TournamentState) -> random.Random | None:
    """G-Sitzordnung: which of several equally full tables gives up a player is drawn by lot (from
    the seq, so every phone sees the same draw until the floor changes)."""
    return random.Random(state.seq) if state.seating.get("fuller_table_ties") == "lot" else None


def _breaks(state: TournamentState, tables: Census) -> list[dict]:
    """TDA 11C / S-#5: break a table once the others hold everyone. Never down to one table: that
    is the final table, formed by its own procedure at the preset's size (N-2.9, V-IV, S-#2)."""
    limit = break_fit(state)
    after = len(tables.sizes) - 1
    if after < 2 or state.players_left > after * limit:
        return []
    table_no = table_to_break(state, tables.sizes)
    return [
        {
            "id": f"break:{table_no}:{state.seq}",
            "kind": "break",
            "table_no": table_no,
            "players_left": state.players_left,
            "tables_after": after,
            # the house's own rule for breaking (N-2.10, S-#5, V-III.d), else the TDA's
            "rule": (state.preset.get("cite") or {}).get("break_table") or "TDA 11C",
            "text": f"{state.players_left} players fit at {after} tables: break table {table_no}.",
        }
    ]


def _moves(state: TournamentState, tables: Census) -> list[dict]:
    counts = dict(tables.sizes)
    lot = move_lot(state)
    most_apart = threshold(state.seating, len(counts))
    plan = balance_plan(counts, most_apart, most=20, lot=lot, heaps=tables.heaps())  # a round shows 20 at most
    if not plan:
        return []
    touched = {n for move in plan for n in move}
    # Only the tables that move, and only their seats change below: a shallow copy with its own
    # seats (a deepcopy cost ~1 ms per round at 100 tables).
    scratch = {n: replace(state.tables[n], seats=dict(state.tables[n].seats)) for n in touched}
    out = []
    limit = state.seating.get("redraw_button_when_new_players")
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
        tied = sorted(n for n in counts if counts[n] == counts[src_no]) if lot else []
        move: dict[str, Any] = {
            "id": f"move:{entry_id}:{dst_no}:{seat}:{state.seq}",
            "kind": "move",
            "entry_id": entry_id,
            "name": entry.name,
            "from_table": src_no,
            "from_seat": from_seat,
            "to_table": dst_no,
            "to_seat": seat,
            "who": why,
            "where": where,
            "diff": diff,
            "rule": RULE_FOR_WHO[why],
            "text": (
                f"Seat {from_seat} ({entry.name}) {WHY_WHO[why]} at table {src_no}, which has {diff} more "
                f"players than table {dst_no}: move to seat {seat}"
                + (" (big blind next)." if where == "next_big_blind" else ".")
            ),
        }
        if len(tied) > 1:
            move["lot_among"] = tied
            rule = (state.preset.get("cite") or {}).get("fuller_table_ties")
            move["text"] += (
                f" Table {src_no} was drawn by lot among tables {', '.join(map(str, tied[:-1]))} "
                f"and {tied[-1]}{f' ({rule})' if rule else ''}."
            )
        # V-III.i: the second newcomer before a hand makes the table draw for the button again.
        redraw = bool(limit and dst.arrivals + 1 >= limit and dst.button is not None)
        if redraw:
            move["redraw_button"] = True
            move["text"] += f" Table {dst_no} then draws for the button again ({redraw_rule(state, 'new_players')})."
        out.append(move)
        del src.seats[from_seat]
        dst.seats[seat] = entry_id
        dst.arrivals += 1
        if redraw:
            dst.button = dst.sb = dst.bb = None
            dst.hand_no, dst.arrivals = 0, 0
        counts[src_no] -= 1
        counts[dst_no] += 1
    return out


def _halts(state: TournamentState, tables: Census) -> list[dict]:
    """V-III.h: play stops at a table 2 short; TDA 11D: 3 short of the fullest table. The dealer's
    phone there holds the next hand (and the server refuses it) until balanced or let play on.
    The shortest tables first, from the census: only those short enough are looked at."""
    setting = halt_setting(state)
    if setting is None or len(tables.sizes) < 2:
        return []
    top = tables.fullest()
    short = []
    shortest = list(tables.shortest_first)  # a copy to pop from
    while shortest and top - shortest[0][0] >= setting[0]:
        size, n = heapq.heappop(shortest)
        if tables.sizes.get(n) == size:
            short.append(n)
    out = []
    for n in sorted(set(short)):
        halt = halt_of(state, state.tables[n], top)
        if halt:
            out.append(
                {
                    "id": f"halt:{n}:{state.seq}",
                    "kind": "halt",
                    "table_no": n,
                    "short": halt["short"],
                    "rule": halt["rule"],
                    "text": f"Table {n} is {halt['short']} players short: stop play there until it is balanced.",
                }
            )
    return out


def _hand_for_hand(state: TournamentState, final_size: int, tables: int) -> list[dict]:
    trigger = state.seating.get("hand_for_hand", {})
    if state.hand_for_hand["active"] or not trigger or tables < 2:  # one table waits for nobody
        return []
    at = {
        "players_left": trigger.get("players_left"),
        "one_before_final_table_with_all_in": final_size + 1,
        "bubble": _bubble(state),
    }.get(trigger.get("trigger"))
    if at is None or state.players_left != at:
        return []
    return [
        {
            "id": f"hfh:{state.seq}",
            "kind": "hand_for_hand",
            "rule": hand_for_hand_rule(state),
            "players_left": state.players_left,
            "text": f"{state.players_left} players left: start hand-for-hand.",
        }
    ]


def _bubble(state: TournamentState) -> int | None:
    from .money import paid_places

    paid = paid_places(state)
    return paid + 1 if paid else None


def _no_shows(state: TournamentState, now: int | None) -> list[dict]:
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
    return [
        {
            "id": f"no_show:{e}:{state.seq}",
            "kind": "remove_absent",
            "entry_id": e,
            "reason": reason,
            "name": state.entries[e].name,
            "rule": rule_id,
            "text": f"{state.entries[e].name} is not here and {why}"
            f"{' (' + rule_id + ')' if rule_id else ''}: remove him.",
        }
        for e in sorted(state.absent)
    ]
