import { describe, expect, it } from "vitest";
import { byFamilyName, familyKey } from "./names";

describe("names in a desk's order", () => {
  it("sorts by family name, then first name, accents folded", () => {
    const names = ["Zoë Weiß", "Anna Keller", "Bert Müller", "Ärni Keller", "Cem", "Müller, Anna"];
    expect([...names].sort(byFamilyName)).toEqual(["Cem", "Anna Keller", "Ärni Keller", "Müller, Anna", "Bert Müller", "Zoë Weiß"]);
  });
  it("reads the family name as the last word, or before a comma", () => {
    expect(familyKey("Anna Maria Keller")).toEqual(["keller", "anna maria"]);
    expect(familyKey("Keller, Anna")).toEqual(["keller", "anna"]);
  });
});
