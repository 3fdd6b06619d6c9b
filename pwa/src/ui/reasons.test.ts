import { describe, expect, it } from "vitest";
import { reasonText } from "./reasons";

const MOVED_EN = "Player 02 was moved to table 1, seat 3 — bust not applied; the dealer there records it.";
const moved = { name: "Player 02", table: 1, seat: 3, moved: true, own_table: 2, what: "bust", variant: "moved" };

describe("reasonText", () => {
  it("says the server's refusal in German with the params filled in", () => {
    expect(reasonText("not_at_your_table", moved, MOVED_EN, "de")).toBe(
      "Player 02 wurde an Tisch 1, Sitz 3 versetzt — Bust nicht übernommen; das erfasst der Dealer dort.");
    expect(reasonText("already_out", { name: "Jürg", place: 23, what: "busts", variant: "out" }, "x", "de")).toBe(
      "Jürg ist schon ausgeschieden (Platz 23; ein Spieler scheidet nur einmal aus) — Busts nicht übernommen.");
    expect(reasonText("name_required", { variant: "line" }, "no name", "de")).toBe("kein Name");
    expect(reasonText("invalid_flag", { flag: "prepaid", value: "vielleicht" }, "x", "de")).toBe(
      "Bezahlt „vielleicht“ ist weder ja noch nein (ja/yes/1/x oder leer/nein/no/0)");
  });
  it("words the deal's refusals in German, its status too, and falls back to the server's words for a list", () => {
    expect(reasonText("deal_closed", { status: "rejected" }, "Deal #2 is rejected.", "de")).toBe(
      "Dieser Deal ist abgeschlossen (abgelehnt): die Antwort wurde nicht erfasst.");
    expect(reasonText("deal_closed", { status: "applied" }, "x", "en")).toBe("This deal is closed (agreed): the answer was not recorded.");
    expect(reasonText("deal_amounts_mismatch", { total: 2458, given: 2468 }, "x", "de")).toBe("Die Beträge ergeben 2468, nicht 2458.");
    expect(reasonText("deal_not_agreed", { names: ["Anna", "Beat"] }, "Not agreed yet: Anna, Beat.", "de")).toBe("Not agreed yet: Anna, Beat.");
  });
  it("in English matches the server's wording", () => {
    expect(reasonText("not_at_your_table", moved, "ignored", "en")).toBe(MOVED_EN);
    expect(reasonText("field_full", { limit: 40, cite: " (N-3.3)" }, "x", "en")).toBe("The field is full (40 players (N-3.3)).");
    expect(reasonText("field_full", { limit: 40, cite: "" }, "x", "de")).toBe("Das Feld ist voll (40 Spieler).");
  });
  it("words the floor's holds in both languages, each with its rule id", () => {
    const halted = { table: 3, short: 2, rule: "V-III.h" };
    expect(reasonText("table_halted", halted, "x", "en")).toBe(
      "Table 3 is 2 players short of the fullest table: hold the next hand until the director balances the tables (V-III.h).");
    expect(reasonText("table_halted", halted, "x", "de")).toBe(
      "An Tisch 3 fehlen 2 Spieler zum vollsten Tisch: die nächste Hand anhalten, bis der Turnierleiter die Tische ausgleicht (V-III.h).");
    const own = { variant: "own", table: 1, rule: "N-2.13" };
    expect(reasonText("hand_for_hand_wait", own, "x", "en")).toBe(
      "Hand-for-hand: table 1 is playing this round's hand. Finish it and tap Hand done; the next hand starts when every table has finished (N-2.13).");
    expect(reasonText("hand_for_hand_wait", { variant: "others", table: 1, waiting: 2, rule: "V-V.b" }, "x", "de")).toBe(
      "Hand-für-Hand: Tisch 1 ist mit dieser Hand fertig; noch spielende Tische: 2. Die nächste Hand beginnt, wenn alle Tische fertig sind (V-V.b).");
    expect(reasonText("max_tables", { tables: 5, max: 4, rule: "N-3.12" }, "x", "en")).toBe(
      "This tournament plays at 4 tables at most (N-3.12): 5 tables cannot be drawn.");
    expect(reasonText("max_tables", { tables: 2, max: 1, rule: "P-Satellite", variant: "one" }, "x", "de")).toBe(
      "Dieses Turnier wird an einem Tisch gespielt (P-Satellite): 2 Tische können nicht ausgelost werden.");
    expect(reasonText("no_button", { variant: "new_players", table: 3, rule: "V-III.i" }, "x", "de")).toBe(
      "An Tisch 3 sind zwei oder mehr neue Spieler: vor der nächsten Hand den Button per hoher Karte neu ziehen (V-III.i).");
    expect(reasonText("final_table_not_yet", { table: 2, players: 11, size: 10, rule: "N-2.9" }, "x", "en")).toBe(
      "11 players are left; breaking table 2 would seat them at one table, but the final table is formed at 10 (N-2.9). Keep both tables.");
  });
  it("ends a refusal that applies a house rule with its rule id", () => {
    expect(reasonText("registration_closed", { variant: "late", rule: "P-Spielverlauf" }, "x", "en")).toBe(
      "Seats are already drawn and this tournament has no open late seats (P-Spielverlauf).");
    expect(reasonText("id_not_checked", { name: "Wanda", variant: "walk_in", rule: "N-3.4" }, "x", "de")).toBe(
      "Vor der Anmeldung als anwesend den Ausweis von Wanda prüfen: mindestens 18 Jahre (N-3.4).");
    expect(reasonText("director_only", { kind: "disqualification", allowed: ["warning"], rule: "S-#36" }, "x", "en")).toBe(
      "A disqualification is the director's to give, not the dealer's (S-#36).");
    expect(reasonText("director_only", { kind: "missed_hand", rule: "N-2.23" }, "x", "de")).toBe(
      "Ein Missed Hand Penalty spricht der Turnierleiter aus, nicht der Dealer (N-2.23).");
    // a wording that names the rule already gets it once
    expect(reasonText("max_tables", { max: 4, tables: 5, rule: "N-3.12" }, "x", "en")).toBe(
      "This tournament plays at 4 tables at most (N-3.12): 5 tables cannot be drawn.");
  });
  it("falls back to the server's message without a key, without params or with a part missing", () => {
    expect(reasonText("seat_taken", { name: "Ben" }, "Seat 3 at table 2 is taken by Ben.", "de")).toBe("Seat 3 at table 2 is taken by Ben.");
    expect(reasonText("not_seated", null, "Ben is not seated.", "de")).toBe("Ben is not seated.");
    expect(reasonText("already_out", { name: "Ben", place: null, what: "bust", variant: "out" }, "server text", "de")).toBe("server text");
    expect(reasonText("not_at_your_table", { ...moved, variant: "teleported" }, "server text", "de")).toBe("server text");
    expect(reasonText("boom", undefined, null, "de")).toBe("boom");
  });
});

