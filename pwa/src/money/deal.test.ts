import { describe, expect, it } from "vitest";
import { canApply, dealPayload, estimateDeal, dealProgress, initialStacks, moneyLeft, parseAmount, playerDealState, readDeal, type DealForm } from "./deal";

const view = (over: Record<string, unknown> = {}) => ({
  deal_no: 2,
  status: "open",
  method: "icm",
  keep: 100,
  round_to: 10,
  total: 1500,
  director_confirms: false,
  rows: [
    { entry_id: 1, name: "Anna", chips: 50000, amount: 600, answer: "accepted" },
    { entry_id: 2, name: "Beat", chips: 30000, amount: 450, answer: null },
    { entry_id: 3, name: "Cla", chips: 20000, amount: 350, answer: null },
  ],
  ...over,
});

describe("readDeal", () => {
  it("reads the agreed shape", () => {
    const d = readDeal(view({ mine: 2 }))!;
    expect(d.deal_no).toBe(2);
    expect(d.rows.map((r) => r.answer)).toEqual(["accepted", null, null]);
    expect(d.mine).toBe(2);
    expect(d.keep).toBe(100);
  });
  it("gives null for nothing or a shape it does not know (never a crash)", () => {
    expect(readDeal(null)).toBeNull();
    expect(readDeal({})).toBeNull();
    expect(readDeal(view({ status: "maybe" }))).toBeNull();
    expect(readDeal(view({ rows: "x" }))).toBeNull();
  });
  it("drops rows without an entry id and unknown answers", () => {
    const d = readDeal(view({ rows: [{ name: "x" }, { entry_id: 4, name: "D", chips: 1, amount: 2, answer: "maybe" }] }))!;
    expect(d.rows).toEqual([{ entry_id: 4, name: "D", chips: 1, amount: 2, answer: null }]);
  });
});

describe("dealProgress and canApply", () => {
  it("counts answers and names who said no", () => {
    const d = readDeal(view())!;
    expect(dealProgress(d)).toMatchObject({ accepted: 1, rejected: 0, waiting: 2, players: 3, unanimous: false });
    d.rows[2].answer = "rejected";
    expect(dealProgress(d).rejectedBy).toEqual(["Cla"]);
  });
  it("offers Apply only when everyone said yes and the preset wants the director to confirm", () => {
    const all = (confirms: boolean) => readDeal(view({ director_confirms: confirms, rows: view().rows.map((r) => ({ ...r, answer: "accepted" })) }))!;
    expect(canApply(all(true))).toBe(true);
    expect(canApply(all(false))).toBe(false); // applied by the last yes on the server
    expect(canApply(readDeal(view({ director_confirms: true }))!)).toBe(false);
    expect(canApply({ ...all(true), status: "applied" })).toBe(false);
  });
});

describe("playerDealState", () => {
  it("asks the player who has not answered, then shows his answer", () => {
    expect(playerDealState(readDeal(view()), 2).kind).toBe("answer");
    expect(playerDealState(readDeal(view()), 1)).toMatchObject({ kind: "answered", accepted: true });
  });
  it("says agreed, rejected and undone plainly", () => {
    expect(playerDealState(readDeal(view({ status: "applied" })), 3)).toMatchObject({ kind: "agreed", row: { amount: 350 } });
    expect(playerDealState(readDeal(view({ status: "rejected" })), 3).kind).toBe("rejected");
    expect(playerDealState(readDeal(view({ status: "undone" })), 3).kind).toBe("undone");
  });
  it("shows nothing to a player who is not in the deal", () => {
    expect(playerDealState(readDeal(view()), 9).kind).toBe("none");
    expect(playerDealState(null, 1).kind).toBe("none");
  });
  it("uses the view's `mine` when the phone does not know its entry yet", () => {
    expect(playerDealState(readDeal(view({ mine: 3 })), null).kind).toBe("answer");
  });
});

describe("parseAmount", () => {
  it("reads Swiss and plain amounts", () => {
    expect(parseAmount("1'250")).toEqual({ ok: true, value: 1250 });
    expect(parseAmount(" 1 250 ")).toEqual({ ok: true, value: 1250 });
    expect(parseAmount("75,5")).toEqual({ ok: true, value: 75.5 });
    expect(parseAmount("75.25")).toEqual({ ok: true, value: 75.25 });
    expect(parseAmount("")).toEqual({ ok: true, value: null });
  });
  it("refuses what is no amount", () => {
    for (const bad of ["-5", "1.234", "abc", "1e3", "NaN", "1.2.3"]) expect(parseAmount(bad), bad).toEqual({ ok: false });
  });
});

