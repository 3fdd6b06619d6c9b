"""Who is in which room across several workers, so a command's views are rendered only for rooms
someone is in, as one process does from its own sockets.

One Redis hash per deployment counts the sockets per room, over all workers. The order makes it
safe: a worker counts a joining phone *before* it reads the state for that phone's first view,
and a publisher asks *after* its command committed. Either the count came first (the publisher
renders and sends the new view) or the commit came first (the joining phone's first view already
holds it): a phone never misses a version. A count left too high (a worker killed with sockets
open) only renders a view nobody receives, never the other way round; a leave that reaches zero
removes the room in the same Redis step (a script), so no join in between is lost.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from redis import Redis

log = logging.getLogger(__name__)

# Decrement each room by one and drop the rooms left at zero, in one atomic step.
LEAVE = """
for i, room in ipairs(ARGV) do
  if redis.call('HINCRBY', KEYS[1], room, -1) <= 0 then redis.call('HDEL', KEYS[1], room) end
end
return 0
"""

# A worker's sockets counted again after Redis came back empty: only if its mark is not there (a
# Redis that kept its data keeps the counts), and in the same step as the mark (resync.py).
RECOUNT = """
if redis.call('HSETNX', KEYS[1], ARGV[1], 1) == 0 then return 0 end
for i = 2, #ARGV do redis.call('HINCRBY', KEYS[1], ARGV[i], 1) end
return 1
"""


class SharedPresence:
    def __init__(self, client: Redis, key: str):
        self.client, self.key = client, key
        self._leave = client.register_script(LEAVE)
        self._recount = client.register_script(RECOUNT)
        self.mark: str | None = None  # this worker's field in the hash, set by resync.py

    def recount(self, mark: str, rooms: list[str]) -> bool:
        """This worker's rooms (one per socket in it) counted again, unless its mark is there."""
        return bool(self._recount(keys=[self.key], args=[mark, *rooms]))

    def joined(self, rooms: list[str]) -> None:
        """Before the joining phone's first view is read (raises if Redis cannot count it: the
        connection is then refused and the phone tries again, rather than miss views)."""
        pipe = self.client.pipeline(transaction=False)
        for room in rooms:
            pipe.hincrby(self.key, room, 1)
        pipe.execute()

    def left(self, rooms: list[str]) -> None:
        if not rooms:
            return
        try:
            self._leave(keys=[self.key], args=rooms)
        except Exception:  # a count left high renders more, never less
            log.exception("presence: leaving %d rooms not counted", len(rooms))

    def listened(self, rooms: Iterable[str]) -> set[str]:
        """The rooms with a socket on any worker (all of them when Redis cannot say)."""
        rooms = list(rooms)
        try:
            counts = self.client.hmget(self.key, [*rooms, self.mark] if self.mark else rooms)
        except Exception:
            log.exception("presence: Redis did not answer; rendering every changed view")
            return set(rooms)
        if self.mark and counts[-1] is None:  # Redis came back empty: not counted again yet
            return set(rooms)
        return {
            room
            for room, count in zip(rooms, counts[: len(rooms)], strict=True)
            if count is not None and int(count) > 0
        }
