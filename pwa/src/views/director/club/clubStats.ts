// The club's statistics screen (ClubStats.tsx), its arithmetic: the request, the bars of the fields,
// the lines of the durations, the small trends and the hours of the heat strip. Pure, tested in
// clubStats.test.ts; the numbers themselves are the server's (docs/statistics.md).
import type { components } from "../../../api/types.gen";

// linearScale and niceTicks as ui/charts/geometry.ts has them, copied rather than imported: the
// director importing them moved two more exports into a chunk every player loads, and the player's
// bundle is at its budget to the byte (docs/bundles.md).
type Scale = (v: number) => number;

function linearScale(domain: [number, number], range: [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  const k = (r1 - r0) / (d1 - d0);
  return (v) => r0 + (v - d0) * k;
}

function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0];
  const raw = max / Math.max(1, count);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
  const out: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

export type ClubStats = components["schemas"]["ClubStats"];
export type StatsNight = components["schemas"]["StatsNight"];

export interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The phone's own time zone (an IANA name): it is in the club's room. Null where the browser has none. */
export function phoneTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** GET /api/club/stats for a season ("" = the server's default, this year) in a time zone. */
export function statsUrl(season: string, tz: string | null): string {
  const q = new URLSearchParams();
  if (season) q.set("season", season);
  if (tz) q.set("tz", tz);
  const s = q.toString();
  return s ? `/api/club/stats?${s}` : "/api/club/stats";
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

/** Round ticks from 0 up to the first one at or above `max`: the chart's top line is labelled. */
export function ticksOver(max: number, count = 4): number[] {
  const ticks = niceTicks(max, count);
  const step = ticks.length > 1 ? ticks[1] - ticks[0] : max || 1;
  let top = ticks[ticks.length - 1];
  while (top < max - 1e-9) {
    top = Math.round((top + step) * 1e6) / 1e6;
    ticks.push(top);
  }
  return ticks;
}

export interface FieldBar {
  id: number;
  x: number;
  width: number;
  /** The players' part (bottom) and the re-entries' part stacked on it. */
  playersY: number;
  playersH: number;
  reentriesY: number;
  reentriesH: number;
  /** The prize pool's point, on its own scale (the right axis). */
  poolX: number;
  poolY: number;
}

export interface FieldBars {
  bars: FieldBar[];
  ticks: { value: number; y: number }[];
  /** The pool's line through the nights' points. */
  poolPath: string;
  maxPool: number;
}

/** One bar per night (players with the re-entries stacked on top), the prize pool as a line over them. */
export function fieldBars(nights: StatsNight[], box: Box): FieldBars {
  const most = Math.max(1, ...nights.map((n) => n.entries));
  const ticks = ticksOver(most);
  const y = linearScale([0, ticks[ticks.length - 1]], [box.y1, box.y0]);
  const maxPool = Math.max(0, ...nights.map((n) => Number(n.prize_pool) || 0));
  const poolY = linearScale([0, maxPool || 1], [box.y1, box.y0]);
  const slot = (box.x1 - box.x0) / Math.max(1, nights.length);
  const gap = Math.min(8, slot * 0.25);
  const bars = nights.map((n, i) => {
    const x = box.x0 + i * slot + gap / 2;
    const playersTop = y(n.players);
    const entriesTop = y(n.entries);
    return {
      id: n.tournament_id,
      x: round1(x),
      width: round1(Math.max(1, slot - gap)),
      playersY: round1(playersTop),
      playersH: round1(box.y1 - playersTop),
      reentriesY: round1(entriesTop),
      reentriesH: round1(playersTop - entriesTop),
      poolX: round1(x + (slot - gap) / 2),
      poolY: round1(poolY(Number(n.prize_pool) || 0)),
    };
  });
  const poolPath = bars.map((b, i) => `${i ? "L" : "M"}${b.poolX} ${b.poolY}`).join(" ");
  return { bars, ticks: ticks.map((v) => ({ value: v, y: round1(y(v)) })), poolPath, maxPool };
}

export interface DurationPlot {
  actual: string;
  planned: string;
  points: { id: number; x: number; actualY: number | null; plannedY: number | null }[];
  ticks: { hours: number; y: number }[];
}

/** The finished nights' durations and their plans, in hours, as two lines (a gap where a night has none). */
export function durationPlot(nights: StatsNight[], box: Box): DurationPlot | null {
  const done = nights.filter((n) => n.duration_ms != null);
  if (!done.length) return null;
  const hours = (ms: number | null | undefined) => (ms == null ? null : ms / 3_600_000);
  const most = Math.max(1, ...done.flatMap((n) => [hours(n.duration_ms) ?? 0, hours(n.planned_ms) ?? 0]));
  const ticks = ticksOver(most);
  const y = linearScale([0, ticks[ticks.length - 1]], [box.y1, box.y0]);
  const x = linearScale([0, Math.max(1, done.length - 1)], done.length === 1 ? [(box.x0 + box.x1) / 2, (box.x0 + box.x1) / 2] : [box.x0, box.x1]);
  const points = done.map((n, i) => {
    const a = hours(n.duration_ms);
    const p = hours(n.planned_ms);
    return { id: n.tournament_id, x: round1(x(i)), actualY: a == null ? null : round1(y(a)), plannedY: p == null ? null : round1(y(p)) };
  });
  return {
    actual: linePath(points.map((p) => [p.x, p.actualY])),
    planned: linePath(points.map((p) => [p.x, p.plannedY])),
    points,
    ticks: ticks.map((h) => ({ hours: h, y: round1(y(h)) })),
  };
}

/** "M x y L x y …", starting again after a missing point. */
export function linePath(points: [number, number | null][]): string {
  let path = "";
  let pen = false;
  for (const [x, y] of points) {
    if (y == null) {
      pen = false;
      continue;
    }
    path += `${path ? " " : ""}${pen ? "L" : "M"}${x} ${y}`;
    pen = true;
  }
  return path;
}

/** Each night's rate (part ÷ whole; null where the whole is 0), oldest first: the small trend. */
export function nightRates(nights: StatsNight[], part: keyof StatsNight, whole: keyof StatsNight): (number | null)[] {
  return nights.map((n) => {
    const w = Number(n[whole]);
    return w > 0 ? Number(n[part]) / w : null;
  });
}

/** A trend line through the rates (0 at the bottom, the highest rate or 100 % at the top). */
export function sparkPath(rates: (number | null)[], box: Box): string {
  const known = rates.filter((r): r is number => r != null);
  if (known.length < 2) return "";
  const y = linearScale([0, Math.max(...known, 0.0001)], [box.y1, box.y0]);
  const x = linearScale([0, rates.length - 1], [box.x0, box.x1]);
  return linePath(rates.map((r, i) => [round1(x(i)), r == null ? null : round1(y(r))]));
}

/**
 * The hours the heat strip shows, in order: every hour with a buy-in, from the end of the longest
 * quiet stretch of the day (so a night that runs past midnight stays in one piece: 17 … 23, 0, 1).
 * An empty week shows the evening (17–24).
 */
export function hourWindow(counts: number[][]): number[] {
  const busy = Array.from({ length: 24 }, (_, h) => counts.some((day) => (day[h] ?? 0) > 0));
  if (!busy.some(Boolean)) return Array.from({ length: 7 }, (_, i) => 17 + i);
  // the longest run of quiet hours, going round the clock
  let bestStart = 0;
  let bestLen = -1;
  for (let start = 0; start < 24; start++) {
    if (busy[start] || !busy[(start + 23) % 24]) continue; // a quiet run starts after a busy hour
    let len = 0;
    while (len < 24 && !busy[(start + len) % 24]) len++;
    if (len > bestLen) {
      bestLen = len;
      bestStart = start;
    }
  }
  const first = bestLen < 0 ? 0 : (bestStart + bestLen) % 24;
  const hours = Array.from({ length: 24 }, (_, i) => (first + i) % 24);
  let last = hours.length - 1;
  while (last > 0 && !busy[hours[last]]) last--;
  // at least MIN_HOURS, so a busy hour is seen beside quiet ones: the hours after it first, then before
  const shown = Math.max(last + 1, Math.min(MIN_HOURS, 24));
  const before = Math.min(2, shown - (last + 1));
  return Array.from({ length: shown }, (_, i) => (first - before + i + 24) % 24);
}

const MIN_HOURS = 8;

/** A cell's shade from 0 (no buy-in) to 4 (the busiest hour of the week). */
export function heatLevel(count: number, most: number): number {
  if (!(count > 0) || !(most > 0)) return 0;
  return Math.max(1, Math.ceil((4 * count) / most));
}

/** The busiest weekday (0 = Monday) and hour, with its count; null for an empty week. */
export function busiestHour(counts: number[][]): { day: number; hour: number; count: number } | null {
  let best: { day: number; hour: number; count: number } | null = null;
  counts.forEach((row, day) =>
    row.forEach((count, hour) => {
      if (count > 0 && (!best || count > best.count)) best = { day, hour, count };
    }),
  );
  return best;
}

/** Short weekday names, Monday first, in a locale ("Mo", "Di" … / "Mon", "Tue" …). */
export function weekdayNames(locale: string): string[] {
  const fmt = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2024, 0, 1 + i)))); // 1 Jan 2024: a Monday
}

/** 3 h 15 min → "3:15 h" (the same in German; the unit never wraps away from the number). */
export function hoursText(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return "–";
  const minutes = Math.round(Math.abs(ms) / 60_000);
  return `${ms < 0 ? "−" : ""}${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}\u00a0h`;
}

/** +40 min / −15 min / +1:05 h: how much longer than planned. */
export function overText(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return "–";
  const minutes = Math.round(ms / 60_000);
  const sign = minutes < 0 ? "−" : "+";
  return Math.abs(minutes) < 60 ? `${sign}${Math.abs(minutes)}\u00a0min` : `${sign}${hoursText(Math.abs(ms))}`;
}

/** A rate as a whole percentage (0.2308 → 23); null stays null. */
export function percent(rate: number | null | undefined): number | null {
  return rate == null || !Number.isFinite(rate) ? null : Math.round(rate * 100);
}
