import { describe, expect, it, beforeEach } from "vitest";
import { setLang } from "../../i18n";
import { MOVE_SHOWN_MS, seatingLayout, tickerItems, type Move } from "./TvRoom";

const NOW = 1_800_000_000_000;
const move = (entry_id: number, name: string, to_table: number, to_seat: number, reason: string, at: number, from_table = 3): Move => ({
  entry_id, name, from_table, from_seat: 1, to_table, to_seat, reason, at,
});

describe("the TV's moves ticker", () => {
  beforeEach(async () => {
    await setLang("en");
  });

  it("puts a break's moves in one group under its heading, newest first, and says each move in words", () => {
    const moves = [
      move(7, "Bob", 1, 4, "table_broken", NOW - 1000),
      move(8, "Cleo", 2, 6, "table_broken", NOW - 1000),
      move(1, "Anna", 2, 1, "balancing", NOW - 60_000, 1),
    ];
    const items = tickerItems(moves, NOW);
    expect(items.map((i) => i.kind)).toEqual(["group", "move"]);
    expect(items[0]).toMatchObject({ kind: "group", text: "Table 3 broken", reason: "table_broken" });
    expect(items[0].kind === "group" && items[0].moves.map((m) => m.name)).toEqual(["Bob", "Cleo"]);
    expect(items[1]).toMatchObject({ kind: "move", move: { name: "Anna", to_table: 2, to_seat: 1 } });
  });

  it("keeps a player who left the closing table earlier by balancing out of its group", () => {
    // Anna left table 3 by balancing a minute before table 3 closed: her move is her own
    const items = tickerItems([move(7, "Bob", 1, 4, "table_broken", NOW - 1000), move(1, "Anna", 2, 1, "balancing", NOW - 60_000, 3)], NOW);
    const group = items[0];
    expect(group.kind === "group" && group.moves.map((m) => m.name)).toEqual(["Bob"]);
    expect(items[1]).toMatchObject({ kind: "move", move: { name: "Anna" } });
  });

  it("lets a move drop off after a few minutes", () => {
    const old = move(1, "Anna", 2, 1, "director", NOW - MOVE_SHOWN_MS - 1, 1);
    const fresh = move(2, "Bob", 2, 2, "director", NOW - MOVE_SHOWN_MS + 1000, 1);
    expect(tickerItems([fresh, old], NOW).map((i) => (i.kind === "move" ? i.move.name : i.text))).toEqual(["Bob"]);
  });

  it("speaks German on a German TV", async () => {
    await setLang("de");
    const items = tickerItems([move(7, "Bob", 1, 4, "table_broken", NOW)], NOW);
    expect(items[0]).toMatchObject({ text: "Tisch 3 aufgelöst" });
  });
});

describe("the seating page's size", () => {
  it("fills a 1080p TV with three columns and gives rows up to the banner and the ticker", () => {
    const full = seatingLayout(1920, 1080);
    expect(full.cols).toBe(3);
    const busy = seatingLayout(1920, 1080, 290);
    expect(busy.rows).toBeLessThan(full.rows);
    expect(seatingLayout(390, 844).cols).toBe(1);
  });
});
