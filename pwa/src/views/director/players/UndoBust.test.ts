import { describe, expect, it } from "vitest";
import { canUndoBust, freeSeats, undoShifts, type UndoEntry } from "./UndoBust";

const e = (entry_id: number, place: number | null, extra: Partial<UndoEntry> = {}): UndoEntry => ({
  entry_id, name: `P${entry_id}`, status: place == null ? "active" : "busted", table_no: 1, seat: entry_id, place, ...extra,
});

describe("undo bust preview", () => {
  it("moves everyone out after him one place down and leaves those out before him (N-1.15)", () => {
    const all = [e(1, null), e(2, 8), e(3, 9), e(4, 10), e(5, null, { disqualified: true, status: "busted" })];
    expect(undoShifts(all[2], all)).toEqual([{ name: "P2", from: 8, to: 9 }]);
    expect(undoShifts(all[1], all)).toEqual([]);
  });
  it("offers undo for busts only; after the end only the bust that ended it", () => {
    expect(canUndoBust(e(2, 8), false)).toBe(true);
    expect(canUndoBust(e(2, 8, { out_reason: "left" }), false)).toBe(false);
    expect(canUndoBust(e(2, 8, { disqualified: true }), false)).toBe(false);
    expect(canUndoBust(e(1, null), false)).toBe(false);
    expect(canUndoBust(e(2, 2), true)).toBe(true);
    expect(canUndoBust(e(3, 3), true)).toBe(false);
  });
  it("lists free seats at tables still in play", () => {
    const tables = [
      { table_no: 1, max_seats: 3, seats: [{ seat: 1, entry_id: 1, name: "A" }, { seat: 3, entry_id: 3, name: "C" }] },
      { table_no: 2, max_seats: 2, broken: true, seats: [] },
    ];
    expect(freeSeats(tables)).toEqual([{ t: 1, s: 2 }]);
  });
});
