// What needs the director now, from the views the phone already holds: the attention
// bar lists these on top of every section, each one tap (or one tap and a confirm) from done.
import type { PayoutDue } from "../../../money/money";
import type { Suggestion } from "../../../seating/suggestions";
import type { SectionId } from "./sections";
import type { Correction } from "../../../api/views";
import { canApply, readDeal } from "../../../money/deal";

export type AttentionKind =
  | "chips"
  | "clock_halted"
  | "halt"
  | "move"
  | "break"
  | "final_table"
  | "hand_for_hand"
  | "hfh_stop"
  | "remove_absent"
  | "payout"
  | "correction"
  | "deal_apply"
  | "review";

export type { Correction };

export interface AttentionItem {
  /** Stable across view versions (the server's suggestion ids carry the seq): a new key is a new item. */
  key: string;
  kind: AttentionKind;
  /** The section where the full story is. */
  section: SectionId;
  suggestion?: Suggestion;
  payout?: PayoutDue;
  correction?: Correction;
  count?: number;
  /** deal_apply: the deal everyone agreed to, waiting for the director (the preset wants him to confirm). */
  dealNo?: number;
}

const SUGGESTION_KINDS: Record<string, AttentionKind> = {
  move: "move",
  break: "break",
  final_table: "final_table",
  halt: "halt",
  hand_for_hand: "hand_for_hand",
  remove_absent: "remove_absent",
};

/** A suggestion's identity without the seq the server appends to its id. */
export function suggestionKey(s: Suggestion): string {
  switch (s.kind) {
    case "move":
      // Not the player: who moves is drawn anew with every version of the floor (by lot, by the
      // button), while the need — a player from this table to that one — stays the same item.
      return `move:${s.from_table}:${s.to_table}`;
    case "break":
    case "halt":
      return `${s.kind}:${s.table_no}`;
    case "remove_absent":
      return `remove_absent:${s.entry_id}`;
    default:
      return String(s.kind);
  }
}

const ORDER: AttentionKind[] = ["chips", "clock_halted", "halt", "move", "break", "final_table", "hand_for_hand", "hfh_stop", "remove_absent", "payout", "correction", "deal_apply", "review"];

/**
 * The items, most urgent first: a chip-count alarm, a clock halted at a stop, halted tables,
 * balancing moves, a table to break, the final table, hand-for-hand to start or stop, absentees to
 * remove, payouts and corrections due, a deal all agreed to apply, refused commands to review.
 */
export function attentionItems(view: any, opts: { review?: number; clockStatus?: string | null } = {}): AttentionItem[] {
  if (!view) return [];
  const out: AttentionItem[] = [];
  if (view.chips?.alarm) out.push({ key: "chips", kind: "chips", section: "money" });
  if ((opts.clockStatus ?? view.clock?.status) === "halted") out.push({ key: `clock_halted:${view.clock?.level_index ?? ""}`, kind: "clock_halted", section: "clock" });
  const list: Suggestion[] = Array.isArray(view.suggestions) ? view.suggestions : [];
  const taken = new Map<string, number>();
  for (const s of list) {
    const kind = SUGGESTION_KINDS[s.kind];
    if (!kind) continue;
    const base = suggestionKey(s);
    const n = taken.get(base) ?? 0; // two moves between the same tables: two items
    taken.set(base, n + 1);
    out.push({ key: n ? `${base}#${n}` : base, kind, section: "floor", suggestion: s });
  }
  // Hand-for-hand runs on past its point: the bubble burst (the paid places reached) or one table left.
  const hfh = view.hand_for_hand;
  if (hfh?.active) {
    const paid = Number(view.money?.paid_places ?? 0);
    const live = (view.tables ?? []).filter((x: any) => !x.broken).length;
    const left = Number(view.players_left ?? NaN);
    if ((paid > 0 && left <= paid) || (Array.isArray(view.tables) && view.tables.length > 0 && live <= 1)) {
      out.push({ key: `hfh_stop:${hfh.round ?? ""}`, kind: "hfh_stop", section: "floor" });
    }
  }
  for (const p of Array.isArray(view.payouts_due) ? (view.payouts_due as PayoutDue[]) : []) {
    out.push({ key: `payout:${p.entry_id}:${p.amount}`, kind: "payout", section: "money", payout: p });
  }
  for (const c of Array.isArray(view.corrections) ? (view.corrections as Correction[]) : []) {
    out.push({ key: `correction:${c.id}`, kind: "correction", section: "money", correction: c });
  }
  const deal = readDeal(view.deal);
  if (deal && canApply(deal)) out.push({ key: `deal_apply:${deal.deal_no}`, kind: "deal_apply", section: "money", dealNo: deal.deal_no });
  if ((opts.review ?? 0) > 0) out.push({ key: `review:${opts.review}`, kind: "review", section: "tools", count: opts.review });
  return out.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}

/**
 * Which keys are new since the last look (an item that went and came back, as a table unbalanced
 * again after a move, is new). The first look (`seen` null) only remembers: nothing chimes when
 * the screen opens. Returns the new keys and the set to keep.
 */
export function newKeys(seen: Set<string> | null, items: AttentionItem[]): { fresh: string[]; seen: Set<string> } {
  const keys = new Set(items.map((i) => i.key));
  if (seen == null) return { fresh: [], seen: keys };
  return { fresh: [...keys].filter((k) => !seen.has(k)), seen: keys };
}
