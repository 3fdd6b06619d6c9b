"""State, commands, events: plain data the rest of the engine works on."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass(frozen=True)
class Actor:
    role: str  # director | dealer | player | display
    table_no: Optional[int] = None
    entry_id: Optional[int] = None
    name: str = ""


@dataclass(frozen=True)
class Command:
    type: str
    payload: dict
    actor: Actor
    now: int  # server time (ms) when the command is decided
    at: Optional[int] = None  # server time (ms) when the device recorded it
    seed: int = 0  # randomness chosen by the service, recorded through the events


@dataclass(frozen=True)
class Event:
    type: str
    payload: dict


@dataclass(frozen=True)
class Decision:
    events: list[Event]
    result: dict


@dataclass(frozen=True)
class Rejection:
    """The rules said no. `kind` maps to an HTTP status at the edge."""
    error: str
    message: str
    field: Optional[str] = None
    kind: str = "conflict"  # conflict | forbidden | not_found | invalid


@dataclass
class Entry:
    entry_id: int
    name: str
    status: str = "active"  # active | busted
    table_no: Optional[int] = None
    seat: Optional[int] = None
    place: Optional[int] = None
    busted_at: Optional[int] = None
    accessible: bool = False  # needs an accessible seat (S-#3)


@dataclass
class Table:
    table_no: int
    max_seats: int
    seats: dict[int, int] = field(default_factory=dict)  # seat -> entry_id
    # The current hand's positions (seat numbers; a seat may be empty: dead button / dead SB).
    button: Optional[int] = None
    sb: Optional[int] = None
    bb: Optional[int] = None
    hand_no: int = 0
    broken: bool = False


@dataclass
class Clock:
    status: str = "idle"  # idle | running | paused
    level_index: int = 0
    elapsed_ms: int = 0  # time already spent in level_index at anchor_at
    anchor_at: Optional[int] = None
    reason: Optional[str] = None  # why it is paused (director, table_merge, race_for_chips)

    def as_dict(self) -> dict[str, Any]:
        return {"status": self.status, "level_index": self.level_index, "elapsed_ms": self.elapsed_ms,
                "anchor_at": self.anchor_at, "reason": self.reason if self.status == "paused" else None}


@dataclass
class TournamentState:
    tournament_id: int
    seq: int = 0
    name: str = ""
    preset: dict = field(default_factory=dict)
    status: str = "new"  # new | registering | seated | running | finished
    entries: dict[int, Entry] = field(default_factory=dict)
    names: set[str] = field(default_factory=set)  # casefolded, for duplicate checks without a scan
    tables: dict[int, Table] = field(default_factory=dict)
    clock: Clock = field(default_factory=Clock)
    players_left: int = 0
    busts: list[int] = field(default_factory=list)  # entry ids, in finishing order
    # Hand-for-hand: the round number and the tables that have finished it.
    hand_for_hand: dict = field(default_factory=lambda: {"active": False, "round": 0, "done": []})
    break_order: list[int] = field(default_factory=list)  # fixed in advance (TDA 11C, V-III.d)
    recent_moves: list[dict] = field(default_factory=list)  # the last moves, for dealers' phones

    @property
    def structure(self) -> list[dict]:
        return self.preset.get("structure", [])

    @property
    def seating(self) -> dict:
        return self.preset.get("seating", {})

    @property
    def max_per_table(self) -> int:
        return int(self.preset.get("seating", {}).get("max_per_table", 10))

    @property
    def start_stack(self) -> int:
        return int(self.preset.get("format", {}).get("start_stack", 0))
