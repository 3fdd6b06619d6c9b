// The Independent Chip Model (Malmuth–Harville) on the phone, the same walk as the server's
// backend/engine/icm.py: the chance that exactly the set T of players took places 1..|T| is kept
// once per T (2^n × n steps, not n!), so 10 players take a few milliseconds on a phone.
// In doubles, not exact fractions: the phone shows what the server will propose (it computes the
// amounts, exact to the cent, and its rounding); this answers "about how much" without the server.

export const ICM_MAX_PLAYERS = 10;

/** Each player's equity in the order of `stacks`; `prizes` from the first place down (missing
 * places pay 0). Throws on what the server refuses too: no players, more than 10, a negative
 * stack, no chips at all. */
export function icm(stacks: number[], prizes: number[]): number[] {
  const n = stacks.length;
  if (n < 1 || n > ICM_MAX_PLAYERS) throw new RangeError(`ICM takes 1 to ${ICM_MAX_PLAYERS} players, not ${n}`);
  if (stacks.some((s) => !Number.isFinite(s) || s < 0)) throw new RangeError("stacks must be 0 or more");
  const total = stacks.reduce((a, b) => a + b, 0);
  if (!(total > 0)) throw new RangeError("at least one stack above 0");
  const paid = Array.from({ length: n }, (_, i) => prizes[i] ?? 0);
  const equity = new Array<number>(n).fill(0);
  // chance[mask]: the players in `mask` (bits) took the first popcount(mask) places.
  let layer = new Map<number, number>([[0, 1]]);
  for (let placed = 0; placed < n; placed++) {
    const next = new Map<number, number>();
    for (const [mask, p] of layer) {
      let chipsLeft = 0;
      const left: number[] = [];
      for (let i = 0; i < n; i++)
        if (!((mask >> i) & 1)) {
          left.push(i);
          chipsLeft += stacks[i];
        }
      for (const i of left) {
        // the next place among those left: by chips, or evenly when only empty stacks remain
        const share = chipsLeft > 0 ? stacks[i] / chipsLeft : 1 / left.length;
        if (!share) continue;
        const step = p * share;
        equity[i] += step * paid[placed];
        const m = mask | (1 << i);
        next.set(m, (next.get(m) ?? 0) + step);
      }
    }
    layer = next;
  }
  return equity;
}

/** Chip chop as the server does it: the next prize out (`floor`) for everyone, the rest by chips. */
export function chipChop(stacks: number[], moneyLeft: number, floor: number): number[] {
  const total = stacks.reduce((a, b) => a + b, 0);
  const rest = moneyLeft - floor * stacks.length;
  return stacks.map((c) => floor + (total > 0 ? (rest * c) / total : 0));
}
