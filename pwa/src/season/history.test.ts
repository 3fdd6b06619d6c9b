import { describe, expect, it } from "vitest";
import { dayText, placeWord, prizeSums, seasonBars, shortDay, CHART_NIGHTS, type HistoryNight, type PlayerHistory } from "./history";

function night(over: Partial<HistoryNight>): HistoryNight {
  return {
    tournament_id: 1,
    name: "Montag",
    preset_id: "generic",
    played_on: "2026-03-14",
    status: "finished",
    provisional: false,
    entry_id: 1,
    place: 1,
    tie: 1,
    players: 10,
    still_in: false,
    disqualified: false,
    prize: 0,
    currency: "CHF",
    knockouts: 0,
    reentries: 0,
    rebuys: 0,
    hh_chips: null,
    points: [],
    ...over,
  };
}

const BOX = { x0: 0, x1: 400, y0: 0, y1: 100 };

describe("the season's chart", () => {
  it("draws the newest nights oldest left, as high as he got in each field", () => {
    // newest first, as the server sends them: won a field of 10, 10th of 10, 3rd of 5
    const bars = seasonBars([night({ tournament_id: 3, place: 1 }), night({ tournament_id: 2, place: 10 }), night({ tournament_id: 1, place: 3, players: 5 })], BOX);
    expect(bars.map((b) => b.tournamentId)).toEqual([1, 2, 3]);
    expect(bars.map((b) => b.share)).toEqual([0.5, 0, 1]); // outlasted 2 of the other 4, none, all 9
    expect(bars.map((b) => b.height)).toEqual([50, 3, 100]); // the first one out: a stub, not nothing
    expect(bars[0].x).toBeLessThan(bars[1].x);
  });
  it("gives a night he is still in, or was disqualified from, no height, and keeps the rest apart", () => {
    const bars = seasonBars([night({ place: null, still_in: true, provisional: true }), night({ tournament_id: 2, place: null, disqualified: true }), night({ tournament_id: 3, prize: 54, place: 2 })], BOX);
    expect(bars.map((b) => [b.share, b.height, b.provisional, b.cashed])).toEqual([
      [8 / 9, 88.9, false, true],
      [null, 0, false, false],
      [null, 0, true, false],
    ]);
  });
  it("shows at most the newest CHART_NIGHTS, one night not as one fat bar", () => {
    const many = Array.from({ length: CHART_NIGHTS + 5 }, (_, i) => night({ tournament_id: 100 - i }));
    const bars = seasonBars(many, BOX);
    expect(bars.length).toBe(CHART_NIGHTS);
    expect(bars[bars.length - 1].tournamentId).toBe(100);
    expect(seasonBars([night({})], BOX)[0].width).toBeLessThanOrEqual((BOX.x1 - BOX.x0) / 4);
    expect(seasonBars([], BOX)).toEqual([]);
  });
});

describe("the season's words", () => {
  it("writes places, shared places and days per language", () => {
    expect([placeWord(2, 1, "en"), placeWord(3, 2, "en"), placeWord(2, 1, "de"), placeWord(3, 2, "de")]).toEqual(["2nd", "3rd=", "2.", "3.="]);
    expect(dayText("2026-03-04", "de")).toBe("04.03.2026");
    expect(dayText("2026-03-04", "en")).toBe("Mar 4, 2026");
    expect([shortDay("2026-03-04", "de"), shortDay("2026-03-04", "en"), shortDay("soon", "en")]).toEqual(["4.3.", "3/4", "soon"]);
  });
  it("sums prizes per currency, each the way of its region", () => {
    const history = { totals: { prizes: [{ currency: "CHF", amount: 1102 }, { currency: "EUR", amount: 75.5 }] } } as PlayerHistory;
    expect(prizeSums(history, "de")).toBe("1'102 CHF · 75,50 €");
    expect(prizeSums({ totals: { prizes: [] } } as unknown as PlayerHistory, "en")).toBe("–");
  });
});
