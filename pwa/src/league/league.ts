import type { Lang } from "../i18n";

const MONTHS = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  de: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
};

/** "2026-03" → "March 2026" / "März 2026"; "2026-H1" → "1st half 2026" / "1. Halbjahr 2026"; "overall". */
export function periodLabel(period: string, l: Lang): string {
  if (period === "overall") return l === "de" ? "Gesamt" : "Overall";
  let m = /^(\d{4})-(\d{2})$/.exec(period);
  if (m) {
    const i = Number(m[2]) - 1;
    if (i >= 0 && i < 12) return `${MONTHS[l][i]} ${m[1]}`;
  }
  m = /^(\d{4})-H([12])$/.exec(period);
  if (m) {
    if (l === "de") return `${m[2]}. Halbjahr ${m[1]}`;
    return `${m[2] === "1" ? "1st" : "2nd"} half ${m[1]}`;
  }
  return period;
}

export type LeagueKind = "v_ranking" | "n_series" | "g_tour" | "p_satellite" | "custom";
export const LEAGUE_KINDS: LeagueKind[] = ["v_ranking", "n_series", "g_tour", "p_satellite", "custom"];

/** Kinds that need a points table (or a preset's) when created. */
export function needsPoints(kind: LeagueKind): boolean {
  return kind === "g_tour" || kind === "custom";
}

/** "25, 21, 17 13;11" → [25, 21, 17, 13, 11]; null if any part is not a whole number ≥ 0 or nothing is given. */
export function parsePointsTable(raw: string): number[] | null {
  const parts = raw.split(/[\s,;]+/).filter(Boolean);
  if (!parts.length) return null;
  if (parts.some((p) => !/^\d+$/.test(p))) return null;
  return parts.map(Number);
}
