"""The engine is pure rules (README.md, "Layout"): its import graph has no cycle, and it
reads no clock, no global randomness, no database and no web framework. Read from the source with
ast, so a function-level import counts like one at the top."""

from __future__ import annotations

import ast

import pytest

from import_graph import Import, cycles, graph, modules, within

ENGINE = graph("backend.engine")

# The service and the layers above it do I/O; the engine gets what it needs in the command.
FORBIDDEN = ("flask", "flask_socketio", "sqlalchemy", "sqlmodel", "alembic", "gevent", "psycopg", "redis")
CLOCKS_AND_CHANCE = ("time", "datetime", "uuid", "secrets", "os")


def test_no_import_cycle_in_the_engine():
    # entries.py and registration.py once imported each other (registration's applier needed the
    # chip count that entries.py kept): chip accounting lives in engine/chips.py now.
    assert cycles(ENGINE) == []


def test_the_cycle_finder_finds_a_cycle():
    edges = {
        "a": [Import("a", "b", (), 1)],
        "b": [Import("b", "c", (), 1)],
        "c": [Import("c", "a", (), 5)],
        "d": [Import("d", "a", (), 1)],
    }
    assert cycles(edges) == [["a", "b", "c", "a"]]


@pytest.mark.parametrize("module", sorted(ENGINE))
def test_the_engine_imports_nothing_with_io_or_a_clock(module):
    bad = [
        str(i)
        for i in ENGINE[module]
        if any(within(i.target, name) for name in FORBIDDEN + CLOCKS_AND_CHANCE)
        or (within(i.target, "backend") and not within(i.target, "backend.engine"))
    ]
    assert bad == []


@pytest.mark.parametrize("module", sorted(ENGINE))
def test_randomness_comes_only_from_a_seeded_generator(module):
    """A seat draw's choice is made by random.Random(cmd.seed), so replay is exact; random.choice
    and friends would read the process-wide generator."""
    assert [str(i) for i in ENGINE[module] if i.target == "random" and i.names not in ((), ("Random",))] == []
    tree = ast.parse(modules("backend.engine")[module].read_text())
    uses = [
        f"line {node.lineno}: random.{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "random"
        and node.attr != "Random"
    ]
    assert uses == []
