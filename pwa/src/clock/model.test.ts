import { describe, expect, it } from "vitest";
import type { ClockAnchor, StructureEntry } from "./clock";
import {
  averageInBigBlinds,
  bigBlindInForce,
  computeClock,
  detectAlert,
  levelNumbers,
  roundBigBlinds,
  snapshotOf,
  timeToNextBreak,
  type AlertSnapshot,
} from "./model";

const MIN = 60_000;
// L1 L2 break(addon) L3 stop(race) L4 (colour-up) break L5
const S: StructureEntry[] = [
  { kind: "level", sb: 25, bb: 50, ante: 0, minutes: 20 },
  { kind: "level", sb: 50, bb: 100, ante: 0, minutes: 20 },
  { kind: "break", minutes: 10, addon: true },
  { kind: "level", sb: 100, bb: 200, ante: 200, minutes: 15 },
  { kind: "stop", reason: "race_for_chips" },
  { kind: "level", sb: 150, bb: 300, ante: 300, minutes: 15, colour_up: { remove: [25], method: "race" } },
  { kind: "break", minutes: 5 },
  { kind: "level", sb: 200, bb: 400, ante: 400, minutes: 15 },
];
const T0 = 1_800_000_000_000;
const running = (level_index = 0, elapsed_ms = 0): ClockAnchor => ({ status: "running", level_index, elapsed_ms, anchor_at: T0 });
const paused = (level_index: number, elapsed_ms: number, reason: string | null = "director"): ClockAnchor => ({
  status: "paused",
  level_index,
  elapsed_ms,
  anchor_at: T0,
  reason,
});
const NEXT_HAND = { level_change: "next_hand", new_blinds_notice_seconds: 120 };

describe("levelNumbers", () => {
  it("counts level entries only", () => {
    expect(levelNumbers(S)).toEqual([1, 2, null, 3, null, 4, null, 5]);
  });
});

describe("next level and next entry", () => {
  it("next entry is the break, next level skips it", () => {
    const m = computeClock(S, running(1), T0 + 5 * MIN);
    expect(m.index).toBe(1);
    expect(m.next?.index).toBe(2);
    expect(m.next?.entry.kind).toBe("break");
    expect(m.nextLevel?.index).toBe(3);
    expect(m.nextLevel?.level).toBe(3);
  });
  it("skips a stop to the level after it", () => {
    const m = computeClock(S, running(3), T0);
    expect(m.next?.entry.kind).toBe("stop");
    expect(m.nextLevel?.index).toBe(5);
    expect(m.nextLevel?.level).toBe(4);
  });
  it("has no next level on the last level", () => {
    const m = computeClock(S, running(7), T0);
    expect(m.next).toBeNull();
    expect(m.nextLevel).toBeNull();
  });
  it("is finished past the last entry, with nothing next", () => {
    const m = computeClock(S, running(7), T0 + 16 * MIN);
    expect(m.status).toBe("finished");
    expect(m.index).toBe(7);
    expect(m.next).toBeNull();
    expect(m.nextBreakMs).toBeNull();
  });
});

describe("time to the next break", () => {
  it("adds the remaining time and the levels in between", () => {
    // 5 min into level 1: 15 left + 20 of level 2
    const m = computeClock(S, running(0), T0 + 5 * MIN);
    expect(m.nextBreakMs).toBe(35 * MIN);
    expect(m.nextBreak?.index).toBe(2);
  });
  it("counts a stop as no clock time", () => {
    expect(timeToNextBreak(S, 3, 10 * MIN, false)).toEqual({ ms: 25 * MIN, index: 6 });
  });
  it("is 0 during a break", () => {
    const m = computeClock(S, running(2), T0 + MIN);
    expect(m.entry?.kind).toBe("break");
    expect(m.nextBreakMs).toBe(0);
    expect(m.addon).toBe(true);
  });
  it("is null when no break is ahead", () => {
    expect(computeClock(S, running(7), T0).nextBreakMs).toBeNull();
  });
  it("freezes while paused", () => {
    const a = computeClock(S, paused(1, 4 * MIN), T0 + 10 * MIN);
    const b = computeClock(S, paused(1, 4 * MIN), T0 + 30 * MIN);
    expect(a.nextBreakMs).toBe(16 * MIN);
    expect(b.nextBreakMs).toBe(16 * MIN);
  });
  it("grows when time was added (negative elapsed)", () => {
    expect(computeClock(S, running(0, -MIN), T0).nextBreakMs).toBe(41 * MIN);
  });
});

