"""Finishing order and places (N-1.15, V-V.a, G-Setzregeln, P-SidePots, TDA RP-8, V-VI.d, N-3.7).

Players out at one moment form a **group**: one bust, several busts in one hand at one table
(`record_busts`), or everyone out in one hand-for-hand round. Groups are ordered by the time they
were *recorded* (`cmd.at`), not by when they reached the server. Inside a group, `tiers` order the
players worst first; a tier of several players shares one place (a declared tie).

Places count from the top: the latest group's best tier sits right below the players still in,
and each earlier tier below that. So a bust that arrives late re-places only the groups recorded
after it, and the deciding rule writes every re-placing into its event: replay never recomputes.

Everything here is pure: `plan_*` functions read the state and return what the event records;
`apply_*` functions write exactly that.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field

from .model import TournamentState

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # clubs < diamonds < hearts < spades (P-SidePots, the race-for-chips order)
DECK = [r + s for r in RANKS for s in SUITS]


def card_value(card: str | None) -> int:
    """Rank first, then suit (P-SidePots: "dieselbe Rangfolge wie bei einem Race for Chips")."""
    if not card:
        return -1
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


@dataclass
class OutGroup:
    gid: int
    at: int
    members: list[dict]  # {"entry_id", "stack", "card", "at", "n", "table_no"}
    shared: bool = False  # a hand-for-hand round whose players share the place (TDA RP-8)
    round: tuple | None = None  # (hand-for-hand period, round) or None
    tiers: list[list[int]] = field(default_factory=list)  # worst first; several in a tier = a tie
    ordered_by: str = "single"  # single | stack | recorded | shared


# ------------------------------------------------------------------ ranking inside a group


def equal_stacks_rule(state: TournamentState) -> str:
    """What decides between equal starting stacks: a card draw (P-SidePots) or a shared place."""
    seating = state.seating
    default = "share" if seating.get("same_hand_busts") == "share" else "card_draw"
    return seating.get("equal_stacks", default)


def rank_tiers(members: list[dict], shared: bool, equal_stacks: str) -> tuple[list[list[int]], str]:
    """Tiers, worst first, and how they were ordered.

    - shared (hand-for-hand, TDA RP-8): everyone in one tier.
    - all starting stacks known: fewer chips = worse place (N-1.15, V-V.a, G-Setzregeln); equal
      stacks share a tier, or the drawn card decides (higher card = better place, P-SidePots).
    - a stack unknown: the recorded order decides (the earlier bust is the worse place)."""
    if shared:
        return [sorted(m["entry_id"] for m in members)], "shared"
    if len(members) == 1:
        return [[members[0]["entry_id"]]], "single"
    if any(m.get("stack") is None for m in members):
        ordered = sorted(members, key=lambda m: (m["at"], m["n"]))
        return [[m["entry_id"]] for m in ordered], "recorded"
    ordered = sorted(members, key=lambda m: (m["stack"], card_value(m.get("card")), m["n"]))
    tiers: list[list[int]] = []
    previous = None
    for m in ordered:
        if previous is not None and m["stack"] == previous["stack"] and equal_stacks == "share":
            tiers[-1].append(m["entry_id"])
        else:
            tiers.append([m["entry_id"]])
        previous = m
    return tiers, "stack"


def draw_cards(members: list[dict], equal_stacks: str, seed: int) -> dict[str, str]:
    """Cards for players tied on stack who have none yet (P-SidePots), from the cards not yet
    dealt in this group. Returns {"entry_id": card} (string keys, as JSON keeps them); the event
    records them."""
    if equal_stacks != "card_draw" or any(m.get("stack") is None for m in members):
        return {}
    by_stack: dict[int, list[dict]] = {}
    for m in members:
        by_stack.setdefault(m["stack"], []).append(m)
    used = {m["card"] for m in members if m.get("card")}
    deck = [c for c in DECK if c not in used]
    random.Random(seed).shuffle(deck)
    drawn: dict[str, str] = {}
    for stack in sorted(by_stack):
        tied = by_stack[stack]
        if len(tied) < 2:
            continue
        for m in sorted(tied, key=lambda m: m["n"]):
            if not m.get("card"):
                drawn[str(m["entry_id"])] = deck.pop()
    return drawn


# ------------------------------------------------------------------ places from the top


def tail_places(tail: list[OutGroup], players_left_after: int) -> dict[int, tuple[int, int]]:
    """{entry_id: (place, tie)} for the groups in `tail`, which must run to the latest group.
    The latest group's best tier takes the place right below the players still in."""
    places: dict[int, tuple[int, int]] = {}
    best = players_left_after + 1
    for group in reversed(tail):
        for tier in reversed(group.tiers):
            for entry_id in tier:
                places[entry_id] = (best, len(tier))
            best += len(tier)
    return places


