"""Migration 0008 moves a single-club database into one club without loss, on SQLite
and PostgreSQL: a database at 0007 filled with what the schema before clubs held (two directors,
two tournaments with their event logs and receipts, every kind of token, an invitation not yet
used, a custom preset, persons and a league, push subscriptions and a reminder sent) comes up with
every row kept and every row in club 1, the first director the admin, and works as before: the
directors sign in and see both tournaments, the printed QR codes still open their screens, the
pending invitation joins club 1, and the next club gets a new number."""

from __future__ import annotations

import hashlib
import json
import uuid

import pytest
from sqlalchemy import text

from backend.auth import hash_password
from backend.auth.clubs import create_club
from backend.auth.tokens import token_value
from backend.config import ROOT
from backend.engine import Actor
from backend.presets import load_presets
from backend.service import TournamentService
from backend.store import make_engine, migrate, session_scope
from backend.store.db import current_revision, head_revision, migration_transaction, run_alembic
from in_process import InProcessApi

SECRET = "k" * 32  # make_app's key: the tokens below are HMAC(SECRET, nonce)
GENERIC = load_presets(str(ROOT / "shared_rules/presets"))["generic"]
TABLES = (
    "director",
    "tournament",
    "event",
    "op_receipt",
    "token",
    "custom_preset",
    "person",
    "tournament_entry_person",
    "league",
    "league_tournament",
    "push_subscription",
    "push_reminder",
)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.db'}"
    return request.getfixturevalue("pg_schema_url")


def a_played_log(tmp_path) -> tuple[list[dict], list[dict]]:
    """The event log and receipts of a tournament played a little, made by today's service (an
    event row's columns are the same before and after 0008)."""
    scratch = make_engine(f"sqlite:///{tmp_path / 'scratch.db'}")
    migrate(scratch)
    with session_scope(scratch) as s:
        club = create_club(s, "x", 1).id
    service = TournamentService(scratch)
    tid = service.create_tournament("Montag", GENERIC, None, club).id

    def run(type, payload, op):
        answer = service.execute(
            tid,
            type=type,
            payload=payload,
            actor=Actor("director"),
            actor_label="director:1",
            device_id="old-phone",
            op_id=op,
            at=None,
        )
        assert answer.status_code == 200, answer.body

    for i in range(1, 7):
        run("register_player", {"name": f"Spieler {i}"}, f"register-{i}")
    run("draw_seats", {"tables": 1}, "draw-seats")
    run("record_bust", {"entry_id": 6}, "bust-of-6")
    with scratch.connect() as conn:
        events = [dict(r._mapping) for r in conn.execute(text("SELECT * FROM event ORDER BY seq"))]
        receipts = [dict(r._mapping) for r in conn.execute(text("SELECT * FROM op_receipt"))]
    for row in events + receipts:  # SQLite hands JSON columns back as their text: the values again
        for key in ("payload", "response"):
            if isinstance(row.get(key), str):
                row[key] = json.loads(row[key])
    scratch.dispose()
    return events, receipts


def token_row(role, nonce, **cols):
    token = token_value(SECRET, nonce)
    row = {
        "token_hash": hashlib.sha256(token.encode()).hexdigest(),
        "nonce": nonce,
        "role": role,
        "tournament_id": None,
        "table_no": None,
        "entry_id": None,
        "director_id": None,
        "created_at": 10**12,
        "revoked_at": None,
        **cols,
    }
    return token, row


def insert(conn, table: str, row: dict) -> None:
    cols = ", ".join(row)
    conn.execute(text(f"INSERT INTO {table} ({cols}) VALUES ({', '.join(':' + c for c in row)})"), row)


def fill_the_schema_before_clubs(conn, events, receipts, now: int) -> dict:
    for i, name in ((1, "anna"), (2, "bert")):
        insert(
            conn,
            "director",
            {"id": i, "username": name, "password_hash": hash_password(f"{name}'s password"), "created_at": i},
        )
    for tid, by in ((1, 1), (2, 2)):
        insert(
            conn,
            "tournament",
            {
                "id": tid,
                "name": f"Montag {tid}",
                "preset_id": "generic",
                "created_by": by,
                "created_at": 5,
                "last_seq": len(events),
            },
        )
        for e in events:
            insert(
                conn,
                "event",
                {
                    **{k: v for k, v in e.items() if k != "id"},
                    "tournament_id": tid,
                    "payload": json.dumps(e["payload"]),
                },
            )
        for r in receipts:
            row = dict(r.items())
            row.update(tournament_id=tid, device_id=f"{r['device_id']}-{tid}", response=json.dumps(r["response"]))
            row["payload"] = json.dumps(r["payload"]) if r["payload"] is not None else None
            insert(conn, "op_receipt", row)
    tokens = {}
    for key, role, cols in (
        ("director", "director", {"director_id": 1}),
        ("dealer", "dealer", {"tournament_id": 1, "table_no": 1}),
        ("player", "player", {"tournament_id": 1, "entry_id": 2}),
        ("display", "display", {"tournament_id": 1}),
        ("invitation", "setup", {"director_id": 1, "created_at": now}),
    ):
        tokens[key], row = token_row(role, f"nonce-{key}", **cols)
        insert(conn, "token", row)
    insert(
        conn,
        "custom_preset",
        {
            "id": 1,
            "name": "Basel Turbo",
            "data": json.dumps({**GENERIC, "name": {"en": "Basel Turbo", "de": "Basel Turbo"}}),
            "created_by": 1,
            "created_at": 6,
        },
    )
    for pid, name in ((1, "Spieler 1"), (2, "Spieler 2")):
        insert(conn, "person", {"id": pid, "name": name, "name_key": name.casefold(), "created_at": 6})
        for tid in (1, 2):
            insert(conn, "tournament_entry_person", {"tournament_id": tid, "entry_id": pid, "person_id": pid})
    insert(
        conn,
        "league",
        {
            "id": 1,
            "name": "Ranking 2026",
            "kind": "v_ranking",
            "points": json.dumps({"table": [25, 21, 17]}),
            "created_by": 1,
            "created_at": 7,
        },
    )
    for tid in (1, 2):
        insert(
            conn, "league_tournament", {"league_id": 1, "tournament_id": tid, "played_on": "2026-11-30", "added_at": 8}
        )
    insert(
        conn,
        "push_subscription",
        {
            "id": 1,
            "endpoint": "https://fcm.googleapis.com/fcm/send/a",
            "token_id": 3,
            "tournament_id": 1,
            "p256dh": "p" * 87,
            "auth": "a" * 22,
            "lang": "de",
            "created_at": 9,
        },
    )
    insert(conn, "push_reminder", {"tournament_id": 1, "key": "break_end:3", "sent_at": 9})
    if conn.dialect.name == "postgresql":  # ids given above: the sequences as the rows had made them
        for table in ("director", "tournament", "custom_preset", "person", "league", "push_subscription"):
            conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))"))
    return tokens


