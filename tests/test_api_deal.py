"""The final table's deal over HTTP (engine/deal.py, api/deal.py): hostile input is a 400 naming the
field and records nothing; an n-monday final table of 4 agrees an ICM deal keeping 100 CHF on the
four personal links, the prizes, the results CSV and the slips follow it, and undo restores the
payout table's prizes (N-3.7) exactly."""

import csv
import io
import json
import uuid

import pytest

from backend.read.locale_format import money_text
from server import links, token_of
from tests.in_process import InProcessApi

pytestmark = pytest.mark.in_process

STACKS = {1: 20_000, 2: 15_000, 3: 10_000, 4: 10_000}


def final_four(td) -> int:
    """n-monday, 11 players (N-3.7: 1375 CHF, 4 paid: 578/385/261/151), 7 out."""
    r = td.post("/api/tournaments", {"name": "Monday final table", "preset": "n-monday"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for i in range(1, 12):
        assert td.command(tid, "register_player", {"name": f"Player {i:02d}", "id_checked": True}).status_code == 200
    assert td.command(tid, "draw_seats", {"tables": 1}).status_code == 200
    for e in range(11, 4, -1):
        assert td.command(tid, "record_bust", {"entry_id": e}).status_code == 200
    return tid


def stacks(chips=STACKS):
    return [{"entry_id": e, "chips": c} for e, c in chips.items()]


def seq(td, tid) -> int:
    return td.get(f"/api/tournaments/{tid}/view").json()["seq"]


def raw(body: dict) -> bytes:
    """JSON as a hostile phone may send it: NaN and Infinity as the bare words."""
    return json.dumps(body).encode()


def calc(td, tid, body):
    return td.post(
        f"/api/tournaments/{tid}/deal/calculate", data=raw(body), headers={"Content-Type": "application/json"}
    )


def propose(td, tid, body):
    envelope = {"op_id": str(uuid.uuid4()), "device_id": td.device_id, "type": "propose_deal", "payload": body}
    return td.post(f"/api/tournaments/{tid}/commands", data=raw(envelope), headers={"Content-Type": "application/json"})


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"method": "icm", "stacks": stacks({1: -5, 2: 1, 3: 1, 4: 1})}, "stacks.0.chips"),
        ({"method": "icm", "stacks": [{"entry_id": 1, "chips": "lots"}, *stacks()[1:]]}, "stacks.0.chips"),
        ({"method": "icm", "stacks": [{"entry_id": 1, "chips": 1.5}, *stacks()[1:]]}, "stacks.0.chips"),
        ({"method": "icm", "stacks": stacks(), "keep": float("nan")}, "keep"),
        ({"method": "icm", "stacks": stacks(), "keep": -100}, "keep"),
        ({"method": "icm", "stacks": stacks(), "keep": "100"}, "keep"),
        ({"method": "icm", "stacks": stacks(), "round_to": 0}, "round_to"),
        ({"method": "icm", "stacks": stacks(), "round_to": float("inf")}, "round_to"),
        ({"method": "toss", "stacks": stacks()}, "method"),
        ({"method": "icm", "stacks": stacks(dict.fromkeys(range(1, 12), 100))}, "stacks"),  # 11 players
        ({"method": "icm", "stacks": stacks({1: 1, 2: 1, 3: 1, 99: 1})}, "stacks.3.entry_id"),  # unknown entry
        ({"method": "icm", "stacks": stacks({1: 1, 2: 1, 3: 1})}, "stacks"),  # one missing
        ({"method": "icm", "stacks": stacks({1: 0, 2: 0, 3: 0, 4: 0})}, "stacks"),
        ({"method": "icm", "stacks": stacks(), "keep": 579}, "keep"),  # more than the first place
        (
            {"method": "custom", "stacks": stacks(), "amounts": [{"entry_id": e, "amount": 300} for e in STACKS]},
            "amounts",
        ),  # 1200, not 1375
        (
            {"method": "custom", "stacks": stacks(), "amounts": [{"entry_id": e, "amount": 343.755} for e in STACKS]},
            "amounts.0.amount",
        ),
        ({"method": "icm", "stacks": stacks(), "extra": 1}, "extra"),
    ],
)
def test_hostile_deal_input_is_a_400_naming_the_field_and_records_nothing(server, td, body, field):
    tid = final_four(td)
    before = seq(td, tid)
    for send in (lambda: calc(td, tid, body), lambda: propose(td, tid, body)):
        r = send()
        assert r.status_code == 400, r.text
        assert r.json()["field"] in (field, f"payload.{field}"), r.text
    assert seq(td, tid) == before


