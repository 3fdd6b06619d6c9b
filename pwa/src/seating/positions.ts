// Positions of the current hand at a table: the button (D), small blind and big blind.
// A seat may be empty (a dead button or a dead small blind); heads-up the button is the SB.

export type Badge = "D" | "SB" | "BB";

export interface SeatInfo {
  seat: number;
  entry_id: number;
  name: string;
}

export interface TableLike {
  table_no: number;
  max_seats: number;
  broken?: boolean;
  seats: SeatInfo[];
  button?: number | null;
  sb?: number | null;
  bb?: number | null;
  hand_no?: number;
  next?: { button: number; sb: number; bb: number; utg: number } | null;
}

/** seat → its badges for the current hand, in the order D, SB, BB. */
export function badgesFor(t: Pick<TableLike, "button" | "sb" | "bb"> | null | undefined): Map<number, Badge[]> {
  const out = new Map<number, Badge[]>();
  if (!t) return out;
  const add = (seat: number | null | undefined, b: Badge) => {
    if (seat == null || !Number.isFinite(Number(seat))) return;
    const list = out.get(Number(seat)) ?? [];
    if (!list.includes(b)) list.push(b);
    out.set(Number(seat), list);
  };
  add(t.button, "D");
  add(t.sb, "SB");
  add(t.bb, "BB");
  return out;
}

/** "D", "SB", "BB" or, heads-up, "D · SB". */
export function badgeText(badges: Badge[] | undefined): string {
  return (badges ?? []).join(" · ");
}

/** Empty seat numbers of a table, ascending. */
export function freeSeats(t: Pick<TableLike, "max_seats" | "seats"> | null | undefined): number[] {
  if (!t) return [];
  const taken = new Set(t.seats.map((s) => s.seat));
  const out: number[] = [];
  for (let s = 1; s <= t.max_seats; s++) if (!taken.has(s)) out.push(s);
  return out;
}

/** The occupant of a seat, if any. */
export function occupant(t: Pick<TableLike, "seats"> | null | undefined, seat: number | null | undefined): SeatInfo | undefined {
  if (!t || seat == null) return undefined;
  return t.seats.find((s) => s.seat === seat);
}

/** Tables in play (not broken). */
export function activeTables<T extends TableLike>(tables: T[] | null | undefined): T[] {
  return (tables ?? []).filter((t) => !t.broken);
}

/**
 * The break order to show: the saved order (tables still in play), then the other tables,
 * highest number first — the table the server breaks when no order is saved.
 */
export function breakOrderOf(tables: TableLike[] | null | undefined, saved: number[] | null | undefined): number[] {
  const live = activeTables(tables).map((x) => x.table_no);
  const first = (saved ?? []).filter((n, i, all) => live.includes(n) && all.indexOf(n) === i);
  const rest = live.filter((n) => !first.includes(n)).sort((a, b) => b - a);
  return [...first, ...rest];
}
