import { describe, expect, it } from "vitest";
import { chipChop, icm } from "./icm";
import shared from "../../../shared_rules/vectors/icm.json";

// The same vectors the server's engine passes (tests/engine): published worked examples, each with its source.
const vectors: any[] = shared as any[];

describe("ICM vectors (shared_rules/vectors/icm.json)", () => {
  it("has the issue's cases: 2 and 10 players, ties, a zero-chip stack, equal prizes, a chip chop", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(10);
    expect(vectors.some((v) => v.stacks.length === 2)).toBe(true);
    expect(vectors.some((v) => v.stacks.length === 10)).toBe(true);
    expect(vectors.some((v) => v.stacks.includes(0))).toBe(true);
    expect(vectors.some((v) => v.method === "chip")).toBe(true);
  });
  for (const v of vectors) {
    it(`${v.method}: ${v.name}`, () => {
      const got =
        v.method === "icm"
          ? icm(v.stacks, v.prizes)
          : chipChop(v.stacks, v.money_left, v.next_prize); // the next prize out for everyone, the rest by chips
      expect(got).toHaveLength(v.expect.length);
      got.forEach((g: number, i: number) => expect(Math.abs(g - v.expect[i]), `player ${i + 1}: ${g} vs ${v.expect[i]}`).toBeLessThanOrEqual(Math.max(v.tolerance, 1e-9))); // doubles: exact vectors to 1e-9
    });
  }
});

const near = (got: number[], want: number[]) => got.forEach((g, i) => expect(g, `player ${i + 1}`).toBeCloseTo(want[i], 6));

describe("icm (Malmuth–Harville)", () => {
  it("gives the textbook 3-player example: 5000/3000/2000 chips for 50/30/20", () => {
    // By hand: the big stack finishes 1st with 1/2, 2nd with .3·5/7 + .2·5/8, 3rd with the rest.
    near(icm([5000, 3000, 2000], [50, 30, 20]), [38.392857, 32.75, 28.857143]);
  });
  it("splits evenly between equal stacks, and for two players by chips", () => {
    near(icm([100, 100], [70, 30]), [50, 50]);
    near(icm([10, 10, 10, 10], [40, 30, 20, 10]), [25, 25, 25, 25]);
    near(icm([300, 100], [70, 30]), [60, 40]); // 30 + 3/4 of 40
  });
  it("lets empty stacks share the lowest places", () => {
    near(icm([1, 0, 0], [50, 30, 20]), [50, 25, 25]);
  });
  it("handles equal prizes and unpaid places", () => {
    near(icm([8000, 6000, 4000, 2000], [100, 100, 50, 0]), [81.904762, 73.928571, 60, 34.166667]);
  });
  it("adds up to the prizes, 10 players in well under a second", () => {
    const stacks = [90, 80, 70, 60, 50, 40, 30, 20, 10, 5].map((x) => x * 1000);
    const prizes = [3000, 2000, 1500, 1000, 800, 600, 500, 400, 300, 200];
    const t0 = performance.now();
    const eq = icm(stacks, prizes);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(eq.reduce((a, b) => a + b, 0)).toBeCloseTo(10300, 6);
    for (let i = 1; i < 10; i++) expect(eq[i]).toBeLessThan(eq[i - 1]);
  });
  it("refuses what the server refuses: no chips, a negative stack, 11 players", () => {
    expect(() => icm([0, 0], [10, 5])).toThrow(RangeError);
    expect(() => icm([10, -1], [10, 5])).toThrow(RangeError);
    expect(() => icm(new Array(11).fill(1), [10])).toThrow(RangeError);
    expect(() => icm([Number.NaN, 1], [10])).toThrow(RangeError);
  });
});
