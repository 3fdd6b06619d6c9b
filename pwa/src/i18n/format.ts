// Numbers, money, times and places in the phone's language and the tournament's region.
//
// The phone's language picks German or English; for German the tournament's region (from its
// preset's `format.region`, else from its currency: CHF → CH, EUR → DE; the server sends it as
// `region` in the public and director views) picks the grouping:
//   de-CH  3'750   7.5   3'750 CHF     (ASCII apostrophe, as the Swiss rulebooks write "5'000")
//   de-DE  3.750   7,5   3.750 €
//   en     3,750   7.5   3,750 CHF / 3,750 €
// Money is always "<amount> <unit>", the unit € for EUR and the ISO code otherwise, whole amounts
// without decimals and others to the cent. backend/read/locale_format.py writes money the same way.
import { getLang, type Lang } from "./index";

/** Regions whose German grouping we know from Intl (any two-letter region works). */
export type Region = string;

const DEFAULT_REGION = "DE";
let region: Region = DEFAULT_REGION;

/** Where a currency alone says which German-speaking region it is (a view without `region`). */
const CURRENCY_REGION: Record<string, Region> = { CHF: "CH", EUR: "DE" };
/** Units written as a sign instead of the ISO code. */
const CURRENCY_SIGN: Record<string, string> = { EUR: "€" };

/** The region a view names, else the one its currency implies, else Germany. */
export function regionOf(view: { region?: string | null; currency?: string | null } | null | undefined): Region {
  const r = String(view?.region ?? "").toUpperCase();
  if (/^[A-Z]{2}$/.test(r)) return r;
  return CURRENCY_REGION[String(view?.currency ?? "").toUpperCase()] ?? DEFAULT_REGION;
}

/** Sets the tournament's region for every formatter below (ui/hooks.ts useView does it as views arrive). */
export function setRegion(r: Region | null | undefined): void {
  region = r && /^[A-Za-z]{2}$/.test(r) ? r.toUpperCase() : DEFAULT_REGION;
}

export function getRegion(): Region {
  return region;
}

/** The phone's own German is Swiss (de-CH, de-LI): its first German language says so. */
function phoneIsSwiss(): boolean {
  const nav = (globalThis as any).navigator;
  const langs: string[] = (nav?.languages && nav.languages.length ? nav.languages : [nav?.language]).filter(Boolean);
  const german = langs.map((x) => String(x).toLowerCase()).find((x) => x.startsWith("de"));
  return german === "de-ch" || german === "de-li";
}

/** Swiss German writing: where the tournament's region is CH (its preset's `format.region`, or
 * CHF), or where the phone's German is Swiss, German words are written the Swiss way. */
export function swissWriting(l: Lang = getLang(), r: Region = region): boolean {
  return l === "de" && (r === "CH" || r === "LI" || phoneIsSwiss());
}

/** A German text as the reader writes it: Swiss German has no ß ("schliesst", "Grüsse"). Only a
 * template is respelled, never the names filled into it (Anna Weiß stays Weiß). */
export function spelled(text: string, l: Lang = getLang(), r: Region = region): string {
  return swissWriting(l, r) ? text.replace(/ß/g, "ss") : text;
}

/** The BCP 47 locale numbers use: en-US for English, de-<region> for German. */
export function numberLocale(l: Lang = getLang(), r: Region = region): string {
  return l === "de" ? `de-${r}` : "en-US";
}

const cache = new Map<string, Intl.NumberFormat>();
function nf(locale: string, min: number, max: number): Intl.NumberFormat {
  const key = `${locale}|${min}|${max}`;
  let f = cache.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
    } catch {
      // A locale this browser does not know: not a failure, the default region's format.
      f = new Intl.NumberFormat("de-DE", { minimumFractionDigits: min, maximumFractionDigits: max });
    }
    cache.set(key, f);
  }
  return f;
}

function grouped(n: number, min: number, max: number, l: Lang, r: Region): string {
  // ICU writes the Swiss group sign as ’ (U+2019) in some versions and ' in others: always '.
  return nf(numberLocale(l, r), min, max).format(n).replace(/\u2019/g, "'");
}

function finite(n: number | null | undefined): n is number {
  return n !== null && n !== undefined && Number.isFinite(Number(n));
}

/** 3750 → "3,750" / "3.750" (de-DE) / "3'750" (de-CH); "–" for nothing. */
export function formatNumber(n: number | null | undefined, l: Lang = getLang(), r: Region = region): string {
  if (!finite(n)) return "–";
  return grouped(Number(n), 0, 0, l, r);
}

/** 7.5 → "7.5" / "7,5" (de-DE) / "7.5" (de-CH): up to `digits` decimals. */
export function formatDecimal(n: number | null | undefined, digits = 1, l: Lang = getLang(), r: Region = region): string {
  if (!finite(n)) return "–";
  return grouped(Number(n), 0, digits, l, r);
}

/** The unit after an amount: "€" for EUR, else the code ("CHF"); "" for none. */
export function currencyUnit(currency: string | null | undefined): string {
  const c = String(currency ?? "").trim();
  return CURRENCY_SIGN[c.toUpperCase()] ?? c;
}

/** 3750 CHF → "3,750 CHF" / "3'750 CHF" (de-CH) / "3.750 €" (de-DE, EUR); 75.5 → "75.50 …". */
export function formatMoney(n: number | null | undefined, currency: string | null | undefined, l: Lang = getLang(), r: Region = region): string {
  if (!finite(n)) return "–";
  const v = Number(n);
  const whole = Math.abs(v - Math.round(v)) < 1e-9;
  const s = grouped(v, whole ? 0 : 2, whole ? 0 : 2, l, r);
  const unit = currencyUnit(currency);
  return unit ? `${s} ${unit}` : s;
}

export function formatTime(ms: number | null | undefined, l: Lang = getLang()): string {
  if (!ms) return "";
  return new Date(ms).toLocaleTimeString(l === "de" ? "de-DE" : "en-GB", { hour: "2-digit", minute: "2-digit" });
}

/** 20 → "20th" (en) / "20." (de). */
export function ordinal(n: number, l: Lang = getLang()): string {
  if (l === "de") return `${n}.`;
  const mod100 = n % 100;
  const mod10 = n % 10;
  const suf = mod100 >= 11 && mod100 <= 13 ? "th" : mod10 === 1 ? "st" : mod10 === 2 ? "nd" : mod10 === 3 ? "rd" : "th";
  return `${n}${suf}`;
}
