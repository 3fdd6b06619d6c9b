// What a TV's link picks for its screen (docs/screens.md): `#/display/<token>?layout=&theme=`.
// Shared by the TV (reads it) and the director's screen picker (writes it); not in the entry.

export const LAYOUTS = ["clock", "payouts", "moves", "seating", "lobby"] as const;
export type Layout = (typeof LAYOUTS)[number];
export const THEMES = ["night", "day", "felt", "royal"] as const;
export type Theme = (typeof THEMES)[number];

export interface ScreenOptions {
  layout: Layout;
  /** null: the club's theme (GET /api/display/look), else night. */
  theme: Theme | null;
  /** `sound=off` (or 0, no, false): a silent TV in the bar, whatever the director's switch says. */
  soundOff: boolean;
}

/** The screen's options from the query after the token; an unknown layout is the clock (today's
 * TV), an unknown theme the club's. */
export function screenOptions(query: string): ScreenOptions {
  const params: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(query)) params[k] = v;
  const layout = (LAYOUTS as readonly string[]).includes(params.layout) ? (params.layout as Layout) : "clock";
  const theme = (THEMES as readonly string[]).includes(params.theme) ? (params.theme as Theme) : null;
  const soundOff = ["off", "0", "no", "false"].includes((params.sound ?? "").toLowerCase());
  return { layout, theme, soundOff };
}

/** A display link with a screen's layout and theme (the clock and the club's theme: the plain link). */
export function screenLink(url: string, layout: Layout, theme: Theme | null): string {
  const base = url.split("?")[0];
  return base + screenQuery(layout, theme);
}

/** "?layout=…&theme=…" (or "" for the plain link), also for the QR code's route. */
export function screenQuery(layout: Layout, theme: Theme | null): string {
  const q = new URLSearchParams();
  if (layout !== "clock") q.set("layout", layout);
  if (theme) q.set("theme", theme);
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** Portrait (a TV on its side, 1080×1920): every layout stacks instead of side by side. */
export function isPortrait(width: number, height: number): boolean {
  return height > width;
}