def _changes(state: TournamentState, places: dict[int, tuple[int, int]], new: set[int]) -> list[dict]:
    out = []
    for entry_id, (place, tie) in places.items():
        e = state.entries[entry_id]
        if entry_id in new or (e.place, e.tie) != (place, tie):
            out.append({"entry_id": entry_id, "place": place, "tie": tie})
    return sorted(out, key=lambda c: (c["place"], c["entry_id"]))


def index_of(state: TournamentState, group: OutGroup) -> int:
    i = bisect_left(state.out_ats, group.at)
    while state.out_groups[i] is not group:
        i += 1
    return i


# ------------------------------------------------------------------ hand-for-hand rounds by time


def h4h_round_at(state: TournamentState, at: int) -> tuple | None:
    """The hand-for-hand round (period, round) running when a bust was recorded, or None."""
    starts = state.h4h_starts
    if not starts:
        return None
    i = bisect_right([s[0] for s in starts], at) - 1
    if i < 0:
        return None
    _, period, rnd = starts[i]
    stopped = state.h4h_stops.get(period)
    if stopped is not None and at >= stopped:
        return None
    return (period, rnd)


# ------------------------------------------------------------------ plans (decide) and appliers


def place_absent(tiers: list[list[int]], absent: list[int], best: int, bubble: int | None) -> list[list[int]]:
    """N-3.2: absent players removed in a group take the bubble places (`bubble` = the first
    unpaid place and on) as far as the group's places reach; the players who went out in the hand
    fill the places around them in their own order. `tiers` are worst first, the group's best
    place is `best`."""
    if not absent:
        return tiers
    size = sum(len(t) for t in tiers) + len(absent)
    target = best if bubble is None else min(max(bubble, best), best + size - len(absent))
    better = target - best  # players of the hand placed above the absent ones
    out: list[list[int]] = []
    above = 0
    for tier in reversed(tiers):  # best first
        if above >= better:
            break
        out.insert(0, tier)
        above += len(tier)
    rest = tiers[: len(tiers) - len(out)]
    return rest + [[e] for e in sorted(absent, reverse=True)] + out


def plan_out(
    state: TournamentState,
    new_members: list[dict],
    at: int,
    round_key: tuple | None,
    seed: int,
    bubble: int | None = None,
) -> dict:
    """The event fields for players going out at `at`: the group they form or join, the cards
    drawn, the tiers and every place that changes. Members marked `absent` (N-3.2, removed at
    the bubble) are placed at the bubble, not ranked with the hand."""
    mode = equal_stacks_rule(state)
    shared = round_key is not None and state.seating.get("same_hand_busts") == "share"
    existing = state.h4h_groups.get(round_key) if round_key is not None else None
    if existing is not None:
        start = index_of(state, existing)
        members = [dict(m) for m in existing.members] + new_members
        gid, group_at, join = existing.gid, existing.at, True
    else:
        start = bisect_right(state.out_ats, at)
        members = list(new_members)
        gid, group_at, join = state.next_group_id, at, False
    playing = [m for m in members if not m.get("absent")]
    cards = draw_cards(playing, mode, seed)
    for m in members:
        if str(m["entry_id"]) in cards:
            m["card"] = cards[str(m["entry_id"])]
    tiers, ordered_by = rank_tiers(playing, shared, mode) if playing else ([], "absent")
    later = state.out_groups[start + (1 if join else 0) :]
    players_left_after = state.players_left - len(new_members)
    best = players_left_after + 1 + sum(len(m) for g in later for m in g.tiers)
    tiers = place_absent(tiers, [m["entry_id"] for m in members if m.get("absent")], best, bubble)
    group = OutGroup(gid, group_at, members, shared, round_key, tiers, ordered_by)
    places = tail_places([group] + later, players_left_after)
    new_ids = {m["entry_id"] for m in new_members}
    return {
        "group": {
            "id": gid,
            "join": join,
            "at": group_at,
            "shared": shared,
            "round": list(round_key) if round_key else None,
            "ordered_by": ordered_by,
        },
        "members": [
            {
                **{k: m.get(k) for k in ("entry_id", "stack", "card", "at", "n", "table_no")},
                **({"absent": True} if m.get("absent") else {}),
            }
            for m in new_members
        ],
        "cards": cards,
        "tiers": tiers,
        "places": _changes(state, places, new_ids),
    }