def counts(engine) -> dict:
    with engine.connect() as conn:
        return {t: conn.execute(text(f"SELECT COUNT(*) FROM {t}")).scalar() for t in TABLES}


def test_a_single_club_database_moves_into_club_one_without_loss(url, tmp_path):
    from backend.service import now_ms
    from test_security_headers import make_app

    events, receipts = a_played_log(tmp_path)
    engine = make_engine(url)
    with migration_transaction(engine) as conn:
        run_alembic(conn, "upgrade", "0007")
    with engine.begin() as conn:
        tokens = fill_the_schema_before_clubs(conn, events, receipts, now_ms())
    before = counts(engine)

    assert migrate(engine) == ("0007", head_revision())
    assert counts(engine) == before  # every row kept
    with engine.connect() as conn:
        assert conn.execute(text("SELECT id, name FROM club")).all() == [(1, "Club")]
        for table in ("director", "tournament", "league", "person", "custom_preset"):
            assert conn.execute(text(f"SELECT DISTINCT club_id FROM {table}")).scalars().all() == [1], table
        assert conn.execute(text("SELECT username, access, is_admin FROM director ORDER BY id")).all() == [
            ("anna", "full", True),
            ("bert", "full", False),
        ]
        assert conn.execute(text("SELECT club_id FROM token WHERE role = 'setup'")).scalar() == 1
    assert current_revision(engine) == head_revision()
    engine.dispose()

    app = make_app(tmp_path, DATABASE_URL=url)
    try:
        anna = InProcessApi(app)
        login = anna.post("/api/auth/login", {"username": "anna", "password": "anna's password"})
        assert login.status_code == 200, login.text
        anna.token = login.json()["token"]
        assert (
            login.json()["club"] == {"id": 1, "name": "Club", "slug": "club", "show_names": False, "retention_days": 90}
            and login.json()["director"]["admin"] is True
        )
        listed = anna.get("/api/tournaments")
        assert sorted(t["id"] for t in listed.json()) == [1, 2], listed.text
        assert anna.get("/api/tournaments/2/view").json()["players_left"] == 5  # the log replays
        assert [p["name"] for p in anna.get("/api/persons").json()] == ["Spieler 1", "Spieler 2"]
        assert anna.get("/api/leagues/1/standings").status_code == 200
        assert "custom-1" in [p["id"] for p in anna.get("/api/presets").json()]
        # the QR codes printed before the upgrade still open their screens; the session too
        assert InProcessApi(app, tokens["dealer"]).get("/api/tournaments/1/view").json()["table_no"] == 1
        assert InProcessApi(app, tokens["player"]).get("/api/tournaments/1/view").json()["entry_id"] == 2
        assert InProcessApi(app, tokens["display"]).get("/api/tournaments/1/public").status_code == 200
        assert InProcessApi(app, tokens["director"]).get("/api/me").json()["club"]["id"] == 1
        # a replayed command from before the upgrade gets its stored answer
        replay = InProcessApi(app, tokens["director"], device_id="old-phone-1")
        replayed = replay.command(1, "record_bust", {"entry_id": 6}, op_id="bust-of-6").json()
        assert replayed.get("status") == "applied" and replayed["seq"] == len(events), replayed
        # the pending invitation joins club 1; a new club gets the next number
        carl = InProcessApi(app)
        r = carl.post(
            "/api/auth/setup", {"setup_token": tokens["invitation"], "username": "carl", "password": "carl's password"}
        )
        assert r.status_code == 200 and r.json()["club"]["id"] == 1, r.text
        made = anna.post("/api/clubs", {"name": f"Second {uuid.uuid4().hex[:4]}"})
        assert made.status_code == 201 and made.json()["club"]["id"] == 2, made.text
    finally:
        app.extensions["pokerfloor"].db.dispose()


def test_an_empty_database_gets_no_club_until_the_first_setup(url):
    engine = make_engine(url)
    migrate(engine)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM club")).scalar() == 0
    engine.dispose()


def test_an_unused_first_login_link_stays_one(url):
    """A server started once at 0007 and never set up: its first-login link still makes the first
    club and its admin after the upgrade (it does not become an invitation into an empty club)."""
    engine = make_engine(url)
    with migration_transaction(engine) as conn:
        run_alembic(conn, "upgrade", "0007")
    with engine.begin() as conn:
        _, row = token_row("setup", "nonce-first")
        insert(conn, "token", row)
    migrate(engine)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM club")).scalar() == 0
        assert conn.execute(text("SELECT club_id, director_id FROM token")).all() == [(None, None)]
    engine.dispose()
