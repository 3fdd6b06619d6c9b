// German and English. The language comes from navigator.language unless the user switched it;
// the choice is kept in localStorage. Strings load on demand, per role (docs/bundles.md): the
// build cuts each language into parts (scripts/role-strings.mjs), the core's few strings and one
// part per role app with the strings that role's code names. main.tsx awaits the first screen's
// part before the first render, so t() stays synchronous; setLang(l) loads l's parts first and
// only then switches.
import { useEffect, useState } from "preact/hooks";
import type { MessageKey } from "./en";
import { report } from "../sync/report";
import { spelled } from "./format";

export type Lang = "de" | "en";
export type { MessageKey };
export type Messages = Record<MessageKey, string>;
export type StringsPart = "core" | "director" | "dealer" | "player" | "display" | "season";
type Table = Partial<Messages>;

const loaders: Record<Lang, Record<StringsPart, () => Promise<{ default: Table }>>> = {
  en: {
    core: () => import("virtual:strings/en-core"),
    director: () => import("virtual:strings/en-director"),
    dealer: () => import("virtual:strings/en-dealer"),
    player: () => import("virtual:strings/en-player"),
    display: () => import("virtual:strings/en-display"),
    season: () => import("virtual:strings/en-season"),
  },
  de: {
    core: () => import("virtual:strings/de-core"),
    director: () => import("virtual:strings/de-director"),
    dealer: () => import("virtual:strings/de-dealer"),
    player: () => import("virtual:strings/de-player"),
    display: () => import("virtual:strings/de-display"),
    season: () => import("virtual:strings/de-season"),
  },
};

/** The loaded strings per language (only the parts loaded so far; t() falls back for the rest). */
export const messages: Record<Lang, Messages> = { en: {} as Messages, de: {} as Messages };
const complete = new Set<Lang>();
const have: Record<Lang, Set<StringsPart>> = { en: new Set(), de: new Set() };
const loading = new Map<string, Promise<void>>();
/** The parts this page shows: "core" before any role, then each role app shown. */
const needed = new Set<StringsPart>();

/** Makes a language's whole table available at once (tests: test-setup.ts). */
export function registerMessages(l: Lang, table: Messages): void {
  messages[l] = table;
  complete.add(l);
}

/** Whether l's strings for `part` are here. */
export function hasStrings(part: StringsPart, l: Lang = lang): boolean {
  return complete.has(l) || have[l].has(part);
}

/** Loads one part of a language once; a failed load (offline, not cached) may be retried later. */
export function loadStrings(l: Lang, part: StringsPart): Promise<void> {
  if (hasStrings(part, l)) return Promise.resolve();
  const id = `${l}/${part}`;
  let p = loading.get(id);
  if (!p) {
    p = loaders[l][part]().then(
      (m) => {
        messages[l] = { ...messages[l], ...m.default };
        have[l].add(part);
        loading.delete(id);
      },
      (e) => {
        loading.delete(id);
        throw e;
      },
    );
    loading.set(id, p);
  }
  return p;
}

/** The strings of every part this page shows, in language l. */
export function loadLang(l: Lang): Promise<void> {
  const parts: StringsPart[] = needed.size ? [...needed] : ["core"];
  return Promise.all(parts.map((part) => loadStrings(l, part))).then(() => undefined);
}

/** A screen of `part` is about to show: load its strings (in the language being switched to, too). */
export function needStrings(part: StringsPart): Promise<void> {
  needed.add(part);
  const now = loadStrings(lang, part);
  return wanted === lang ? now : Promise.all([now, loadStrings(wanted, part)]).then(() => undefined);
}

const STORAGE_KEY = "pokerfloor.lang";
const listeners = new Set<(l: Lang) => void>();

function detect(): Lang {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (saved === "de" || saved === "en") return saved;
  } catch (e) {
    report("lang.read", e); // no storage (private mode): the browser's language
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

// The language last asked for: a second tap while the first language still loads wins.
let wanted: Lang = lang;

/** Switches to l once its strings are loaded (at once when they are). */
export function setLang(l: Lang): Promise<void> {
  wanted = l;
  const ready = complete.has(l) || (needed.size ? [...needed] : (["core"] as StringsPart[])).every((p) => have[l].has(p));
  if (!ready) {
    return loadLang(l).then(
      () => {
        if (wanted === l) switchTo(l);
      },
      () => {
        if (wanted === l) wanted = lang; // offline and never loaded: stay in the current language
      },
    );
  }
  switchTo(l);
  return Promise.resolve();
}

function switchTo(l: Lang): void {
  if (l === lang) return;
  lang = l;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, l);
  } catch (e) {
    report("lang.save", e); // no storage (private mode): the choice lasts this session
  }
  applyDocumentLang();
  for (const fn of listeners) fn(l);
}

export function toggleLang(): Promise<void> {
  return setLang(wanted === "de" ? "en" : "de");
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
  return format(spelled(s, l), params);
}

// Numbers, money, times and places (in the tournament's region): i18n/format.ts.
export { ordinal, formatNumber, formatDecimal, formatMoney, formatTime, setRegion, getRegion, regionOf, numberLocale, currencyUnit, spelled, swissWriting } from "./format";

/** Re-render on language change; returns the current language. */
export function useLang(): Lang {
  const [l, setL] = useState<Lang>(lang);
  useEffect(() => onLang(setL), []);
  return l;
}
