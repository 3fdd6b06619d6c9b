// German and English. The language comes from navigator.language unless the user switched it;
// the choice is kept in localStorage.
import { useEffect, useState } from "preact/hooks";
import { en, type MessageKey } from "./en";
import { de } from "./de";

export type Lang = "de" | "en";
export type { MessageKey };

export const messages: Record<Lang, Record<MessageKey, string>> = { en, de };

const STORAGE_KEY = "pokerfloor.lang";
const listeners = new Set<(l: Lang) => void>();

function detect(): Lang {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (saved === "de" || saved === "en") return saved;
  } catch {
    /* private mode */
  }
  const nav = (globalThis as any).navigator;
  const langs: string[] = (nav?.languages && nav.languages.length ? nav.languages : [nav?.language]).filter(Boolean);
  for (const l of langs) {
    const p = String(l).toLowerCase().slice(0, 2);
    if (p === "de") return "de";
    if (p === "en") return "en";
  }
  return "en";
}

let lang: Lang = detect();
applyDocumentLang();

function applyDocumentLang() {
  const doc = (globalThis as any).document;
  if (doc?.documentElement) doc.documentElement.lang = lang;
}

export function getLang(): Lang {
  return lang;
}

export function setLang(l: Lang): void {
  if (l === lang) return;
  lang = l;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, l);
  } catch {
    /* ignore */
  }
  applyDocumentLang();
  for (const fn of listeners) fn(l);
}

export function toggleLang(): void {
  setLang(lang === "de" ? "en" : "de");
}

export function onLang(fn: (l: Lang) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function format(template: string, params?: Record<string, string | number | null | undefined>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k) => (params[k] === undefined || params[k] === null ? m : String(params[k])));
}

export function t(key: MessageKey, params?: Record<string, string | number | null | undefined>, l: Lang = lang): string {
  const s = messages[l][key] ?? messages.en[key] ?? key;
  return format(s, params);
}

/** 20 → "20th" (en) / "20." (de). */
export function ordinal(n: number, l: Lang = lang): string {
  if (l === "de") return `${n}.`;
  const mod100 = n % 100;
  const mod10 = n % 10;
  const suf = mod100 >= 11 && mod100 <= 13 ? "th" : mod10 === 1 ? "st" : mod10 === 2 ? "nd" : mod10 === 3 ? "rd" : "th";
  return `${n}${suf}`;
}

export function formatNumber(n: number | null | undefined, l: Lang = lang): string {
  if (n === null || n === undefined || !Number.isFinite(Number(n))) return "–";
  return new Intl.NumberFormat(l === "de" ? "de-DE" : "en-US", { maximumFractionDigits: 0 }).format(Number(n));
}

/** 7.5 → "7.5" / "7,5": up to `digits` decimals. */
export function formatDecimal(n: number | null | undefined, digits = 1, l: Lang = lang): string {
  if (n === null || n === undefined || !Number.isFinite(Number(n))) return "–";
  return new Intl.NumberFormat(l === "de" ? "de-DE" : "en-US", { maximumFractionDigits: digits }).format(Number(n));
}

export function formatMoney(n: number | null | undefined, currency: string | null | undefined, l: Lang = lang): string {
  if (n === null || n === undefined) return "–";
  try {
    return new Intl.NumberFormat(l === "de" ? "de-DE" : "en-US", {
      style: "currency",
      currency: currency || "EUR",
      maximumFractionDigits: 0,
    }).format(Number(n));
  } catch {
    return formatNumber(n, l);
  }
}

export function formatTime(ms: number | null | undefined, l: Lang = lang): string {
  if (!ms) return "";
  return new Date(ms).toLocaleTimeString(l === "de" ? "de-DE" : "en-GB", { hour: "2-digit", minute: "2-digit" });
}

/** Re-render on language change; returns the current language. */
export function useLang(): Lang {
  const [l, setL] = useState<Lang>(lang);
  useEffect(() => onLang(setL), []);
  return l;
}
