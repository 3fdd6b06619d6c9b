// The dealer's table as the screen needs it, from the table view and what this phone still has
// queued: the seats in order, who is out of play, the hand and hand-for-hand, who sits out, the moves.
import { badgesFor, type TableLike } from "../../seating/positions";
import { dealerMoves, hfhState, type HandForHand, type TableMove } from "../../seating/moves";
import type { TableView } from "../../api/views";
import type { Queued } from "./queued";

const HFH_OFF: HandForHand = { active: false, round: 0, done: [] };

export type TableState = ReturnType<typeof tableState>;

export function tableState(table: TableView | undefined, tableNo: number | null, queued: Queued, now: number) {
  const busted = new Set<number>((table?.busts ?? []).map((b) => Number(b.entry_id)));
  const seats = [...(table?.seats ?? [])].sort((a, b) => a.seat - b.seat);
  const hfh: HandForHand = table?.hand_for_hand ?? HFH_OFF;
  // Who sits out (table view `penalties`); a time penalty is dropped by the server once over.
  const sitOut = (table?.penalties ?? []).filter((p) => p.until == null || p.until > now).sort((a, b) => a.seat - b.seat);
  return {
    seats,
    busted,
    /** Still in play: neither out on the server nor with a bust queued here. */
    live: seats.filter((x) => !busted.has(x.entry_id) && !queued.busts.has(x.entry_id)),
    maxSeats: table?.max_seats ?? 0,
    handNo: Number(table?.hand_no ?? 0),
    hfh,
    // N-2.13, V-V.b: the server says which tables dealt this round and which are done.
    hstate: tableNo != null ? hfhState(hfh, tableNo, queued.handDone, queued.newHands > 0) : "off",
    halt: table?.halt ?? null,
    redraw: table?.redraw ?? null,
    sitOut,
    outBySeat: new Map(sitOut.map((p) => [p.seat, p])),
    badges: badgesFor(table as unknown as TableLike),
    moves: tableNo != null ? dealerMoves(table?.moves as TableMove[], tableNo, now) : [],
  };
}
