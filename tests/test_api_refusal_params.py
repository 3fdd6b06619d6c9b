"""A refused command names the parts of its reason (`params`) next to the English message, so a
phone shows it in its own language (docs/api.md "Rejections"). Against the real server: the
answer, its stored replay (same op_id) and the CSV import report carry the same codes and params."""

import re
import uuid
from pathlib import Path

import pytest

from server import command_ok, links, seated_tournament, token_of, view

pytestmark = pytest.mark.in_process  # plain API tests: the app in this process (tests/in_process.py)

EN = dict(
    re.findall(
        r'^\s*"(refusal\.[\w.]+)": "(.*)",$', (Path(__file__).parents[1] / "pwa/src/i18n/en.ts").read_text(), re.M
    )
)


def english(error: str, params: dict) -> str:
    """The phone's English text for a refusal (pwa/src/ui/reasons.ts, in short)."""
    key = f"refusal.{error}" + (f".{params['variant']}" if "variant" in params else "")
    values = {k: EN.get(f"refusal.{k}.{v}", v) if k in ("what", "flag") else v for k, v in params.items()}
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), EN[key])


def dealer_api(server, td, tid, table_no):
    url = next(t["url"] for t in links(td, tid)["tables"] if t["table_no"] == table_no)
    return server.api(token_of(url))


def test_a_bust_of_a_moved_player_names_where_he_went_and_the_replay_says_the_same(server, td):
    tid = seated_tournament(td, players=10, tables=2)
    moved = next(e for e in view(td, tid)["entries"] if e["table_no"] == 2)
    table1 = next(t for t in view(td, tid)["tables"] if t["table_no"] == 1)
    seat = next(s for s in range(1, table1["max_seats"] + 1) if s not in {x["seat"] for x in table1["seats"]})
    command_ok(td, tid, "move_player", {"entry_id": moved["entry_id"], "to_table": 1, "to_seat": seat})
    dealer = dealer_api(server, td, tid, 2)
    op_id = str(uuid.uuid4())
    r = dealer.command(tid, "record_bust", {"entry_id": moved["entry_id"]}, op_id=op_id)
    assert r.status_code == 403, r.text
    body = r.json()
    assert body["error"] == "not_at_your_table"
    # The English message is unchanged; the params hold its parts.
    assert body["message"] == (
        f"{moved['name']} was moved to table 1, seat {seat} — bust not applied; the dealer there records it."
    )
    params = body["params"]
    assert {k: params[k] for k in ("name", "table", "seat", "moved")} == {
        "name": moved["name"],
        "table": 1,
        "seat": seat,
        "moved": True,
    }
    assert params["own_table"] == 2 and params["variant"] == "moved" and params["what"] == "bust"
    assert english(body["error"], params) == body["message"]  # the phone's English is the server's
    # A retry of the same op_id (lost answer) gets the stored answer, params included.
    again = dealer.command(tid, "record_bust", {"entry_id": moved["entry_id"]}, op_id=op_id)
    assert again.status_code == 403
    assert {k: again.json()[k] for k in ("error", "message", "params")} == {
        k: body[k] for k in ("error", "message", "params")
    }
    # The director's review list carries them too, for her phone's language.
    item = td.get(f"/api/tournaments/{tid}/rejections?lang=de").json()["items"][0]
    assert item["error"] == "not_at_your_table" and item["params"] == params


def test_a_second_bust_names_the_place_and_refusals_without_params_send_none(server, td):
    tid = seated_tournament(td, players=10, tables=2)
    victim = view(td, tid)["entries"][0]
    command_ok(td, tid, "record_bust", {"entry_id": victim["entry_id"]})
    r = td.command(tid, "record_bust", {"entry_id": victim["entry_id"]})
    assert r.status_code == 409, r.text
    assert r.json()["error"] == "already_out"
    assert r.json()["params"] == {"name": victim["name"], "place": 10, "what": "bust", "variant": "out"}
    assert english("already_out", r.json()["params"]) == r.json()["message"]
    # A refusal outside the translated ones keeps the message only (the phone shows it as it is).
    r = td.command(tid, "record_bust", {"entry_id": 999})
    assert r.status_code == 404 and "params" not in r.json()


def test_the_import_report_gives_code_and_params_per_refused_line(server, td):
    tid = td.post("/api/tournaments", {"name": "Montag", "preset": "n-monday"}).json()["id"]
    command_ok(td, tid, "register_player", {"name": "Anna Bär", "id_checked": True})
    data = "Name;Bezahlt\nAnna Bär;ja\n;ja\nBeat;vielleicht\nCarla;\n".encode()
    r = td.http.post(
        f"{td.base}/api/tournaments/{tid}/import",
        data=data,
        timeout=30,
        params={"op_id": uuid.uuid4().hex, "device_id": td.device_id},
        headers={**td.headers(), "Content-Type": "text/csv"},
    )
    assert r.status_code == 200, r.text
    report = r.json()
    assert [i["name"] for i in report["imported"]] == ["Carla"]
    got = [(i["line"], i["error"], i["params"]) for i in report["rejected"]]
    assert got == [
        (2, "duplicate_name", {"name": "Anna Bär", "waiting": False, "variant": "registered"}),
        (3, "name_required", {"variant": "line"}),
        (4, "invalid_flag", {"flag": "prepaid", "value": "vielleicht"}),
    ]
    # The English reasons stay as they were (the phone words them from code and params).
    assert [i["reason"] for i in report["rejected"]] == [
        "Anna Bär is already registered.",
        "no name",
        "prepaid 'vielleicht' is not yes or no (ja/yes/1/x or empty/nein/no/0)",
    ]
    assert [english(i["error"], i["params"]) for i in report["rejected"]] == [i["reason"] for i in report["rejected"]]
