from .db import make_engine, migrate, session_scope
from .models import (
    CustomPreset,
    Director,
    EventRow,
    League,
    LeagueTournament,
    OpReceipt,
    Person,
    PushSubscription,
    Token,
    Tournament,
    TournamentEntryPerson,
)

__all__ = [
    "CustomPreset",
    "Director",
    "EventRow",
    "League",
    "LeagueTournament",
    "OpReceipt",
    "Person",
    "PushSubscription",
    "Token",
    "Tournament",
    "TournamentEntryPerson",
    "make_engine",
    "migrate",
    "session_scope",
]
