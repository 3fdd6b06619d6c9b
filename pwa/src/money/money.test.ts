import { describe, expect, it } from "vitest";
import { amountText, buildMultiBust, checkChipCount, entryActions, entryWindows, parseChips, payoutRowText, placeText } from "./money";

describe("places and payouts", () => {
  it("marks a shared place in both languages", () => {
    expect(placeText(5, 2, "en")).toBe("5th=");
    expect(placeText(5, 2, "de")).toBe("5.=");
    expect(placeText(4, 1, "en")).toBe("4th");
    expect(placeText(4, 1, "de")).toBe("4.");
    expect(placeText(1, null, "en")).toBe("1st");
    expect(placeText(null, 1, "en")).toBe("–");
  });
  it("formats amounts whole or to the cent", () => {
    expect(amountText(151, "CHF", "en")).toBe("151 CHF");
    expect(amountText(1102, "CHF", "en")).toBe("1,102 CHF");
    expect(amountText(1102, "CHF", "de")).toBe("1.102 CHF");
    expect(amountText(75.5, "EUR", "en")).toBe("75.50 €");
    expect(amountText(75.5, "EUR", "de")).toBe("75,50 €");
    expect(amountText(null, "EUR", "de")).toBe("–");
  });
  it("words a payout row", () => {
    const row = { entry_id: 4, name: "P4", place: 4, tie: 1, amount: 151 };
    expect(payoutRowText(row, "CHF", "en")).toBe("Pay 151 CHF to P4 (4th)");
    expect(payoutRowText(row, "CHF", "de")).toBe("151 CHF an P4 auszahlen (4.)");
    expect(payoutRowText({ ...row, place: 5, tie: 2, amount: 96.5 }, "CHF", "en")).toBe("Pay 96.50 CHF to P4 (5th=)");
    expect(payoutRowText({ ...row, place: 5, tie: 2, amount: 96.5 }, "CHF", "de")).toBe("96,50 CHF an P4 auszahlen (5.=)");
  });
});

describe("chip count", () => {
  it("parses whole chip counts and refuses the rest", () => {
    expect(parseChips("12500")).toEqual({ ok: true, value: 12500 });
    expect(parseChips(" 12 500 ")).toEqual({ ok: true, value: 12500 });
    expect(parseChips("12'500")).toEqual({ ok: true, value: 12500 });
    expect(parseChips("12.500")).toEqual({ ok: true, value: 12500 });
    expect(parseChips("0")).toEqual({ ok: true, value: 0 });
    expect(parseChips("")).toEqual({ ok: false, error: "missing" });
    expect(parseChips("-5")).toEqual({ ok: false, error: "invalid" });
    expect(parseChips("1.5")).toEqual({ ok: false, error: "invalid" });
    expect(parseChips("abc")).toEqual({ ok: false, error: "invalid" });
    expect(parseChips("1e5")).toEqual({ ok: false, error: "invalid" });
  });
  it("adds the valid seats and withholds the stacks while one is wrong", () => {
    const ok = checkChipCount([1, 3, 7], { 1: "5000", 3: "4000", 7: "0" });
    expect(ok).toEqual({ errors: {}, total: 9000, stacks: { "1": 5000, "3": 4000, "7": 0 } });
    const bad = checkChipCount([1, 3, 7], { 1: "5000", 3: "-4" });
    expect(bad.errors).toEqual({ 3: "invalid", 7: "missing" });
    expect(bad.total).toBe(5000);
    expect(bad.stacks).toBeNull();
  });
});

describe("several out in one hand", () => {
  const rows = [
    { entry_id: 11, seat: 2, stack: "1000" },
    { entry_id: 12, seat: 5, stack: "3 000" },
  ];
  it("builds record_busts with each starting stack", () => {
    expect(buildMultiBust(3, rows)).toEqual({
      ok: true,
      payload: { table_no: 3, busts: [{ entry_id: 11, starting_stack: 1000 }, { entry_id: 12, starting_stack: 3000 }] },
    });
  });
  it("names each player's own winner: B out to A, D out to C (V-VII.r)", () => {
    expect(buildMultiBust(3, [{ ...rows[0], by: 9 }, { ...rows[1], by: 7 }])).toEqual({
      ok: true,
      payload: {
        table_no: 3,
        busts: [
          { entry_id: 11, starting_stack: 1000, eliminated_by: 9 },
          { entry_id: 12, starting_stack: 3000, eliminated_by: 7 },
        ],
      },
    });
  });
  it("refuses one player, a bad stack, a winner who is out in the same hand", () => {
    expect(buildMultiBust(3, rows.slice(0, 1))).toEqual({ ok: false, error: "too_few" });
    expect(buildMultiBust(3, [rows[0], { ...rows[1], stack: "-1" }])).toEqual({ ok: false, error: "stacks", seats: [5] });
    expect(buildMultiBust(3, [rows[0], { ...rows[1], stack: "" }])).toEqual({ ok: false, error: "stacks", seats: [5] });
    expect(buildMultiBust(3, [rows[0], { ...rows[1], by: 11 }])).toEqual({ ok: false, error: "eliminator_out", seats: [5] });
  });
});

