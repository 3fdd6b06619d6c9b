"""A dealer's Undo of his own bust over HTTP, against a real server process: his table's
latest bust within the window is undone (the director's view and the log show it); another
table's, an earlier one, one with a hand started since, one past the window, and a bad payload are
refused with the field, the code, its basis and params the phone words in its own language.

The window is judged on the server's time: the server runs with a sitecustomize that adds an
offset (read from a file) to `time.time_ns`, so the test moves the server's clock forward 61 s
instead of waiting."""

import re
import textwrap
from pathlib import Path

import pytest

from server import Api, ServerProcess, command_ok, director, links, read_db, seated_tournament, token_of, view

EN = dict(
    re.findall(
        r'^\s*"(refusal\.[\w.]+)": "(.*)",$', (Path(__file__).parents[1] / "pwa/src/i18n/en.ts").read_text(), re.M
    )
)
DE = dict(
    re.findall(
        r'^\s*"(refusal\.[\w.]+)": "(.*)",$', (Path(__file__).parents[1] / "pwa/src/i18n/de.ts").read_text(), re.M
    )
)


def worded(lang: dict, body: dict) -> str:
    params = body["params"]
    key = f"refusal.{body['error']}" + (f".{params['variant']}" if "variant" in params else "")
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), lang[key])


@pytest.fixture
def clocked(tmp_path):
    """A real server whose clock the test can move forward."""
    hook = tmp_path / "hook"
    hook.mkdir()
    offset = tmp_path / "offset_ms"
    offset.write_text("0")
    (hook / "sitecustomize.py").write_text(
        textwrap.dedent(f"""
        import time
        _real = time.time_ns
        def _moved():
            try:
                return _real() + int(open({str(offset)!r}).read()) * 1_000_000
            except (OSError, ValueError):
                return _real()
        time.time_ns = _moved
    """)
    )
    srv = ServerProcess(tmp_path / "var", env={"PYTHONPATH": str(hook)}).start()
    yield srv, offset
    srv.stop()


def dealer_of(server, td, tid, table_no) -> Api:
    url = next(t["url"] for t in links(td, tid)["tables"] if t["table_no"] == table_no)
    return Api(server.url, token_of(url))


def at_table(td, tid, table_no):
    return sorted(
        (s for t in view(td, tid)["tables"] if t["table_no"] == table_no for s in t["seats"]), key=lambda s: s["seat"]
    )


def undo(entry_id):
    return {"entry_id": entry_id, "reason": "Undone on the dealer's phone right after the bust"}


def test_a_dealer_undoes_his_own_latest_bust_and_is_refused_the_rest(clocked):
    server, offset = clocked
    td = director(server)
    tid = seated_tournament(td, players=12, tables=2)
    one, two = dealer_of(server, td, tid, 1), dealer_of(server, td, tid, 2)
    t1, t2 = at_table(td, tid, 1), at_table(td, tid, 2)
    anna, bert, cleo = t1[-1], t1[-2], t2[-1]
    for d, table_no in ((one, 1), (two, 2)):
        command_ok(d, tid, "set_button", {"table_no": table_no, "seat": at_table(td, tid, table_no)[0]["seat"]})

    # His own latest bust: undone; Anna is back in her seat, nobody is out, the log says who did it.
    assert command_ok(one, tid, "record_bust", {"entry_id": anna["entry_id"]})["result"]["place"] == 12
    answer = command_ok(one, tid, "undo_bust", undo(anna["entry_id"]))
    assert answer["result"]["seat"] == anna["seat"] and answer["result"]["table_no"] == 1
    assert any(s["entry_id"] == anna["entry_id"] and s["seat"] == anna["seat"] for s in view(one, tid)["seats"])
    v = view(td, tid)
    assert v["players_left"] == 12 and not [e for e in v["entries"] if e["place"] is not None]
    types = [r[0] for r in read_db(server, "SELECT type FROM event WHERE tournament_id = ? ORDER BY seq", (tid,))]
    assert types[-2:] == ["player_busted", "bust_undone"]

    # Another table's bust: 403, naming the table, in both languages.
    command_ok(two, tid, "record_bust", {"entry_id": cleo["entry_id"]})
    r = one.command(tid, "undo_bust", undo(cleo["entry_id"]))
    body = r.json()
    assert (r.status_code, body["error"], body["field"], body["basis"]) == (
        403,
        "not_at_your_table",
        "entry_id",
        "permission",
    )
    assert worded(EN, body) == body["message"]
    assert worded(DE, body).startswith(f"{cleo['name']} saß an Tisch 2, nicht an Tisch 1")

    # An earlier bust at his table: only the latest is his.
    command_ok(one, tid, "record_bust", {"entry_id": anna["entry_id"]})
    command_ok(one, tid, "record_bust", {"entry_id": bert["entry_id"]})
    r = one.command(tid, "undo_bust", undo(anna["entry_id"]))
    assert (r.status_code, r.json()["error"], r.json()["basis"]) == (409, "not_last_bust", "procedure")
    assert worded(EN, r.json()) == r.json()["message"]

    # A bad payload names the field (400), as for the director.
    r = one.command(tid, "undo_bust", {"entry_id": bert["entry_id"]})
    assert (r.status_code, r.json()["field"]) == (400, "payload.reason")

    # 61 s later on the server's clock: too late (the director still may).
    offset.write_text("61000")
    r = one.command(tid, "undo_bust", undo(bert["entry_id"]))
    body = r.json()
    assert (r.status_code, body["error"], body["field"], body["params"]["seconds"]) == (
        409,
        "undo_too_late",
        "entry_id",
        60,
    )
    assert worded(EN, body) == body["message"]
    assert "älter als 60 Sekunden" in worded(DE, body)

    # A hand started at table 2 since Cleo's bust, well within a new window: refused, too.
    command_ok(two, tid, "record_bust", {"entry_id": t2[-2]["entry_id"]})
    command_ok(two, tid, "new_hand", {"table_no": 2})
    r = two.command(tid, "undo_bust", undo(t2[-2]["entry_id"]))
    assert (r.status_code, r.json()["error"]) == (409, "hand_since_bust")
    assert worded(EN, r.json()) == r.json()["message"]
    assert view(td, tid)["players_left"] == 12 - 4
