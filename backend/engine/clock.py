"""The tournament clock as an anchor: nobody sends ticks, every screen computes the time.

`clock_at` is mirrored line for line by `pwa/src/clock/clock.ts`; both run the cases in
`shared_rules/vectors/clock.json`.
"""
from __future__ import annotations

from .model import Clock, Command, Decision, Event, Rejection, TournamentState


def entry_ms(entry: dict) -> int:
    return int(round(float(entry["minutes"]) * 60_000))


def clock_at(structure: list[dict], clock: dict, now: int) -> dict:
    """Where the structure stands at server time `now` (ms)."""
    index = int(clock.get("level_index", 0))
    status = clock.get("status", "idle")
    if not structure:
        return {"index": 0, "remaining_ms": 0, "status": status, "finished": True}
    if status == "idle":
        return {"index": index, "remaining_ms": entry_ms(structure[index]),
                "status": status, "finished": False}
    t = int(clock.get("elapsed_ms", 0))
    if status == "running":
        # A phone whose clock runs behind the anchor sees the anchor, never a negative time.
        t += max(0, now - int(clock["anchor_at"]))
    while index < len(structure):
        length = entry_ms(structure[index])
        if t < length:
            return {"index": index, "remaining_ms": length - t, "status": status, "finished": False}
        t -= length
        index += 1
    return {"index": len(structure) - 1, "remaining_ms": 0, "status": status, "finished": True}


def decide_start(state: TournamentState, cmd: Command) -> Decision | Rejection:
    if state.clock.status != "idle":
        return Rejection("clock_already_started", "The clock has already been started.")
    if not state.structure:
        return Rejection("no_structure", "The tournament has no blind structure.")
    return Decision([Event("clock_started", {"at": cmd.now})], {})


def decide_pause(state: TournamentState, cmd: Command) -> Decision | Rejection:
    if state.clock.status != "running":
        return Rejection("clock_not_running", "The clock is not running, so it cannot be paused.")
    where = clock_at(state.structure, state.clock.as_dict(), cmd.now)
    elapsed = entry_ms(state.structure[where["index"]]) - where["remaining_ms"]
    return Decision([Event("clock_paused", {"at": cmd.now, "level_index": where["index"],
                                            "elapsed_ms": elapsed})], {})


def decide_resume(state: TournamentState, cmd: Command) -> Decision | Rejection:
    if state.clock.status != "paused":
        return Rejection("clock_not_paused", "The clock is not paused, so it cannot be resumed.")
    return Decision([Event("clock_resumed", {"at": cmd.now})], {})


def apply_clock(state: TournamentState, event: Event) -> None:
    p = event.payload
    if event.type == "clock_started":
        state.clock = Clock("running", 0, 0, p["at"])
    elif event.type == "clock_paused":
        state.clock = Clock("paused", p["level_index"], p["elapsed_ms"], p["at"])
    elif event.type == "clock_resumed":
        state.clock = Clock("running", state.clock.level_index, state.clock.elapsed_ms, p["at"])
