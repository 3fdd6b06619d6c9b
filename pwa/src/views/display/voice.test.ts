// What the TV says and when (issue #33): once per change seen while it runs, never on a reload
// or for a level passed while it was offline; the texts in German and English.
import { describe, expect, it } from "vitest";
import type { StructureEntry } from "../../clock/clock";
import { structureKey } from "../../clock/model";
import { FRESH_MS, announcement, type Deadlines, pickVoice, speechLang, spokenText, type VoiceSnapshot } from "./voice";

const S: StructureEntry[] = [
  { kind: "level", level: 1, sb: 100, bb: 200, ante: 0, minutes: 20 },
  { kind: "level", level: 2, sb: 200, bb: 400, ante: 400, minutes: 20 },
  { kind: "break", minutes: 15 },
  { kind: "level", level: 3, sb: 300, bb: 600, ante: 600, minutes: 20 },
  { kind: "level", level: 4, sb: 400, bb: 800, ante: 800, minutes: 20 },
  { kind: "stop", reason: "race_for_chips", minutes: 0 },
  { kind: "level", level: 5, sb: 500, bb: 1000, ante: 1000, minutes: 20 },
];
// re-entries open through the end of level 3 (preset {"level": 3} → index 4)
const D = { reentry: 4 };

function snap(index: number, o: Partial<VoiceSnapshot> = {}): VoiceSnapshot {
  return { structureKey: structureKey(S), index, status: "running", remaining_ms: 600_000, elapsed_ms: 250, ...o };
}
const say = (prev: VoiceSnapshot | null, cur: VoiceSnapshot, l: "en" | "de" = "en", d: Deadlines = D) => {
  const a = announcement(prev, cur, S, d);
  return a ? { alert: a.alert, text: spokenText(a.lines, l) } : null;
};

