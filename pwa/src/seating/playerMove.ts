// The player's own move card: which seat he left and which he takes (the dealer's side: moves.ts).

export type MoveReason = "director" | "table_broken" | "final_table_formed" | string;

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
