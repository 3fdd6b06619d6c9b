/**
 * The final table's deal on the phone, for a live preview while the director types stacks: the same
 * Malmuth–Harville ICM and chip chop as the server (backend/engine/icm.py, backend/engine/deal.py),
 * in floating point. The server's exact answer (POST /deal/calculate, then propose_deal) is what the
 * players agree to; shared_rules/vectors/icm.json keeps both sides equal.
 */

/** Each player's ICM equity, in the order of `stacks` (2 to 10 players; missing places pay 0). */
export function icm(stacks: number[], prizes: number[]): number[] {
  const n = stacks.length;
  const paid = Array.from({ length: n }, (_, i) => prizes[i] ?? 0);
  const total = stacks.reduce((a, b) => a + b, 0);
  const equity = new Array<number>(n).fill(0);
  if (n === 0 || total <= 0) return equity;
  // chance[mask]: the players in mask took the first popcount(mask) places, in any order; one entry
  // per set of players, so 10 players take 2^10 × 10 steps, not 10! orders.
  const chance = new Float64Array(1 << n);
  const chips = new Float64Array(1 << n);
  chance[0] = 1;
  let layer = [0];
  for (let placed = 0; placed < n; placed++) {
    const next = new Set<number>();
    for (const mask of layer) {
      const left: number[] = [];
      for (let i = 0; i < n; i++) if (!((mask >> i) & 1)) left.push(i);
      const chipsLeft = total - chips[mask];
      // only empty stacks left: each as likely as the others to take the next place
      const movers = chipsLeft > 0 ? left.filter((i) => stacks[i] > 0) : left;
      for (const i of movers) {
        const step = chance[mask] * (chipsLeft > 0 ? stacks[i] / chipsLeft : 1 / left.length);
        equity[i] += step * paid[placed];
        const to = mask | (1 << i);
        chance[to] += step;
        chips[to] = chips[mask] + stacks[i];
        next.add(to);
      }
    }
    layer = [...next];
  }
  return equity;
}

/** Chip chop as the server does it: the next prize out (`floor`) for everyone, the rest by chips. */
export function chipChop(stacks: number[], moneyLeft: number, floor: number): number[] {
  const total = stacks.reduce((a, b) => a + b, 0);
  const rest = moneyLeft - floor * stacks.length;
  return stacks.map((c) => floor + (total > 0 ? (rest * c) / total : 0));
}
