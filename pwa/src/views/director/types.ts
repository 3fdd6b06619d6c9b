// The rows of the director view the tournament screen's components share.
import type { OutboxEntry } from "../../sync/db";
import type { UndoEntry, UndoTable } from "./UndoBust";

/** An entry row: what the undo dialog needs (UndoEntry) and the rest the screens show. */
export interface Entry extends UndoEntry {
  busted_at: number | null;
  eliminated_by?: number | null;
  rebuys?: number;
  addon?: boolean;
  reentries?: number;
  prepaid?: boolean;
  present?: boolean;
  prize?: number | null;
  paid?: number | null;
  headhunter?: { hh_chips: number; hh_carried?: number; wild_card_at?: number; wild_card?: boolean } | null;
  penalty?: { kind: string; reason?: string | null; hands_left?: number; until?: number } | null;
  warnings?: { reason?: string | null; at: number; by: string }[];
}
export type Table = UndoTable;
export interface Bust {
  entry_id: number;
  name: string;
  place: number | null;
  tie?: number | null;
  at: number;
  table_no: number | null;
}

export type Send = (type: string, payload?: Record<string, unknown>, label?: Record<string, string | number>) => void;

const ENTRY_OPS = ["rebuy", "addon", "reentry", "check_in", "player_leaves", "disqualify", "penalize", "lift_penalty", "use_wild_card", "undo_bust"];

/** What this phone has queued and not yet seen applied: busts, per-entry actions, registrations. */
export function pendingOf(mine: OutboxEntry[]) {
  const busts = new Set<number>();
  const actions = new Map<number, string>();
  for (const e of mine) {
    if (e.state !== "pending") continue;
    if (e.type === "record_bust") busts.add(Number(e.payload.entry_id));
    if (e.type === "record_busts") for (const b of (e.payload.busts as any[]) ?? []) busts.add(Number(b.entry_id));
    if (ENTRY_OPS.includes(e.type)) actions.set(Number(e.payload.entry_id), e.type);
    // S-#46: an alternate on his way into a busted player's seat shows on that player's row.
    if (e.type === "seat_alternate") actions.set(Number(e.payload.replaces), "alternate");
  }
  const regs = mine.filter((e) => e.state === "pending" && e.type === "register_player");
  return { busts, actions, regs };
}
export type Pending = ReturnType<typeof pendingOf>;

/** Everything a section of the tournament screen reads: the views, this phone's queue, the preset. */
export interface DirCtx {
  tid: string;
  token: string | null;
  /** The director view (null until it arrives). */
  dview: any;
  /** The public view (the players-left history). */
  pview: any;
  /** dview, or the public view while the director view is not there yet. */
  view: any;
  entries: Entry[];
  tables: Table[];
  busts: Bust[];
  mine: OutboxEntry[];
  pending: Pending;
  send: Send;
  preset: import("./hooks").PresetRules;
  windows: import("../../money/money").EntryWindows;
  finished: boolean;
  registrationOpen: boolean;
  lateOpen: boolean;
}
