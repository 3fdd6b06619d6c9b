"""The rules engine: pure functions of state and command.

No Flask, no database, no clock reads, no randomness: the service passes the current
server time (`Command.now`) and a random seed (`Command.seed`) in, and events record
every outcome, so replaying the log rebuilds exactly the same state.
"""

from .apply import apply, replay
from .catalog import COMMANDS, EVENTS
from .decide import decide
from .model import Actor, Command, Decision, Event, Rejection, TournamentState

__all__ = [
    "COMMANDS",
    "EVENTS",
    "Actor",
    "Command",
    "Decision",
    "Event",
    "Rejection",
    "TournamentState",
    "apply",
    "decide",
    "replay",
]
