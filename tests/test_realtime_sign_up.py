"""A waiting sign-up's phone over Socket.IO, real client against the real server: its link's socket
gets its waiting position as the list moves; when a cancellation gives it a place, the server drops
its socket, and the same token connects again as the entry's and receives the player view."""

import time
import uuid

from server import Api, command_ok
from test_realtime import ViewListener

DAY = 86_400_000


def test_the_waiting_phone_moves_up_live_and_reconnects_as_the_entry(server, td):
    tid = td.post("/api/tournaments", {"name": "Monday", "preset": "n-monday"}).json()["id"]
    command_ok(td, tid, "set_capacity", {"max": 2})
    command_ok(td, tid, "set_sign_up", {"starts_at": int(time.time() * 1000) + DAY, "online": True})
    tokens = []
    for name in ("Anna Weiss", "Beat Keller", "Carla Frei", "Dario Rossi"):
        r = Api(server.url).post(
            f"/api/public/tournaments/{tid}/sign-up",
            {"op_id": str(uuid.uuid4()), "device_id": "phone-" + name.split()[0], "name": name},
        )
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])

    dario = ViewListener(server.url, tokens[3])
    assert dario.next("signup")["registration"]["position"] == 2
    carla = ViewListener(server.url, tokens[2])
    assert carla.next("signup")["registration"]["position"] == 1

    beat = Api(server.url, tokens[1])
    seq = beat.command(tid, "cancel_sign_up").json()["seq"]
    # Dario moves to position 1 on his open socket; Carla's socket is dropped (she has a place now)
    assert dario.next("signup", seq=seq)["registration"]["position"] == 1
    deadline = time.time() + 5
    while carla.client.connected and time.time() < deadline:
        time.sleep(0.05)
    assert not carla.client.connected
    again = ViewListener(server.url, tokens[2])
    view = again.next("player")
    assert (view["name"], view["registration"]["status"]) == ("Carla Frei", "promoted")
    for listener in (dario, carla, again):
        listener.close()