describe("announcement", () => {
  it("says nothing on a reload or a first view, while paused, or across a new structure", () => {
    expect(say(null, snap(1))).toBeNull();
    expect(say(snap(0, { status: "paused" }), snap(1))).toBeNull(); // resumed at another level
    expect(say(snap(1), snap(1, { status: "paused" }))).toBeNull();
    expect(say(snap(0, { structureKey: "other" }), snap(1))).toBeNull();
    expect(say(snap(1, { remaining_ms: 300_000 }), snap(1, { remaining_ms: 299_750 }))).toBeNull();
  });

  it("announces the new level with its blinds and ante, in English and German", () => {
    expect(say(snap(0, { remaining_ms: 100 }), snap(1))).toEqual({ alert: "level", text: "Level 2. Blinds 200, 400, ante 400." });
    expect(say(snap(0, { remaining_ms: 100 }), snap(1), "de")?.text).toBe("Level 2. Blinds 200, 400, Ante 400.");
    // a level without an ante says none; numbers stay plain digits (no "1.000" read as a decimal)
    const big: StructureEntry[] = [S[0], { kind: "level", level: 2, sb: 1000, bb: 2000, ante: 0 }];
    const a = announcement({ ...snap(0), structureKey: structureKey(big) }, { ...snap(1), structureKey: structureKey(big) }, big);
    expect(spokenText(a!.lines, "de")).toBe("Level 2. Blinds 1000, 2000.");
  });

  it("announces the break with its minutes", () => {
    expect(say(snap(1), snap(2))?.text).toBe("Break, 15 minutes.");
    expect(say(snap(1), snap(2), "de")?.text).toBe("Pause, 15 Minuten.");
  });

  it("says one minute left once, while it is fresh", () => {
    expect(say(snap(0, { remaining_ms: 60_100 }), snap(0, { remaining_ms: 59_850 }))).toEqual({ alert: "warning", text: "One minute left in this level." });
    expect(say(snap(0, { remaining_ms: 60_100 }), snap(0, { remaining_ms: 59_850 }), "de")?.text).toBe("Noch eine Minute in diesem Level.");
    expect(say(snap(2, { remaining_ms: 60_100 }), snap(2, { remaining_ms: 59_850 }))?.text).toBe("One minute left in the break.");
    // the TV slept through the last minute's start: 10 s left when it wakes
    expect(say(snap(0, { remaining_ms: 70_000 }), snap(0, { remaining_ms: 10_000 }))).toBeNull();
    expect(say(snap(0, { remaining_ms: 59_850 }), snap(0, { remaining_ms: 59_600 }))).toBeNull(); // not again
  });

  it("never speaks a level passed while the TV was offline or asleep", () => {
    // woke up at level 4, which started 5 minutes ago: no tone, no words, nothing of levels 2, 3
    expect(say(snap(0), snap(4, { elapsed_ms: 5 * 60_000 }))).toBeNull();
    expect(say(snap(0), snap(4, { elapsed_ms: FRESH_MS + 1 }))).toBeNull();
    // it came back just as level 3 started: level 3 only (and its deadline), not the break before it
    expect(say(snap(0), snap(3, { elapsed_ms: 2_000 }))?.text).toBe("Level 3. Blinds 300, 600, ante 600. Last level for re-entries.");
  });

  it("announces the last level for re-entries and their close, once crossed (also by a jump)", () => {
    expect(say(snap(2), snap(3))?.text).toBe("Level 3. Blinds 300, 600, ante 600. Last level for re-entries.");
    expect(say(snap(2), snap(3), "de")?.text).toBe("Level 3. Blinds 300, 600, Ante 600. Letztes Level für Re-Entries.");
    expect(say(snap(3), snap(4))?.text).toBe("Level 4. Blinds 400, 800, ante 800. Re-entries are closed.");
    expect(say(snap(3), snap(4), "de")?.text).toBe("Level 4. Blinds 400, 800, Ante 800. Re-Entries sind geschlossen.");
    expect(say(snap(1), snap(6))?.text).toBe("Level 5. Blinds 500, 1000, ante 1000. Re-entries are closed."); // a director's jump
    expect(say(snap(4), snap(6))?.text).toBe("Level 5. Blinds 500, 1000, ante 1000."); // closed already
    expect(say(snap(4), snap(3))?.text).toBe("Level 3. Blinds 300, 600, ante 600."); // the director went back: no "last level"
    // a minute before the close
    expect(say(snap(3, { remaining_ms: 60_100 }), snap(3, { remaining_ms: 59_900 }))?.text).toBe("One minute left in this level. Re-entries close in one minute.");
    // closing at the first break ({"break": 1} → index 2): the level before it is the last
    expect(say(snap(0), snap(1), "en", { reentry: 2 })?.text).toBe("Level 2. Blinds 200, 400, ante 400. Last level for re-entries.");
    expect(say(snap(1), snap(2), "en", { reentry: 2 })?.text).toBe("Break, 15 minutes. Re-entries are closed.");
  });

  it("names rebuys where they close elsewhere than re-entries, once where both close together", () => {
    expect(say(snap(1), snap(2), "de", { rebuy: 2 })?.text).toBe("Pause, 15 Minuten. Rebuys sind geschlossen.");
    expect(say(snap(3), snap(4), "en", { reentry: 4, rebuy: 4 })?.text).toBe("Level 4. Blinds 400, 800, ante 800. Re-entries are closed.");
  });

  it("beeps without words at a stop and at the end of the structure", () => {
    expect(say(snap(4), snap(5, { status: "halted", elapsed_ms: 0 }))).toEqual({ alert: "level", text: "" });
    expect(say(snap(6, { remaining_ms: 100 }), snap(6, { status: "finished", remaining_ms: 0 }))).toEqual({ alert: "level", text: "" });
  });
});

describe("the voice", () => {
  it("speaks German as in the tournament's region, English as in Britain", () => {
    expect(speechLang("de", "CH")).toBe("de-CH");
    expect(speechLang("de", "de")).toBe("de-DE");
    expect(speechLang("de", "US")).toBe("de-DE");
    expect(speechLang("de", null)).toBe("de-DE");
    expect(speechLang("en", "CH")).toBe("en-GB");
  });

  it("picks the exact voice, else one of the language, a local one first", () => {
    const v = [
      { lang: "en-US", localService: true, name: "us" },
      { lang: "de_DE", localService: false, name: "de-net" },
      { lang: "de-DE", localService: true, name: "de" },
      { lang: "de-CH", localService: false, name: "ch" },
    ];
    expect(pickVoice(v, "de-CH")?.name).toBe("ch");
    expect(pickVoice(v, "de-AT")?.name).toBe("de");
    expect(pickVoice(v, "en-GB")?.name).toBe("us");
    expect(pickVoice(v, "fr-FR")).toBeNull();
    expect(pickVoice([], "de-DE")).toBeNull();
  });
});
