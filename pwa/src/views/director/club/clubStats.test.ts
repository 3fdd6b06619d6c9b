import { describe, expect, it } from "vitest";
import { ticksOver, busiestHour, durationPlot, fieldBars, heatLevel, hourWindow, hoursText, linePath, nightRates, overText, percent, sparkPath, statsUrl, weekdayNames, type StatsNight } from "./clubStats";

function night(id: number, players: number, reentries: number, pool: number, extra: Partial<StatsNight> = {}): StatsNight {
  return {
    tournament_id: id,
    name: `Night ${id}`,
    date: "2026-03-02",
    at: 0,
    finished: true,
    players,
    entries: players + reentries,
    reentries,
    rebuys: 0,
    addons: 0,
    prize_pool: pool,
    currency: "CHF",
    reserved: 0,
    no_shows: 0,
    duration_ms: null,
    planned_ms: null,
    ended_level: null,
    planned_level: null,
    ...extra,
  };
}

function week(cells: [number, number, number][]): number[][] {
  const counts = Array.from({ length: 7 }, () => Array(24).fill(0));
  for (const [day, hour, n] of cells) counts[day][hour] = n;
  return counts;
}

const BOX = { x0: 0, x1: 100, y0: 0, y1: 100 };

describe("club statistics", () => {
  it("asks for the season in the phone's time zone", () => {
    expect(statsUrl("2026", "Europe/Zurich")).toBe("/api/club/stats?season=2026&tz=Europe%2FZurich");
    expect(statsUrl("league-3", null)).toBe("/api/club/stats?season=league-3");
    expect(statsUrl("", null)).toBe("/api/club/stats");
  });

  it("stacks the re-entries on the players and puts the pool on its own scale", () => {
    const { bars, poolPath, maxPool } = fieldBars([night(1, 10, 0, 500), night(2, 20, 5, 1250)], BOX);
    expect(maxPool).toBe(1250);
    // 25 entries at most: the ticks reach 30 (0, 10, 20, 30), so 10 players are a third of the height
    expect(bars[0].playersH).toBeCloseTo(100 / 3, 0);
    expect(bars[0].reentriesH).toBe(0);
    expect(bars[1].playersH + bars[1].reentriesH).toBeCloseTo((100 * 25) / 30, 0);
    expect(bars[1].reentriesY).toBeLessThan(bars[1].playersY);
    expect(bars[1].poolY).toBe(0); // the biggest pool at the top
    expect(bars[0].poolY).toBe(60); // 500 of 1250
    expect(poolPath.startsWith("M")).toBe(true);
    expect(bars[1].x).toBeGreaterThan(bars[0].x + bars[0].width);
  });

  it("draws durations and plans of finished nights only, with a gap where a plan is missing", () => {
    expect(durationPlot([night(1, 5, 0, 0)], BOX)).toBeNull();
    const plot = durationPlot(
      [
        night(1, 5, 0, 0, { duration_ms: 3 * 3_600_000, planned_ms: 2 * 3_600_000 }),
        night(2, 5, 0, 0),
        night(3, 5, 0, 0, { duration_ms: 4 * 3_600_000, planned_ms: null }),
      ],
      BOX,
    )!;
    expect(plot.points.map((p) => p.id)).toEqual([1, 3]);
    expect(plot.planned).toBe(`M0 ${plot.points[0].plannedY}`);
    expect(plot.ticks.map((t) => t.hours)).toEqual([0, 1, 2, 3, 4]);
    expect(plot.actual).toBe(`M0 ${plot.points[0].actualY} L100 0`);
    expect(linePath([[0, 1], [1, null], [2, 3], [3, 4]])).toBe("M0 1 M2 3 L3 4");
  });

  it("labels the top line: the ticks reach the first round number at or over the most", () => {
    expect(ticksOver(25)).toEqual([0, 10, 20, 30]);
    expect(ticksOver(20)).toEqual([0, 5, 10, 15, 20]);
    expect(ticksOver(0)).toEqual([0]);
  });

  it("gives each night's rate and a trend only from two nights on", () => {
    const nights = [night(1, 10, 2, 0, { reserved: 4, no_shows: 1 }), night(2, 10, 0, 0)];
    expect(nightRates(nights, "reentries", "players")).toEqual([0.2, 0]);
    expect(nightRates(nights, "no_shows", "reserved")).toEqual([0.25, null]);
    expect(sparkPath([0.5], BOX)).toBe("");
    expect(sparkPath([0.5, 0.25], BOX)).toBe("M0 0 L100 50");
  });

  it("shows the busy hours in one piece across midnight", () => {
    expect(hourWindow(week([[0, 18, 3], [4, 1, 1], [6, 23, 2]]))).toEqual([18, 19, 20, 21, 22, 23, 0, 1]);
    // a short busy stretch is shown with quiet hours beside it: two before, the rest after
    expect(hourWindow(week([[2, 9, 1], [2, 11, 1]]))).toEqual([7, 8, 9, 10, 11, 12, 13, 14]);
    expect(hourWindow(week([[0, 23, 1]]))).toEqual([21, 22, 23, 0, 1, 2, 3, 4]);
    expect(hourWindow(week([]))).toEqual([17, 18, 19, 20, 21, 22, 23]);
    expect(hourWindow(week(Array.from({ length: 24 }, (_, h) => [0, h, 1] as [number, number, number])))).toHaveLength(24);
  });

  it("shades the cells and finds the busiest hour", () => {
    expect([0, 1, 2, 3, 4].map((n) => heatLevel(n, 4))).toEqual([0, 1, 2, 3, 4]);
    expect(heatLevel(1, 100)).toBe(1);
    expect(busiestHour(week([[0, 18, 3], [4, 20, 7]]))).toEqual({ day: 4, hour: 20, count: 7 });
    expect(busiestHour(week([]))).toBeNull();
  });

  it("writes hours, the difference to the plan, percentages and weekdays", () => {
    expect(hoursText(3 * 3_600_000 + 15 * 60_000)).toBe("3:15\u00a0h");
    expect(hoursText(null)).toBe("–");
    expect(overText(40 * 60_000)).toBe("+40\u00a0min");
    expect(overText(-15 * 60_000)).toBe("−15\u00a0min");
    expect(overText(65 * 60_000)).toBe("+1:05\u00a0h");
    expect(percent(0.2308)).toBe(23);
    expect(percent(null)).toBeNull();
    expect(weekdayNames("en-GB")[0]).toBe("Mon");
    expect(weekdayNames("de-DE")[6]).toBe("So");
  });
});
