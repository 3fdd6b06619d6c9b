from .db import make_engine, migrate, session_scope
from .models import CustomPreset, Director, EventRow, OpReceipt, Token, Tournament

__all__ = ["make_engine", "migrate", "session_scope", "CustomPreset", "Director", "EventRow", "OpReceipt",
           "Token", "Tournament"]
