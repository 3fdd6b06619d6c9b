from .db import make_engine, migrate, session_scope
from .models import (CustomPreset, Director, EventRow, League, LeagueTournament, OpReceipt, Person, Token,
                     Tournament, TournamentEntryPerson)

__all__ = ["make_engine", "migrate", "session_scope", "CustomPreset", "Director", "EventRow", "OpReceipt",
           "Token", "Tournament",
           "League", "LeagueTournament", "Person", "TournamentEntryPerson"]
