import { describe, expect, it } from "vitest";
import { reasonText } from "./reasons";

const MOVED_EN = "Player 02 was moved to table 1, seat 3 — bust not applied; the dealer there records it.";
const moved = { name: "Player 02", table: 1, seat: 3, moved: true, own_table: 2, what: "bust", variant: "moved" };

describe("reasonText", () => {
  it("says the server's refusal in German with the params filled in", () => {
    expect(reasonText("not_at_your_table", moved, MOVED_EN, "de")).toBe(
      "Player 02 wurde an Tisch 1, Platz 3 versetzt — Bust nicht übernommen; das erfasst der Dealer dort.");
    expect(reasonText("already_out", { name: "Jürg", place: 23, what: "busts", variant: "out" }, "x", "de")).toBe(
      "Jürg ist schon ausgeschieden (Platz 23; ein Spieler scheidet nur einmal aus, N-1.15) — Busts nicht übernommen.");
    expect(reasonText("name_required", { variant: "line" }, "no name", "de")).toBe("kein Name");
    expect(reasonText("invalid_flag", { flag: "prepaid", value: "vielleicht" }, "x", "de")).toBe(
      "Bezahlt „vielleicht“ ist weder ja noch nein (ja/yes/1/x oder leer/nein/no/0)");
  });
  it("in English matches the server's wording", () => {
    expect(reasonText("not_at_your_table", moved, "ignored", "en")).toBe(MOVED_EN);
    expect(reasonText("field_full", { limit: 40, cite: " (N-3.3)" }, "x", "en")).toBe("The field is full (40 players (N-3.3)).");
    expect(reasonText("field_full", { limit: 40, cite: "" }, "x", "de")).toBe("Das Feld ist voll (40 Spieler).");
  });
  it("falls back to the server's message without a key, without params or with a part missing", () => {
    expect(reasonText("seat_taken", { name: "Ben" }, "Seat 3 at table 2 is taken by Ben.", "de")).toBe("Seat 3 at table 2 is taken by Ben.");
    expect(reasonText("not_seated", null, "Ben is not seated.", "de")).toBe("Ben is not seated.");
    expect(reasonText("already_out", { name: "Ben", place: null, what: "bust", variant: "out" }, "server text", "de")).toBe("server text");
    expect(reasonText("not_at_your_table", { ...moved, variant: "teleported" }, "server text", "de")).toBe("server text");
    expect(reasonText("boom", undefined, null, "de")).toBe("boom");
  });
});
