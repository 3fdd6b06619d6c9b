import { afterEach, describe, expect, it } from "vitest";
import { currentMoment, isNew, MOMENT_NEW_MS } from "./Moments";
import { houseRule, setHouseRules, withHouseRule } from "./houseRules";

const T = 1_800_000_000_000;

describe("the room's moments (N-3.7 bubble and money, N-2.9 final table)", () => {
  it("is nothing without money or before the bubble", () => {
    expect(currentMoment(undefined)).toBeNull();
    expect(currentMoment({ paid: 5, bubble: null, money: null, final_table: null })).toBeNull();
  });
  it("is the newest moment that still holds: the bubble, then the money, then the final table", () => {
    expect(currentMoment({ paid: 5, bubble: T, money: null, final_table: null })).toEqual({ kind: "bubble", at: T, paid: 5 });
    expect(currentMoment({ paid: 5, bubble: null, money: T + 10, final_table: T })?.kind).toBe("money");
    expect(currentMoment({ paid: 5, bubble: null, money: T, final_table: T + 10 })?.kind).toBe("final_table");
  });
  it("is big for a few minutes, then quiet", () => {
    const m = currentMoment({ paid: 5, bubble: null, money: T, final_table: null })!;
    expect(isNew(m, T + 1000)).toBe(true);
    expect(isNew(m, T + MOMENT_NEW_MS + 1)).toBe(false);
  });
});

describe("the house's own rule ids", () => {
  afterEach(() => setHouseRules(null));
  it("quotes the house's id, and none where the house has none (never another house's)", () => {
    setHouseRules({ odd_chip: "N-2.7", leave: null });
    expect(withHouseRule("The odd chip goes to the first winner clockwise from the button.", "odd_chip")).toBe(
      "The odd chip goes to the first winner clockwise from the button (N-2.7).",
    );
    expect(withHouseRule("His chips leave play.", "leave")).toBe("His chips leave play.");
    expect(houseRule("alternates")).toBe("");
  });
});
