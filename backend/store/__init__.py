from .db import make_engine, migrate, session_scope
from .models import Director, EventRow, OpReceipt, Token, Tournament

__all__ = ["make_engine", "migrate", "session_scope", "Director", "EventRow", "OpReceipt",
           "Token", "Tournament"]
