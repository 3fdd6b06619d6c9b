import { describe, expect, it } from "vitest";
import { averagePosition, bucketIndex, linearScale, niceTicks, playersLeftPlot, stackBuckets, type HistoryPoint } from "./geometry";

describe("chart geometry", () => {
  it("maps linearly and handles an empty domain", () => {
    const s = linearScale([0, 100], [10, 210]);
    expect(s(0)).toBe(10);
    expect(s(50)).toBe(110);
    expect(s(100)).toBe(210);
    expect(linearScale([5, 5], [0, 100])(5)).toBe(50);
    const down = linearScale([0, 40], [200, 0]); // y grows downwards in SVG
    expect(down(40)).toBe(0);
  });

  it("picks round ticks", () => {
    expect(niceTicks(40, 4)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(87, 4)).toEqual([0, 50]);
    expect(niceTicks(7, 4)).toEqual([0, 2, 4, 6]);
    expect(niceTicks(0)).toEqual([0]);
  });

  it("puts stacks into big-blind buckets: <10, 10–20, 20–40, 40–80, >80", () => {
    expect(bucketIndex(9.99)).toBe(0);
    expect(bucketIndex(10)).toBe(1);
    expect(bucketIndex(39.9)).toBe(2);
    expect(bucketIndex(80)).toBe(4);
    const b = stackBuckets([900, 1000, 2500, 4000, 12000, 0], 100); // 9, 10, 25, 40, 120 BB; 0 = empty seat
    expect(b.map((x) => [x.key, x.count])).toEqual([
      ["<10", 1],
      ["10-20", 1],
      ["20-40", 1],
      ["40-80", 1],
      [">80", 1],
    ]);
    expect(stackBuckets([1000], null).every((x) => x.count === 0)).toBe(true);
    expect(stackBuckets(undefined, 100).length).toBe(5);
  });

  it("places the average inside its bucket", () => {
    expect(averagePosition(0)).toBe(0);
    expect(averagePosition(5)).toBeCloseTo(0.1); // halfway through the first of 5 buckets
    expect(averagePosition(30)).toBeCloseTo(0.5); // the middle of 20–40, the third bucket
    expect(averagePosition(1000)).toBe(1);
    expect(averagePosition(null)).toBeNull();
  });

  it("draws the players-left step line from the clock start to now, marking level changes", () => {
    const pts: HistoryPoint[] = [
      [null, 20, null],
      [1000, 20, 0],
      [2000, 19, 0],
      [3000, 18, 1],
    ];
    const plot = playersLeftPlot(pts, { x0: 0, x1: 100, y0: 0, y1: 50 }, 5000)!;
    expect(plot.t0).toBe(1000);
    expect(plot.t1).toBe(5000);
    expect(plot.max).toBe(20);
    expect(plot.path).toBe("M0 0 H25 V2.5 H50 V5 H100");
    expect(plot.marks).toEqual([{ x: 50, index: 1 }]);
    expect(playersLeftPlot([[null, 8, null]], { x0: 0, x1: 1, y0: 0, y1: 1 }, 0)).toBeNull();
    expect(playersLeftPlot(undefined, { x0: 0, x1: 1, y0: 0, y1: 1 }, 0)).toBeNull();
  });
});
