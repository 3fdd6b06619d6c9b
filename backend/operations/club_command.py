"""`pokerfloor club`: the server's clubs from the shell, for whoever runs the server.

    pokerfloor club list               every club, with its directors and tournaments counted
    pokerfloor club add "Poker Club"   a new club, and the setup link for its first director
    pokerfloor club invite 3           another setup link for club 3 (the first one was lost)

The link opens the setup page on this server's address (PUBLIC_URL, else http://HOST:PORT)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine
    from sqlmodel import Session

    from ..config import Config


def _engine() -> tuple[Config, Engine]:
    from ..config import Config
    from ..store import make_engine, migrate
    from ..store.db import check_migrated

    config = Config()
    engine = make_engine(config.DATABASE_URL)
    if engine.dialect.name == "sqlite":
        migrate(engine)  # as `serve` does for one process
    else:
        check_migrated(engine)  # `pokerfloor init` migrates PostgreSQL, once
    return config, engine


def _invitation_lines(config: Config, session: Session, club_id: int) -> list[str]:
    from ..auth import clubs
    from ..documents.qr import qr_text
    from ..service import now_ms

    token = clubs.invite(session, config.SECRET_KEY, club_id=club_id, access="full", now=now_ms())
    url = f"{config.PUBLIC_URL or f'http://{config.HOST}:{config.PORT}'}/#/setup/{token}"
    return [
        "Setup link for the club's first director (good for 7 days, works once):",
        qr_text(url),
        url,
    ]


def club_command(action: str, name: str | None = None, club_id: int | None = None) -> int:
    from ..auth import clubs
    from ..service import now_ms
    from ..store import Club, session_scope

    config, engine = _engine()
    try:
        with session_scope(engine) as session:
            if action == "list":
                rows = clubs.club_summaries(session)
                for c in rows:
                    print(f"{c['id']:>4}  {c['name']}  (directors: {c['directors']}, tournaments: {c['tournaments']})")
                if not rows:
                    print("no clubs yet: the first director's setup creates the first one")
                return 0
            if action == "add":
                name = (name or "").strip()
                if not name or len(name) > 120:
                    print("a club needs a name of 1 to 120 characters")
                    return 2
                club = clubs.create_club(session, name, now_ms())
                print(f"club {club.id} created: {club.name}")
                assert club.id is not None
                print("\n".join(_invitation_lines(config, session, club.id)))
                return 0
            found = session.get(Club, club_id) if club_id is not None else None
            if found is None or found.id is None:
                print(f"there is no club {club_id} (pokerfloor club list)")
                return 2
            print(f"club {found.id}: {found.name}")
            print("\n".join(_invitation_lines(config, session, found.id)))
            return 0
    finally:
        engine.dispose()
