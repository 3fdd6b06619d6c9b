import { describe, expect, it } from "vitest";
import { layoutSeats, shortName, ellipsePoint } from "./oval";
import { badgesFor, badgeText, breakOrderOf, freeSeats } from "./positions";
import { applyLabel, moveErrorText, suggestionText, suggestionTitle, suggestionCommand, shortTables, type Suggestion } from "./suggestions";
import { brokenTableMoves, dealerMoves, hfhState, hfhStillPlaying, SHOWN_MS, type TableMove } from "./moves";
import { detectMove, nextMoveCard, seatOf } from "./playerMove";

const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe("oval seat layout", () => {
  it("puts n seats on the ellipse, numbered 1..n", () => {
    for (const n of [2, 6, 9, 10, 11, 12]) {
      const pts = layoutSeats(n, 150, 85);
      expect(pts.map((p) => p.seat)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      for (const p of pts) expect((p.x / 150) ** 2 + (p.y / 85) ** 2).toBeCloseTo(1, 3);
    }
  });

  it("starts at the dealer's left (bottom left) and runs clockwise: up the left, over the top, down the right", () => {
    const pts = layoutSeats(10, 150, 85);
    expect(pts[0].x).toBeLessThan(0);
    expect(pts[0].y).toBeGreaterThan(0); // below the centre (y grows downwards)
    expect(pts[9].x).toBeGreaterThan(0);
    expect(pts[9].y).toBeGreaterThan(0);
    // The angle clockwise from the bottom grows seat by seat, inside the dealer gap's edges.
    for (let i = 1; i < pts.length; i++) expect(pts[i].angle).toBeGreaterThan(pts[i - 1].angle);
    expect(pts[0].angle).toBeGreaterThan(20);
    expect(pts[9].angle).toBeLessThan(340);
    // Clockwise on screen: the cross product of consecutive seats (around the centre) is positive in SVG coordinates.
    for (let i = 1; i < pts.length; i++) expect(pts[i - 1].x * pts[i].y - pts[i - 1].y * pts[i].x).toBeGreaterThan(0);
    // Seat 3 of 10 is on the left half, the middle seats at the top.
    expect(pts[2].x).toBeLessThan(0);
    expect(Math.min(...pts.map((p) => p.y))).toBe(Math.min(pts[4].y, pts[5].y));
  });

  it("spaces neighbours evenly along the edge, also at the narrow ends (not bunched like equal angles)", () => {
    const pts = layoutSeats(10, 150, 80);
    const gaps = pts.slice(1).map((p, i) => dist(p, pts[i]));
    const min = Math.min(...gaps);
    const max = Math.max(...gaps);
    expect(max / min).toBeLessThan(1.15);
    // With equal angles the ends would crowd: the ratio would be far above that.
    const naive = Array.from({ length: 10 }, (_, i) => ellipsePoint(150, 80, 20 + (i + 0.5) * 32));
    const naiveGaps = naive.slice(1).map((p, i) => dist(p, naive[i]));
    expect(Math.max(...naiveGaps) / Math.min(...naiveGaps)).toBeGreaterThan(1.3);
  });

  it("is mirror-symmetric about the vertical axis (seat k and seat n+1-k)", () => {
    const pts = layoutSeats(9, 140, 80);
    for (let k = 0; k < 9; k++) {
      expect(pts[k].x).toBeCloseTo(-pts[8 - k].x, 1);
      expect(pts[k].y).toBeCloseTo(pts[8 - k].y, 1);
    }
  });

  it("handles nonsense sizes", () => {
    expect(layoutSeats(0, 10, 10)).toEqual([]);
    expect(layoutSeats(NaN, 10, 10)).toEqual([]);
    expect(layoutSeats(1, 10, 10)).toHaveLength(1);
  });
});

describe("short names", () => {
  it("keeps short names, shortens long ones", () => {
    expect(shortName("Anna")).toBe("Anna");
    expect(shortName("Player 01", 9)).toBe("Player 01");
    expect(shortName("Anna Müller", 8)).toBe("Anna M.");
    expect(shortName("Spieler 12", 8)).toBe("Spie… 12");
    expect(shortName("Maximilian Huber", 8)).toBe("Maxi… H.");
    expect(shortName("Bartholomäus", 8)).toBe("Barthol…");
    expect(shortName("  Eva   Lang  ", 8)).toBe("Eva Lang");
    for (const n of ["Spieler 12", "Maximilian Huber", "Bartholomäus", "A B C D E F G H"]) expect(shortName(n, 8).length).toBeLessThanOrEqual(8);
  });
});

describe("positions", () => {
  it("marks button, small and big blind; heads-up the button is the small blind", () => {
    const b = badgesFor({ button: 3, sb: 5, bb: 6 });
    expect(badgeText(b.get(3))).toBe("D");
    expect(badgeText(b.get(5))).toBe("SB");
    expect(badgeText(b.get(6))).toBe("BB");
    expect(b.has(4)).toBe(false);
    const hu = badgesFor({ button: 2, sb: 2, bb: 7 });
    expect(badgeText(hu.get(2))).toBe("D · SB");
    expect(badgesFor({ button: 4, sb: null, bb: null }).size).toBe(1);
    expect(badgesFor(null).size).toBe(0);
  });
  it("shows the saved break order first, then the other tables highest first, without broken tables", () => {
    const tb = (n: number, broken = false) => ({ table_no: n, max_seats: 10, seats: [], broken });
    const tables = [tb(1), tb(2), tb(3, true), tb(4), tb(5)];
    expect(breakOrderOf(tables, [])).toEqual([5, 4, 2, 1]);
    expect(breakOrderOf(tables, [2, 3, 2, 9])).toEqual([2, 5, 4, 1]);
    expect(breakOrderOf(null, [1])).toEqual([]);
  });
  it("lists free seats", () => {
    expect(freeSeats({ max_seats: 6, seats: [{ seat: 2, entry_id: 1, name: "a" }, { seat: 5, entry_id: 2, name: "b" }] })).toEqual([1, 3, 4, 6]);
  });
});

const move: Suggestion = {
  id: "move:7:2:4:31", kind: "move", entry_id: 7, name: "Anna", from_table: 1, from_seat: 8, to_table: 2, to_seat: 4,
  who: "next_big_blind", where: "next_big_blind", rule: "N-2.11 / TDA 11A",
  text: "Seat 8 (Anna) would post the big blind next at table 1, which has 3 more players than table 2: move to seat 4 (big blind next).",
};

describe("suggestion texts", () => {
  it("English is the server's own text", () => {
    expect(suggestionText(move, {}, "en")).toBe(move.text);
  });
  it("German is built from the fields", () => {
    expect(suggestionText(move, {}, "de")).toBe(
      "Sitz 8 (Anna) an Tisch 1 wäre als Nächstes Big Blind. Tisch 1 hat 3 Spieler mehr als Tisch 2: an Tisch 2, Sitz 4 setzen (als Nächstes Big Blind).",
    );
    const utg = { ...move, who: "utg_next_hand", where: "big_blind_in_3", text: "" };
    const ctx = { tables: [{ table_no: 1, players: 10 }, { table_no: 2, players: 6 }] };
    expect(suggestionText(utg, ctx, "de")).toBe(
      "Sitz 8 (Anna) an Tisch 1 ist in der nächsten Hand UTG. Tisch 1 hat 4 Spieler mehr als Tisch 2: an Tisch 2, Sitz 4 setzen (Big Blind in 3 Händen).",
    );
    expect(suggestionText({ ...move, who: "lot", where: "no_button", text: "" }, {}, "de")).toBe(
      "Sitz 8 (Anna) an Tisch 1 wurde ausgelost. Tisch 1 hat mehr Spieler als Tisch 2: an Tisch 2, Sitz 4 setzen.",
    );
  });
  it("German falls back to the English text when a field is missing or unknown", () => {
    expect(suggestionText({ ...move, who: "something_new" }, {}, "de")).toBe(move.text);
    expect(suggestionText({ ...move, to_seat: undefined }, {}, "de")).toBe(move.text);
    expect(suggestionText({ id: "x", kind: "surprise", text: "Do it." }, {}, "de")).toBe("Do it.");
  });
  it("translates breaks, the final table, halts and hand-for-hand", () => {
    const brk: Suggestion = { id: "b", kind: "break", table_no: 3, rule: "TDA 11C / S-#5", text: "17 players fit at 2 tables: break table 3." };
    expect(suggestionText(brk, {}, "de")).toBe("17 Spieler passen an 2 Tische: Tisch 3 auflösen.");
    expect(suggestionText({ ...brk, text: "" }, { players_left: 15, tables: [{ table_no: 1, players: 5 }, { table_no: 2, players: 5 }, { table_no: 3, players: 5 }] }, "de")).toBe(
      "15 Spieler passen an 2 Tische: Tisch 3 auflösen.",
    );
    expect(suggestionText({ id: "f", kind: "final_table", text: "10 players left: form the final table with all 10." }, {}, "de")).toBe(
      "Noch 10 Spieler: Finaltisch mit allen 10 bilden.",
    );
    // N-2.9 / G-Final: the real counts, from the fields
    const nine: Suggestion = { id: "f", kind: "final_table", tables: 1, size: 10, players_left: 9, seats: [9], text: "9 players left: form the final table with all 9." };
    expect(suggestionText(nine, {}, "de")).toBe("Noch 9 Spieler: Finaltisch mit allen 9 bilden.");
    const g15: Suggestion = { id: "g", kind: "final_table", tables: 2, size: 8, players_left: 15, seats: [8, 7], text: "15 players left: redraw onto two tables of 8 and 7 (G-Final)." };
    expect(suggestionText(g15, {}, "de")).toBe("Noch 15 Spieler: neu auf zwei Tische mit 8 und 7 Spielern losen (G-Final).");
    expect(suggestionText({ ...g15, players_left: 16, seats: [8, 8] }, {}, "de")).toBe("Noch 16 Spieler: neu auf zwei Tische mit je 8 Spielern losen (G-Final).");
    // G-Final: the two tables of 8 are not yet the final table, on the card's title and button either
    expect([suggestionTitle(g15, "en"), applyLabel(g15, "en")]).toEqual(["Last two tables", "Draw the last two tables"]);
    expect([suggestionTitle(g15, "de"), applyLabel(g15, "de")]).toEqual(["Letzte zwei Tische", "Letzte zwei Tische auslosen"]);
    expect([suggestionTitle(nine, "en"), applyLabel(nine, "en")]).toEqual(["Final table", "Form the final table"]);
    expect(suggestionText({ ...move, redraw_button: true, text: move.text + " Table 2 then draws for the button again (V-III.i)." }, {}, "de")).toContain(
      "Danach wird an Tisch 2 der Button neu gezogen (V-III.i).",
    );
    // G-Sitzordnung: the fuller table drawn by lot among equally full tables
    const lot = { ...move, who: "same_relative_position", lot_among: [1, 3, 4], text: move.text + " Table 1 was drawn by lot among tables 1, 3 and 4 (G-Sitzordnung)." };
    expect(suggestionText(lot, {}, "de")).toContain("Tisch 1 wurde unter den Tischen 1, 3 und 4 ausgelost (G-Sitzordnung).");
    expect(suggestionText({ ...lot, text: "" }, {}, "de")).toContain("Tisch 1 wurde unter den Tischen 1, 3 und 4 ausgelost.");
    expect(suggestionText({ id: "f", kind: "final_table", text: "" }, {}, "de")).toBe("Finaltisch bilden.");
    expect(suggestionText({ id: "h", kind: "halt", table_no: 2, text: "Table 2 is 3 players short: stop play there until it is balanced." }, {}, "de")).toBe(
      "An Tisch 2 fehlen 3 Spieler: dort nicht weiterspielen, bis ausgeglichen ist.",
    );
    expect(suggestionText({ id: "h", kind: "halt", table_no: 2, text: "" }, { tables: [{ table_no: 1, players: 9 }, { table_no: 2, players: 7 }] }, "de")).toBe(
      "An Tisch 2 fehlen 2 Spieler: dort nicht weiterspielen, bis ausgeglichen ist.",
    );
    expect(suggestionText({ id: "hh", kind: "hand_for_hand", text: "11 players left: start hand-for-hand." }, {}, "de")).toBe("Noch 11 Spieler: Hand-für-Hand starten.");
  });
  it("applies each kind with its command; a halt's is the override", () => {
    expect(suggestionCommand(move)).toEqual({ type: "move_player", payload: { entry_id: 7, to_table: 2, to_seat: 4, reason: "balancing" } });
    expect(suggestionCommand({ id: "b", kind: "break", table_no: 3, text: "" })).toEqual({ type: "break_table", payload: { table_no: 3 } });
    expect(suggestionCommand({ id: "f", kind: "final_table", text: "" })).toEqual({ type: "form_final_table", payload: {} });
    expect(suggestionCommand({ id: "h", kind: "hand_for_hand", text: "" })).toEqual({ type: "start_hand_for_hand", payload: {} });
    expect(suggestionCommand({ id: "x", kind: "halt", table_no: 2, text: "" })).toEqual({ type: "override_halt", payload: { table_no: 2 } }); // V-III.h: the director lets it play on
    expect(suggestionCommand({ ...move, entry_id: undefined })).toBeNull();
  });
  it("words a refused move: the server's English, German from the error code", () => {
    const e = { error: "seat_taken", message: "Seat 3 at table 2 is taken by Ben.", payload: { entry_id: 4, to_table: 2, to_seat: 3 } };
    expect(moveErrorText(e, "en")).toBe("Seat 3 at table 2 is taken by Ben.");
    expect(moveErrorText(e, "de")).toBe("Sitz 3 an Tisch 2 ist besetzt.");
    expect(moveErrorText({ ...e, error: "between_button_and_small_blind" }, "de")).toContain("zwischen Button und Small Blind");
    expect(moveErrorText({ ...e, error: "something_else", message: "New rule." }, "de")).toBe("New rule.");
  });
  it("names the short tables", () => {
    expect([...shortTables([move, { id: "h", kind: "halt", table_no: 5, text: "" }, { id: "b", kind: "break", table_no: 3, text: "" }])].sort()).toEqual([2, 5]);
  });
});

const mv = (p: Partial<TableMove>): TableMove => ({
  entry_id: 1, name: "A", from_table: 1, from_seat: 1, to_table: 2, to_seat: 1, reason: "director", at: 1000, ...p,
});

describe("dealer moves", () => {
  it("says who arrives, who leaves and who changes seat; newest first, one line per player", () => {
    const now = 100_000;
    const list = dealerMoves([
      mv({ entry_id: 5, name: "Eva", from_table: 2, from_seat: 3, to_table: 1, to_seat: 7, at: now - 5_000 }),
      mv({ entry_id: 6, name: "Ben", from_table: 1, from_seat: 4, to_table: 3, to_seat: 2, at: now - 90_000 }),
      mv({ entry_id: 5, name: "Eva", from_table: 1, from_seat: 2, to_table: 2, to_seat: 3, at: now - 95_000 }),
      mv({ entry_id: 8, name: "Max", from_table: 1, from_seat: 9, to_table: 1, to_seat: 1, reason: "final_table_formed", at: now - 1_000 }),
      mv({ entry_id: 9, name: "Zoe", from_table: 3, from_seat: 9, to_table: 4, to_seat: 1 }),
    ], 1, now);
    expect(list.map((m) => [m.entry_id, m.kind, m.fresh])).toEqual([[5, "arrive", true], [6, "leave", false], [8, "reseat", true]]);
  });
  it("leaves out a redraw that gave a player his own seat again (G-Final, N-2.9: no 'seat 7 → seat 7')", () => {
    const now = 1_800_000_000_000;
    const list = dealerMoves([
      mv({ entry_id: 8, name: "Max", from_table: 1, from_seat: 7, to_table: 1, to_seat: 7, reason: "final_table_formed", at: now - 1_000 }),
      mv({ entry_id: 8, name: "Max", from_table: 2, from_seat: 3, to_table: 1, to_seat: 7, at: now - 9_000 }),
      mv({ entry_id: 9, name: "Zoe", from_table: 1, from_seat: 2, to_table: 1, to_seat: 5, reason: "final_table_formed", at: now - 1_000 }),
    ], 1, now);
    expect(list.map((m) => [m.entry_id, m.kind])).toEqual([[9, "reseat"]]);
  });
  it("lists where everyone of a closed table went, in seat order", () => {
    const out = brokenTableMoves([
      mv({ entry_id: 3, from_table: 4, from_seat: 6, to_table: 1, to_seat: 2, reason: "table_broken" }),
      mv({ entry_id: 2, from_table: 4, from_seat: 1, to_table: 2, to_seat: 9, reason: "table_broken" }),
      mv({ entry_id: 7, from_table: 2, from_seat: 1, to_table: 4, to_seat: 3 }),
    ], 4);
    expect(out.map((m) => m.entry_id)).toEqual([2, 3]);
  });
  it("never lists a player who left the closed table earlier by balancing (N-2.11 then N-2.10)", () => {
    const out = brokenTableMoves([
      mv({ entry_id: 3, from_table: 4, from_seat: 6, to_table: 1, to_seat: 2, reason: "table_broken", at: 9_000 }),
      mv({ entry_id: 5, name: "Eva", from_table: 4, from_seat: 2, to_table: 2, to_seat: 5, reason: "balancing", at: 5_000 }),
      mv({ entry_id: 6, name: "Ben", from_table: 4, from_seat: 3, to_table: 3, to_seat: 1, reason: "director", at: 4_000 }),
    ], 4);
    expect(out.map((m) => m.entry_id)).toEqual([3]);
  });
  it("keeps only the moves the table still needs above the seats, never the night's history", () => {
    const now = 1_800_000_000_000;
    const list = dealerMoves([
      mv({ entry_id: 5, name: "Eva", from_table: 2, from_seat: 3, to_table: 1, to_seat: 7, at: now - 30_000 }),
      mv({ entry_id: 6, name: "Ben", from_table: 1, from_seat: 4, to_table: 3, to_seat: 2, at: now - SHOWN_MS - 1 }),
      mv({ entry_id: 7, name: "Kim", from_table: 3, from_seat: 4, to_table: 1, to_seat: 2, at: now - 3 * 3_600_000 }),
    ], 1, now);
    expect(list.map((m) => m.entry_id)).toEqual([5]);
  });
});

describe("the player's move card", () => {
  it("sees a move only when a known seat changes", () => {
    const pv = { status: "active", table_no: 2, seat: 5, server_time: 9 };
    expect(detectMove(null, pv)).toBeNull(); // the first seat (the draw) is no move
    expect(detectMove({ table_no: 2, seat: 5 }, pv)).toBeNull();
    expect(detectMove({ table_no: 1, seat: 3 }, pv)).toEqual({ from_table: 1, from_seat: 3, to_table: 2, to_seat: 5, reason: null, seen_at: 9 });
    expect(detectMove({ table_no: 2, seat: 1 }, pv)?.to_seat).toBe(5); // same table, new seat (final table redraw)
    expect(detectMove({ table_no: 1, seat: 3 }, { ...pv, status: "busted" })).toBeNull();
    expect(detectMove({ table_no: 1, seat: 3 }, { status: "active", table_no: null, seat: null })).toBeNull();
    expect(detectMove({ table_no: 1, seat: 3 }, { ...pv, last_move: { reason: "table_broken" } })?.reason).toBe("table_broken");
    expect(seatOf(pv)).toEqual({ table_no: 2, seat: 5 });
  });
  it("a second move replaces the card with its own 'before' seat (balanced, then the final table)", () => {
    const first = detectMove({ table_no: 1, seat: 3 }, { status: "active", table_no: 2, seat: 5 })!;
    const second = detectMove({ table_no: 2, seat: 5 }, { status: "active", table_no: 4, seat: 1 })!;
    expect(nextMoveCard(null, first)).toEqual(first);
    expect(nextMoveCard(first, null)).toEqual(first);
    expect(nextMoveCard(first, second)).toMatchObject({ from_table: 2, from_seat: 5, to_table: 4, to_seat: 1 });
  });
  it("takes the 'before' seat from the server's record of the move when the phone slept through one", () => {
    // The phone last saw table 1 seat 3; meanwhile he was balanced to 2/5, then the final table put him at 4/1.
    const pv = {
      status: "active",
      table_no: 4,
      seat: 1,
      server_time: 9,
      last_move: { from_table: 2, from_seat: 5, to_table: 4, to_seat: 1, reason: "final_table_formed" },
    };
    expect(detectMove({ table_no: 1, seat: 3 }, pv)).toEqual({ from_table: 2, from_seat: 5, to_table: 4, to_seat: 1, reason: "final_table_formed", seen_at: 9 });
  });
});

describe("hand-for-hand at a table", () => {
  const on = (round: number, done: number[], dealt: number[] = [1, 2], tables = 2) => ({ active: true, round, done, dealt, tables });
  it("follows the server: play the round's hand, wait for the others, then start together (N-2.13)", () => {
    expect(hfhState({ active: false, round: 3, done: [] }, 1)).toBe("off");
    expect(hfhState(null, 1)).toBe("off");
    expect(hfhState(on(1, []), 1)).toBe("playing"); // the hand in play when it started
    expect(hfhState(on(1, [2]), 1)).toBe("playing");
    expect(hfhState(on(1, []), 1, true)).toBe("wait"); // Hand done queued on this phone
    expect(hfhState(on(1, [1]), 1)).toBe("wait");
    expect(hfhState(on(2, [], []), 1)).toBe("next"); // every table done: a new round
    expect(hfhState(on(2, [], []), 1, false, true)).toBe("playing"); // New hand queued here
    expect(hfhState(on(2, [], [1]), 1)).toBe("playing"); // the next hand is dealt
    expect(hfhState(on(2, [], [2]), 1)).toBe("next"); // another table dealt first
    expect(hfhState(on(2, [1], [1]), 1)).toBe("wait");
    expect(hfhState({ active: true, round: 2, done: [] }, 1)).toBe("playing"); // an old view without `dealt`
  });
  it("counts the tables still playing", () => {
    expect(hfhStillPlaying(on(3, [1], [1, 2, 3], 3))).toBe(2);
    expect(hfhStillPlaying({ active: true, round: 1, done: [] })).toBeNull();
    expect(hfhStillPlaying({ active: false, round: 1, done: [], tables: 3 })).toBeNull();
  });
});
