import { describe, expect, it } from "vitest";
import { needsPoints, parsePointsTable, periodLabel } from "./league";
import { filenameFrom, saveBlob } from "../sync/download";

describe("standings period labels", () => {
  it("names months and half-years", () => {
    expect(periodLabel("2026-03", "en")).toBe("March 2026");
    expect(periodLabel("2026-03", "de")).toBe("März 2026");
    expect(periodLabel("2026-H1", "en")).toBe("1st half 2026");
    expect(periodLabel("2026-H2", "en")).toBe("2nd half 2026");
    expect(periodLabel("2026-H2", "de")).toBe("2. Halbjahr 2026");
    expect(periodLabel("overall", "de")).toBe("Gesamt");
    expect(periodLabel("2026-13", "en")).toBe("2026-13");
  });
  it("parses a points table", () => {
    expect(parsePointsTable("25, 21 17;13")).toEqual([25, 21, 17, 13]);
    expect(parsePointsTable("25 x")).toBeNull();
    expect(parsePointsTable("  ")).toBeNull();
    expect(needsPoints("g_tour")).toBe(true);
    expect(needsPoints("v_ranking")).toBe(false);
  });
});

describe("blob downloads", () => {
  it("takes the file name from Content-Disposition", () => {
    expect(filenameFrom('attachment; filename="results-1.csv"', "x.csv")).toBe("results-1.csv");
    expect(filenameFrom("attachment; filename*=UTF-8''Wertung%20M%C3%A4rz.csv", "x.csv")).toBe("Wertung März.csv");
    expect(filenameFrom(null, "x.csv")).toBe("x.csv");
    expect(filenameFrom('attachment; filename="../evil.csv"', "x.csv")).toBe("x.csv");
  });
  it("clicks a download link on a blob URL and removes it", () => {
    const events: string[] = [];
    const a: any = { style: {}, click: () => events.push(`click ${a.href} ${a.download}`), remove: () => events.push("remove") };
    const doc: any = { createElement: (tag: string) => (events.push(`create ${tag}`), a), body: { appendChild: () => events.push("append") } };
    const origCreate = URL.createObjectURL;
    const created: Blob[] = [];
    URL.createObjectURL = ((b: Blob) => (created.push(b), "blob:test/1")) as typeof URL.createObjectURL;
    try {
      const blob = new Blob(["a;b"], { type: "text/csv" });
      saveBlob(blob, "results-1.csv", doc);
      expect(created).toEqual([blob]);
      expect(events).toEqual(["create a", "append", "click blob:test/1 results-1.csv", "remove"]);
    } finally {
      URL.createObjectURL = origCreate;
    }
  });
});
