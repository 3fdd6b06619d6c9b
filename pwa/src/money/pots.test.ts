import { describe, expect, it } from "vitest";
import { buildPots, clockwiseFromButton, defaultChipUnit, splitPot } from "./pots";

describe("side pots (V-X.p, S-#30: each side pot on its own)", () => {
  it("builds a main pot and two side pots from three all-ins of different sizes", () => {
    const { pots, returned } = buildPots([
      { seat: 1, amount: 100, folded: false },
      { seat: 3, amount: 300, folded: false },
      { seat: 5, amount: 700, folded: false },
      { seat: 7, amount: 700, folded: false },
    ]);
    expect(pots).toEqual([
      { amount: 400, eligible: [1, 3, 5, 7] },
      { amount: 600, eligible: [3, 5, 7] },
      { amount: 800, eligible: [5, 7] },
    ]);
    expect(returned).toBeNull();
  });

  it("keeps a folded player's chips in the pots but never makes him eligible", () => {
    const { pots } = buildPots([
      { seat: 2, amount: 200, folded: true },
      { seat: 4, amount: 150, folded: false },
      { seat: 6, amount: 400, folded: false },
      { seat: 8, amount: 400, folded: false },
    ]);
    expect(pots).toEqual([
      { amount: 600, eligible: [4, 6, 8] },
      { amount: 550, eligible: [6, 8] },
    ]);
    expect(pots.reduce((s, p) => s + p.amount, 0)).toBe(1150);
  });

  it("gives back the chips nobody called", () => {
    const { pots, returned } = buildPots([
      { seat: 1, amount: 250, folded: false },
      { seat: 2, amount: 1000, folded: false },
    ]);
    expect(pots).toEqual([{ amount: 500, eligible: [1, 2] }]);
    expect(returned).toEqual({ seat: 2, amount: 750 });
  });
});

describe("the odd chip (N-2.7, V-VII.b, S-#11: first winner clockwise from the button)", () => {
  it("orders seats clockwise from the button", () => {
    expect(clockwiseFromButton([2, 5, 9], 5)).toEqual([9, 2, 5]);
    expect(clockwiseFromButton([2, 5, 9], 9)).toEqual([2, 5, 9]);
    expect(clockwiseFromButton([2, 5, 9], null)).toEqual([2, 5, 9]);
  });

  it("splits 325 in 25-chips between two: the odd chip to the first seat after the button", () => {
    const shares = splitPot(325, [3, 8], 25, 6);
    expect(shares.get(8)).toBe(175);
    expect(shares.get(3)).toBe(150);
  });

  it("three ways with two odd chips: the first two clockwise get one each", () => {
    const shares = splitPot(800, [1, 4, 7], 100, 4);
    expect([shares.get(7), shares.get(1), shares.get(4)]).toEqual([300, 300, 200]);
    expect([...shares.values()].reduce((a, b) => a + b, 0)).toBe(800);
  });

  it("the smallest chip divides the level's blinds and ante", () => {
    expect(defaultChipUnit({ sb: 25, bb: 50, ante: 0 })).toBe(25);
    expect(defaultChipUnit({ sb: 300, bb: 600, ante: 75 })).toBe(75);
    expect(defaultChipUnit(null)).toBe(1);
  });
});
