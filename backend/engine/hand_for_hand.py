"""Hand-for-hand (N-2.13, V-V.b): every table plays one hand, then waits for the others."""
from __future__ import annotations

from .balancing import active_tables
from .model import Command, Decision, Event, Rejection, TournamentState


def decide_start(state: TournamentState, cmd: Command) -> Decision | Rejection:
    if state.hand_for_hand["active"]:
        return Rejection("already_hand_for_hand", "Hand-for-hand is already on.")
    return Decision([Event("hand_for_hand_started", {"at": cmd.now})], {})


def decide_stop(state: TournamentState, cmd: Command) -> Decision | Rejection:
    if not state.hand_for_hand["active"]:
        return Rejection("not_hand_for_hand", "Hand-for-hand is not on.", params={"variant": "stop"})
    return Decision([Event("hand_for_hand_stopped", {"at": cmd.now})], {})


def decide_hand_done(state: TournamentState, cmd: Command) -> Decision | Rejection:
    table_no = cmd.payload.get("table_no")
    if not state.hand_for_hand["active"]:
        return Rejection("not_hand_for_hand", "Hand-for-hand is not on; just start the next hand.", "table_no",
                         params={"variant": "hand_done"})
    if table_no not in state.tables or state.tables[table_no].broken:
        return Rejection("unknown_table", f"Table {table_no} is not in play.", "table_no", "not_found",
                         params={"table": table_no} if isinstance(table_no, int) else None)
    if cmd.actor.role == "dealer" and cmd.actor.table_no != table_no:
        return Rejection("not_your_table", f"This phone belongs to table {cmd.actor.table_no}.", "table_no", "forbidden",
                         params={"own_table": cmd.actor.table_no})
    if table_no in state.hand_for_hand["done"]:
        return Rejection("already_done", f"Table {table_no} has already reported this hand.", "table_no",
                         params={"table": table_no})
    return Decision([Event("hand_for_hand_table_done", {"table_no": table_no, "round": state.hand_for_hand["round"],
                                                        "at": cmd.now})], {})


def _round_started(state: TournamentState, at, rnd: int) -> None:
    """Remember when each round began, so a bust recorded offline lands in its round (places.py)."""
    if at is None:  # an event written before rounds carried their time
        at = state.h4h_starts[-1][0] if state.h4h_starts else 0
    state.h4h_starts.append((at, state.h4h_period, rnd))


def apply_hand_for_hand(state: TournamentState, event: Event) -> None:
    hfh = state.hand_for_hand
    at = event.payload.get("at")
    if event.type == "hand_for_hand_started":
        state.hand_for_hand = {"active": True, "round": 1, "done": []}
        state.h4h_period += 1
        _round_started(state, at, 1)
    elif event.type == "hand_for_hand_stopped":
        state.hand_for_hand = {"active": False, "round": hfh["round"], "done": []}
        state.h4h_stops[state.h4h_period] = at if at is not None else (state.h4h_starts[-1][0] if state.h4h_starts else 0)
    elif event.type == "hand_for_hand_table_done":
        done = hfh["done"] + [event.payload["table_no"]]
        if {t.table_no for t in active_tables(state)} <= set(done):
            state.hand_for_hand = {"active": True, "round": hfh["round"] + 1, "done": []}  # all start together
            _round_started(state, at, hfh["round"] + 1)
        else:
            state.hand_for_hand = {**hfh, "done": done}
