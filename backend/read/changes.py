"""Which views an event changed, worked out right after it is applied (the service calls
`changed_views` inside the command's transaction, handed to it by the app): ('public',),
('director',), ('display',), ('table', n), ('player', entry_id). Each event's declaration
(engine/catalog.py) says whether the public and TV views change and which table and player views;
the events whose tables and players take more than their payload are worked out in CUSTOM."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..engine import EVENTS, census, money
from ..engine.balancing import fullest, halt_of, halt_setting
from ..engine.model import Event, TournamentState


def _one_table(state: TournamentState, p: dict) -> set[tuple]:
    return {("table", p["table_no"])}


def _moved(state: TournamentState, p: dict) -> set[tuple]:
    """The tables left and reached, the players who moved, and every player at a table whose
    button the moves reset (V-III.i: newcomers make it draw for the button again; his picture
    shows the button, and it is gone until the draw)."""
    keys: set[tuple] = set()
    reset = set(p["redraw_button"]) if isinstance(p.get("redraw_button"), list) else set()  # table_broken
    for m in p.get("moves", [p]):
        keys |= {("table", m["from_table"]), ("table", m["to_table"]), ("player", m["entry_id"])}
        if m.get("redraw_button") is True:  # player_moved
            reset.add(m["to_table"])
    return keys | {("table", n) for n in p.get("broken", [])} | _seated_at(state, reset)


def _final_tables(state: TournamentState, p: dict) -> set[tuple]:
    """The final table (or G-Final's last two) formed: its players, moved or not, see the button
    go until the high-card draw (V-IV.d, S-#4)."""
    return _moved(state, p) | _seated_at(state, p.get("tables", [p["table_no"]]))


def _seated_at(state: TournamentState, table_nos: Iterable[int]) -> set[tuple]:
    return {("player", e) for n in table_nos if (t := state.tables.get(n)) for e in t.seats.values()}


def _all_tables(state: TournamentState, p: dict) -> set[tuple]:
    return {("table", n) for n, t in state.tables.items() if not t.broken}


def _table_and_players(state: TournamentState, p: dict) -> set[tuple]:
    """The button moved: the table and its players' phones (their picture shows the button)."""
    table = state.tables.get(p["table_no"])
    return _one_table(state, p) | {("player", eid) for eid in (table.seats.values() if table else ())}


def _hand_done(state: TournamentState, p: dict) -> set[tuple]:
    # The last table to finish starts the next round everywhere; else only its own view changes.
    # Every table's phone shows how many tables are still playing: all of them change.
    return _all_tables(state, p)


def _entry_and_table(state: TournamentState, p: dict) -> set[tuple]:
    table_no = state.entries[p["entry_id"]].table_no
    keys = {("player", p["entry_id"])} | ({("table", table_no)} if table_no else set())
    return keys | _placed(state, p)


def _placed(state: TournamentState, p: dict) -> set[tuple]:
    """Everyone whose place moved (a late bust, a disqualification), and the winner, whose prize
    takes every remainder."""
    keys = {("player", c["entry_id"]) for c in p.get("places", [])}
    # N-3.2: an absent player removed at the bubble with this bust leaves his own table
    keys |= {("table", a["table_no"]) for a in p.get("absent_out", ()) if a.get("table_no")}
    return keys | ({("player", state.winner)} if state.winner is not None else set())


def _busts(state: TournamentState, p: dict) -> set[tuple]:
    return {("player", b["entry_id"]) for b in p["busts"]} | {("table", p["table_no"])} | _placed(state, p)


def _out_and_in_money(state: TournamentState, p: dict) -> set[tuple]:
    """The pool or the field changed: the entry, its table, every place that moved, and every
    prize in the money (a pass over the paid places)."""
    keys = _entry_and_table(state, p)
    if p.get("table_no"):
        keys.add(("table", p["table_no"]))
    ids = set(money.in_money_out(state)) | state.due | state.paid
    return keys | {("player", i) for i in ids}


def _penalty_count(state: TournamentState, p: dict) -> set[tuple]:
    """A new hand counted down the penalties at that table (N-2.23): those players' phones."""
    return {("player", c["entry_id"]) for c in p.get("penalties", ())} | {
        ("player", i) for i in p.get("penalties_ended", ())
    }


def _field_grew(state: TournamentState, p: dict) -> set[tuple]:
    """A late seat or an alternate: everyone out finishes a place lower (bounded by the deadline)."""
    keys = _out_and_in_money(state, p)
    return keys | {("player", m["entry_id"]) for g in state.out_groups for m in g.members}


def _undone(state: TournamentState, p: dict) -> set[tuple]:
    """A bust undone: the player, the table he is back at and the one he left, every
    place that moved, the eliminator who gave HH chips back, and a winner no longer winner."""
    keys = {("player", p["entry_id"]), ("table", p["table_no"])} | _placed(state, p)
    if p.get("from_table") in state.tables:
        keys.add(("table", p["from_table"]))
    keys |= {("player", t["from"]) for t in p.get("hh_transfers", ())}
    if p.get("winner_cleared") is not None:
        keys.add(("player", p["winner_cleared"]))
    return keys


def _deal_phones(state: TournamentState, p: dict) -> set[tuple]:
    """Every player in the deal: his phone shows the proposal, the answers and his prize."""
    deal = state.deal
    return {("player", e) for e in (deal["answers"] if deal else ())}


# The table and player views of the events declared views="custom": more than the payload's
# table_no and entry_id (engine/catalog.py). Each returns the view keys it changed.
CUSTOM: dict[str, Callable[[TournamentState, dict], set[tuple]]] = {
    "player_registered": lambda state, p: _field_grew(state, p) if "table_no" in p else {("player", p["entry_id"])},
    "seats_drawn": lambda state, p: (
        {("table", n) for n in range(1, max(p["tables"], p.get("redraw_of", 0)) + 1)}
        | {("player", s["entry_id"]) for s in p["seats"]}
        | {("player", e) for e in p.get("released", ())}  # N-3.6: lost the place at the draw
    ),
    "player_busted": _entry_and_table,
    "tournament_won": _entry_and_table,
    "player_moved": _moved,
    "table_broken": _moved,
    "final_table_formed": _final_tables,
    "button_set": _table_and_players,
    "hand_started": lambda state, p: _table_and_players(state, p) | _penalty_count(state, p),
    "hand_for_hand_started": _all_tables,
    "hand_for_hand_stopped": _all_tables,
    "hand_for_hand_table_done": _hand_done,
    "players_busted": _busts,
    "player_left": _entry_and_table,
    "player_disqualified": _entry_and_table,
    "rebought": _out_and_in_money,
    "reentered": _out_and_in_money,
    "addon_bought": _out_and_in_money,
    "alternate_seated": _field_grew,
    "check_in_closed": lambda state, p: {("player", e) for e in p["released"]},
    "player_penalized": _entry_and_table,
    "penalty_lifted": _entry_and_table,
    "bust_undone": _undone,
    "deal_proposed": _deal_phones,
    "deal_answered": _deal_phones,
    "deal_applied": _deal_phones,
    "deal_undone": _deal_phones,
}


SIMPLE = {
    "table": lambda state, p: {("table", p["table_no"])},
    "entry": lambda state, p: {("player", p["entry_id"])},
}


def _halts_changed(state: TournamentState) -> set[tuple]:
    """Tables whose hold (V-III.h, TDA 11D) began or ended because the fullest table changed: a bust
    at the fullest table releases the others without touching them. Only where the preset halts,
    and a pass over the tables only when the fullest count moved since this worker last looked."""
    setting = halt_setting(state)
    if setting is None:
        return set()
    top, shown = fullest(state), state.cache.get("fullest_shown")
    state.cache["fullest_shown"] = top
    if shown == top:
        return set()
    keys = set()
    for t in state.tables.values():
        if t.broken:
            continue
        size = len(t.seats)
        now = halt_of(state, t, top) is not None
        if shown is None:  # a fresh worker: every table at or near the line
            changed = top - size >= setting[0] - 1
        else:
            changed = now != (shown - size >= setting[0] and t.halt_override != (size, shown))
        if changed:
            keys.add(("table", t.table_no))
    return keys


# The waiting list moved: a sign-up's personal link shows its position (engine/sign_up.py).
WAITING_MOVED = {"waiting_removed", "player_registered", "check_in_closed"}


def _waiting_signups(state: TournamentState, events: list[Event]) -> set[tuple]:
    """The personal links of those who left the waiting list with these events, and of everyone
    still on it whose position moved: a pass over the waiting list, not the field."""
    keys = {("signup", e.payload["signup"]) for e in events if "signup" in e.payload and "entry_id" not in e.payload}
    keys |= {("signup", e.payload["signup"]) for e in events if "from_waiting" in e.payload and "signup" in e.payload}
    return keys | {("signup", w["signup"]) for w in state.waiting.values() if "signup" in w}


def changed_views(state: TournamentState, events: list[Event]) -> set[tuple]:
    """The views these events changed. The public view goes to every phone: only when it changed."""
    changed: set[tuple] = {("director",)}
    if state.signups and any(e.type in WAITING_MOVED for e in events):
        changed |= _waiting_signups(state, events)
    for event in events:
        spec = EVENTS[event.type]
        if spec.public:
            changed.add(("public",))
        if spec.seating:
            changed.add(("display",))  # the TV's room: ticker and seating list
        if spec.views == "custom":
            changed |= CUSTOM[event.type](state, event.payload)
        else:
            for scope in spec.views:
                changed |= SIMPLE[scope](state, event.payload)
        changed |= {("player", t["to"]) for t in event.payload.get("hh_transfers", ())}  # V-VII.r
    # Every table whose seats changed has its view changed: the census of the tables in play
    # (engine/census.py) is advanced by those alone, before anything asks for the fullest table.
    census.advance(state, state.seq - len(events), [k[1] for k in changed if k[0] == "table"])
    return changed | _halts_changed(state)
