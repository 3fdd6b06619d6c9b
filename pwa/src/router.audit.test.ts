import { describe, expect, it } from "vitest";
import { parseHash } from "./router";

describe("director routes", () => {
  it("opens the audit log of a tournament", () => {
    expect(parseHash("#/director/12/audit")).toEqual({ name: "audit", tid: "12" });
    expect(parseHash("#/director/12")).toEqual({ name: "tournament", tid: "12" });
    expect(parseHash("#/director/12/structure")).toEqual({ name: "structure", tid: "12" });
  });
});

describe("the club's public page", () => {
  it("opens without a token, in the player chunk", async () => {
    const { roleOf } = await import("./router");
    expect(parseHash("#/club/noohn")).toEqual({ name: "club", slug: "noohn" });
    expect(parseHash("#/club/")).toEqual({ name: "home" });
    expect(roleOf(parseHash("#/club/noohn"))).toBe("player");
  });
  it("reads the short link's path when the service worker served the shell for it", async () => {
    const { shortLinkHash } = await import("./router");
    expect(shortLinkHash("/c/noohn")).toBe("#/club/noohn");
    expect(shortLinkHash("/c/noohn/")).toBe("#/club/noohn");
    expect(shortLinkHash("/")).toBeNull();
    expect(shortLinkHash("/c/")).toBeNull();
    expect(shortLinkHash("/api/c/x")).toBeNull();
  });
});

describe("a player's season page", () => {
  it("opens from his link's token in a part of its own; the director's person page is a query of the leagues", async () => {
    const { roleOf } = await import("./router");
    expect(parseHash("#/season/tok")).toEqual({ name: "season", token: "tok" });
    expect(roleOf(parseHash("#/season/tok"))).toBe("season");
    expect(parseHash("#/season/")).toEqual({ name: "home" });
    // tokens of the other phones stay theirs
    expect(parseHash("#/dealer/tok")).toEqual({ name: "dealer", token: "tok" });
    expect(parseHash("#/player/tok")).toEqual({ name: "player", token: "tok" });
    expect(parseHash("#/director/leagues?person=7&league=2")).toEqual({ name: "leagues" });
  });
});
