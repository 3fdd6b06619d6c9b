"""The tournament clock as an anchor: nobody sends ticks, every screen computes the time.

The anchor is (status, level_index, elapsed_ms, anchor_at): at server time `anchor_at` the clock
stood `elapsed_ms` into structure entry `level_index` (elapsed may be negative after time was
added). `clock_at` walks the structure from there; a `stop` entry (a race for chips, P-Race)
halts a running clock until the director resumes it. `clock_at` is mirrored line for line by
`pwa/src/clock/clock.ts`; both run the cases in `shared_rules/vectors/clock.json`.
"""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate, validates_schema

from .catalog import DIRECTOR, applies, command
from .model import Clock, Command, Decision, Event, Rejection, TournamentState
from .payload import EmptyPayload, StrictSchema, Text, nested_error, nested_text_problem
from .structure import structure_problem

PAUSE_REASONS = ("director", "table_merge", "race_for_chips")
# Paused by the engine itself, never asked for by a director: the last player is left.
TOURNAMENT_OVER = "tournament_over"


def entry_ms(entry: dict) -> int:
    if entry.get("kind") == "stop":
        return 0
    return round(float(entry["minutes"]) * 60_000)


def clock_at(structure: list[dict], clock: dict, now: int) -> dict:
    """Where the structure stands at server time `now` (ms)."""
    index = int(clock.get("level_index", 0))
    status = clock.get("status", "idle")
    if not structure:
        return {"index": 0, "remaining_ms": 0, "status": status, "finished": True}
    if status == "idle":
        return {"index": index, "remaining_ms": entry_ms(structure[index]), "status": status, "finished": False}
    t = int(clock.get("elapsed_ms", 0))
    if status == "running":
        # A phone whose clock runs behind the anchor sees the anchor, never time running back.
        t += max(0, now - int(clock["anchor_at"]))
    while index < len(structure):
        if structure[index].get("kind") == "stop":
            return {
                "index": index,
                "remaining_ms": 0,
                "status": "halted" if status == "running" else status,
                "finished": False,
            }
        length = entry_ms(structure[index])
        if t < length:
            return {"index": index, "remaining_ms": length - t, "status": status, "finished": False}
        t -= length
        index += 1
    return {"index": len(structure) - 1, "remaining_ms": 0, "status": status, "finished": True}


def _where(state: TournamentState, now: int) -> dict:
    return clock_at(state.structure, state.clock.as_dict(), now)


def _elapsed(state: TournamentState, where: dict) -> int:
    return entry_ms(state.structure[where["index"]]) - where["remaining_ms"]


@command("start_clock", payload=EmptyPayload, roles=DIRECTOR, emits=("clock_started",), effects=("legal_day",))
def decide_start(state: TournamentState, cmd: Command) -> Decision | Rejection:
    if state.clock.status != "idle":
        return Rejection("clock_already_started", "The clock has already been started.")
    if not state.structure:
        return Rejection("no_structure", "The tournament has no blind structure.")
    return Decision([Event("clock_started", {"at": cmd.now, "level_index": state.clock.level_index})], {})


def stop_for_good(state: TournamentState, at: int) -> list[Event]:
    """The clock stops where it stands when the tournament is won, so no screen keeps counting."""
    if state.clock.status != "running":
        return []
    at = max(at, state.clock.anchor_at or at)  # a bust recorded before the last clock change
    where = _where(state, at)
    return [
        Event(
            "clock_paused",
            {"at": at, "level_index": where["index"], "elapsed_ms": _elapsed(state, where), "reason": TOURNAMENT_OVER},
        )
    ]


class PausePayload(StrictSchema):
    reason = Text(load_default="director", validate=validate.OneOf(PAUSE_REASONS))


@command("pause_clock", payload=PausePayload, roles=DIRECTOR, emits=("clock_paused",))
def decide_pause(state: TournamentState, cmd: Command) -> Decision | Rejection:
    reason = cmd.payload.get("reason", "director")
    if reason not in PAUSE_REASONS:
        return Rejection("invalid_reason", f"Unknown pause reason '{reason}'.", "reason", "invalid")
    if state.clock.status != "running":
        return Rejection("clock_not_running", "The clock is not running, so it cannot be paused.")
    where = _where(state, cmd.now)
    return Decision(
        [
            Event(
                "clock_paused",
                {"at": cmd.now, "level_index": where["index"], "elapsed_ms": _elapsed(state, where), "reason": reason},
            )
        ],
        {},
    )


@command("resume_clock", payload=EmptyPayload, roles=DIRECTOR, emits=("clock_resumed",))
def decide_resume(state: TournamentState, cmd: Command) -> Decision | Rejection:
    where = _where(state, cmd.now)
    if where["status"] not in ("paused", "halted"):
        return Rejection("clock_not_paused", "The clock is not paused, so it cannot be resumed.")
    index, elapsed = where["index"], _elapsed(state, where)
    if state.structure[index].get("kind") == "stop":
        if index + 1 >= len(state.structure):
            return Rejection("structure_over", "The structure ends here; add levels first.")
        index, elapsed = index + 1, 0  # the race is over: the next entry starts in full
    return Decision([Event("clock_resumed", {"at": cmd.now, "level_index": index, "elapsed_ms": elapsed})], {})


class AdjustClockPayload(StrictSchema):
    seconds = fields.Integer(
        required=True,
        strict=True,
        validate=[validate.Range(min=-3600, max=3600), validate.NoneOf([0], error="Must not be 0.")],
    )


