import { describe, expect, it } from "vitest";
import vectors from "../../../shared_rules/vectors/icm.json";
import { chipChop, icm } from "./icm";

type Vector = {
  name: string;
  method: string;
  stacks: number[];
  prizes?: number[];
  money_left?: number;
  next_prize?: number;
  expect: number[];
  tolerance: number;
};

describe("deal vectors (shared_rules/vectors/icm.json, each citing its source)", () => {
  for (const v of vectors as Vector[]) {
    it(v.name, () => {
      const got = v.method === "chip" ? chipChop(v.stacks, v.money_left ?? 0, v.next_prize ?? 0) : icm(v.stacks, v.prizes ?? []);
      got.forEach((value, i) => expect(Math.abs(value - v.expect[i])).toBeLessThanOrEqual(v.tolerance + 1e-6));
    });
  }
  it("answers ten players well under a second", () => {
    const started = performance.now();
    icm([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((k) => k * 1000), [30, 20, 15, 10, 8, 6, 4, 3, 2, 2]);
    expect(performance.now() - started).toBeLessThan(250);
  });
});
