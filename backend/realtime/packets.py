"""Socket.IO packets as this app sends them: encoded with orjson, and without python-socketio's
recursive search of every emitted view for binary attachments (the app never sends any, and the
search cost more than the encoding). Per emit (tests/perf/bench_emit.py, 1,000 players): a table
view 34 → 2 µs, the director's full view (400 kB) 11.2 → 0.9 ms. The phones receive the same JSON."""

from __future__ import annotations

from typing import Any

from socketio import packet

from .. import json_text


class FastJSON:
    """json.dumps/loads as python-socketio calls them, through orjson (json_text.py): a value orjson
    refuses (an integer beyond 64 bits) falls back to the standard library rather than failing the push."""

    @staticmethod
    def dumps(obj: Any, **_: Any) -> str:
        return json_text.dumps(obj)

    @staticmethod
    def loads(text: str | bytes, **_: Any) -> Any:
        return json_text.loads(text)


class ViewPacket(packet.Packet):
    uses_binary_events = False  # no attachments: skip the search, send a plain EVENT
    json = FastJSON