describe("the law's refusals on the director's phone", () => {
  it("word them in German with the article at their end, and only once the director app added its words", async () => {
    const params = { name: "Anna", paid: 300, amount: 100, max: 300, currency: "CHF", rule: "VGS Art. 39 Abs. 2 lit. a" };
    const server = "Anna has paid 300 CHF in Startgelder today; another 100 CHF would be over the legal 300 CHF a day (VGS Art. 39 Abs. 2 lit. a).";
    expect(reasonText("legal_player_day", params, server, "de")).toBe(server); // a dealer's phone: the server's words
    await import("../views/director/legalWords");
    expect(reasonText("legal_player_day", params, server, "en")).toBe(server);
    expect(reasonText("legal_player_day", params, server, "de")).toBe(
      "Anna hat heute 300 CHF Startgeld bezahlt; weitere 100 CHF lägen über den gesetzlichen 300 CHF pro Tag (VGS Art. 39 Abs. 2 lit. a).");
    const addon = { what: "addon", variant: "addon", amount: 250, max: 200, currency: "CHF", rule: "VGS Art. 39 Abs. 1 lit. a" };
    expect(reasonText("legal_buy_in", addon, "x", "en")).toBe("An add-on of 250 CHF is over the legal 200 CHF per Startgeld (VGS Art. 39 Abs. 1 lit. a).");
  });
});
