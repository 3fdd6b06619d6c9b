"""The deal reaches the players' phones live (backend/read/changes.py: every player in the deal),
over Socket.IO with a real python-socketio client against the real server; a player out before it
gets no push of it."""

import queue

import pytest

from server import Api, command_ok
from test_realtime import ViewListener, token_of


def test_a_proposal_and_each_answer_reach_every_phone_in_the_deal_live(server, td):
    tid = td.post("/api/tournaments", {"name": "Deal night", "preset": "n-monday"}).json()["id"]
    for i in range(1, 7):
        command_ok(td, tid, "register_player", {"name": f"Player {i}", "id_checked": True})
    command_ok(td, tid, "draw_seats", {"tables": 1})
    command_ok(td, tid, "record_bust", {"entry_id": 6})
    command_ok(td, tid, "record_bust", {"entry_id": 5})
    links = {p["entry_id"]: p["url"] for p in td.get(f"/api/tournaments/{tid}/links").json()["players"]}
    phones = {e: ViewListener(server.url, token_of(links[e])) for e in (1, 2, 3, 4, 5)}
    for phone in phones.values():
        assert phone.next("player")["deal"] is None

    stacks = [{"entry_id": e, "chips": 5000 * e} for e in (1, 2, 3, 4)]
    seq = command_ok(td, tid, "propose_deal", {"method": "icm", "stacks": stacks, "round_to": 5})["seq"]
    for e in (1, 2, 3, 4):
        deal = phones[e].next("player", seq=seq)["deal"]
        assert deal["mine"] == e and deal["status"] == "open" and [r["entry_id"] for r in deal["rows"]] == [1, 2, 3, 4]
    with pytest.raises(queue.Empty):  # out before the deal: not in it
        phones[5].next("player", timeout=0.5)

    answer = Api(server.url, token_of(links[2])).command(tid, "answer_deal", {"deal_no": 1, "accept": False})
    assert answer.status_code == 200, answer.text
    seq = answer.json()["seq"]
    for e in (1, 3, 4):
        deal = phones[e].next("player", seq=seq)["deal"]
        assert deal["status"] == "rejected" and deal["rows"][1]["answer"] == "rejected"
    for phone in phones.values():
        phone.close()
