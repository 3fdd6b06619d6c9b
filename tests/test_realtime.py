"""Socket.IO with a real python-socketio client against the real server."""

import queue
import time

import pytest
import socketio

from server import Api, seated_tournament


class ViewListener:
    def __init__(self, url: str, token: str | None):
        self.views: queue.Queue[dict] = queue.Queue()
        self.client = socketio.Client(reconnection=False)
        self.client.on("view", self.views.put)
        self.client.connect(url, auth={"token": token} if token else None, transports=["websocket"], wait_timeout=10)

    def next(self, kind: str, timeout: float = 5.0, **match) -> dict:
        while True:
            view = self.views.get(timeout=timeout)
            if view["kind"] == kind and all(view.get(k) == v for k, v in match.items()):
                return view

    def close(self):
        self.client.disconnect()


def token_of(url: str) -> str:
    return url.rsplit("/", 1)[1]


def test_a_bust_reaches_director_table_player_and_display(server, td):
    tid = seated_tournament(td, players=8, tables=2)
    links = td.get(f"/api/tournaments/{tid}/links").json()
    entries = td.get(f"/api/tournaments/{tid}/view").json()["entries"]
    victim = next(e for e in entries if e["table_no"] == 1)
    victim_link = next(p for p in links["players"] if p["entry_id"] == victim["entry_id"])
    other_link = next(p for p in links["players"] if p["entry_id"] != victim["entry_id"])

    director = ViewListener(server.url, td.token)
    assert director.client.call("subscribe", {"tournament_id": tid}, timeout=5) == {"ok": True}
    assert director.next("director")["players_left"] == 8
    dealer = ViewListener(server.url, token_of(links["tables"][0]["url"]))
    assert dealer.next("table")["table_no"] == 1
    player = ViewListener(server.url, token_of(victim_link["url"]))
    assert player.next("player")["status"] == "active"
    bystander = ViewListener(server.url, token_of(other_link["url"]))
    bystander.next("player")
    display = ViewListener(server.url, token_of(links["display"]["url"]))
    assert display.next("public")["players_left"] == 8

    r = Api(server.url, token_of(links["tables"][0]["url"])).command(
        tid, "record_bust", {"entry_id": victim["entry_id"]}
    )
    assert r.status_code == 200
    seq = r.json()["seq"]
    delta = director.next("director", seq=seq)
    assert delta["busts"][0]["place"] == 8 and delta["players_left"] == 7
    # The push is a delta: only the busted entry and its table, on top of the previous seq.
    assert delta["partial"] is True and delta["base_seq"] == seq - 1
    assert [e["entry_id"] for e in delta["entries"]] == [victim["entry_id"]]
    assert [t["table_no"] for t in delta["tables"]] == [1]
    table = dealer.next("table", seq=seq)
    assert victim["entry_id"] not in [s["entry_id"] for s in table["seats"]]
    assert player.next("player", seq=seq)["place"] == 8
    assert display.next("public", seq=seq)["players_left"] == 7
    # The bystander gets the public view (players left) but no player view of someone else.
    assert bystander.next("public", seq=seq)["players_left"] == 7
    with pytest.raises(queue.Empty):
        bystander.next("player", timeout=0.5)
    for listener in (director, dealer, player, bystander, display):
        listener.close()


def test_unknown_token_is_refused(server):
    with pytest.raises(socketio.exceptions.ConnectionError):
        ViewListener(server.url, "not-a-token")
    with pytest.raises(socketio.exceptions.ConnectionError):
        ViewListener(server.url, None)


def test_only_directors_subscribe_and_unknown_tournaments_say_so(server, td):
    tid = seated_tournament(td, players=2, tables=1)
    links = td.get(f"/api/tournaments/{tid}/links").json()
    dealer = ViewListener(server.url, token_of(links["tables"][0]["url"]))
    assert dealer.client.call("subscribe", {"tournament_id": tid}, timeout=5)["error"] == "forbidden"
    director = ViewListener(server.url, td.token)
    answer = director.client.call("subscribe", {"tournament_id": 4242}, timeout=5)
    assert answer["error"] == "unknown_tournament" and answer["field"] == "tournament_id"
    assert director.client.call("subscribe", {"tournament_id": "x"}, timeout=5)["field"] == "tournament_id"
    dealer.close()
    director.close()


