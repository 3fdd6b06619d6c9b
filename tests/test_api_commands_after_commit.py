"""What runs after a command's commit cannot turn an applied command into a 500.

A register_player is committed with its 200 receipt before the entry is linked to its person
(leagues). When that linking failed, the phone got 500 "nothing was applied" for a command that
was applied, retried the op_id, got the stored 200 replayed into the same failure, and so on
forever. The link step (and the views' push) is a fault injected here: the rest is the real app and
database."""

import pytest

from backend.app import PokerFloor
from backend.auth.tokens import mint_token
from backend.service import now_ms
from backend.store import session_scope
from test_security_headers import make_app


@pytest.fixture
def director_client(tmp_path):
    app = make_app(tmp_path)
    floor: PokerFloor = app.extensions["pokerfloor"]
    with session_scope(floor.db) as session:
        setup, _ = mint_token(session, floor.config.SECRET_KEY, role="setup", now=now_ms())
    client = app.test_client()
    r = client.post("/api/auth/setup", json={"setup_token": setup, "username": "floor", "password": "a long password"})
    assert r.status_code == 200, r.get_json()
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {r.get_json()['token']}"
    return client


def test_a_failing_person_link_after_the_commit_still_answers_applied(director_client, monkeypatch, caplog):
    import backend.api.effects as effects

    tid = director_client.post("/api/tournaments", json={"name": "Montag", "preset": "n-monday"}).get_json()["id"]

    def broken_link(*_args, **_kwargs):
        raise RuntimeError("the persons table is locked")

    monkeypatch.setattr(effects, "link_registration", broken_link)
    command = {
        "op_id": "op-00000001",
        "device_id": "desk-1",
        "type": "register_player",
        "payload": {"name": "Anna", "id_checked": True},
    }
    first = director_client.post(f"/api/tournaments/{tid}/commands", json=command)
    again = director_client.post(f"/api/tournaments/{tid}/commands", json=command)

    assert first.status_code == 200 and first.get_json()["status"] == "applied"
    assert again.status_code == 200 and again.get_json()["seq"] == first.get_json()["seq"]
    entries = director_client.get(f"/api/tournaments/{tid}/view").get_json()["entries"]
    assert [e["name"] for e in entries] == ["Anna"]
    assert "link_person after register_player" in caplog.text


def test_a_failing_view_push_after_the_commit_still_answers_applied(director_client, monkeypatch, caplog):
    """The service runs every follow-up of a commit (api/follow_ups.py) and logs a failure there: the
    phone hears "applied" for what is applied, whichever follow-up broke."""
    floor: PokerFloor = director_client.application.extensions["pokerfloor"]
    tid = director_client.post("/api/tournaments", json={"name": "Dienstag", "preset": "n-monday"}).get_json()["id"]

    def broken_publisher(*_args, **_kwargs):
        raise RuntimeError("the publisher is gone")

    monkeypatch.setattr(floor.realtime, "publish_soon", broken_publisher)
    command = {
        "op_id": "op-00000002",
        "device_id": "desk-1",
        "type": "register_player",
        "payload": {"name": "Berta", "id_checked": True},
    }
    answer = director_client.post(f"/api/tournaments/{tid}/commands", json=command)

    assert answer.status_code == 200 and answer.get_json()["status"] == "applied"
    entries = director_client.get(f"/api/tournaments/{tid}/view").get_json()["entries"]
    assert [e["name"] for e in entries] == ["Berta"]
    assert f"after register_player in tournament {tid}" in caplog.text
