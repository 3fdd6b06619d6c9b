import { describe, expect, it } from "vitest";
import { buildPenalty, penaltyActive, penaltyLeftText } from "./penalties";

describe("penalty text", () => {
  it("counts hands in both languages", () => {
    expect(penaltyLeftText({ hands_left: 3 }, "en")).toBe("3 hands left");
    expect(penaltyLeftText({ hands_left: 3 }, "de")).toBe("noch 3 Hände");
    expect(penaltyLeftText({ hands_left: 1 }, "en")).toBe("1 hand left");
    expect(penaltyLeftText({ hands_left: 1 }, "de")).toBe("noch 1 Hand");
    expect(penaltyLeftText(null, "en")).toBe("");
  });
  it("shows the end of a time penalty", () => {
    const until = new Date(2026, 10, 29, 21, 14).getTime();
    expect(penaltyLeftText({ until }, "en")).toBe("until 21:14");
    expect(penaltyLeftText({ until }, "de")).toBe("bis 21:14");
  });
  it("drops a time penalty that is over", () => {
    expect(penaltyActive({ until: 1000 }, 2000)).toBe(false);
    expect(penaltyActive({ until: 3000 }, 2000)).toBe(true);
    expect(penaltyActive({ hands_left: 2 }, 2000)).toBe(true);
    expect(penaltyActive(null, 2000)).toBe(false);
  });
});

describe("penalize payload", () => {
  it("missed round needs orbits from the preset", () => {
    expect(buildPenalty(4, "missed_round", { orbits: "1" }, " late ", [1, 2])).toEqual({ ok: true, payload: { entry_id: 4, kind: "missed_round", orbits: 1, reason: "late" } });
    expect(buildPenalty(4, "missed_round", { orbits: "" }, "", [1, 2])).toEqual({ ok: false, field: "orbits" });
    expect(buildPenalty(4, "missed_round", { orbits: "5" }, "", [1, 2])).toEqual({ ok: false, field: "orbits" });
  });
  it("missed hand takes hands or orbits", () => {
    expect(buildPenalty(4, "missed_hand", { hands: "3" }, "", [1])).toEqual({ ok: true, payload: { entry_id: 4, kind: "missed_hand", hands: 3 } });
    expect(buildPenalty(4, "missed_hand", { orbits: "1" }, "", [1])).toEqual({ ok: true, payload: { entry_id: 4, kind: "missed_hand", orbits: 1 } });
    expect(buildPenalty(4, "missed_hand", { hands: "0" }, "", [1])).toEqual({ ok: false, field: "hands" });
  });
  it("time needs minutes, disqualification a reason, a warning nothing", () => {
    expect(buildPenalty(4, "time", { minutes: "10" }, "", [])).toEqual({ ok: true, payload: { entry_id: 4, kind: "time", minutes: 10 } });
    expect(buildPenalty(4, "time", { minutes: "x" }, "", [])).toEqual({ ok: false, field: "minutes" });
    expect(buildPenalty(4, "disqualification", {}, " ", [])).toEqual({ ok: false, field: "reason" });
    expect(buildPenalty(4, "warning", {}, "", [])).toEqual({ ok: true, payload: { entry_id: 4, kind: "warning" } });
  });
});