def test_table_business_does_not_push_the_public_view_to_every_phone(server, td):
    """A new hand changes one table's view; the public view (to every phone) only when it changes."""
    tid = seated_tournament(td, players=6, tables=1)
    links = td.get(f"/api/tournaments/{tid}/links").json()
    display = ViewListener(server.url, token_of(links["display"]["url"]))
    dealer = ViewListener(server.url, token_of(links["tables"][0]["url"]))
    display.next("public")
    dealer.next("table")
    seat = td.get(f"/api/tournaments/{tid}/view").json()["tables"][0]["seats"][0]["seat"]
    assert td.command(tid, "set_button", {"table_no": 1, "seat": seat}).status_code == 200
    seq = td.command(tid, "new_hand", {"table_no": 1}).json()["seq"]
    assert dealer.next("table", seq=seq)["hand_no"] == 1
    with pytest.raises(queue.Empty):
        display.next("public", timeout=0.5)
    seq = td.command(tid, "start_clock").json()["seq"]
    assert display.next("public", seq=seq)["clock"]["status"] == "running"
    display.close()
    dealer.close()


def test_a_revoked_table_qr_stops_at_once_and_a_new_one_is_printed(server, td):
    """A dealer QR in the wrong hands: the director revokes it, phones holding it are dropped,
    its commands are refused, and the links give a new QR."""
    tid = seated_tournament(td, players=4, tables=1)
    old_url = td.get(f"/api/tournaments/{tid}/links").json()["tables"][0]["url"]
    dealer = ViewListener(server.url, token_of(old_url))
    dealer.next("table")
    r = td.post(f"/api/tournaments/{tid}/tokens/revoke", {"role": "dealer", "table_no": 1})
    assert r.status_code == 200 and r.json() == {"revoked": 1}
    deadline = time.time() + 5
    while dealer.client.connected and time.time() < deadline:
        time.sleep(0.05)
    assert not dealer.client.connected
    refused = Api(server.url, token_of(old_url)).command(tid, "new_hand", {"table_no": 1})
    assert refused.status_code == 401
    # The phone is told it was reassigned, and which table it ran ("says so and where to go").
    assert refused.json()["error"] == "revoked" and refused.json()["table_no"] == 1
    assert "no longer runs table 1" in refused.json()["message"]
    new_url = td.get(f"/api/tournaments/{tid}/links").json()["tables"][0]["url"]
    assert new_url != old_url
    assert Api(server.url, token_of(new_url)).get(f"/api/tournaments/{tid}/view").json()["table_no"] == 1
    assert td.post(f"/api/tournaments/{tid}/tokens/revoke", {"role": "dealer"}).json()["field"] == "table_no"
    assert (
        Api(server.url, token_of(new_url))
        .post(f"/api/tournaments/{tid}/tokens/revoke", {"role": "dealer", "table_no": 1})
        .status_code
        == 403
    )


def test_logout_of_a_shared_qr_does_not_revoke_it_but_a_director_logout_does(server, td):
    tid = seated_tournament(td, players=2, tables=1)
    dealer = Api(server.url, token_of(td.get(f"/api/tournaments/{tid}/links").json()["tables"][0]["url"]))
    assert dealer.post("/api/auth/logout").json() == {"ok": True, "revoked": False}
    assert dealer.get(f"/api/tournaments/{tid}/view").status_code == 200
    assert td.post("/api/auth/logout").json()["revoked"] is True
    assert td.get("/api/tournaments").status_code == 401


def test_the_heartbeat_answers_at_once_with_the_server_time(server, td):
    """Phones that send commands ask `hb` every ~2 s (the badge's "server unreachable"): the ack
    carries the server time and nothing else, and costs next to nothing."""
    tid = seated_tournament(td, players=4, tables=1)
    dealer_token = token_of(td.get(f"/api/tournaments/{tid}/links").json()["tables"][0]["url"])
    dealer = ViewListener(server.url, dealer_token)
    before = time.time_ns() // 1_000_000
    rtts = []
    answers = []
    for _ in range(200):
        t0 = time.perf_counter()
        answers.append(dealer.client.call("hb", timeout=5))
        rtts.append((time.perf_counter() - t0) * 1000)
    after = time.time_ns() // 1_000_000
    assert all(isinstance(a, int) for a in answers)
    assert before <= answers[0] <= answers[-1] <= after  # same machine, same clock
    assert answers == sorted(answers)
    rtts.sort()
    print(f"hb round trip: p50 {rtts[100]:.2f} ms, max {rtts[-1]:.2f} ms")
    assert rtts[100] < 50, rtts[100]
    dealer.close()
