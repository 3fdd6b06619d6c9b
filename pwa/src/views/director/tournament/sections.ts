// The director's tournament screen in sections, one tap apart. The section lives in
// the hash after the tournament (#/director/<tid>/<section>), so a reload returns to it; the
// router reads #/director/<tid>/<anything else> as the tournament route.

export const SECTIONS = ["floor", "players", "clock", "money", "desk", "tools"] as const;
export type SectionId = (typeof SECTIONS)[number];

export function isSection(x: unknown): x is SectionId {
  return typeof x === "string" && (SECTIONS as readonly string[]).includes(x);
}

/** The section named in a hash such as "#/director/12/floor", or null. */
export function sectionFromHash(hash: string, tid: string): SectionId | null {
  const parts = hash.replace(/^#/, "").split("/").filter(Boolean);
  if (parts[0] !== "director" || parts[1] !== String(tid)) return null;
  return isSection(parts[2]) ? parts[2] : null;
}

/** Where the screen opens when the hash names no section: the desk until seats are drawn, then the clock. */
export function defaultSection(registrationOpen: boolean): SectionId {
  return registrationOpen ? "desk" : "clock";
}

export function sectionHash(tid: string, s: SectionId): string {
  return `#/director/${encodeURIComponent(tid)}/${s}`;
}
