import { afterEach, describe, expect, it } from "vitest";
import { announceText, running, type Announcement } from "./announce";
import { setLang } from "../i18n";

const T = 1_800_000_000_000;
const MIN = 60_000;
const dinner: Announcement = { id: 1, text: null, template: "dinner_break", params: { minutes: 10 }, at: T, until: T + 10 * MIN };
const typed: Announcement = { id: 2, text: "Bar schliesst um 1 — bar closes at 1", template: null, params: { minutes: 5 }, at: T, until: T + 5 * MIN };

describe("the director's announcements as every screen words them (issue 33)", () => {
  afterEach(() => setLang("en"));
  it("shows those still running by server time: the view may be older than their end", () => {
    expect(running({ announcements: [dinner, typed] }, T + MIN).map((a) => a.id)).toEqual([1, 2]);
    expect(running({ announcements: [dinner, typed] }, T + 5 * MIN).map((a) => a.id)).toEqual([1]);
    expect(running({ announcements: [dinner, typed] }, T + 10 * MIN)).toEqual([]);
    expect(running(undefined, T)).toEqual([]);
  });
  it("words a template in the screen's language, counting its minutes down to the end", async () => {
    expect(announceText(dinner, T)).toBe("Dinner break in 10 min");
    expect(announceText(dinner, T + 3 * MIN + 1)).toBe("Dinner break in 7 min");
    expect(announceText(dinner, T + 10 * MIN - 1000)).toBe("Dinner break in 1 min");
    // a screen whose clock is some seconds behind the server never says more than was announced
    expect(announceText(dinner, T - 30_000)).toBe("Dinner break in 10 min");
    await setLang("de");
    expect(announceText(dinner, T + MIN)).toBe("Essenspause in 9 Min.");
  });
  it("shows free text as typed, in every language", async () => {
    expect(announceText(typed, T)).toBe(typed.text);
    await setLang("de");
    expect(announceText(typed, T)).toBe(typed.text);
  });
});
