// German says "Sitz" for a seat and "Platz"/"Rang" for a finishing place, consistently.
// ("Startplatz", a reserved entry in the field, is a word of its own and allowed.)
import { describe, expect, it } from "vitest";
import { en } from "./en";
import { de } from "./de";

const keys = Object.keys(de) as (keyof typeof de)[];
// "Platz"/"Plätze" as a word or the start of one (Platzkarten), not inside Startplatz/Sitzplatz
const PLATZ = /(^|[^A-Za-zÄÖÜäöüß])(Platz|Plätze)/;
const SEAT_PARAM = /\{(seat|to_seat|from_seat|seats)\}/;

describe("German terminology: Sitz for a seat, Platz/Rang for a place", () => {
  it("every string about a seat (English 'seat') says Sitz, never Platz", () => {
    const wrong = keys.filter((k) => /\bseats?\b/i.test((en as any)[k] ?? "") && PLATZ.test(de[k]));
    expect(wrong.map((k) => `${k}: ${de[k]}`)).toEqual([]);
  });
  it("every string with a seat number says Sitz", () => {
    const seatStrings = keys.filter((k) => SEAT_PARAM.test(de[k]) || /\b[Ss]eat \{s\}/.test((en as any)[k] ?? ""));
    expect(seatStrings.length).toBeGreaterThan(20);
    const wrong = seatStrings.filter((k) => !/Sitz/.test(de[k]) || PLATZ.test(de[k]));
    expect(wrong.map((k) => `${k}: ${de[k]}`)).toEqual([]);
  });
  it("a finishing place (English 'place', no seat) is never a Sitz", () => {
    const places = keys.filter((k) => /\bplaces?\b|\{place\}/i.test((en as any)[k] ?? "") && !/seat/i.test((en as any)[k] ?? ""));
    expect(places.length).toBeGreaterThan(5);
    const wrong = places.filter((k) => /Sitz/.test(de[k]));
    expect(wrong.map((k) => `${k}: ${de[k]}`)).toEqual([]);
  });
  it("the rule catches the old wording", () => {
    expect(PLATZ.test("Tisch 2 · Platz 3")).toBe(true);
    expect(PLATZ.test("Platzkarten")).toBe(true);
    expect(PLATZ.test("Niemand verliert einen Startplatz.")).toBe(false);
  });
});
