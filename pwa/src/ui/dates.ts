// Dates and times as the phone's own locale writes them (the club's page and a personal link's
// registration): "Montag, 7. Dezember" on a de-CH phone, "Monday 7 December" on an en-GB one.
import type { Lang } from "../i18n";

/** The phone's own locale for dates when it speaks the UI's language (de-CH writes "Montag,
 * 7. Dezember"), else the language's usual one. */
export function dateLocale(lang: Lang, phoneLangs: readonly string[] = []): string {
  const own = phoneLangs.find((x) => String(x).toLowerCase().startsWith(lang));
  if (own) return own;
  return lang === "de" ? "de-DE" : "en-GB";
}

function fmt(locale: string, opts: Intl.DateTimeFormatOptions, ms: number): string {
  try {
    return new Intl.DateTimeFormat(locale, opts).format(new Date(ms));
  } catch {
    return new Intl.DateTimeFormat(undefined, opts).format(new Date(ms)); // an unknown locale tag
  }
}

/** "Monday, 7 December" / "Montag, 7. Dezember" (with the year when it is not this year's). */
export function dayText(ms: number, locale: string, now: number): string {
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  return fmt(locale, { weekday: "long", day: "numeric", month: "long", ...(sameYear ? {} : { year: "numeric" }) }, ms);
}

/** "19:00" in 24 h where the locale writes it so, "7:00 PM" where it does not (not "07:00 PM"). */
export function timeText(ms: number, locale: string): string {
  return fmt(locale, { hour: "numeric", minute: "2-digit" }, ms);
}

/** "Monday" / "Montag". */
export function weekdayText(ms: number, locale: string): string {
  return fmt(locale, { weekday: "long" }, ms);
}

/** The phone's languages (navigator.languages), for dateLocale. */
export function phoneLangs(): readonly string[] {
  const nav = (globalThis as any).navigator;
  return nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
}
