"""The Socket.IO packets the views travel in (backend/realtime/packets.py): orjson, no search for
binary attachments. Whatever python-socketio's default packet would send, ViewPacket sends the
same JSON, also for integer keys and integers beyond 64 bits; a client's packet decodes as before.
Delivery to a real client over the network: tests/test_realtime.py."""

from __future__ import annotations

import json

from socketio import packet

from backend.read.views import render
from backend.realtime.packets import ViewPacket
from engine_helpers import director_cmd, run, tournament_with


def sent(cls, data) -> tuple[str, object]:
    encoded = cls(packet.EVENT, data=["view", data], namespace="/").encode()
    assert isinstance(encoded, str)
    return encoded[0], json.loads(encoded[1:])


def test_every_view_is_sent_as_the_default_packet_would_send_it():
    state, _ = tournament_with(40, tables=4)
    run(state, director_cmd("start_clock", {}))
    run(state, director_cmd("record_bust", {"entry_id": 7}))
    for key in (("public",), ("director",), ("display",), ("table", 2), ("player", 3)):
        view = render(state, key, 1_800_000_000_000)
        assert sent(ViewPacket, view) == sent(packet.Packet, view) == (str(packet.EVENT), ["view", view]), key


def test_integer_keys_and_huge_integers_are_sent_as_json_sends_them():
    odd = {1: "one", "n": 2**70, "x": [1.5, None, True]}
    assert sent(ViewPacket, odd) == sent(packet.Packet, odd)


def test_a_client_packet_decodes_as_before():
    raw = '2["subscribe",{"tournament_id":7}]'
    ours, theirs = ViewPacket(encoded_packet=raw), packet.Packet(encoded_packet=raw)
    assert (
        (ours.packet_type, ours.data) == (theirs.packet_type, theirs.data) == (2, ["subscribe", {"tournament_id": 7}])
    )
