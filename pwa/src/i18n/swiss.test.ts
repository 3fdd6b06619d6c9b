// Swiss German writing (issue: "schließt" on a Noohn night): a tournament whose region is CH, or a
// phone whose German is de-CH, writes "ss" for "ß" in the app's words, never in names.
import { afterEach, describe, expect, it, vi } from "vitest";
import { setRegion, spelled, swissWriting } from "./format";
import { setLang, t } from "./index";
import { reasonText } from "../ui/reasons";

afterEach(() => {
  setRegion(null);
  vi.unstubAllGlobals();
});

describe("Swiss German writing", () => {
  it("writes ss for ß where the tournament is Swiss (the preset's region CH)", async () => {
    await setLang("de");
    setRegion("CH");
    expect(t("desk.closes_at", { time: "18:50" })).toBe("Check-in schliesst um 18:50");
    expect(t("sheet.close")).toBe("Schliessen");
    setRegion("DE");
    expect(t("desk.closes_at", { time: "18:50" })).toBe("Check-in schließt um 18:50");
  });
  it("never respells a name filled into a text", async () => {
    await setLang("de");
    setRegion("CH");
    expect(t("removed.who_table", { table: 2, seat: 4, name: "Anna Weiß" })).toBe("Tisch 2, Sitz 4: Anna Weiß");
  });
  it("writes Swiss on a de-CH phone whatever the tournament, and English stays English", async () => {
    vi.stubGlobal("navigator", { languages: ["de-CH", "en"], language: "de-CH" });
    setRegion("DE");
    expect(swissWriting("de")).toBe(true);
    expect(spelled("schließt", "de")).toBe("schliesst");
    expect(spelled("schließt", "en")).toBe("schließt");
    vi.stubGlobal("navigator", { languages: ["de-DE"], language: "de-DE" });
    expect(swissWriting("de")).toBe(false);
  });
  it("a refused command's reason is written the Swiss way too", async () => {
    await setLang("de");
    setRegion("CH");
    const text = reasonText("not_at_your_table", { name: "Max", table: 1, own_table: 2, variant: "undo" }, "x", "de");
    expect(text).toBe("Max sass an Tisch 1, nicht an Tisch 2 — Rückgängig nicht übernommen.");
  });
});