describe("entry actions", () => {
  const rebuy = { rebuy: { condition: "busted" as const }, addon: { at: { break: 1 } }, reentry: null };
  it("offers a rebuy to a busted player only where the preset has rebuys", () => {
    expect(entryActions({ status: "busted", out_reason: "bust" }, rebuy, false)).toEqual(["rebuy", "disqualify"]);
    expect(entryActions({ status: "busted", out_reason: "bust" }, { rebuy: null }, false)).toEqual(["disqualify"]);
    expect(entryActions({ status: "busted", out_reason: "left" }, rebuy, false)).toEqual(["disqualify"]);
  });
  it("offers add-on once, check-in to a reserved seat, leaving to the active", () => {
    expect(entryActions({ status: "active", addon: false, present: true }, rebuy, false)).toEqual(["addon", "player_leaves", "disqualify"]);
    expect(entryActions({ status: "active", addon: true, present: false }, rebuy, false)).toEqual(["check_in", "player_leaves", "disqualify"]);
    expect(entryActions({ status: "busted", out_reason: "bust" }, { reentry: { until: {} } }, false)).toEqual(["reentry", "disqualify"]);
  });
  it("before the draw: check-in and taking the registration back, no bust, no leaving (N-3.5)", () => {
    expect(entryActions({ status: "active", present: false }, { rebuy: null }, false, {}, false)).toEqual(["check_in", "remove_registration"]);
    expect(entryActions({ status: "active", present: true }, { rebuy: null }, false, {}, false)).toEqual(["remove_registration"]);
    expect(entryActions({ status: "released" }, { rebuy: null }, false, {}, false)).toEqual([]);
  });
  it("after the end only disqualification", () => {
    expect(entryActions({ status: "busted" }, rebuy, true)).toEqual(["disqualify"]);
    expect(entryActions({ status: "busted", disqualified: true }, rebuy, true)).toEqual([]);
  });
  // V-XIII: rebuys only before the break, the add-on only at the break (a v-ranking night).
  it("offers what the clock has open: rebuy and re-entry before their deadline, the add-on at its break", () => {
    const before = { rebuy: true, reentry: true, addon: false };
    const atBreak = { rebuy: false, reentry: false, addon: true };
    expect(entryActions({ status: "busted", out_reason: "bust" }, rebuy, false, before)).toEqual(["rebuy", "disqualify"]);
    expect(entryActions({ status: "busted", out_reason: "bust" }, rebuy, false, atBreak)).toEqual(["disqualify"]);
    expect(entryActions({ status: "busted", out_reason: "bust" }, { reentry: { until: {} } }, false, atBreak)).toEqual(["disqualify"]);
    expect(entryActions({ status: "active", addon: false }, rebuy, false, before)).toEqual(["player_leaves", "disqualify"]);
    expect(entryActions({ status: "active", addon: false }, rebuy, false, atBreak)).toEqual(["addon", "player_leaves", "disqualify"]);
    expect(entryActions({ status: "active", addon: false }, rebuy, false, {})).toEqual(["addon", "player_leaves", "disqualify"]);
  });
});

describe("entry windows (the public view's deadlines against the clock)", () => {
  const deadlines = { rebuy: 7, addon: 7 }; // v-ranking: rebuy until the break at index 7, add-on at it
  it("opens the rebuy before the break and the add-on during it (V-XIII)", () => {
    expect(entryWindows(deadlines, { index: 6, status: "running", finished: false })).toEqual({ rebuy: true, addon: false });
    expect(entryWindows(deadlines, { index: 7, status: "running", finished: false })).toEqual({ rebuy: false, addon: true });
    expect(entryWindows(deadlines, { index: 8, status: "paused", finished: false })).toEqual({ rebuy: false, addon: false });
    expect(entryWindows(deadlines, { index: 0, status: "idle", finished: false })).toEqual({ rebuy: true, addon: false });
    expect(entryWindows(deadlines, { index: 18, status: "running", finished: true })).toEqual({ rebuy: false, addon: false });
  });
  it("leaves unknown deadlines unknown", () => {
    expect(entryWindows(undefined, { index: 3, status: "running", finished: false })).toEqual({});
    expect(entryWindows({ rebuy: null, reentry: 4 }, { index: 3, status: "running", finished: false })).toEqual({ reentry: true });
  });
});

// S-#46 / S-#47 (an s-trophy night): an alternate takes a busted player's empty seat, both
// only until the first break.
describe("alternates (S-#46)", () => {
  const trophy = { reentry: { until: {} }, alternates: { until: {} } };
  it("offers an alternate for a busted player's empty seat until the deadline", () => {
    const out = { status: "busted" as const, out_reason: "bust" };
    expect(entryActions(out, trophy, false)).toEqual(["reentry", "alternate", "disqualify"]);
    expect(entryActions({ ...out, seat_free: false }, trophy, false)).toEqual(["reentry", "disqualify"]);
    expect(entryActions(out, trophy, false, { reentry: false, alternates: false })).toEqual(["disqualify"]);
    expect(entryActions({ status: "busted", out_reason: "left" }, trophy, false)).toEqual(["disqualify"]);
    expect(entryActions({ status: "active" }, trophy, false)).toEqual(["player_leaves", "disqualify"]);
  });
  it("closes with the first break like the re-entry", () => {
    const d = { reentry: 4, alternates: 4 };
    expect(entryWindows(d, { index: 3, status: "running", finished: false })).toEqual({ reentry: true, alternates: true });
    expect(entryWindows(d, { index: 4, status: "running", finished: false })).toEqual({ reentry: false, alternates: false });
  });
});