def plan_remove(state: TournamentState, entry_id: int, players_left_after: int) -> dict:
    """An out player leaves the finishing order (reinstated by a rebuy or re-entry, or
    disqualified): his group loses him, and the places around it move."""
    group = state.group_of[entry_id]
    start = index_of(state, group)
    tiers = [[e for e in tier if e != entry_id] for tier in group.tiers]
    tiers = [t for t in tiers if t]
    reduced = OutGroup(
        group.gid,
        group.at,
        [m for m in group.members if m["entry_id"] != entry_id],
        group.shared,
        group.round,
        tiers,
        group.ordered_by,
    )
    after = state.out_groups[start + 1 :]
    # Players out before him keep their count from the top only if the players left grow with him
    # (a reinstatement); a disqualification moves everyone below him up (N-3.7), so recount all.
    if players_left_after > state.players_left:
        tail = ([reduced] if tiers else []) + after
    else:
        tail = state.out_groups[:start] + ([reduced] if tiers else []) + after
    places = tail_places(tail, players_left_after)
    return {"group": {"id": group.gid, "tiers": tiers}, "places": _changes(state, places, set())}


def plan_shift_all(state: TournamentState, players_left_after: int) -> list[dict]:
    """Every place after the field changes size under the players out (a disqualified player
    still in: everyone out moves up, N-3.7)."""
    return _changes(state, tail_places(state.out_groups, players_left_after), set())


def set_places(state: TournamentState, changes: list[dict]) -> None:
    for c in changes:
        e = state.entries[c["entry_id"]]
        e.place, e.tie = c["place"], c.get("tie", 1)
        if e.place == 1 and e.tie == 1:
            state.winner = e.entry_id


def _mark_special(state: TournamentState, group: OutGroup) -> None:
    if any(len(t) > 1 for t in group.tiers) or any(state.entries[m["entry_id"]].no_prize for m in group.members):
        state.special_groups[group.gid] = group
    else:
        state.special_groups.pop(group.gid, None)


def apply_out(state: TournamentState, p: dict, members: list[dict]) -> OutGroup:
    """Insert or extend the group an out event describes; set the places it lists."""
    g = p["group"]
    round_key = tuple(g["round"]) if g.get("round") else None
    if g.get("join"):
        group = state.h4h_groups[tuple(g["round"])]  # joining: a hand-for-hand round's group
        for m in group.members:
            if str(m["entry_id"]) in p.get("cards", {}):
                m["card"] = p["cards"][str(m["entry_id"])]
    else:
        group = OutGroup(g["id"], g["at"], [], g.get("shared", False), round_key)
        i = bisect_right(state.out_ats, g["at"])
        state.out_groups.insert(i, group)
        state.out_ats.insert(i, g["at"])
        state.next_group_id = max(state.next_group_id, g["id"] + 1)
        if round_key is not None:
            state.h4h_groups[round_key] = group
    for m in members:
        group.members.append(dict(m))
        state.group_of[m["entry_id"]] = group
    group.tiers = [list(t) for t in p["tiers"]]
    group.ordered_by = g.get("ordered_by", group.ordered_by)
    set_places(state, p["places"])
    _mark_special(state, group)
    return group


def apply_remove(state: TournamentState, entry_id: int, p: dict) -> None:
    group = state.group_of.pop(entry_id)
    group.members = [m for m in group.members if m["entry_id"] != entry_id]
    group.tiers = [list(t) for t in p["group"]["tiers"]]
    if not group.members:
        i = index_of(state, group)
        del state.out_groups[i]
        del state.out_ats[i]
        state.special_groups.pop(group.gid, None)
        round_key = group.round
        if round_key is not None and state.h4h_groups.get(round_key) is group:
            del state.h4h_groups[round_key]
    else:
        _mark_special(state, group)
    e = state.entries[entry_id]
    e.place, e.tie = None, 1
    if state.winner == entry_id:
        state.winner = None
    set_places(state, p["places"])


def shift_out_places(state: TournamentState, by: int) -> list[int]:
    """The field grew by `by` (a late seat or an alternate, P-Spielverlauf, S-#46): every player
    already out finishes that many places lower. Returns the entries touched."""
    touched = []
    for group in state.out_groups:
        for m in group.members:
            e = state.entries[m["entry_id"]]
            if e.place is not None:
                e.place += by
                touched.append(e.entry_id)
    return touched


def drawn_card(state: TournamentState, entry_id: int) -> str | None:
    """The card an out player drew against an equal starting stack (P-SidePots), while it still
    decides something: None once nobody in his group has his stack any more (an undone bust)."""
    group = state.group_of.get(entry_id)
    if group is None:
        return None
    me = next((m for m in group.members if m["entry_id"] == entry_id), None)
    if me is None or not me.get("card"):
        return None
    tied = any(m["entry_id"] != entry_id and m.get("stack") == me.get("stack") for m in group.members)
    return me["card"] if tied else None


def out_entries_newest_first(state: TournamentState, limit: int) -> Iterator[int]:
    """Entry ids in finishing order, the best place first (the latest out), at most `limit`."""
    count = 0
    for group in reversed(state.out_groups):
        for tier in reversed(group.tiers):
            for entry_id in tier:
                yield entry_id
                count += 1
                if count >= limit:
                    return
