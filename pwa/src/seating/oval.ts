// Seats around an oval table, as every screen draws them (director map, dealer, player).
// Seats are numbered clockwise; seat 1 sits at the dealer's left. The dealer is at the bottom
// centre, so seat 1 is the first seat left of the bottom gap and the numbers run up the left
// side, across the top and down the right side (clockwise on screen).

export interface SeatPoint {
  seat: number;
  /** Offset from the table's centre (y grows downwards, like SVG). */
  x: number;
  y: number;
  /** Angle clockwise from the bottom (the dealer), in degrees. */
  angle: number;
}

/** The point of an ellipse at `angle` degrees clockwise from the bottom (screen coordinates). */
export function ellipsePoint(rx: number, ry: number, angle: number): { x: number; y: number } {
  const a = (angle * Math.PI) / 180;
  return { x: -rx * Math.sin(a), y: ry * Math.cos(a) };
}

const STEPS = 720;

/**
 * `n` seats on an ellipse of radii rx, ry, the same distance apart along the edge (not the same
 * angle apart, which would crowd the seats at the narrow ends), leaving a gap of `gapDeg`
 * degrees' worth of edge at the bottom for the dealer.
 */
export function layoutSeats(n: number, rx: number, ry: number, gapDeg = 40): SeatPoint[] {
  if (!Number.isFinite(n) || n < 1) return [];
  n = Math.floor(n);
  // Cumulative edge length from the bottom, clockwise.
  const lengths: number[] = [0];
  let prev = ellipsePoint(rx, ry, 0);
  for (let i = 1; i <= STEPS; i++) {
    const p = ellipsePoint(rx, ry, (360 * i) / STEPS);
    lengths.push(lengths[i - 1] + Math.hypot(p.x - prev.x, p.y - prev.y));
    prev = p;
  }
  const total = lengths[STEPS];
  const gap = (total * Math.max(0, Math.min(gapDeg, 180))) / 360;
  const step = (total - gap) / n;
  const out: SeatPoint[] = [];
  let j = 0;
  for (let k = 1; k <= n; k++) {
    const s = gap / 2 + (k - 0.5) * step;
    while (j < STEPS && lengths[j + 1] < s) j++;
    const span = lengths[j + 1] - lengths[j] || 1;
    const angle = ((j + (s - lengths[j]) / span) * 360) / STEPS;
    const p = ellipsePoint(rx, ry, angle);
    out.push({ seat: k, x: p.x, y: p.y, angle });
  }
  return out;
}

/**
 * A name short enough for a seat on the map: whole if it fits, else the first name shortened and
 * the last name's initial ("Anna M."), keeping a number at the end whole ("Spiel… 12").
 */
export function shortName(name: string, max = 8): string {
  const clean = String(name ?? "").trim().replace(/\s+/g, " ");
  if (clean.length <= max) return clean;
  const words = clean.split(" ");
  if (words.length >= 2) {
    const lastWord = words[words.length - 1];
    const last = /^\d+$/.test(lastWord) ? lastWord : `${lastWord[0]}.`;
    const room = max - last.length - 1;
    if (room >= 2) {
      const first = words[0].length > room ? `${words[0].slice(0, room - 1)}…` : words[0];
      return `${first} ${last}`;
    }
  }
  return `${clean.slice(0, max - 1)}…`;
}
