import { describe, expect, it } from "vitest";
import { fromLocalInput, signUpPayload, toLocalInput } from "./signUpTimes";

describe("the sign-up card's times", () => {
  it("reads the phone's local wall time and writes it back the same", () => {
    const ms = fromLocalInput("2026-12-04T19:00");
    expect(ms).toBe(new Date(2026, 11, 4, 19, 0).getTime());
    expect(toLocalInput(ms)).toBe("2026-12-04T19:00");
    expect(fromLocalInput("")).toBeNull();
    expect(fromLocalInput("tomorrow")).toBeNull();
  });

  it("empty opens is now and empty closes is the draw; the order is checked", () => {
    const ok = signUpPayload({ starts: "2026-12-04T19:00", online: true, opens: "", closes: "" });
    expect(ok).toEqual({ ok: true, payload: { starts_at: new Date(2026, 11, 4, 19).getTime(), online: true, opens_at: null, closes_at: null, confirm: false } });
    // a seat that needs the player's confirmation: only where players sign up online
    const asked = signUpPayload({ starts: "2026-12-04T19:00", online: true, opens: "", closes: "", confirm: true });
    expect(asked.ok && asked.payload.confirm).toBe(true);
    const desk = signUpPayload({ starts: "2026-12-04T19:00", online: false, opens: "", closes: "", confirm: true });
    expect(desk.ok && desk.payload.confirm).toBe(false);
    const late = signUpPayload({ starts: "2026-12-04T19:00", online: true, opens: "", closes: "2026-12-04T19:30" });
    expect(late.ok === false && Object.keys(late.errors)).toEqual(["closes"]);
    const backwards = signUpPayload({ starts: "2026-12-04T19:00", online: true, opens: "2026-12-03T12:00", closes: "2026-12-03T11:00" });
    expect(backwards.ok === false && Object.keys(backwards.errors)).toEqual(["closes"]);
    const none = signUpPayload({ starts: "", online: false, opens: "", closes: "" });
    expect(none.ok === false && Object.keys(none.errors)).toEqual(["starts"]);
  });
});
