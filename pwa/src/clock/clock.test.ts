import { describe, expect, it } from "vitest";
import { clockAt, formatRemaining } from "./clock";
// Shared conformance cases: the same file is run by pytest against backend/engine/clock.py.
import sharedVectors from "../../../shared_rules/vectors/clock.json";
// More cases written for the PWA, checked against backend/engine/clock.py when written.
import extraVectors from "./clock.extra-vectors.json";

const vectors: any[] = sharedVectors as any[];
const extra: any[] = extraVectors as any[];

describe("clock vectors (shared_rules/vectors/clock.json)", () => {
  it("has enough cases", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(12);
  });
  for (const v of vectors) {
    it(v.name, () => {
      expect(clockAt(v.structure, v.clock, v.now)).toEqual(v.expect);
    });
  }
});

describe("clockAt extras", () => {
  const structure = [
    { kind: "level", level: 1, sb: 25, bb: 50, ante: 0, minutes: 20 },
    { kind: "break", level: null, minutes: 10 },
  ];
  it("ticks down while running", () => {
    const c = { status: "running" as const, level_index: 0, elapsed_ms: 0, anchor_at: 1000 };
    expect(clockAt(structure, c, 1000).remaining_ms).toBe(1_200_000);
    expect(clockAt(structure, c, 61_000).remaining_ms).toBe(1_140_000);
  });
  it("finishes on the last entry", () => {
    const c = { status: "running" as const, level_index: 0, elapsed_ms: 0, anchor_at: 0 };
    expect(clockAt(structure, c, 10 ** 9)).toEqual({ index: 1, remaining_ms: 0, status: "running", finished: true });
  });
});

describe("formatRemaining", () => {
  it("formats MM:SS and H:MM:SS", () => {
    expect(formatRemaining(1_200_000)).toBe("20:00");
    expect(formatRemaining(59_001)).toBe("01:00");
    expect(formatRemaining(59_000)).toBe("00:59");
    expect(formatRemaining(0)).toBe("00:00");
    expect(formatRemaining(3_600_000)).toBe("1:00:00");
    expect(formatRemaining(5_025_000)).toBe("1:23:45");
  });
});

describe("clock extra vectors", () => {
  for (const v of extra) {
    it(v.name, () => {
      expect(clockAt(v.structure, v.clock, v.now)).toEqual(v.expect);
    });
  }
});
