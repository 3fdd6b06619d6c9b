// What this phone sent for its table that the server has not applied yet: the screen shows each as
// if done (a queued bust takes the seat out of play, a queued "away" flips the toggle) and marks it
// pending until the table view catches up.
import type { OutboxEntry } from "../../sync/db";

export interface Queued {
  /** Entries with a queued bust, one at a time or several in one hand. */
  busts: Set<number>;
  /** The latest queued away / back per entry. */
  away: Map<number, boolean>;
  chipCount: boolean;
  penalties: number;
  handDone: boolean;
  newHands: number;
  /** The seat of a queued button. */
  button: number | undefined;
}

export function queuedAtTable(mine: OutboxEntry[]): Queued {
  const pending = mine.filter((e) => e.state === "pending");
  const busts = new Set<number>();
  const away = new Map<number, boolean>();
  for (const e of pending) {
    if (e.type === "record_bust") busts.add(Number(e.payload.entry_id));
    if (e.type === "record_busts") for (const b of (e.payload.busts as { entry_id: unknown }[] | undefined) ?? []) busts.add(Number(b.entry_id));
    if (e.type === "set_away") away.set(Number(e.payload.entry_id), Boolean(e.payload.away));
  }
  const button = pending.find((e) => e.type === "set_button")?.payload.seat;
  return {
    busts,
    away,
    chipCount: pending.some((e) => e.type === "chip_count"),
    penalties: pending.filter((e) => e.type === "penalize").length,
    handDone: pending.some((e) => e.type === "hand_done"),
    newHands: pending.filter((e) => e.type === "new_hand").length,
    button: button as number | undefined,
  };
}
