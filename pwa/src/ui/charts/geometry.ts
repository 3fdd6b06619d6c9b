// Geometry for the small SVG charts (no chart library): scales, ticks, the players-left line and
// the chip-stack buckets in big blinds. Pure functions, tested in geometry.test.ts.

export type Scale = (v: number) => number;

/** A linear map from [d0, d1] to [r0, r1]; a zero-width domain maps to the middle. */
export function linearScale(domain: [number, number], range: [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  const k = (r1 - r0) / (d1 - d0);
  return (v) => r0 + (v - d0) * k;
}

/** Round tick values (1, 2, 5 × 10^n) covering [0, max], at most about `count` of them. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0];
  const raw = max / Math.max(1, count);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
  const out: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

/** One point of the public view's `players_history`: [at (ms or null before the start), players left, structure index or null]. */
export type HistoryPoint = [number | null, number, number | null];

export interface LinePlot {
  /** SVG path of the step line ("M x y H x V y …"). */
  path: string;
  /** Where the structure entry changes between two points (a new level or a break). */
  marks: { x: number; index: number }[];
  xScale: Scale;
  yScale: Scale;
  t0: number;
  t1: number;
  max: number;
}

/**
 * The players-left step line. Untimed points (registrations before the start) only set the first
 * count; the line runs from the first timed point to `now` (the count stays until it changes).
 */
export function playersLeftPlot(
  points: HistoryPoint[] | null | undefined,
  box: { x0: number; x1: number; y0: number; y1: number },
  now: number,
): LinePlot | null {
  const list = Array.isArray(points) ? points.filter((p) => Array.isArray(p) && Number.isFinite(Number(p[1]))) : [];
  const timed = list.filter((p) => p[0] != null && Number.isFinite(Number(p[0])));
  if (!timed.length) return null;
  const t0 = Number(timed[0][0]);
  const t1 = Math.max(Number(timed[timed.length - 1][0]), now, t0 + 1);
  const max = Math.max(1, ...list.map((p) => Number(p[1])));
  const xScale = linearScale([t0, t1], [box.x0, box.x1]);
  const yScale = linearScale([0, max], [box.y1, box.y0]);
  let path = "";
  const marks: { x: number; index: number }[] = [];
  let lastIndex: number | null = null;
  timed.forEach((p, i) => {
    const x = round(xScale(Number(p[0])));
    const y = round(yScale(Number(p[1])));
    path += i === 0 ? `M${x} ${y}` : ` H${x} V${y}`;
    const index = p[2];
    if (index != null && lastIndex != null && index !== lastIndex) marks.push({ x, index });
    if (index != null) lastIndex = index;
  });
  path += ` H${round(xScale(t1))}`;
  return { path, marks, xScale, yScale, t0, t1, max };
}

export interface Bucket {
  key: string;
  /** In big blinds: lower bound (inclusive) and upper bound (exclusive; null = open). */
  from: number;
  to: number | null;
  count: number;
}

/** The buckets of the chip histogram, in big blinds: <10, 10–20, 20–40, 40–80, >80. */
export const BB_EDGES = [10, 20, 40, 80];

export function stackBuckets(stacks: number[] | null | undefined, bb: number | null | undefined): Bucket[] {
  const edges = [0, ...BB_EDGES];
  const buckets: Bucket[] = edges.map((from, i) => ({
    key: i === 0 ? `<${BB_EDGES[0]}` : i === edges.length - 1 ? `>${from}` : `${from}-${edges[i + 1]}`,
    from,
    to: i + 1 < edges.length ? edges[i + 1] : null,
    count: 0,
  }));
  const big = Number(bb);
  if (!Array.isArray(stacks) || !(big > 0)) return buckets;
  for (const s of stacks) {
    const v = Number(s);
    if (!(v > 0)) continue;
    buckets[bucketIndex(v / big)].count += 1;
  }
  return buckets;
}

/** Which bucket a stack of `x` big blinds falls in (exactly 10 BB is in 10–20). */
export function bucketIndex(x: number): number {
  let i = 0;
  while (i < BB_EDGES.length && x >= BB_EDGES[i]) i++;
  return i;
}

/**
 * Where the average sits along the histogram's x axis, as a fraction of the bucket row
 * (0 = left edge of the first bucket, 1 = right edge of the last): inside its bucket, linear
 * between the bucket's edges (the open last bucket is drawn as 80–160 BB, capped at its edge).
 */
export function averagePosition(averageBb: number | null | undefined, buckets = BB_EDGES.length + 1): number | null {
  if (averageBb == null) return null;
  const x = Number(averageBb);
  if (!Number.isFinite(x) || x < 0) return null;
  const i = bucketIndex(x);
  const lo = i === 0 ? 0 : BB_EDGES[i - 1];
  const hi = i < BB_EDGES.length ? BB_EDGES[i] : BB_EDGES[BB_EDGES.length - 1] * 2;
  const within = Math.min(1, (x - lo) / (hi - lo));
  return (i + within) / buckets;
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}
