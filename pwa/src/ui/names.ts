// Lists of people in the order a club's desk keeps them: by family name, then first name
// ("Keller Anna" before "Müller Bert"), accents folded the German way (ui/search.ts).
import { fold } from "./search";

/** "Anna Maria Keller" → ["keller", "anna maria"]: the last word is the family name. A name
 * written "Keller, Anna" (the import's form) keeps its order. */
export function familyKey(name: string): [string, string] {
  const comma = name.indexOf(",");
  if (comma > 0) return [fold(name.slice(0, comma)), fold(name.slice(comma + 1))];
  const words = fold(name).split(" ");
  return words.length > 1 ? [words[words.length - 1], words.slice(0, -1).join(" ")] : [words[0] ?? "", ""];
}

export function byFamilyName(a: string, b: string): number {
  const [fa, ga] = familyKey(a);
  const [fb, gb] = familyKey(b);
  return fa.localeCompare(fb, "de") || ga.localeCompare(gb, "de");
}