@command("adjust_clock", payload=AdjustClockPayload, roles=DIRECTOR, emits=("clock_adjusted",))
def decide_adjust(state: TournamentState, cmd: Command) -> Decision | Rejection:
    seconds = cmd.payload.get("seconds")
    if not isinstance(seconds, int) or isinstance(seconds, bool) or seconds == 0 or abs(seconds) > 3600:
        return Rejection("invalid_seconds", "Add or remove between 1 and 3600 seconds.", "seconds", "invalid")
    if state.clock.status == "idle":
        return Rejection("clock_not_started", "Start the clock before adding or removing time.", "seconds")
    where = _where(state, cmd.now)
    if where["finished"] or where["status"] == "halted":
        return Rejection("clock_stopped", "The clock stands at a stop; resume it first.", "seconds")
    if where["remaining_ms"] + seconds * 1000 <= 0:
        return Rejection(
            "would_end_level",
            f"Only {where['remaining_ms'] // 1000} s are left; to end the level, jump to the next one.",
            "seconds",
        )
    return Decision(
        [
            Event(
                "clock_adjusted",
                {
                    "at": cmd.now,
                    "status": state.clock.status,
                    "level_index": where["index"],
                    "elapsed_ms": _elapsed(state, where) - seconds * 1000,
                    "seconds": seconds,
                },
            )
        ],
        {},
    )


class JumpToLevelPayload(StrictSchema):
    index = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=199))


@command("jump_to_level", payload=JumpToLevelPayload, roles=DIRECTOR, emits=("clock_jumped",))
def decide_jump(state: TournamentState, cmd: Command) -> Decision | Rejection:
    index = cmd.payload.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        return Rejection("invalid_index", "The level must be a structure position (0 or more).", "index", "invalid")
    if index >= len(state.structure):
        return Rejection(
            "past_last_level",
            f"The structure has {len(state.structure)} entries; there is no entry {index + 1}.",
            "index",
        )
    if state.structure[index].get("kind") == "stop":
        return Rejection("jump_to_stop", "Jump to a level or a break, not to a stop.", "index")
    return Decision([Event("clock_jumped", {"at": cmd.now, "level_index": index, "status": state.clock.status})], {})


class SetStructurePayload(StrictSchema):
    structure = fields.List(fields.Dict(), required=True)

    @validates_schema
    def _valid_structure(self, data: dict, **_: object) -> None:
        problem = nested_text_problem(data.get("structure"), "structure") or structure_problem(data.get("structure"))
        if problem:
            raise nested_error(*problem)


@command("set_structure", payload=SetStructurePayload, roles=DIRECTOR, emits=("structure_set",))
def decide_set_structure(state: TournamentState, cmd: Command) -> Decision | Rejection:
    structure = cmd.payload.get("structure")
    problem = structure_problem(structure)
    if problem:
        return Rejection("invalid_structure", problem[1], problem[0], "invalid")
    assert structure is not None  # structure_problem refuses a missing one
    clock: dict[str, Any] = {
        "status": state.clock.status,
        "level_index": state.clock.level_index,
        "elapsed_ms": 0,
        "anchor_at": cmd.now,
        "reason": state.clock.reason,
    }
    if state.clock.status != "idle":
        where = _where(state, cmd.now)  # pin the clock where it stands before the entries change
        clock.update(level_index=where["index"], elapsed_ms=_elapsed(state, where))
    if clock["level_index"] >= len(structure):
        return Rejection(
            "structure_too_short",
            f"The clock is at entry {clock['level_index'] + 1}; keep at least that many entries.",
            "structure",
        )
    # A level shortened below the time already played ends now; the next one starts in full.
    clock["elapsed_ms"] = min(clock["elapsed_ms"], entry_ms(structure[clock["level_index"]]))
    return Decision([Event("structure_set", {"structure": structure, "clock": clock})], {})


@applies("clock_started")
def apply_clock_started(state: TournamentState, event: Event) -> None:
    p = event.payload
    state.clock = Clock("running", p.get("level_index", 0), 0, p["at"])
    if state.status == "seated":
        state.status = "running"


@applies("clock_paused")
def apply_clock_paused(state: TournamentState, event: Event) -> None:
    p = event.payload
    state.clock = Clock("paused", p["level_index"], p["elapsed_ms"], p["at"], p.get("reason", "director"))


@applies("clock_resumed")
def apply_clock_resumed(state: TournamentState, event: Event) -> None:
    p, c = event.payload, state.clock
    state.clock = Clock("running", p.get("level_index", c.level_index), p.get("elapsed_ms", c.elapsed_ms), p["at"])


@applies("clock_adjusted")
def apply_clock_adjusted(state: TournamentState, event: Event) -> None:
    p = event.payload
    state.clock = Clock(p["status"], p["level_index"], p["elapsed_ms"], p["at"], state.clock.reason)


@applies("clock_jumped")
def apply_clock_jumped(state: TournamentState, event: Event) -> None:
    p = event.payload
    at = p["at"] if p["status"] != "idle" else None
    state.clock = Clock(p["status"], p["level_index"], 0, at, state.clock.reason)


@applies("structure_set")
def apply_structure_set(state: TournamentState, event: Event) -> None:
    p = event.payload
    state.preset = {**state.preset, "structure": p["structure"]}
    k = p["clock"]
    state.clock = Clock(
        k["status"],
        k["level_index"],
        k["elapsed_ms"],
        k["anchor_at"] if k["status"] != "idle" else None,
        k.get("reason"),
    )
