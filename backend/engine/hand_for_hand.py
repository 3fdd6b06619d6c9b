"""Hand-for-hand (N-2.13, V-V.b): every table plays one hand, then waits for the others.

`hand_for_hand` = {active, round, done, dealt}: `done` are the tables that reported this round's
hand finished, `dealt` the tables whose hand of this round is running or over. When it starts,
every table's hand in play counts as dealt (the tables finish it, then all start together). A
table may start a hand only while it is neither dealt nor done: the server enforces the wait.
"""

from __future__ import annotations

from .balancing import active_tables
from .catalog import DIRECTOR, STAFF, applies, command
from .model import Command, Decision, Event, Rejection, TournamentState, find_table
from .payload import EmptyPayload, TablePayload

RULE_FOR_TRIGGER = {"players_left": "N-2.13", "one_before_final_table_with_all_in": "V-V.b", "bubble": "TDA 21"}


def rule_id(state: TournamentState) -> str:
    """The rule hand-for-hand runs under: the preset's `cite.hand_for_hand`, else by its trigger."""
    cited = (state.preset.get("cite") or {}).get("hand_for_hand")
    trigger = (state.seating.get("hand_for_hand") or {}).get("trigger")
    return cited or RULE_FOR_TRIGGER.get(trigger or "", "TDA 21")


def wait_rejection(state: TournamentState, table_no: int) -> Rejection | None:
    """Why `table_no` may not start a hand now (N-2.13, V-V.b), or None."""
    hfh = state.hand_for_hand
    if not hfh["active"]:
        return None
    rule = rule_id(state)
    if table_no in hfh["done"]:
        waiting = sum(1 for t in active_tables(state) if t.table_no not in hfh["done"])
        return Rejection(
            "hand_for_hand_wait",
            f"Hand-for-hand: table {table_no} has finished this hand; tables still playing: {waiting}. "
            f"The next hand starts when every table has finished ({rule}).",
            "table_no",
            params={"variant": "others", "table": table_no, "waiting": waiting, "rule": rule},
        )
    if table_no in hfh.get("dealt", ()):
        return Rejection(
            "hand_for_hand_wait",
            f"Hand-for-hand: table {table_no} is playing this round's hand. Finish it and tap "
            f"Hand done; the next hand starts when every table has finished ({rule}).",
            "table_no",
            params={"variant": "own", "table": table_no, "rule": rule},
        )
    return None


@command("start_hand_for_hand", payload=EmptyPayload, roles=DIRECTOR, emits=("hand_for_hand_started",))
def decide_start(state: TournamentState, cmd: Command) -> Decision | Rejection:
    if state.hand_for_hand["active"]:
        return Rejection("already_hand_for_hand", "Hand-for-hand is already on.")
    return Decision([Event("hand_for_hand_started", {"at": cmd.now})], {})


@command("stop_hand_for_hand", payload=EmptyPayload, roles=DIRECTOR, emits=("hand_for_hand_stopped",))
def decide_stop(state: TournamentState, cmd: Command) -> Decision | Rejection:
    if not state.hand_for_hand["active"]:
        return Rejection("not_hand_for_hand", "Hand-for-hand is not on.", params={"variant": "stop"})
    return Decision([Event("hand_for_hand_stopped", {"at": cmd.now})], {})


@command("hand_done", payload=TablePayload, roles=STAFF, emits=("hand_for_hand_table_done",))
def decide_hand_done(state: TournamentState, cmd: Command) -> Decision | Rejection:
    table_no = cmd.payload.get("table_no")
    if not state.hand_for_hand["active"]:
        return Rejection(
            "not_hand_for_hand",
            "Hand-for-hand is not on; just start the next hand.",
            "table_no",
            params={"variant": "hand_done"},
        )
    _, problem = find_table(state, cmd)
    if problem:
        return problem
    if table_no in state.hand_for_hand["done"]:
        return Rejection(
            "already_done", f"Table {table_no} has already reported this hand.", "table_no", params={"table": table_no}
        )
    return Decision(
        [
            Event(
                "hand_for_hand_table_done", {"table_no": table_no, "round": state.hand_for_hand["round"], "at": cmd.now}
            )
        ],
        {},
    )


def _round_started(state: TournamentState, at: int | None, rnd: int) -> None:
    """Remember when each round began, so a bust recorded offline lands in its round (places.py)."""
    if at is None:  # an event written before rounds carried their time
        at = state.h4h_starts[-1][0] if state.h4h_starts else 0
    state.h4h_starts.append((at, state.h4h_period, rnd))


def _next_round(state: TournamentState, at: int | None) -> None:
    rnd = state.hand_for_hand["round"] + 1
    state.hand_for_hand = {"active": True, "round": rnd, "done": [], "dealt": []}  # all start together
    _round_started(state, at, rnd)


def hand_started(state: TournamentState, table_no: int) -> None:
    """A table dealt its hand of this round (apply of `hand_started`)."""
    hfh = state.hand_for_hand
    dealt = hfh.get("dealt", [])
    if hfh["active"] and table_no not in dealt:
        state.hand_for_hand = {**hfh, "dealt": dealt + [table_no]}  # a new dict: views may hold the old one


def tables_changed(state: TournamentState, at: int | None, redrawn: bool = False) -> None:
    """Tables were broken (or redrawn onto fewer tables, G-Final) during hand-for-hand: the round
    no longer waits for a table that is gone; after a redraw everyone starts the next hand together."""
    hfh = state.hand_for_hand
    if not hfh["active"]:
        return
    live = {t.table_no for t in active_tables(state)}
    done = [n for n in hfh["done"] if n in live]
    if redrawn or (live and live <= set(done)):
        _next_round(state, at)
    else:
        state.hand_for_hand = {**hfh, "done": done, "dealt": [n for n in hfh.get("dealt", ()) if n in live]}


@applies("hand_for_hand_started", views="custom")
def apply_hand_for_hand_started(state: TournamentState, event: Event) -> None:
    # The hands in play count as this round's: each table finishes it, then all start together.
    state.hand_for_hand = {
        "active": True,
        "round": 1,
        "done": [],
        "dealt": sorted(t.table_no for t in active_tables(state)),
    }
    state.h4h_period += 1
    _round_started(state, event.payload.get("at"), 1)


@applies("hand_for_hand_stopped", views="custom")
def apply_hand_for_hand_stopped(state: TournamentState, event: Event) -> None:
    at = event.payload.get("at")
    state.hand_for_hand = {"active": False, "round": state.hand_for_hand["round"], "done": [], "dealt": []}
    state.h4h_stops[state.h4h_period] = at if at is not None else (state.h4h_starts[-1][0] if state.h4h_starts else 0)


@applies("hand_for_hand_table_done", public=False, views="custom")
def apply_hand_for_hand_table_done(state: TournamentState, event: Event) -> None:
    hfh = state.hand_for_hand
    done = hfh["done"] + [event.payload["table_no"]]
    if {t.table_no for t in active_tables(state)} <= set(done):
        _next_round(state, event.payload.get("at"))
    else:
        state.hand_for_hand = {**hfh, "done": done}
