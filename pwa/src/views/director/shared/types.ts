// The rows of the director view the tournament screen's components share.
import type { OutboxEntry } from "../../../sync/db";
import type * as api from "../../../api/views";

/** The director view's rows: the server's shapes (api/views.ts, generated from its document). */
export type Entry = api.Entry;
export type Table = api.Table;
export type Bust = api.Bust;

import type { Send } from "../../../sync/outbox";

export type { Send };

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
  /** The director view (undefined until it arrives). */
  dview: api.DirectorView | undefined;
  /** The public view (the players-left history). */
  pview: api.PublicView | undefined;
  /** dview, or the public view while the director view is not there yet. */
  view: api.DirectorView | api.PublicView | undefined;
  entries: Entry[];
  tables: Table[];
  busts: Bust[];
  mine: OutboxEntry[];
  pending: Pending;
  send: Send;
  preset: import("./hooks").PresetRules;
  windows: import("../../../money/money").EntryWindows;
  finished: boolean;
  registrationOpen: boolean;
  lateOpen: boolean;
}
