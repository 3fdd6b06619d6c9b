import { afterEach, describe, expect, it } from "vitest";
import type { StructureEntry } from "../clock/clock";
import { computeClock } from "../clock/model";
import { setLang } from "../i18n";
import { colourUpText, currentLabel, entryLabel, nextText, reasonText } from "./clockText";

const S: StructureEntry[] = [
  { kind: "level", sb: 25, bb: 50, ante: 0, minutes: 20 },
  { kind: "break", minutes: 10, addon: true },
  { kind: "level", sb: 50, bb: 100, ante: 100, minutes: 20 },
  { kind: "stop", reason: "race_for_chips" },
  { kind: "level", sb: 100, bb: 200, ante: 200, minutes: 20 },
];
const T0 = 1_800_000_000_000;
const run = (i: number) => computeClock(S, { status: "running", level_index: i, elapsed_ms: 0, anchor_at: T0 }, T0);

afterEach(() => setLang("en"));

describe("clock words", () => {
  it("names the next entry, and the level after a break or stop", () => {
    setLang("en");
    expect(nextText(run(0))).toBe("Break with add-on (10 min), then Level 2: 50 / 100 · Ante 100");
    expect(nextText(run(2))).toBe("Stop: Race for chips, then Level 3: 100 / 200 · Ante 200");
    expect(nextText(run(4))).toBe("none — this is the last level");
  });
  it("says why the clock stands", () => {
    setLang("en");
    const halted = computeClock(S, { status: "running", level_index: 2, elapsed_ms: 0, anchor_at: T0 }, T0 + 21 * 60_000);
    expect(reasonText(halted)).toBe("Race for chips — clock stopped");
    const merge = computeClock(S, { status: "paused", level_index: 0, elapsed_ms: 0, anchor_at: T0, reason: "table_merge" }, T0);
    expect(reasonText(merge)).toBe("Paused — tables are being merged");
    expect(reasonText(run(0))).toBeNull();
    setLang("de");
    expect(reasonText(halted)).toBe("Chip-Race — Uhr gestoppt");
  });
  it("describes a colour-up", () => {
    setLang("en");
    expect(colourUpText({ remove: [25], method: "race" })).toBe("Colour-up: remove the 25 chips — chip race");
    expect(colourUpText({ remove: [25, 100], method: "round_up" })).toBe("Colour-up: remove the 25 and 100 chips — round up");
    expect(colourUpText(null)).toBeNull();
    setLang("de");
    // no "Colour-up" jargon in German (the room reads it on the TV): N-2.19 says "gewechselt", "Chiprace"
    expect(colourUpText({ remove: [25], method: "round_up" })).toBe("Die 25er-Chips werden gewechselt — aufrunden");
    expect(colourUpText({ remove: [25], method: "race" })).toBe("Die 25er-Chips werden gewechselt — Chiprace");
  });
  it("labels levels by level number, skipping breaks", () => {
    setLang("en");
    expect(currentLabel(run(2))).toBe("Level 2");
    expect(currentLabel(run(1))).toBe("After level 1");
    expect(entryLabel(S[1], null)).toBe("Break · add-on");
    expect(entryLabel(S[3], null)).toBe("Race for chips");
  });
});