describe("moneyLeft", () => {
  it("adds the payouts of the places still in play, to the cent", () => {
    const payouts = [
      { place: 1, amount: 1000.1 },
      { place: 2, amount: 600.2 },
      { place: 3, amount: 400 },
      { place: 4, amount: 200 },
    ];
    expect(moneyLeft(payouts, 3)).toBe(2000.3);
    expect(moneyLeft([], 3)).toBe(0);
  });
});

describe("dealPayload", () => {
  const players = [{ entry_id: 1 }, { entry_id: 2 }];
  const form = (over: Partial<DealForm> = {}): DealForm => ({ method: "icm", stacks: { 1: "60'000", 2: "40000" }, keep: "100", roundTo: "10", amounts: {}, ...over });

  it("builds the propose_deal payload", () => {
    expect(dealPayload(form(), players, 1500)).toEqual({
      ok: true,
      payload: { method: "icm", stacks: [{ entry_id: 1, chips: 60000 }, { entry_id: 2, chips: 40000 }], keep: 100, round_to: 10 },
    });
    const r = dealPayload(form({ keep: "", roundTo: "" }), players, 1500);
    expect(r.ok && r.payload).toMatchObject({ keep: null, round_to: null });
  });
  it("names each stack that is missing or not a number of chips", () => {
    const r = dealPayload(form({ stacks: { 1: "", 2: "-3" } }), players, 1500);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual({ "stacks.1": "missing", "stacks.2": "invalid" });
  });
  it("refuses stacks that are all zero and a kept amount above the money left", () => {
    const r = dealPayload(form({ stacks: { 1: "0", 2: "0" }, keep: "2000" }), players, 1500);
    expect(!r.ok && r.errors).toEqual({ stacks: "all_zero", keep: "too_much" });
  });
  it("checks that a custom split adds up to the money left less the kept amount", () => {
    const bad = dealPayload(form({ method: "custom", amounts: { 1: "800", 2: "500" } }), players, 1500);
    expect(!bad.ok && bad.errors).toEqual({ amounts: "sum" });
    const good = dealPayload(form({ method: "custom", amounts: { 1: "850", 2: "550" } }), players, 1500);
    expect(good.ok && good.payload.amounts).toEqual([{ entry_id: 1, amount: 850 }, { entry_id: 2, amount: 550 }]);
    const missing = dealPayload(form({ method: "custom", amounts: { 1: "850" } }), players, 1500);
    expect(!missing.ok && missing.errors).toEqual({ "amounts.2": "missing" });
  });
  it("leaves the sum to the server when the money left is unknown", () => {
    expect(dealPayload(form({ method: "custom", amounts: { 1: "1", 2: "2" } }), players, null).ok).toBe(true);
  });
});

describe("initialStacks", () => {
  it("takes the first source that knows the player, else leaves the field empty", () => {
    expect(initialStacks([{ entry_id: 1 }, { entry_id: 2 }, { entry_id: 3 }], null, { 1: 500 }, { 1: 9, 2: 700 })).toEqual({ 1: "500", 2: "700", 3: "" });
  });
});

describe("estimateDeal (offline)", () => {
  it("ICM over the places left, the kept amount off the first place", () => {
    const eq = estimateDeal("icm", [5000, 3000, 2000], [150, 30, 20], 100)!;
    expect(eq.map((x) => Math.round(x * 1e6) / 1e6)).toEqual([38.392857, 32.75, 28.857143]);
  });
  it("chip chop guarantees the lowest place's amount; even splits equally", () => {
    expect(estimateDeal("chip", [3, 1], [70, 30], null)).toEqual([60, 40]);
    expect(estimateDeal("even", [3, 1], [70, 30], 10)).toEqual([45, 45]);
  });
  it("gives nothing for a custom split or a keep above the first prize", () => {
    expect(estimateDeal("custom", [3, 1], [70, 30], null)).toBeNull();
    expect(estimateDeal("icm", [3, 1], [70, 30], 80)).toBeNull();
  });
});
