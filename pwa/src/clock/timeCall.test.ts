import { describe, expect, it } from "vitest";
import { timeCallAlert, timeCallAt, timeCallRule } from "./timeCall";

const N = timeCallRule({ seconds: 60, final_count_seconds: 10, final_count: "after" });
const S = timeCallRule({ seconds: 30, final_count_seconds: 5, final_count: "within" });

describe("time call", () => {
  it('"after" (N-2.5): 60 s, then a further 10 s counted — 70 s in all', () => {
    expect(timeCallAt(N, 1000, 1000)).toMatchObject({ phase: "running", remaining_ms: 70_000, count: null, total_ms: 70_000, final_at_ms: 60_000 });
    expect(timeCallAt(N, 1000, 1000 + 59_999)).toMatchObject({ phase: "running", remaining_ms: 10_001 });
    expect(timeCallAt(N, 1000, 1000 + 60_000)).toMatchObject({ phase: "final", count: 10 });
    expect(timeCallAt(N, 1000, 1000 + 60_001)).toMatchObject({ phase: "final", count: 10 });
    expect(timeCallAt(N, 1000, 1000 + 69_000)).toMatchObject({ phase: "final", count: 1 });
    expect(timeCallAt(N, 1000, 1000 + 70_000)).toMatchObject({ phase: "over", remaining_ms: 0, count: null });
    expect(timeCallAt(N, 1000, 1000 + 99_000).phase).toBe("over");
  });

  it('"within" (S-#19): 30 s in all, the last 5 counted', () => {
    expect(timeCallAt(S, 0, 0)).toMatchObject({ phase: "running", remaining_ms: 30_000, total_ms: 30_000, final_at_ms: 25_000 });
    expect(timeCallAt(S, 0, 24_999).phase).toBe("running");
    expect(timeCallAt(S, 0, 25_000)).toMatchObject({ phase: "final", count: 5 });
    expect(timeCallAt(S, 0, 29_500)).toMatchObject({ phase: "final", count: 1 });
    expect(timeCallAt(S, 0, 30_000).phase).toBe("over");
  });

  it("a clock set back before the start does not count up", () => {
    expect(timeCallAt(S, 10_000, 5_000)).toMatchObject({ phase: "running", remaining_ms: 30_000 });
  });

  it("reads the preset's rule, with the generic 30 s / last 5 when it has none", () => {
    expect(timeCallRule(undefined)).toEqual({ seconds: 30, final_count_seconds: 5, final_count: "within" });
    expect(timeCallRule({ seconds: 60, final_count_seconds: 10 })).toEqual({ seconds: 60, final_count_seconds: 10, final_count: "after" });
    expect(timeCallRule({ seconds: 20, final_count_seconds: 40, final_count: "within" }).final_count_seconds).toBe(20);
    expect(timeCallRule({ seconds: 45, final_count_seconds: 0, final_count: "after" })).toMatchObject({ final_count_seconds: 0 });
    expect(timeCallAt(timeCallRule({ seconds: 45, final_count_seconds: 0 }), 0, 44_000).phase).toBe("running");
  });

  it("alerts once when the final count starts and once when time is up", () => {
    expect(timeCallAlert(null, "running")).toBeNull();
    expect(timeCallAlert("running", "running")).toBeNull();
    expect(timeCallAlert("running", "final")).toBe("final");
    expect(timeCallAlert("final", "final")).toBeNull();
    expect(timeCallAlert("final", "over")).toBe("over");
    expect(timeCallAlert("running", "over")).toBe("over"); // no final count at all
    expect(timeCallAlert(null, "over")).toBeNull(); // opened after it ended: silent
  });
});
