"""What one Socket.IO emit of a view costs the server to encode: python-socketio's default packet
(the standard library's json and a recursive search for binary attachments) against ViewPacket
(backend/realtime/packets.py: orjson, no search). Run on demand, not in CI:

    .venv/bin/python tests/perf/bench_emit.py [--players 1000]
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from socketio import packet

from backend.read.views import director_view, render
from backend.realtime.packets import ViewPacket
from engine_helpers import tournament_with


def per_emit_us(cls, view, n: int) -> float:
    start = time.perf_counter()
    for _ in range(n):
        cls(packet.EVENT, data=["view", view], namespace="/").encode()
    return (time.perf_counter() - start) / n * 1e6


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    args = parser.parse_args()
    state, _ = tournament_with(args.players, tables=max(1, args.players // 10))
    views = {
        "table": render(state, ("table", 1), 0),
        "player": render(state, ("player", 1), 0),
        "public": render(state, ("public",), 0),
        "director (full)": director_view(state, 0),
    }
    print(f"{args.players} players: µs to encode one emit")
    for name, view in views.items():
        size = len(ViewPacket(packet.EVENT, data=["view", view], namespace="/").encode())
        n = 2000 if size < 100_000 else 20
        default, ours = per_emit_us(packet.Packet, view, n), per_emit_us(ViewPacket, view, n)
        print(
            f"{name:16s} {size / 1024:8.1f} kB  default {default:9.0f}  ViewPacket {ours:8.0f}  ×{default / ours:5.1f}"
        )


if __name__ == "__main__":
    main()
