// Moves as the dealer sees them, and the dealer's hand-for-hand state (the player's own move card:
// playerMove.ts, so neither phone downloads the other's part).
import type { HandForHand as ApiHandForHand, Move } from "../api/views";

/** A move as the table, display and player views carry it (the server's shape, api/views.ts). */
export type TableMove = Move;

export type DealerMoveKind = "arrive" | "leave" | "reseat";

export interface DealerMove extends TableMove {
  kind: DealerMoveKind;
  fresh: boolean;
}

/** How long a move stays highlighted on the dealer's phone. */
export const FRESH_MS = 60_000;
/** How long a move stays above the seat rows (the player has sat down by then; as the TV's ticker). */
export const SHOWN_MS = 5 * 60_000;

/**
 * The moves of one table its dealer still needs, newest first: who arrives, who leaves, who changes
 * seat here in the last SHOWN_MS; one line per player (the newest), at most `limit`. Older moves
 * are done with (the players sit): they never stay above the seat rows all night.
 */
export function dealerMoves(moves: TableMove[] | null | undefined, tableNo: number, now: number, limit = 8): DealerMove[] {
  const seen = new Set<number>();
  const out: DealerMove[] = [];
  for (const m of moves ?? []) {
    if (!m || seen.has(m.entry_id)) continue;
    if (m.at != null && now - m.at >= SHOWN_MS) break; // newest first: the rest is older still
    const from = m.from_table === tableNo;
    const to = m.to_table === tableNo;
    if (!from && !to) continue;
    seen.add(m.entry_id);
    if (from && to && m.from_seat === m.to_seat) continue; // a redraw gave him his own seat again: no change
    const kind: DealerMoveKind = from && to ? "reseat" : to ? "arrive" : "leave";
    out.push({ ...m, kind, fresh: m.at != null && now - m.at < FRESH_MS && now - m.at > -FRESH_MS });
    if (out.length >= limit) break;
  }
  return out;
}

/** The reasons a table closes with: its players' moves are the closing's own. */
const CLOSING = new Set(["table_broken", "final_table_formed", "two_tables_formed"]);

/** Where each player of a closed table went when it closed (seat order): the closing's moves only,
 * never a player who had left it earlier by balancing. */
export function brokenTableMoves(moves: TableMove[] | null | undefined, tableNo: number): TableMove[] {
  const seen = new Set<number>();
  const out: TableMove[] = [];
  let closedAt: number | null | undefined;
  for (const m of moves ?? []) {
    if (!m || seen.has(m.entry_id)) continue;
    seen.add(m.entry_id);
    if (m.from_table !== tableNo || m.to_table === tableNo || !CLOSING.has(m.reason ?? "")) continue;
    if (closedAt === undefined) closedAt = m.at; // newest first: the closing is the newest batch
    if (m.at === closedAt) out.push(m);
  }
  return out.sort((a, b) => (a.from_seat ?? 0) - (b.from_seat ?? 0));
}

// ——— Hand-for-hand at one table ———

/** The round, the tables done and dealt (N-2.13, V-V.b); the table view adds `tables` and `rule` while it runs. */
export type HandForHand = ApiHandForHand;

export type HfhState = "off" | "playing" | "wait" | "next";

/**
 * The table's place in the hand-for-hand round, from the server's view (N-2.13, V-V.b): every
 * table starts each hand together, and the server refuses a new hand that would not.
 * off: no hand-for-hand. playing: this table's hand of the round runs: finish it, tap Hand done
 * (New hand is disabled). wait: this table is done, others still play (New hand disabled).
 * next: every table finished, a new round began: start the next hand now.
 * A Hand done or New hand waiting in this phone's outbox counts as sent.
 */
export function hfhState(
  hfh: HandForHand | null | undefined,
  tableNo: number,
  doneQueued = false,
  handQueued = false,
): HfhState {
  if (!hfh || !hfh.active) return "off";
  if (doneQueued || (hfh.done ?? []).includes(tableNo)) return "wait";
  // An older cached view without `dealt`: play the hand, then Hand done (what it always said).
  if (handQueued || !hfh.dealt || hfh.dealt.includes(tableNo)) return "playing";
  return "next";
}

/** Tables still playing this round (the count the waiting dealer sees), or null if unknown. */
export function hfhStillPlaying(hfh: HandForHand | null | undefined): number | null {
  if (!hfh?.active || typeof hfh.tables !== "number") return null;
  return Math.max(0, hfh.tables - (hfh.done ?? []).length);
}
