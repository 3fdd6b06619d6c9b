// The final table's deal (issue 32) on the phones: the proposal the server sends in the director
// and player views (`deal`), read defensively, and the director's form turned into the
// `propose_deal` payload. The server computes and checks every amount (engine/deal.py); the
// phone only checks what a person can fix before sending (a stack typed wrong, a custom split
// that does not add up).
import { parseChips } from "./money";
import { chipChop, icm, ICM_MAX_PLAYERS } from "./icm";

export const DEAL_METHODS = ["icm", "chip", "even", "custom"] as const;
export type DealMethod = (typeof DEAL_METHODS)[number];
export type DealStatus = "open" | "applied" | "rejected" | "undone";
export type DealAnswer = "accepted" | "rejected" | null;

/** The smallest chip or note the amounts are rounded to ("" = to the unit). */
export const ROUNDINGS = ["", "10", "50", "100"] as const;

export interface DealRow {
  entry_id: number;
  name: string;
  chips: number;
  amount: number;
  answer: DealAnswer;
}

export interface Deal {
  deal_no: number;
  status: DealStatus;
  method: DealMethod;
  keep: number | null;
  round_to: number | null;
  rows: DealRow[];
  total: number;
  director_confirms: boolean;
  /** The player view's own row (entry id); null on the director's phone. */
  mine: number | null;
}

const STATUSES: DealStatus[] = ["open", "applied", "rejected", "undone"];
const num = (x: unknown): number | null => (typeof x === "number" && Number.isFinite(x) ? x : null);

/** The view's `deal`, or null when there is none or it is not the shape agreed (never a crash). */
export function readDeal(x: unknown): Deal | null {
  if (!x || typeof x !== "object") return null;
  const d = x as Record<string, unknown>;
  const dealNo = num(d.deal_no);
  if (dealNo == null || !STATUSES.includes(d.status as DealStatus) || !Array.isArray(d.rows)) return null;
  const rows: DealRow[] = d.rows
    .filter((r): r is Record<string, unknown> => !!r && typeof r === "object" && num((r as any).entry_id) != null)
    .map((r) => ({
      entry_id: Number(r.entry_id),
      name: String(r.name ?? `#${r.entry_id}`),
      chips: num(r.chips) ?? 0,
      amount: num(r.amount) ?? 0,
      answer: r.answer === "accepted" || r.answer === "rejected" ? r.answer : null,
    }));
  return {
    deal_no: dealNo,
    status: d.status as DealStatus,
    method: (DEAL_METHODS as readonly string[]).includes(String(d.method)) ? (d.method as DealMethod) : "custom",
    keep: num(d.keep),
    round_to: num(d.round_to),
    rows,
    total: num(d.total) ?? rows.reduce((s, r) => s + r.amount, 0),
    director_confirms: d.director_confirms === true,
    mine: num(d.mine),
  };
}

export interface DealProgress {
  accepted: number;
  rejected: number;
  waiting: number;
  players: number;
  /** Everyone said yes: the deal is applied, or waits for the director where the preset says so. */
  unanimous: boolean;
  /** Who said no (names), for "Rejected by Anna". */
  rejectedBy: string[];
}

export function dealProgress(deal: Deal): DealProgress {
  const accepted = deal.rows.filter((r) => r.answer === "accepted").length;
  const rejectedRows = deal.rows.filter((r) => r.answer === "rejected");
  const players = deal.rows.length;
  return {
    accepted,
    rejected: rejectedRows.length,
    waiting: players - accepted - rejectedRows.length,
    players,
    unanimous: players > 0 && accepted === players,
    rejectedBy: rejectedRows.map((r) => r.name),
  };
}

/** The director may apply now: all said yes, the preset wants his confirmation, not applied yet. */
export function canApply(deal: Deal): boolean {
  return deal.status === "open" && deal.director_confirms && dealProgress(deal).unanimous;
}

/** What the player's phone leads with, as a state (the words come from i18n). */
export type PlayerDealState =
  | { kind: "answer"; row: DealRow } // open, he has not answered
  | { kind: "answered"; row: DealRow; accepted: boolean } // open, he has
  | { kind: "agreed"; row: DealRow } // applied
  | { kind: "rejected" }
  | { kind: "undone" }
  | { kind: "none" }; // no deal, or not his (he was out before it)

export function playerDealState(deal: Deal | null, mine: number | null): PlayerDealState {
  if (!deal) return { kind: "none" };
  const row = deal.rows.find((r) => r.entry_id === (mine ?? deal.mine));
  if (deal.status === "rejected") return row ? { kind: "rejected" } : { kind: "none" };
  if (deal.status === "undone") return row ? { kind: "undone" } : { kind: "none" };
  if (!row) return { kind: "none" };
  if (deal.status === "applied") return { kind: "agreed", row };
  return row.answer ? { kind: "answered", row, accepted: row.answer === "accepted" } : { kind: "answer", row };
}

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
