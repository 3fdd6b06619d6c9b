import { describe, expect, it } from "vitest";
import {
  moveRow,
  newBreak,
  newStop,
  parseChips,
  parseMinutes,
  rowsFromStructure,
  rowsSignature,
  rowsToStructure,
  suggestLevel,
  validateRows,
  type Row,
} from "./structureEdit";

// As the public view sends it: index, level, zero blinds on breaks.
const VIEW = [
  { index: 0, kind: "level", level: 1, sb: 25, bb: 50, ante: 0, minutes: 20 },
  { index: 1, kind: "break", level: null, sb: 0, bb: 0, ante: 0, minutes: 10, addon: true },
  { index: 2, kind: "stop", level: null, sb: 0, bb: 0, ante: 0, minutes: 0, reason: "race_for_chips" },
  { index: 3, kind: "level", level: 2, sb: 50, bb: 100, ante: 100, minutes: 15, colour_up: { remove: [25], method: "round_up" } },
];

const fields = (rows: Row[]) => validateRows(rows).map((p) => `${p.index}.${p.field}:${p.key}`);

describe("rows ⇄ set_structure payload", () => {
  it("round-trips with only the keys the server accepts", () => {
    expect(rowsToStructure(rowsFromStructure(VIEW))).toEqual([
      { kind: "level", sb: 25, bb: 50, ante: 0, minutes: 20 },
      { kind: "break", minutes: 10, addon: true },
      { kind: "stop", reason: "race_for_chips" },
      { kind: "level", sb: 50, bb: 100, ante: 100, minutes: 15, colour_up: { remove: [25], method: "round_up" } },
    ]);
  });
  it("has the same signature for the same content", () => {
    expect(rowsSignature(rowsFromStructure(VIEW))).toBe(rowsSignature(rowsFromStructure(VIEW)));
  });
  it("sends an empty ante as 0 and fractional minutes", () => {
    const rows = rowsFromStructure(VIEW);
    rows[0] = { ...rows[0], ante: "", minutes: "7,5" };
    expect(rowsToStructure(rows)[0]).toEqual({ kind: "level", sb: 25, bb: 50, ante: 0, minutes: 7.5 });
  });
});

describe("validation mirrors the server", () => {
  it("accepts a valid structure", () => {
    expect(validateRows(rowsFromStructure(VIEW))).toEqual([]);
  });
  it("BB below SB is an error on the BB field", () => {
    const rows = rowsFromStructure(VIEW);
    rows[3] = { ...rows[3], bb: "40" };
    expect(validateRows(rows)).toEqual([{ index: 3, field: "bb", key: "structure.err.bb_below_sb", params: { sb: 50 } }]);
  });
  it("BB equal to SB is fine", () => {
    const rows = rowsFromStructure(VIEW);
    rows[3] = { ...rows[3], bb: "50" };
    expect(validateRows(rows)).toEqual([]);
  });
  it("minutes must be more than 0 and at most a day", () => {
    const rows = rowsFromStructure(VIEW);
    rows[0] = { ...rows[0], minutes: "0" };
    rows[1] = { ...rows[1], minutes: "" };
    rows[3] = { ...rows[3], minutes: "1441" };
    expect(fields(rows)).toEqual(["0.minutes:structure.err.minutes", "1.minutes:structure.err.minutes", "3.minutes:structure.err.minutes_max"]);
  });
  it("SB > 0, whole numbers, ante ≥ 0", () => {
    const rows = rowsFromStructure(VIEW);
    rows[0] = { ...rows[0], sb: "0", ante: "-5" };
    rows[3] = { ...rows[3], sb: "12.5", bb: "abc" };
    expect(fields(rows)).toEqual(["0.sb:structure.err.sb", "0.ante:structure.err.ante", "3.sb:structure.err.sb", "3.bb:structure.err.bb"]);
  });
  it("needs a level, no stop first, at most 200 entries", () => {
    expect(fields([newBreak()])).toEqual(["-1.structure:structure.err.no_level"]);
    expect(fields([newStop(), suggestLevel([])])).toEqual(["0.kind:structure.err.first_stop"]);
    const many = Array.from({ length: 201 }, () => suggestLevel([]));
    expect(fields(many)).toEqual(["-1.structure:structure.err.too_long"]);
  });
  it("keeps at least as many entries as the clock has reached", () => {
    const rows = rowsFromStructure(VIEW).slice(0, 2);
    expect(validateRows(rows, { clockIndex: 3 })).toEqual([{ index: -1, field: "structure", key: "structure.err.too_short", params: { n: 4 } }]);
    expect(validateRows(rows, { clockIndex: 1 })).toEqual([]);
  });
});

describe("editing", () => {
  it("parses keypad numbers", () => {
    expect(parseChips(" 1 000 ")).toBe(1000);
    expect(parseChips("1'000")).toBe(1000);
    expect(parseChips("1.5")).toBeNaN();
    expect(parseChips("")).toBeNaN();
    expect(parseMinutes("20")).toBe(20);
    expect(parseMinutes("0,1")).toBe(0.1);
    expect(parseMinutes("-1")).toBeNaN();
  });
  it("suggests the next level from the last one", () => {
    const rows = rowsFromStructure(VIEW);
    const s = suggestLevel(rows);
    expect([s.sb, s.bb, s.ante, s.minutes]).toEqual(["100", "200", "200", "15"]);
    const first = suggestLevel([]);
    expect([first.sb, first.bb, first.ante, first.minutes]).toEqual(["25", "50", "0", "20"]);
  });
  it("moves rows up and down within bounds", () => {
    const rows = rowsFromStructure(VIEW);
    const moved = moveRow(rows, 1, -1);
    expect(moved.map((r) => r.kind)).toEqual(["break", "level", "stop", "level"]);
    expect(moveRow(rows, 0, -1)).toBe(rows);
    expect(moveRow(rows, 3, 1)).toBe(rows);
  });
});