describe("average stack in big blinds", () => {
  it("divides by the big blind in force", () => {
    const m = computeClock(S, running(3), T0);
    expect(bigBlindInForce(m)).toBe(200);
    expect(averageInBigBlinds(10_000, bigBlindInForce(m))).toBe(50);
  });
  it("uses the last level during a break or a stop", () => {
    expect(bigBlindInForce(computeClock(S, running(2), T0))).toBe(100);
    const halted = computeClock(S, running(3), T0 + 15 * MIN + 1);
    expect(halted.status).toBe("halted");
    expect(bigBlindInForce(halted)).toBe(200);
  });
  it("rounds down, one decimal below 10 BB", () => {
    expect(roundBigBlinds(averageInBigBlinds(7_499, 1_000)!)).toBe(7.4);
    expect(roundBigBlinds(averageInBigBlinds(12_990, 100)!)).toBe(129);
  });
  it("is null without a stack or a blind", () => {
    expect(averageInBigBlinds(0, 100)).toBeNull();
    expect(averageInBigBlinds(5000, 0)).toBeNull();
    expect(averageInBigBlinds(undefined, 100)).toBeNull();
  });
});

describe("states and reasons", () => {
  it("paused carries the reason", () => {
    const m = computeClock(S, paused(1, MIN, "table_merge"), T0);
    expect(m.status).toBe("paused");
    expect(m.reason).toBe("table_merge");
  });
  it("paused without a reason means the director", () => {
    expect(computeClock(S, paused(1, MIN, null), T0).reason).toBe("director");
  });
  it("halted at a stop carries the stop's reason", () => {
    const m = computeClock(S, running(3), T0 + 20 * MIN);
    expect(m.status).toBe("halted");
    expect(m.index).toBe(4);
    expect(m.reason).toBe("race_for_chips");
    expect(m.remaining_ms).toBe(0);
    expect(m.lastLevel?.level).toBe(3);
  });
  it("idle shows the first level in full and no reason", () => {
    const m = computeClock(S, undefined, T0);
    expect(m.status).toBe("idle");
    expect(m.remaining_ms).toBe(20 * MIN);
    expect(m.reason).toBeNull();
  });
  it("colour-up from the current entry", () => {
    expect(computeClock(S, running(5), T0).colourUp).toEqual({ remove: [25], method: "race" });
    expect(computeClock(S, running(3), T0).colourUp).toBeNull();
  });
});

