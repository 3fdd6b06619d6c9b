"""The rules engine: pure functions of state and command.

No Flask, no database, no clock reads, no randomness: the service passes the current
server time (`Command.now`) and a random seed (`Command.seed`) in, and events record
every outcome, so replaying the log rebuilds exactly the same state.
"""
from .model import Actor, Command, Decision, Event, Rejection, TournamentState
from .decide import decide
from .apply import apply, replay

__all__ = ["Actor", "Command", "Decision", "Event", "Rejection", "TournamentState",
           "decide", "apply", "replay"]
