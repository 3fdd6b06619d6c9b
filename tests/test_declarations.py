"""Every command and event is declared once (backend/engine/catalog.py, docs/add-a-command.md), and
a declaration that leaves something out fails here: a command without a payload schema, roles,
events or words; an effect the API does not run; an event nobody applies or whose views nobody
works out. Everything else (decide's table, the API's payloads, OpenAPI, the change map) is derived."""

from __future__ import annotations

import inspect
import re
import warnings
from pathlib import Path

import pytest
from marshmallow import Schema

from backend import words as audit
from backend.api import phone_words
from backend.api.effects import EFFECTS
from backend.api.schemas import PAYLOADS
from backend.engine import decide
from backend.engine.catalog import COMMANDS, EVENTS, SIMPLE_VIEWS, CommandSpec, EventSpec
from backend.engine.decide import UndeclaredEvent
from backend.read.changes import CUSTOM
from engine_helpers import director_cmd, tournament_with

ROOT = Path(__file__).resolve().parents[1]


def command_problems(spec: CommandSpec) -> list[str]:
    problems = []
    if not (isinstance(spec.payload, type) and issubclass(spec.payload, Schema)):
        problems.append("payload is not a marshmallow schema")
    # A player sends only what concerns his own registration from his link (cancel_sign_up); a
    # guest (no token: the club's public page, api/sign_up.py) only signs up. The final table's deal
    # (engine/deal.py) is the one both send: a player answers for himself from his phone, the
    # director records a player's verbal answer.
    allowed = ({"player"}, {"guest"}, {"director", "player"})
    if not spec.roles or not (spec.roles <= {"director", "dealer"} or spec.roles in allowed):
        problems.append(f"roles {sorted(spec.roles)}: a director, and perhaps a dealer; a player or a guest alone")
    if not spec.emits:
        problems.append("emits no event")
    problems += [f"emits {e}, which no @applies declares" for e in spec.emits if e not in EVENTS]
    problems += [f"effect {e} is not in backend/api/effects.py" for e in spec.effects if e not in EFFECTS]
    problems += [
        f"no {lang} words in backend/words.py COMMANDS (the review list)"
        for lang in audit.COMMANDS
        if spec.name not in audit.COMMANDS[lang]
    ]
    return problems


def event_problems(spec: EventSpec) -> list[str]:
    problems = []
    if spec.views == "custom":
        if spec.name not in CUSTOM:
            problems.append("views='custom' but backend/read/changes.py CUSTOM has no entry")
    elif not set(spec.views) <= set(SIMPLE_VIEWS):
        problems.append(f"views {spec.views}: only {SIMPLE_VIEWS} or 'custom'")
    elif spec.name in CUSTOM:
        problems.append("backend/read/changes.py CUSTOM has an entry, but views is not 'custom'")
    problems += [
        f"no {lang} words in backend/words.py EVENTS (the audit log)"
        for lang in audit.EVENTS
        if spec.name not in audit.EVENTS[lang]
    ]
    return problems


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_declaration_is_complete(name):
    assert command_problems(COMMANDS[name]) == []


@pytest.mark.parametrize("name", sorted(EVENTS))
def test_an_event_declaration_is_complete(name):
    assert event_problems(EVENTS[name]) == []


def test_an_incomplete_declaration_is_found():
    bad = CommandSpec(
        "tally_chips", lambda s, c: None, dict, frozenset({"player", "dealer"}), ("chips_tallied",), effects=("x",)
    )
    problems = command_problems(bad)
    assert len(problems) == 6, problems  # schema, roles, event, effect, two languages
    assert event_problems(EventSpec("chips_tallied", lambda s, e: None, views=("seat",))) != []
    assert event_problems(EventSpec("button_set", lambda s, e: None, views=("table",))) != []  # CUSTOM has it


def test_every_registry_is_derived_from_the_declarations():
    assert {name: spec.payload for name, spec in COMMANDS.items()} == PAYLOADS
    assert set(CUSTOM) <= set(EVENTS)
    # every rule module's decide function is declared, none is left in a table of its own
    source = (ROOT / "backend/engine/decide.py").read_text()
    assert not re.search(r'^\s+"[a-z_]+": [a-z_]+\.decide_', source, re.M)


def test_the_phone_speaks_the_server_s_command_words():
    """The phone's pending and refused lists say a command in the words of backend/words.py COMMANDS:
    pwa/src/i18n/commands.gen.ts is generated from them, and the phone's own tables declare none."""
    assert phone_words.OUT.read_text() == phone_words.render(), "stale: run `npm run api-types` in pwa/"
    for lang in ("en", "de"):
        own = (ROOT / f"pwa/src/i18n/{lang}.ts").read_text()
        assert not re.findall(r'^\s*"cmd\.', own, re.M), f"pwa/src/i18n/{lang}.ts declares command words again"


def test_a_command_s_screen_words_belong_to_a_command_and_come_in_both_languages():
    screens = audit.COMMAND_SCREENS
    assert set(screens["en"]) <= set(COMMANDS) and set(screens["de"]) <= set(COMMANDS)
    assert {c: set(w) for c, w in screens["en"].items()} == {c: set(w) for c, w in screens["de"].items()}


def test_an_applier_is_chosen_by_the_registry_not_by_branching():
    """`apply` finds an event's applier in EVENTS; an applier that tests `event.type` again would be
    a second, hand-kept dispatch (a new event would have to be added to both)."""
    branching = sorted(
        {spec.apply.__qualname__ for spec in EVENTS.values() if "event.type" in inspect.getsource(spec.apply)}
    )
    assert branching == []


def test_an_event_a_command_does_not_declare_is_reported(monkeypatch):
    """decide() warns (an error under pytest) when a rule emits an event its declaration leaves
    out: the change map and the docs would not know about it."""
    state, _ = tournament_with()
    spec = COMMANDS["register_player"]
    monkeypatch.setitem(COMMANDS, "register_player", CommandSpec(**{**spec.__dict__, "emits": ("player_waitlisted",)}))
    cmd = director_cmd("register_player", {"name": "Anna"})
    with pytest.warns(UndeclaredEvent, match="player_registered"):
        decide(state, cmd)
    monkeypatch.setitem(COMMANDS, "register_player", spec)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        decide(state, cmd)
