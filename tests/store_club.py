"""A club row for tests that use the store and the service without the API (every
tournament, league and person belongs to one)."""

from backend.auth.clubs import create_club
from backend.store import session_scope


def a_club(engine, name: str = "Club") -> int:
    with session_scope(engine) as session:
        club_id = create_club(session, name, 1).id
    assert club_id is not None
    return club_id
