import { describe, expect, it } from "vitest";
import { parseHash } from "../router";
import { isPortrait, screenLink, screenOptions, screenQuery } from "./screens";

describe("a TV link's screen (docs/screens.md)", () => {
  it("the router keeps the query after the display token", () => {
    expect(parseHash("#/display/abc123?layout=lobby&theme=day")).toEqual({ name: "display", token: "abc123", query: "layout=lobby&theme=day" });
    expect(parseHash("#/display/abc123")).toEqual({ name: "display", token: "abc123", query: "" });
    // another route's token never takes the query with it
    expect(parseHash("#/player/tok?x=1")).toEqual({ name: "player", token: "tok" });
  });

  it("reads the layout and the theme; unknown ones are the clock and the club's", () => {
    expect(screenOptions("layout=payouts&theme=felt")).toMatchObject({ layout: "payouts", theme: "felt" });
    expect(screenOptions("layout=moves")).toMatchObject({ layout: "moves", theme: null });
    expect(screenOptions("")).toMatchObject({ layout: "clock", theme: null });
    expect(screenOptions("layout=<script>&theme=pink")).toMatchObject({ layout: "clock", theme: null });
    expect(screenOptions("layout=seating&sound=off")).toMatchObject({ layout: "seating", soundOff: true });
    expect(screenOptions("layout=lobby&sound=OFF").soundOff).toBe(true);
    expect(screenOptions("sound=on").soundOff).toBe(false);
    expect(screenOptions("layout=clock").soundOff).toBe(false);
  });

  it("writes the link the director hands to one TV", () => {
    const url = "http://10.0.0.5:8000/#/display/tok";
    expect(screenLink(url, "clock", null)).toBe(url);
    expect(screenLink(url, "lobby", null)).toBe(`${url}?layout=lobby`);
    expect(screenLink(`${url}?layout=moves`, "payouts", "royal")).toBe(`${url}?layout=payouts&theme=royal`);
    expect(screenQuery("clock", "day")).toBe("?theme=day");
    expect(screenOptions(screenLink(url, "seating", "night").split("?")[1])).toMatchObject({ layout: "seating", theme: "night" });
  });

  it("a screen taller than wide is portrait", () => {
    expect(isPortrait(1080, 1920)).toBe(true);
    expect(isPortrait(1920, 1080)).toBe(false);
    expect(isPortrait(1280, 720)).toBe(false);
  });
});
