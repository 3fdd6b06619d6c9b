// A refused command's reason in the phone's language. The server answers with a code (`error`),
// its English `message` and, for the common refusals, the message's parts (`params`: names,
// numbers, a `variant` where one code has several wordings). The text is the i18n key
// `refusal.<error>[.<variant>]` with the params filled in; anything else (no params, no key, a
// part missing) shows the server's message as it is, so a new refusal is never blank.
import { getLang, messages, format, spelled, type Lang } from "../i18n";

export type RefusalParams = Record<string, unknown> | null | undefined;

// Params that are words of the server's English ("bust", "prepaid", "missed_hand"): translated by their own keys.
const WORDS = ["what", "flag", "kind", "status"];

/** The sentence with the rule id at its end, unless it names it already (backend/engine/refusals.py). */
export function withRule(text: string, rule: string): string {
  if (!rule || text.includes(rule)) return text;
  return text.endsWith(".") ? `${text.slice(0, -1)} (${rule}).` : `${text} (${rule})`;
}

// Words a role app adds for refusals only its phones meet (the director's legal limits:
// src/views/director/legalWords.ts), so no other role's strings carry them (docs/bundles.md).
type MoreWords = (key: string, l: Lang) => string | undefined;
let moreWords: MoreWords = () => undefined;
export function addRefusalWords(words: MoreWords): void {
  moreWords = words;
}

export function reasonText(error: string | null | undefined, params: RefusalParams, message: string | null | undefined, l: Lang = getLang()): string {
  const fallback = message ?? error ?? "";
  if (!error || !params || typeof params !== "object") return fallback;
  const table = messages[l] as Record<string, string>;
  const variant = typeof params.variant === "string" ? params.variant : null;
  const key = `${error}${variant ? `.${variant}` : ""}`;
  const template = table[`refusal.${key}`] ?? moreWords(key, l);
  if (!template) return fallback;
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === "number" || typeof v === "string") values[k] = v;
  }
  for (const k of WORDS) {
    if (typeof values[k] === "string") values[k] = table[`refusal.${k}.${values[k]}`] ?? values[k];
  }
  const missing = [...template.matchAll(/\{(\w+)\}/g)].some((m) => !(m[1] in values));
  if (missing) return fallback;
  // Every refusal that applies a house rule names it (params.rule); the wordings leave it to here.
  const rule = typeof params.rule === "string" ? params.rule : "";
  return withRule(format(spelled(template, l), values), rule);
}
