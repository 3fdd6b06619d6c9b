import { describe, expect, it } from "vitest";
import { registrationWords } from "./registration";

describe("a registration in big clear words", () => {
  it("registered: check in, bring ID, pay at check-in; may cancel", () => {
    const w = registrationWords({ status: "registered", id_check: true, pays_at_check_in: true })!;
    expect(w.title).toBe("reg.registered");
    expect(w.lines.map((l) => l.key)).toEqual(["reg.check_in", "reg.bring_id", "reg.pay_at_check_in"]);
    expect(w.mayCancel).toBe(true);
  });
  it("no ID line once the ID was seen, no pay line when prepaid", () => {
    const w = registrationWords({ status: "registered", id_check: false, pays_at_check_in: false })!;
    expect(w.lines.map((l) => l.key)).toEqual(["reg.check_in"]);
  });
  it("waiting: position N of M, and who is ahead", () => {
    const first = registrationWords({ status: "waiting", position: 1 }, 3)!;
    expect(first).toMatchObject({ title: "reg.waiting", titleParams: { n: 1, m: 3 }, tone: "wait", mayCancel: true });
    expect(first.lines[0].key).toBe("reg.waiting_next");
    const third = registrationWords({ status: "waiting", position: 3 }, 2)!;
    expect(third.titleParams).toEqual({ n: 3, m: 3 }); // never "3 of 2" from a list that moved
    expect(third.lines[0]).toEqual({ key: "reg.waiting_text", params: { ahead: 2 } });
  });
  it("moved up: the place is his, check in", () => {
    const w = registrationWords({ status: "promoted", id_check: true, pays_at_check_in: true })!;
    expect(w).toMatchObject({ title: "reg.promoted", tone: "up", mayCancel: true });
    expect(w.lines.map((l) => l.key)).toEqual(["reg.promoted_text", "reg.check_in", "reg.bring_id", "reg.pay_at_check_in"]);
  });
  it("checked in, cancelled and no-show cannot be cancelled from the phone", () => {
    for (const status of ["checked_in", "cancelled", "no_show"] as const) {
      const w = registrationWords({ status })!;
      expect(w.title).toBe(`reg.${status}`);
      expect(w.mayCancel).toBe(false);
    }
  });
  it("after the draw the seat screen speaks: no registration card", () => {
    expect(registrationWords({ status: "seated" })).toBeNull();
    expect(registrationWords({ status: "out" })).toBeNull();
    expect(registrationWords(null)).toBeNull();
  });
});
