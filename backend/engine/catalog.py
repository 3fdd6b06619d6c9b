"""Every command and every event, each declared once, next to the rule that decides or applies it.

A command's declaration (`@command` on its decide function) says everything the rest of the app
needs to know about it: the payload it takes (a marshmallow schema: the API validates with it and
the OpenAPI document and the phone's types are generated from it), who may send it, the events it
emits, whether it is still taken after the last bust, and what the API does around it once it is
committed (`effects`, named; backend/api/effects.py holds them). An event's declaration (`@applies` on
its applier) says which views it changes: `public=False` when the public view stays as it was,
`seating=True` when the TV's seating list changes, and `views` naming the table and player views
it touches ("table": the payload's table_no, "entry": its entry_id), or "custom" when the read side
works them out (backend/read/changes.py).

`decide.py`, `apply.py`, the API's payload table, the role checks, the OpenAPI document and the
read side's change map are all derived from COMMANDS and EVENTS; `tests/test_declarations.py`
fails when a declaration is incomplete (no words, an effect nobody runs, an event nobody applies).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

DIRECTOR = frozenset({"director"})
STAFF = frozenset({"director", "dealer"})  # a dealer: at his own table, which the rule checks

# What an event can say about the table and player views it changes without code.
SIMPLE_VIEWS = ("table", "entry")


@dataclass(frozen=True)
class CommandSpec:
    name: str
    decide: Callable[..., Any]
    payload: type  # a marshmallow Schema class
    roles: frozenset[str]
    emits: tuple[str, ...]
    after_finish: bool = False  # still taken once the tournament is over (money, a cheat found late)
    effects: tuple[str, ...] = ()  # the API's work around the command (backend/api/effects.py)


@dataclass(frozen=True)
class EventSpec:
    name: str
    apply: Callable[..., Any]
    public: bool = True  # the public view (every phone) changes
    seating: bool = False  # the TV's seating list changes
    views: tuple[str, ...] | str = ()  # SIMPLE_VIEWS, or "custom" (backend/read/changes.py)


COMMANDS: dict[str, CommandSpec] = {}
EVENTS: dict[str, EventSpec] = {}


def command(
    name: str,
    *,
    payload: type,
    roles: frozenset[str],
    emits: tuple[str, ...],
    after_finish: bool = False,
    effects: tuple[str, ...] = (),
) -> Callable:
    """Declare the decide function below as the command `name`."""

    def declare(decide: Callable) -> Callable:
        assert name not in COMMANDS, f"command {name} declared twice"
        COMMANDS[name] = CommandSpec(name, decide, payload, roles, emits, after_finish, effects)
        return decide

    return declare


def applies(*names: str, public: bool = True, seating: bool = False, views: tuple[str, ...] | str = ()) -> Callable:
    """Declare the function below as the applier of the events `names`."""

    def declare(apply: Callable) -> Callable:
        for name in names:
            assert name not in EVENTS, f"event {name} declared twice"
            EVENTS[name] = EventSpec(name, apply, public, seating, views)
        return apply

    return declare
