// The final table's deal (issue 32) as the views carry it (`deal` in the director and player
// views), read defensively, and where it stands. The player's phone needs only this: the director's
// form and the phone's own estimate (ICM) are in deal.ts, a chunk the player never loads.
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