def test_n_monday_final_four_agree_an_icm_deal_keeping_100_chf_on_their_phones_and_undo_restores_it(server, td):
    tid = final_four(td)
    proposal = {"method": "icm", "stacks": stacks(), "keep": 100, "round_to": 10}
    preview = calc(td, tid, proposal)
    assert preview.status_code == 200, preview.text
    shown = {r["entry_id"]: r["amount"] for r in preview.json()["rows"]}
    assert sum(shown.values()) == preview.json()["total"] == 1275 and preview.json()["keep"] == 100
    before = {e["entry_id"]: e["prize"] for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"]}

    r = td.command(tid, "propose_deal", proposal)
    assert r.status_code == 200, r.text
    deal_no = r.json()["result"]["deal_no"]
    phones = {
        p["entry_id"]: InProcessApi(server.app, token_of(p["url"]))
        for p in links(td, tid)["players"]
        if p["entry_id"] in STACKS
    }
    for entry_id, phone in phones.items():
        view = phone.get(f"/api/tournaments/{tid}/view").json()
        assert view["deal"]["mine"] == entry_id and view["deal"]["status"] == "open"
        assert {row["entry_id"]: row["amount"] for row in view["deal"]["rows"]} == shown
    # a player answers for himself only
    assert phones[1].command(tid, "answer_deal", {"deal_no": deal_no, "accept": True, "entry_id": 2}).status_code == 403
    for entry_id in (1, 2, 3):
        assert phones[entry_id].command(tid, "answer_deal", {"deal_no": deal_no, "accept": True}).status_code == 200
    director = td.get(f"/api/tournaments/{tid}/view").json()
    assert [row["answer"] for row in director["deal"]["rows"]] == ["accepted", "accepted", "accepted", None]
    assert {e["entry_id"]: e["prize"] for e in director["entries"]} == before  # not yet: 4 has not agreed
    r = phones[4].command(tid, "answer_deal", {"deal_no": deal_no, "accept": True})
    assert r.status_code == 200 and r.json()["result"]["applied"], r.text

    # they play on for the 100 CHF: the busts are paid the agreed amounts, the winner his and the 100
    for e in (4, 3, 2):
        assert td.command(tid, "record_bust", {"entry_id": e}).status_code == 200
    prizes = {e["entry_id"]: e["prize"] for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"]}
    assert {e: prizes[e] for e in (2, 3, 4)} == {e: shown[e] for e in (2, 3, 4)}
    assert prizes[1] == shown[1] + 100 and sum(prizes.values()) == 1375
    assert phones[3].get(f"/api/tournaments/{tid}/view").json()["prize"] == shown[3]
    csv_rows = list(
        csv.DictReader(
            io.StringIO(
                td.get(f"/api/tournaments/{tid}/results.csv", params={"lang": "en"}).content.decode("utf-8-sig")
            ),
            delimiter=";",
        )
    )
    by_place = {int(row["Place"]): row for row in csv_rows if row["Place"]}
    assert [float(by_place[p]["Prize"]) for p in (1, 2, 3, 4)] == [shown[1] + 100, shown[2], shown[3], shown[4]]
    slips = td.get(f"/api/tournaments/{tid}/print/payout-slips", params={"size": "receipt", "lang": "de"})
    assert slips.status_code == 200 and "default-src 'none'" in slips.headers["Content-Security-Policy"]
    assert slips.text.count('class="payout-slip"') == 4 and slips.text.count("Deal (ICM)") == 4
    for entry_id, amount in ((1, shown[1] + 100), (2, shown[2])):  # in the preset's locale: de-CH, 3'750 CHF
        assert f'data-entry="{entry_id}"' in slips.text and money_text(amount, "CHF", "de", "CH") in slips.text
    big = td.get(f"/api/tournaments/{tid}/print/payout-slips", params={"size": "a4", "lang": "en"})
    assert big.status_code == 200 and 'class="payout-slips a4"' in big.text and "Deal (ICM)" in big.text
    assert td.get(f"/api/tournaments/{tid}/print/payout-slips", params={"size": "A3"}).json()["field"] == "size"

    # undo: the payout table's prizes again, exactly (N-3.7: the remainder to the winner)
    assert td.command(tid, "undo_deal", {"deal_no": deal_no}).status_code == 200
    restored = {e["entry_id"]: e["prize"] for e in td.get(f"/api/tournaments/{tid}/view").json()["entries"]}
    assert {e: restored[e] for e in (1, 2, 3, 4)} == {1: 578, 2: 385, 3: 261, 4: 151}
    assert "Deal (ICM)" not in td.get(f"/api/tournaments/{tid}/print/payout-slips").text


def test_v_i_c_a_league_night_refuses_the_preview_naming_its_rule(server, td):
    r = td.post("/api/tournaments", {"name": "Ranking", "preset": "v-ranking"})
    tid = r.json()["id"]
    for i in range(1, 5):
        assert td.command(tid, "register_player", {"name": f"P{i}"}).status_code == 200
    assert td.command(tid, "draw_seats", {"tables": 1}).status_code == 200
    r = calc(td, tid, {"method": "even", "stacks": stacks()})
    assert r.status_code == 409 and (r.json()["error"], r.json()["rule"]) == ("deal_not_allowed", "V-I.c"), r.text
