// The final table's deal (issue 32) on the phones: the proposal the server sends in the director
// and player views (`deal`), read defensively, and the director's form turned into the
// `propose_deal` payload. The server computes and checks every amount (engine/deal.py); the
// phone only checks what a person can fix before sending (a stack typed wrong, a custom split
// that does not add up).
import { parseChips } from "./money";
import { chipChop, icm, ICM_MAX_PLAYERS } from "./icm";

export * from "./dealView";
import type { DealMethod } from "./dealView";

/**
 * An amount in currency units as typed: "" → none; "1'250", "1 250", "1250.50", "1250,50".
 * Two decimals at most (the money module counts in cents at most).
 */
export function parseAmount(raw: string): { ok: true; value: number | null } | { ok: false } {
  const s = raw.trim().replace(/[\s'’]/g, "");
  if (!s) return { ok: true, value: null };
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return { ok: false };
  const value = Number(m[1]) + (m[2] ? Number(m[2].padEnd(2, "0")) / 100 : 0);
  return Number.isFinite(value) && value <= 1e9 ? { ok: true, value } : { ok: false };
}

/** The prize money the players still in share: the payouts of places 1 … players left. */
export function moneyLeft(payouts: { place: number; amount: number }[] | null | undefined, playersLeft: number): number {
  const cents = (payouts ?? []).filter((p) => p.place >= 1 && p.place <= playersLeft).reduce((s, p) => s + Math.round(p.amount * 100), 0);
  return cents / 100;
}

export interface DealForm {
  method: DealMethod;
  /** Chips per entry id, as typed. */
  stacks: Record<number, string>;
  keep: string;
  roundTo: string;
  /** Custom amounts per entry id, as typed. */
  amounts: Record<number, string>;
}

export interface ProposeDeal {
  method: DealMethod;
  stacks: { entry_id: number; chips: number }[];
  keep: number | null;
  round_to: number | null;
  amounts?: { entry_id: number; amount: number }[];
}

/** Field → what is wrong: `stacks.<id>` missing/invalid, `stacks` all_zero, `keep` invalid/too_much,
 * `amounts.<id>` missing/invalid, `amounts` sum (they must add up to the money left less the kept). */
export type DealErrors = Record<string, "missing" | "invalid" | "all_zero" | "too_much" | "sum">;

/** The form → the `propose_deal` payload, or what to fix. `left`: the money still to share (null: unknown, the server checks). */
export function dealPayload(form: DealForm, players: { entry_id: number }[], left: number | null): { ok: true; payload: ProposeDeal } | { ok: false; errors: DealErrors } {
  const errors: DealErrors = {};
  const stacks: ProposeDeal["stacks"] = [];
  for (const p of players) {
    const r = parseChips(form.stacks[p.entry_id] ?? "");
    if (r.ok) stacks.push({ entry_id: p.entry_id, chips: r.value });
    else errors[`stacks.${p.entry_id}`] = r.error;
  }
  if (stacks.length === players.length && stacks.every((s) => s.chips === 0)) errors.stacks = "all_zero";
  const keep = parseAmount(form.keep);
  const keepValue = keep.ok ? keep.value : null;
  if (!keep.ok) errors.keep = "invalid";
  else if (keepValue != null && left != null && keepValue > left) errors.keep = "too_much";
  const roundTo = form.roundTo ? Number(form.roundTo) : null;
  const payload: ProposeDeal = { method: form.method, stacks, keep: keepValue || null, round_to: roundTo };
  if (form.method === "custom") {
    const amounts: NonNullable<ProposeDeal["amounts"]> = [];
    for (const p of players) {
      const r = parseAmount(form.amounts[p.entry_id] ?? "");
      if (!r.ok) errors[`amounts.${p.entry_id}`] = "invalid";
      else if (r.value == null) errors[`amounts.${p.entry_id}`] = "missing";
      else amounts.push({ entry_id: p.entry_id, amount: r.value });
    }
    const target = customTarget(left, keepValue);
    if (amounts.length === players.length && target != null && cents(sumAmounts(amounts)) !== cents(target)) errors.amounts = "sum";
    payload.amounts = amounts;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, payload };
}

const cents = (x: number) => Math.round(x * 100);
export const sumAmounts = (xs: { amount: number }[]) => xs.reduce((s, x) => s + cents(x.amount), 0) / 100;

/** What a custom split must add up to: the money left less the kept amount (null: unknown). */
export function customTarget(left: number | null, keep: number | null): number | null {
  return left == null ? null : (cents(left) - cents(keep ?? 0)) / 100;
}

/** The form's first values: the chips of the last proposal, else the latest chip counts, else empty. */
export function initialStacks(players: { entry_id: number }[], ...sources: (Record<number, number> | null | undefined)[]): Record<number, string> {
  const out: Record<number, string> = {};
  for (const p of players) {
    const found = sources.find((s) => s && Number.isFinite(s[p.entry_id]));
    out[p.entry_id] = found ? String(found[p.entry_id]) : "";
  }
  return out;
}

/**
 * Without the server (offline): about what each player would get, from the payout table's places
 * 1..n with `keep` taken off the first, unrounded (the server's own amounts also place the table's
 * remainders and round). Custom: null (the director typed them).
 */
export function estimateDeal(method: DealMethod, chips: number[], places: number[], keep: number | null): number[] | null {
  const n = chips.length;
  if (method === "custom" || n < 2 || n > ICM_MAX_PLAYERS || !chips.some((c) => c > 0)) return null;
  const prizes = Array.from({ length: n }, (_, i) => places[i] ?? 0);
  prizes[0] -= keep ?? 0;
  if (prizes[0] < 0) return null;
  const shared = prizes.reduce((a, b) => a + b, 0);
  if (method === "icm") return icm(chips, prizes);
  if (method === "even") return chips.map(() => shared / n);
  // chip chop with the server's floor: everyone gets the lowest place's amount, the rest by chips
  return chipChop(chips, shared, Math.min(...prizes));
}
