"""Role-scoped views: small snapshots of the state, each stamped with the tournament's seq.

Pure functions of the engine state. `changed_views` says which views an event touched, so a
bust pushes one table view and one player view, never the whole tournament's.
"""
from __future__ import annotations

from .engine.model import Event, TournamentState
from .engine.payouts import payout_amounts


def _head(state: TournamentState, kind: str, now: int) -> dict:
    return {"kind": kind, "tournament_id": state.tournament_id, "seq": state.seq, "server_time": now}


def _structure(state: TournamentState) -> list[dict]:
    """The structure as screens show it: level numbers count levels only."""
    out, level = [], 0
    for i, entry in enumerate(state.structure):
        kind = entry.get("kind", "level")
        level += kind == "level"
        shown = {"index": i, "kind": kind, "level": level if kind == "level" else None,
                 "sb": entry.get("sb", 0), "bb": entry.get("bb", 0), "ante": entry.get("ante", 0),
                 "minutes": entry.get("minutes", 0)}
        for extra in ("colour_up", "addon", "reason", "label"):
            if extra in entry:
                shown[extra] = entry[extra]
        out.append(shown)
    return out


def public_view(state: TournamentState, now: int) -> dict:
    fmt = state.preset.get("format", {})
    entries_total = len(state.entries)
    chips = entries_total * state.start_stack
    prize_pool = entries_total * int(fmt.get("buy_in", 0))
    status = state.status
    if status in ("seated", "running") and state.clock.status == "paused":
        status = "paused"
    return {**_head(state, "public", now),
            "name": state.name, "status": status, "preset_id": state.preset.get("id"),
            "currency": fmt.get("currency", ""), "start_stack": state.start_stack,
            "entries_total": entries_total, "players_left": state.players_left,
            "average_stack": chips // state.players_left if state.players_left else 0,
            "prize_pool": prize_pool,
            "payouts": payout_amounts(state.preset.get("payouts"), entries_total, prize_pool),
            "preset_name": state.preset.get("name"), "clock_rules": state.preset.get("clock", {}),
            "structure": _structure(state), "clock": state.clock.as_dict()}


def _entry(state: TournamentState, entry_id: int) -> dict:
    e = state.entries[entry_id]
    return {"entry_id": e.entry_id, "name": e.name, "status": e.status, "table_no": e.table_no,
            "seat": e.seat, "place": e.place, "busted_at": e.busted_at}


def _seats(state: TournamentState, table_no: int) -> list[dict]:
    table = state.tables[table_no]
    return [{"seat": s, "entry_id": eid, "name": state.entries[eid].name}
            for s, eid in sorted(table.seats.items())]


def _bust(state: TournamentState, entry_id: int) -> dict:
    e = state.entries[entry_id]
    return {"entry_id": e.entry_id, "name": e.name, "place": e.place, "at": e.busted_at,
            "table_no": e.table_no}


def director_view(state: TournamentState, now: int) -> dict:
    return {**public_view(state, now), **_head(state, "director", now),
            "entries": [_entry(state, i) for i in sorted(state.entries)],
            "tables": [{"table_no": n, "max_seats": t.max_seats, "seats": _seats(state, n)}
                       for n, t in sorted(state.tables.items())],
            "busts": [_bust(state, i) for i in reversed(state.busts)]}


def table_view(state: TournamentState, table_no: int, now: int) -> dict:
    table = state.tables.get(table_no)
    busts = [_bust(state, i) for i in reversed(state.busts[-50:])
             if state.entries[i].table_no == table_no]
    return {**_head(state, "table", now), "table_no": table_no,
            "max_seats": table.max_seats if table else 0,
            "seats": _seats(state, table_no) if table else [], "busts": busts}


def player_view(state: TournamentState, entry_id: int, now: int) -> dict:
    entry = _entry(state, entry_id)
    table = state.tables.get(entry["table_no"])
    return {**_head(state, "player", now), **entry, "max_seats": table.max_seats if table else 0}


def changed_views(state: TournamentState, events: list[Event]) -> set[tuple]:
    """Views that the events changed: ('public',), ('director',), ('table', n), ('player', id)."""
    changed: set[tuple] = {("public",), ("director",)}
    for event in events:
        p = event.payload
        if event.type == "seats_drawn":
            changed |= {("table", n) for n in range(1, p["tables"] + 1)}
            changed |= {("player", s["entry_id"]) for s in p["seats"]}
        elif event.type == "player_registered":
            changed.add(("player", p["entry_id"]))
        elif event.type in ("player_busted", "tournament_won"):
            changed.add(("player", p["entry_id"]))
            table_no = state.entries[p["entry_id"]].table_no
            if table_no:
                changed.add(("table", table_no))
    return changed


def render(state: TournamentState, key: tuple, now: int) -> dict:
    if key[0] == "public":
        return public_view(state, now)
    if key[0] == "director":
        return director_view(state, now)
    if key[0] == "table":
        return table_view(state, key[1], now)
    return player_view(state, key[1], now)
