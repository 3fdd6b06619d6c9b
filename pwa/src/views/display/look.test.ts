import { describe, expect, it } from "vitest";
import { NO_LOOK, parseLook, themeOf } from "./look";
import { lobbyGrid } from "./Layouts";

describe("the club's look on the TV", () => {
  it("a missing or broken answer is night without images", () => {
    expect(parseLook(null)).toEqual(NO_LOOK);
    expect(parseLook("<html>")).toEqual(NO_LOOK);
    expect(parseLook({ theme: "pink", logo: 3, sponsors: "x" })).toEqual(NO_LOOK);
  });

  it("keeps the club's own images only (same-origin paths), at most 8 sponsors", () => {
    const look = parseLook({
      theme: "felt",
      logo: { url: "/media/1/5-abcdef123456.png", width: 400, height: 200 },
      sponsors: [
        { url: "/media/1/6-aaaaaaaaaaaa.webp", name: "Bar Rössli", width: 800, height: 400 },
        { url: "https://evil.example/x.png", name: "foreign" },
        { url: "//evil.example/y.png", name: "protocol-relative" },
        ...Array.from({ length: 10 }, (_, i) => ({ url: `/media/1/${10 + i}-bbbbbbbbbbbb.webp` })),
      ],
      rotate_s: 20,
    });
    expect(look.theme).toBe("felt");
    expect(look.logo).toMatchObject({ url: "/media/1/5-abcdef123456.png", width: 400 });
    expect(look.sponsors).toHaveLength(8);
    expect(look.sponsors[0]).toMatchObject({ name: "Bar Rössli" });
    expect(look.sponsors.some((s) => s.url.includes("evil"))).toBe(false);
    expect(look.rotate_s).toBe(20);
    expect(parseLook({ theme: "day", rotate_s: 0 }).rotate_s).toBe(12); // a rotation too fast for the room
  });

  it("the link's theme wins over the club's", () => {
    expect(themeOf("royal", { ...NO_LOOK, theme: "day" })).toBe("royal");
    expect(themeOf(null, { ...NO_LOOK, theme: "day" })).toBe("day");
    expect(themeOf(null, NO_LOOK)).toBe("night");
  });
});

describe("the lobby's cards", () => {
  it("side by side on a wide TV, stacked on a tall one, four in a square", () => {
    expect(lobbyGrid(1, false)).toEqual({ cols: 1, rows: 1 });
    expect(lobbyGrid(2, false)).toEqual({ cols: 2, rows: 1 });
    expect(lobbyGrid(3, false)).toEqual({ cols: 3, rows: 1 });
    expect(lobbyGrid(4, false)).toEqual({ cols: 2, rows: 2 });
    expect(lobbyGrid(6, false)).toEqual({ cols: 2, rows: 2 }); // at most 4 shown
    expect(lobbyGrid(2, true)).toEqual({ cols: 1, rows: 2 });
    expect(lobbyGrid(0, true)).toEqual({ cols: 1, rows: 1 });
  });
});