describe("new blinds from the next hand", () => {
  it("shows during the first 120 s of a new level, not after", () => {
    expect(computeClock(S, running(1), T0 + 119_000, NEXT_HAND).newBlindsNotice).toBe(true);
    expect(computeClock(S, running(1), T0 + 120_000, NEXT_HAND).newBlindsNotice).toBe(false);
  });
  it("shows when time moved the clock into the level", () => {
    // level 1 ends at 20 min; 30 s later level 2 has just begun
    expect(computeClock(S, running(0), T0 + 20 * MIN + 30_000, NEXT_HAND).newBlindsNotice).toBe(true);
  });
  it("not once the tournament is over: there is no next hand (a P final on the TV)", () => {
    expect(computeClock(S, paused(1, 2000), T0 + 5000, NEXT_HAND).newBlindsNotice).toBe(true);
    expect(computeClock(S, paused(1, 2000, "tournament_over"), T0 + 5000, NEXT_HAND).newBlindsNotice).toBe(false);
  });
  it("uses the preset's notice length, 120 s by default", () => {
    expect(computeClock(S, running(1), T0 + 50_000, { level_change: "next_hand", new_blinds_notice_seconds: 45 }).newBlindsNotice).toBe(false);
    expect(computeClock(S, running(1), T0 + 110_000, { level_change: "next_hand" }).newBlindsNotice).toBe(true);
  });
  it("not for the first level, a break, idle, or without the rule", () => {
    expect(computeClock(S, running(0), T0 + 1000, NEXT_HAND).newBlindsNotice).toBe(false);
    expect(computeClock(S, running(2), T0 + 1000, NEXT_HAND).newBlindsNotice).toBe(false);
    expect(computeClock(S, { status: "idle", level_index: 1, elapsed_ms: 0, anchor_at: null }, T0, NEXT_HAND).newBlindsNotice).toBe(false);
    expect(computeClock(S, running(1), T0 + 1000, {}).newBlindsNotice).toBe(false);
    expect(computeClock(S, running(1), T0 + 1000, null).newBlindsNotice).toBe(false);
  });
  it("also after a break and after a race for chips", () => {
    expect(computeClock(S, running(3), T0 + 1000, NEXT_HAND).newBlindsNotice).toBe(true);
    expect(computeClock(S, running(5), T0 + 1000, NEXT_HAND).newBlindsNotice).toBe(true);
  });
  it("stays while paused in the window", () => {
    expect(computeClock(S, paused(1, 30_000), T0 + 10 * MIN, NEXT_HAND).newBlindsNotice).toBe(true);
  });
});

describe("alerts", () => {
  const snap = (anchor: ClockAnchor, now: number, structure = S): AlertSnapshot => snapshotOf(structure, computeClock(structure, anchor, now));
  it("beeps for a level change by time", () => {
    expect(detectAlert(snap(running(0), T0 + 20 * MIN - 100), snap(running(0), T0 + 20 * MIN + 150))).toBe("level");
  });
  it("warns once when one minute is left", () => {
    const a = snap(running(0), T0 + 19 * MIN - 100);
    const b = snap(running(0), T0 + 19 * MIN + 150);
    const c = snap(running(0), T0 + 19 * MIN + 400);
    expect(detectAlert(a, b)).toBe("warning");
    expect(detectAlert(b, c)).toBeNull();
  });
  it("beeps when the clock reaches a stop", () => {
    expect(detectAlert(snap(running(3), T0 + 15 * MIN - 100), snap(running(3), T0 + 15 * MIN + 100))).toBe("level");
  });
  it("beeps when the structure runs out", () => {
    expect(detectAlert(snap(running(7), T0 + 15 * MIN - 100), snap(running(7), T0 + 15 * MIN + 100))).toBe("level");
  });
  it("is silent on the first view, on pause/resume and on a new structure", () => {
    expect(detectAlert(null, snap(running(1), T0))).toBeNull();
    expect(detectAlert(snap(running(0), T0), snap(paused(0, MIN), T0 + MIN))).toBeNull();
    expect(detectAlert(snap(paused(0, 19 * MIN + 30_000), T0), snap(running(1), T0 + 1000))).toBeNull();
    const other = S.map((e, i) => (i === 0 ? { ...e, bb: 60 } : e));
    expect(detectAlert(snap(running(0), T0 + 20 * MIN - 100), snap(running(0), T0 + 20 * MIN + 150, other))).toBeNull();
    expect(detectAlert(snap(running(0), T0, []), snap(running(0), T0 + 1000))).toBeNull();
  });
  it("is silent while idle or paused", () => {
    const idle: ClockAnchor = { status: "idle", level_index: 0, elapsed_ms: 0, anchor_at: null };
    expect(detectAlert(snap(idle, T0), snap(idle, T0 + 20 * MIN))).toBeNull();
    expect(detectAlert(snap(paused(0, 19 * MIN - 1000), T0), snap(paused(0, 19 * MIN - 1000), T0 + 5000))).toBeNull();
  });
});
