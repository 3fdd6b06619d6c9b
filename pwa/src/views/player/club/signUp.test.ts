import { describe, expect, it } from "vitest";
import { countdown, opensText, refusalOf, signUpState } from "./signUp";
import { sendSignUp, type SignUpBody } from "./sendSignUp";
import { NetworkError } from "../../../sync/api";
import { dateLocale, dayText, timeText } from "../../../ui/dates";

const H = 3600_000;
const settings = (over: Record<string, unknown> = {}) => ({ starts_at: 100 * H, online: true, opens_at: null, closes_at: null, ...over });

describe("where a tournament's sign-up stands", () => {
  it("opens at its time, is open until it closes, then over", () => {
    const l = { status: "registering", sign_up: settings({ opens_at: 10 * H, closes_at: 90 * H }) };
    expect(signUpState(l, 9 * H)).toEqual({ kind: "opens", at: 10 * H });
    expect(signUpState(l, 10 * H)).toEqual({ kind: "open", closes_at: 90 * H });
    expect(signUpState(l, 90 * H)).toEqual({ kind: "closed" });
  });
  it("is at the desk only when not online, and over once the seats are drawn", () => {
    expect(signUpState({ status: "registering", sign_up: settings({ online: false }) }, 0)).toEqual({ kind: "desk" });
    expect(signUpState({ status: "running", sign_up: settings() }, 0)).toEqual({ kind: "closed" });
    expect(signUpState({ status: "new", sign_up: settings() }, 0)).toEqual({ kind: "open", closes_at: null });
  });
});

describe("the countdown to the opening", () => {
  it("says days and hours, hours and minutes, then minutes and seconds", () => {
    expect(countdown(2 * 24 * H + 3 * H + 59_000)).toMatchObject({ key: "club.countdown_days", d: 2, h: 3 });
    expect(countdown(3 * H + 12 * 60_000 + 30_000)).toMatchObject({ key: "club.countdown_hours", h: 3, m: 12 });
    expect(countdown(4 * 60_000 + 5_999)).toMatchObject({ key: "club.countdown_minutes", m: 4, s: "05" });
  });
  it("is gone when the time is due", () => {
    expect(countdown(0)).toBeNull();
    expect(countdown(-5)).toBeNull();
  });
});

describe("dates in the phone's locale", () => {
  it("takes the phone's own German or English, else the language's usual one", () => {
    expect(dateLocale("de", ["de-CH", "en"])).toBe("de-CH");
    expect(dateLocale("en", ["de-CH", "en-US"])).toBe("en-US");
    expect(dateLocale("de", ["fr-FR"])).toBe("de-DE");
    expect(dateLocale("en", [])).toBe("en-GB");
  });
  it("writes the day and the time as the locale does", () => {
    const at = new Date(2026, 11, 7, 19, 0).getTime();
    const now = new Date(2026, 11, 3, 12, 0).getTime();
    expect(dayText(at, "de-DE", now)).toBe("Montag, 7. Dezember");
    expect(dayText(at, "en-GB", now)).toBe("Monday 7 December");
    expect(timeText(at, "de-CH")).toBe("19:00");
  });
  it("says today, tomorrow, the weekday within a week, else the date", () => {
    const now = new Date(2026, 11, 3, 12, 0).getTime(); // a Thursday
    const at = (d: number) => new Date(2026, 11, d, 12, 0).getTime();
    expect(opensText(at(3), now, "en-GB")).toEqual({ key: "club.opens_today", params: { time: "12:00" } });
    expect(opensText(at(4), now, "en-GB")).toEqual({ key: "club.opens_tomorrow", params: { time: "12:00" } });
    expect(opensText(at(7), now, "de-DE")).toEqual({ key: "club.opens_weekday", params: { day: "Montag", time: "12:00" } });
    expect(opensText(at(12), now, "en-GB").key).toBe("club.opens_date");
  });
});

describe("a refused sign-up in a player's words", () => {
  const when = (ms: number) => `at ${ms}`;
  it("puts a taken name at the name field", () => {
    expect(refusalOf(409, { error: "duplicate_name", params: { name: "Anna Weiss", variant: "registered" } }, when)).toEqual({
      field: "name",
      key: "club.refused.duplicate_name",
      params: { name: "Anna Weiss" },
    });
  });
  it("turns 'not open yet' into its opening time", () => {
    expect(refusalOf(409, { error: "sign_up_not_open", params: { opens_at: 5000 } }, when)).toMatchObject({ key: "club.refused.sign_up_not_open", params: { when: "at 5000" }, opensAt: 5000 });
  });
  it("names the whole form for over, drawn and desk only", () => {
    for (const code of ["sign_up_over", "seats_drawn", "sign_up_offline"]) {
      expect(refusalOf(409, { error: code }, when)).toEqual({ field: null, key: `club.refused.${code}`, params: {} });
    }
  });
  it("says how many minutes to wait after too many sign-ups", () => {
    expect(refusalOf(429, { error: "too_many_sign_ups", retry_after: 61 }, when)).toMatchObject({ key: "club.refused.too_many_sign_ups", params: { minutes: 2 } });
  });
  it("puts a 400 at the field it names", () => {
    expect(refusalOf(400, { error: "invalid", field: "email" }, when).field).toBe("email");
    expect(refusalOf(400, { error: "invalid", field: "name" }, when).field).toBe("name");
    expect(refusalOf(400, { error: "invalid", field: "website" }, when)).toMatchObject({ field: null, key: "club.error.form" });
  });
});

describe("sending a sign-up", () => {
  const body: SignUpBody = { op_id: "op-1234567", device_id: "dev-1", name: "Anna", email: null, lang: "de", website: "" };
  const ok = { status: 200, ok: true, data: { token: "t" }, headers: new Headers() };
  it("sends the same op id again after no answer, until the server decides", async () => {
    const seen: any[] = [];
    const answers: any[] = [new NetworkError("down"), { status: 502, ok: false, data: null, headers: new Headers() }, ok];
    const post = async (_p: string, o: any) => {
      seen.push(o.body.op_id);
      const a = answers.shift();
      if (a instanceof Error) throw a;
      return a;
    };
    const retries: number[] = [];
    const r = await sendSignUp(7, body, { post: post as any, sleep: async () => undefined, onRetry: (n) => retries.push(n) });
    expect(r).toEqual({ ok: true, data: { token: "t" } });
    expect(seen).toEqual(["op-1234567", "op-1234567", "op-1234567"]);
    expect(retries).toEqual([1, 2]);
  });
  it("stops at a refusal and gives up after the tries without an answer", async () => {
    const refused = { status: 409, ok: false, data: { error: "duplicate_name" }, headers: new Headers() };
    expect(await sendSignUp(7, body, { post: (async () => refused) as any, sleep: async () => undefined })).toEqual({ ok: false, status: 409, data: { error: "duplicate_name" } });
    let n = 0;
    const down = async () => {
      n++;
      throw new NetworkError("down");
    };
    expect(await sendSignUp(7, body, { post: down as any, sleep: async () => undefined, tries: 3 })).toEqual({ ok: false, status: 0, data: null });
    expect(n).toBe(3);
  });
});

describe("times", () => {
  it("writes 12-hour times without a leading zero, 24-hour ones as usual", () => {
    const at = new Date(2026, 11, 7, 13, 5).getTime();
    expect(timeText(at, "en-US")).toMatch(/^1:05\sPM$/);
    expect(timeText(at, "de-DE")).toBe("13:05");
    expect(timeText(new Date(2026, 11, 7, 19, 30).getTime(), "de-CH")).toBe("19:30");
  });
});
