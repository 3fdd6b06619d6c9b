// A player's season (docs/season.md) as the phone shows it: the words of a night and the small
// chart's bars. Pure functions (history.test.ts). Only the core is imported (i18n): this folder is
// shared by the season part and the director's app, and a module shared with the player's or the
// dealer's chunks would split theirs (docs/bundles.md).
import { ordinal, formatMoney, regionOf, type Lang } from "../i18n";
import type { HistoryNight, PlayerHistory } from "../api/views";

export type { HistoryNight, PlayerHistory };

/** "2nd" / "2." — "2nd=" / "2.=" when the place is shared. */
export function placeWord(place: number, tie: number, l: Lang): string {
  return `${ordinal(place, l)}${tie > 1 ? "=" : ""}`;
}

/** A prize in its night's currency, written the way of the currency's region (de-CH "1'102 CHF"). */
export function prizeText(amount: number, currency: string, l: Lang): string {
  return formatMoney(amount, currency, l, regionOf({ currency }));
}

const MONTH: Record<Lang, Intl.DateTimeFormatOptions> = {
  en: { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" },
  de: { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" },
};

/** "2026-03-14" → "Mar 14, 2026" / "14.03.2026"; anything else as it is. */
export function dayText(day: string, l: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return at.toLocaleDateString(l === "de" ? "de-DE" : "en-US", MONTH[l]);
}

/** "14.3." / "3/14": the chart's short date. */
export function shortDay(day: string, l: Lang): string {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const [month, date] = [Number(m[1]), Number(m[2])];
  return l === "de" ? `${date}.${month}.` : `${month}/${date}`;
}

export interface Bar {
  tournamentId: number;
  x: number;
  width: number;
  /** The share of the field he outlasted, 0..1 (the winner 1); null while he is still in. */
  share: number | null;
  height: number;
  place: number | null;
  tie: number;
  cashed: boolean;
  provisional: boolean;
  day: string;
}

/** At most this many nights in the chart (the newest). */
export const CHART_NIGHTS = 12;

/**
 * The chart's bars, oldest left: a bar's height is how far he got in that night's field (the
 * winner's reaches the top, the first one out a stub), so nights of different sizes compare. A
 * night he is still in, or was disqualified from, has no height.
 */
export function seasonBars(nights: HistoryNight[], box: { x0: number; x1: number; y0: number; y1: number }): Bar[] {
  const shown = nights.slice(0, CHART_NIGHTS).reverse();
  if (!shown.length) return [];
  const slot = (box.x1 - box.x0) / Math.max(shown.length, 4); // one or two nights: no fat bars
  const tall = box.y1 - box.y0;
  return shown.map((n, i) => {
    const share = n.place == null || n.players < 1 ? null : n.players === 1 ? 1 : (n.players - n.place) / (n.players - 1);
    return {
      tournamentId: n.tournament_id,
      x: box.x0 + i * slot + slot * 0.15,
      width: slot * 0.7,
      share,
      height: share == null ? 0 : Math.max(3, Math.round(share * tall * 10) / 10),
      place: n.place,
      tie: n.tie,
      cashed: n.prize > 0,
      provisional: n.provisional,
      day: n.played_on,
    };
  });
}

/** The prize sums per currency, as one line ("54 CHF · 120 €"); "–" for none. */
export function prizeSums(history: PlayerHistory, l: Lang): string {
  const sums = history.totals.prizes.filter((p) => p.amount > 0);
  return sums.length ? sums.map((p) => prizeText(p.amount, p.currency, l)).join(" · ") : "–";
}
