// The dealer's side-pot and odd-chip helper: pure arithmetic, nothing is sent to the server.
// Each side pot is split on its own (V-X.p, S-#30); an odd chip that cannot be split goes to the
// first winner clockwise from the button (N-2.7, V-VII.b, S-#11).

export interface Contribution {
  seat: number;
  /** Chips this player put into the pot in the whole hand. */
  amount: number;
  folded: boolean;
}

export interface Pot {
  amount: number;
  /** Seats still in the hand that can win this pot, in seat order. */
  eligible: number[];
}

export interface Pots {
  pots: Pot[];
  /** Chips nobody called, back to the one who bet them. */
  returned: { seat: number; amount: number } | null;
}

/** Main pot first, then each side pot: one level per all-in amount of a player still in. */
export function buildPots(contribs: Contribution[]): Pots {
  const live = contribs.filter((c) => !c.folded && c.amount > 0);
  const levels = [...new Set(live.map((c) => c.amount))].sort((a, b) => a - b);
  const pots: Pot[] = [];
  let prev = 0;
  for (const level of levels) {
    const amount = contribs.reduce((sum, c) => sum + Math.max(0, Math.min(c.amount, level) - prev), 0);
    const eligible = live.filter((c) => c.amount >= level).map((c) => c.seat).sort((a, b) => a - b);
    if (eligible.length === 1 && pots.length > 0) {
      // only the bettor is left at this level: his uncalled chips go back to him
      prev = level;
      return { pots, returned: { seat: eligible[0], amount } };
    }
    pots.push({ amount, eligible });
    prev = level;
  }
  const beyond = contribs.reduce((sum, c) => sum + Math.max(0, c.amount - prev), 0);
  if (beyond > 0 && pots.length) pots[pots.length - 1].amount += beyond; // folded chips above every live stack
  return { pots, returned: null };
}

/** Seats clockwise from the button: the first seat after the button comes first. */
export function clockwiseFromButton(seats: number[], button: number | null | undefined): number[] {
  const sorted = [...seats].sort((a, b) => a - b);
  if (button == null) return sorted;
  const after = sorted.filter((s) => s > button);
  return [...after, ...sorted.filter((s) => s <= button)];
}

/**
 * Split one pot among its winners in whole chips of `unit` (the smallest chip in play); the
 * chips that do not divide go one by one to the winners clockwise from the button.
 */
export function splitPot(amount: number, winners: number[], unit: number, button: number | null | undefined): Map<number, number> {
  const shares = new Map<number, number>();
  if (!winners.length) return shares;
  const chip = unit > 0 ? unit : 1;
  const order = clockwiseFromButton(winners, button);
  const units = Math.floor(amount / chip);
  const each = Math.floor(units / order.length);
  let odd = units - each * order.length;
  const dust = amount - units * chip; // less than one chip: with the first odd chip
  order.forEach((seat, i) => {
    let share = each * chip;
    if (odd > 0) {
      share += chip;
      odd -= 1;
    }
    if (i === 0) share += dust;
    shares.set(seat, share);
  });
  return shares;
}

/** The smallest chip in play by default: what divides the level's blinds and ante. */
export function defaultChipUnit(level: { sb?: number; bb?: number; ante?: number } | null | undefined): number {
  const values = [level?.sb, level?.bb, level?.ante].filter((v): v is number => typeof v === "number" && v > 0);
  if (!values.length) return 1;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return values.reduce(gcd);
}

/** The level being played now (or the next one during a break), for its blinds and ante. */
export function levelNow(
  structure: { kind?: string; sb?: number; bb?: number; ante?: number }[] | undefined,
  index: number | null | undefined,
): { sb?: number; bb?: number; ante?: number } | null {
  if (!structure?.length) return null;
  const from = Math.max(0, Math.min(index ?? 0, structure.length - 1));
  return structure.slice(from).find((e) => e.kind === "level") ?? structure.find((e) => e.kind === "level") ?? null;
}
