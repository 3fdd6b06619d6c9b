"""The Independent Chip Model (Malmuth–Harville), exact.

A player's chance to finish first is his share of the chips; given who finished above, his chance
to take the next place is his share of the chips still below them. His equity is the sum over
places of (chance of that place) x (its prize).

Exact over every finishing order, with the orders folded by the set of players already placed:
the chance that exactly the set T took places 1..|T| (in any order) is kept once per T, so the
work is 2^n x n steps, not n! (10 players: 10,240 steps, a few ms with exact fractions). Pure
and exact (fractions in, fractions out): the server and a replay always agree to the last cent.

A stack of 0 chips cannot finish above a stack with chips; when only empty stacks are left to
place, each of them is equally likely to take the next place (they share the lowest places).
"""

from __future__ import annotations

from fractions import Fraction

MAX_PLAYERS = 10  # exact ICM beyond that is slow on a phone and no final table is larger


def icm(stacks: list[int], prizes: list[Fraction]) -> list[Fraction]:
    """Each player's equity, in the order of `stacks`. `prizes` are the places' amounts from the
    first down (missing places pay 0); the equities add up exactly to the prizes of the first
    len(stacks) places."""
    n = len(stacks)
    if not 1 <= n <= MAX_PLAYERS:
        raise ValueError(f"ICM takes 1 to {MAX_PLAYERS} players, not {n}")
    if any(s < 0 for s in stacks) or sum(stacks) <= 0:
        raise ValueError("stacks must be 0 or more, at least one above 0")
    paid = [Fraction(p) for p in prizes[:n]] + [Fraction(0)] * max(0, n - len(prizes))
    total = sum(stacks)
    # equity[i] = stacks[i] x the sum, over the sets T placed before him, of
    # chance[T] / chips_left(T) x prize[|T|]: one division per set, not one per player and set.
    weight = [Fraction(0)] * n
    empty_share = [Fraction(0)] * n  # the same for empty stacks, when only empty ones are left
    # chance[mask]: the players in `mask` (bits) took the first popcount(mask) places.
    chance: dict[int, Fraction] = {0: Fraction(1)}
    chips_of: dict[int, int] = {0: 0}
    by_size: list[list[int]] = [[] for _ in range(n + 1)]
    by_size[0].append(0)
    for placed in range(n):
        prize = paid[placed]
        for mask in by_size[placed]:
            chips_left = total - chips_of[mask]
            left = [i for i in range(n) if not mask >> i & 1]
            if chips_left:
                q = chance[mask] / chips_left
                w = q * prize
                movers = [i for i in left if stacks[i]]
            else:  # only empty stacks are left: each is as likely as the others to take the next place
                q = chance[mask] / len(left)
                w = q * prize
                movers = left
            for i in movers:
                if chips_left:
                    weight[i] += w
                    step = q * stacks[i]
                else:
                    empty_share[i] += w
                    step = q
                nxt = mask | 1 << i
                if nxt not in chance:
                    chance[nxt] = Fraction(0)
                    chips_of[nxt] = chips_of[mask] + stacks[i]
                    by_size[placed + 1].append(nxt)
                chance[nxt] += step
    return [weight[i] * stacks[i] + empty_share[i] for i in range(n)]
