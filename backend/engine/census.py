"""The tables in play and their sizes, for the floor's suggestions at every push.

A push must not pass over 1,100 tables: the census is built once from the tables,
then advanced by the tables each command touched, which the read side knows (every table whose
seats change has its view changed: read/changes.py calls `advance`). Anything else (a GET, a
fresh worker, a state that moved on without it) builds it anew: one pass, the same result. It is
rebuilt every REBUILD_EVERY advances anyway, and `CHECK` (set in the tests) compares every
advance with a fresh build.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass, field

from .model import TournamentState

REBUILD_EVERY = 256
CHECK = False  # the tests set it: every advance is compared with a census built from the tables


class CensusDrift(AssertionError):
    """An advanced census differs from the tables: some event changed seats without its table's view."""


@dataclass
class Census:
    seq: int
    sizes: dict[int, int]  # every table in play (not broken) -> players seated
    # Heaps with stale entries: an entry counts while its size is the table's size now.
    fullest_first: list[tuple[int, int]] = field(default_factory=list)  # (-size, table_no)
    shortest_first: list[tuple[int, int]] = field(default_factory=list)  # (size, table_no)
    occupied: int = 0  # tables in play with anyone seated
    advances: int = 0

    def fullest(self) -> int:
        return top(self.fullest_first, self.sizes, FULLEST)[0] if self.sizes else 0

    def heaps(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """Copies to plan on (a list copy, not a heapify)."""
        return list(self.fullest_first), list(self.shortest_first)


FULLEST, SHORTEST = -1, 1  # the sign of a heap's key: (-size, n) puts the fullest on top


def size_heaps(sizes: dict[int, int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(fullest first, shortest first), the lowest table number first among equals."""
    heaps = [(-s, n) for n, s in sizes.items()], [(s, n) for n, s in sizes.items()]
    heapq.heapify(heaps[0])
    heapq.heapify(heaps[1])
    return heaps


def push(heaps: tuple[list[tuple[int, int]], list[tuple[int, int]]], n: int, size: int) -> None:
    """Table `n` now has `size` players (its older entries go stale)."""
    heapq.heappush(heaps[0], (-size, n))
    heapq.heappush(heaps[1], (size, n))


def top(heap: list[tuple[int, int]], sizes: dict[int, int], sign: int) -> tuple[int, int]:
    """(size, table_no) at the top of `heap` by `sizes` now, dropping stale entries on the way."""
    while sizes.get(heap[0][1]) != sign * heap[0][0]:
        heapq.heappop(heap)
    return sign * heap[0][0], heap[0][1]


def build(state: TournamentState) -> Census:
    sizes = {n: len(t.seats) for n, t in state.tables.items() if not t.broken}
    return Census(state.seq, sizes, *size_heaps(sizes), occupied=sum(1 for s in sizes.values() if s))


def census(state: TournamentState) -> Census:
    """The census of the state as it is now (kept in state.cache)."""
    c = state.cache.get("census")
    if c is None or c.seq != state.seq:
        c = state.cache["census"] = build(state)
    return c


def advance(state: TournamentState, base_seq: int, tables: Iterable[int]) -> None:
    """The state went from `base_seq` to its seq changing the seats of `tables` only."""
    c = state.cache.get("census")
    if c is None or c.seq != base_seq or c.advances >= REBUILD_EVERY:
        state.cache.pop("census", None)  # built on first use
        return
    for n in tables:
        table = state.tables.get(n)
        size = None if table is None or table.broken else len(table.seats)
        before = c.sizes.get(n)
        if size == before:
            continue
        c.occupied += bool(size) - bool(before)
        if size is None:
            del c.sizes[n]
            continue
        c.sizes[n] = size
        push((c.fullest_first, c.shortest_first), n, size)
    if len(c.shortest_first) > 2 * len(c.sizes) + 64:  # mostly stale: start the heaps afresh
        c.fullest_first, c.shortest_first = size_heaps(c.sizes)
    c.seq, c.advances = state.seq, c.advances + 1
    if CHECK:
        fresh = build(state)
        if fresh.sizes != c.sizes or fresh.occupied != c.occupied:
            wrong = sorted(n for n in fresh.sizes.keys() | c.sizes.keys() if fresh.sizes.get(n) != c.sizes.get(n))
            raise CensusDrift(f"seq {state.seq}: tables {wrong} changed without being named")
