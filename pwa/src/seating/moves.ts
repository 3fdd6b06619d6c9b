// Moves as the dealer and the player see them, and the dealer's hand-for-hand state.
import type { HandForHand as ApiHandForHand, Move } from "../api/views";

export type MoveReason = "director" | "table_broken" | "final_table_formed" | string;

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
 * The moves of one table for its dealer, newest first: who arrives, who leaves, who changes seat
 * here; one line per player (the newest), at most `limit`.
 */
export function dealerMoves(moves: TableMove[] | null | undefined, tableNo: number, now: number, limit = 8): DealerMove[] {
  const seen = new Set<number>();
  const out: DealerMove[] = [];
  for (const m of moves ?? []) {
    if (!m || seen.has(m.entry_id)) continue;
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

/** The dealer's moves split: `now` the ones the table still needs to see (above the seats),
 * `earlier` the rest of the night (below them, folded). */
export function splitDealerMoves(moves: DealerMove[], now: number, shownMs = SHOWN_MS): { now: DealerMove[]; earlier: DealerMove[] } {
  const recent = (m: DealerMove) => m.at != null && now - m.at < shownMs && now - m.at > -shownMs;
  return { now: moves.filter(recent), earlier: moves.filter((m) => !recent(m)) };
}

// ——— The player's own seat ———

export interface SeatRef {
  table_no: number;
  seat: number;
}

export interface PlayerMove {
  from_table: number;
  from_seat: number;
  to_table: number;
  to_seat: number;
  /** Why, when the view says it; null otherwise. */
  reason: MoveReason | null;
  /** Server time of the view that showed the new seat. */
  seen_at: number | null;
}

interface PlayerViewLike {
  status?: string;
  table_no?: number | null;
  seat?: number | null;
  server_time?: number;
  [k: string]: any;
}

/** The seat a player view shows, or null (not seated, out). */
export function seatOf(pv: PlayerViewLike | null | undefined): SeatRef | null {
  if (!pv || pv.status === "busted" || pv.table_no == null || pv.seat == null) return null;
  return { table_no: Number(pv.table_no), seat: Number(pv.seat) };
}

/** A move reason the view may carry (not in the v1 player view; read if the server adds it). */
export function reasonOf(pv: PlayerViewLike | null | undefined): MoveReason | null {
  const r = pv?.last_move?.reason ?? pv?.move_reason ?? pv?.moved?.reason ?? null;
  return typeof r === "string" && r ? r : null;
}

/**
 * Compare the seat this phone knew with the one a new player view shows: a move when both are
 * seats and they differ. The first seat ever seen (the draw) is not a move.
 */
export function detectMove(prev: SeatRef | null | undefined, pv: PlayerViewLike | null | undefined): PlayerMove | null {
  const cur = seatOf(pv);
  if (!prev || !cur) return null;
  if (prev.table_no === cur.table_no && prev.seat === cur.seat) return null;
  // The server's own record of the move that brought him here says where he sat just before
  // (this phone may have slept through an earlier move: its stored seat is older).
  const last = pv?.last_move;
  const server = last && last.to_table === cur.table_no && last.to_seat === cur.seat && last.from_table != null && last.from_seat != null;
  return {
    from_table: server ? Number(last.from_table) : prev.table_no,
    from_seat: server ? Number(last.from_seat) : prev.seat,
    to_table: cur.table_no,
    to_seat: cur.seat,
    reason: reasonOf(pv),
    seen_at: typeof pv?.server_time === "number" ? pv.server_time : null,
  };
}

/**
 * The move card to keep after a new view: a new move replaces an older, undismissed one, with its
 * own "before" seat (where he sat just before it: the floor moved him there, card seen or not).
 */
export function nextMoveCard(card: PlayerMove | null | undefined, move: PlayerMove | null): PlayerMove | null {
  return move ?? card ?? null;
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
