// The club's look on its TVs (GET /api/display/look, served by the club images' side): the theme,
// the logo and the sponsors in rotation. Until a club has one (or a server without it: 404), the
// TV looks as before: night, no logo, no sponsors.
import { useCachedFetch } from "../../ui/useCachedFetch";
import { THEMES, type Theme } from "../../ui/screens";

export interface LookImage {
  url: string;
  width?: number;
  height?: number;
  name?: string;
}
export interface Look {
  theme: Theme;
  logo: LookImage | null;
  sponsors: LookImage[];
  rotate_s: number;
}

export const NO_LOOK: Look = { theme: "night", logo: null, sponsors: [], rotate_s: 12 };
/** The look is asked again this often (a new sponsor shows on the TVs within minutes). */
export const LOOK_REFRESH_MS = 5 * 60_000;

/** Only a same-origin path is shown (an <img> of the club's own /media/…, never a foreign URL). */
function image(x: any): LookImage | null {
  if (!x || typeof x.url !== "string" || !x.url.startsWith("/") || x.url.startsWith("//")) return null;
  return { url: x.url, width: Number(x.width) || undefined, height: Number(x.height) || undefined, name: typeof x.name === "string" ? x.name : undefined };
}

/** The server's answer, checked field by field; anything unusable falls back to NO_LOOK's. */
export function parseLook(d: any): Look {
  if (!d || typeof d !== "object") return NO_LOOK;
  const theme = (THEMES as readonly string[]).includes(d.theme) ? (d.theme as Theme) : "night";
  const sponsors = Array.isArray(d.sponsors) ? d.sponsors.map(image).filter((x: LookImage | null): x is LookImage => x != null).slice(0, 8) : [];
  const rotate = Number(d.rotate_s);
  return { theme, logo: image(d.logo), sponsors, rotate_s: rotate >= 3 && rotate <= 600 ? rotate : 12 };
}

/** The club's look for this TV (a failed or missing answer: NO_LOOK). */
export function useLook(token: string): Look {
  const { data } = useCachedFetch<Look>("/api/display/look", {
    where: "display.look",
    token,
    cache: `display:look:${token}`, // a TV moved to another club's link never shows the old look
    select: (d) => parseLook(d),
    refreshMs: LOOK_REFRESH_MS,
  });
  return data ?? NO_LOOK;
}

/** The theme a screen shows: its link's, else the club's, else night. */
export function themeOf(linkTheme: Theme | null, look: Look): Theme {
  return linkTheme ?? look.theme;
}
