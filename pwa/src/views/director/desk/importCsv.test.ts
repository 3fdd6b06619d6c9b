import { describe, expect, it } from "vitest";
import { reportLines } from "./importCsv";

describe("reportLines", () => {
  it("puts the server's report in file order with its kind", () => {
    const r = reportLines({
      imported: [{ line: 2, name: "Jürgen Müller", entry_id: 1 }, { line: 5, name: "Zoë Weiß", entry_id: 2 }],
      waiting: [{ line: 6, name: "Anna", waiting: 1, wait_id: 1 }],
      rejected: [{ line: 3, name: "", reason: "no name", field: "name" }, { line: 4, name: "anna", reason: "x", field: "name" }],
    });
    expect(r.lines.map((l) => [l.line, l.kind])).toEqual([[2, "ok"], [3, "rejected"], [4, "rejected"], [5, "ok"], [6, "waiting"]]);
    expect([r.ok, r.waiting, r.rejected]).toEqual([2, 1, 2]);
    expect(r.lines[4].waiting).toBe(1);
  });

  it("survives an empty or odd answer", () => {
    expect(reportLines(null)).toEqual({ lines: [], ok: 0, waiting: 0, rejected: 0 });
  });
});
