// Searching names the way people type them at the desk: case, accents and ß folded, so "weiss"
// finds Weiß, "celine" Céline, "krahen" Krähen — and "kraehen" finds Krähen too (ä typed as ae).
// backend/read/locale_format.py search_forms does the same for /api/persons.

const UMLAUT_SPELLED: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue" };

function strip(s: string): string {
  // NFKD splits é into e + a combining accent; the accents (U+0300–U+036F) go.
  return s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

function spaces(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/** "Weiß Céline" → "weiss celine": lower case, accents dropped, ß → ss, spaces collapsed. */
export function fold(s: string): string {
  return spaces(strip(s.toLocaleLowerCase("de").replace(/ß/g, "ss")));
}

/** The forms a name can be found by: folded ("krahen") and with umlauts spelled out ("kraehen"). */
export function searchForms(name: string): string[] {
  const lower = name.toLocaleLowerCase("de").replace(/ß/g, "ss").normalize("NFC");
  const plain = fold(lower);
  const spelled = spaces(strip(lower.replace(/[äöü]/g, (c) => UMLAUT_SPELLED[c])));
  return plain === spelled ? [plain] : [plain, spelled];
}

/** Does `name` contain the typed `query` (folded)? An empty query matches everything. */
export function matchesName(name: string, query: string): boolean {
  const q = fold(query);
  if (!q) return true;
  return searchForms(name).some((f) => f.includes(q));
}
