"""One entry point for every command: look up its declaration (engine/catalog.py), check who sent
it, let its rule decide. The rule modules declare themselves when imported below."""

from __future__ import annotations

import warnings

from . import (  # noqa: F401 -- imported for their @command declarations
    announcements,
    away,
    breaking,
    check_in,
    chips,
    clock,
    deal,
    entries,
    hand_for_hand,
    headhunter,
    late_seats,
    legal,
    moments,
    money,
    penalties,
    refusals,
    registration,
    results,
    seating,
    settings,
    sign_up,
    table_ops,
    tv_sound,
    undo,
)
from .catalog import COMMANDS
from .model import Command, Decision, Rejection, TournamentState


class UndeclaredEvent(UserWarning):
    """A rule emitted an event its declaration does not list (engine/catalog.py)."""


def decide(state: TournamentState, cmd: Command) -> Decision | Rejection:
    outcome = _decide(state, cmd)
    if isinstance(outcome, Rejection):  # every refusal names its rule, or says it is none
        return refusals.named(state, cmd.type, outcome)
    undeclared = {e.type for e in outcome.events} - set(COMMANDS[cmd.type].emits)
    if undeclared:  # the views pushed are worked out per event, not per declaration: say so, go on
        warnings.warn(f"{cmd.type} emitted {sorted(undeclared)}, not in its declaration", UndeclaredEvent, stacklevel=2)
    return outcome


def _decide(state: TournamentState, cmd: Command) -> Decision | Rejection:
    spec = COMMANDS.get(cmd.type)
    if spec is None:
        return Rejection("unknown_command", f"Unknown command '{cmd.type}'.", "type", "invalid")
    if cmd.actor.role not in spec.roles:  # state-dependent limits (a dealer's own table): the rule
        return Rejection("forbidden", f"A {cmd.actor.role} may not send '{cmd.type}'.", "type", "forbidden")
    # After the last bust the money is still being handed out, and a cheat may still be found.
    if state.status == "finished" and not spec.after_finish:
        return Rejection("tournament_finished", "The tournament is over.", None, params={})
    # House rules that ride on other commands' events: HH chips on registrations and busts,
    # the penalty countdown and a newcomer's first big blind (P-Spielverlauf) on new hands.
    outcome = late_seats.annotate(state, cmd, spec.decide(state, cmd))
    outcome = headhunter.annotate(state, cmd, penalties.annotate(state, cmd, outcome))
    # Last, over every event the house rules made: the law's limits (engine/legal.py).
    return legal.annotate(state, cmd, outcome)
