// The house's own rule ids (the preset's `cite`), for texts that quote a rule: a Noohn night
// never shows another house's ids (S-#46, V-VI.d), and a house without an id for a rule shows none.
// Set by the screens that know the tournament's rules: the director's (its preset) and the
// dealer's (its table view's `rules`), like the region the numbers follow (i18n/format.ts).
import { withRule } from "./reasons";

let cite: Record<string, string | null | undefined> = {};

export function setHouseRules(rules: Record<string, string | null | undefined> | null | undefined): void {
  cite = { ...(rules ?? {}) };
}

/** The house's id for a rule key ("N-2.7"), or "" where it has none. */
export function houseRule(key: string): string {
  return cite[key] ?? "";
}

/** "… the button." → "… the button (N-2.7)." on a Noohn night; unchanged where the house has no id. */
export function withHouseRule(text: string, key: string): string {
  return withRule(text, houseRule(key));
}
