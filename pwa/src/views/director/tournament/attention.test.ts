import { describe, expect, it } from "vitest";
import { attentionItems, newKeys } from "./attention";
import { defaultSection, sectionFromHash } from "./sections";

const move = (seq: number, entry: number) => ({ id: `move:${entry}:1:5:${seq}`, kind: "move", entry_id: entry, from_table: 2, to_table: 1, to_seat: 5, text: "" });

describe("attention items", () => {
  it("lists what needs the director, most urgent first, each in its section", () => {
    const items = attentionItems(
      {
        chips: { alarm: true },
        suggestions: [move(7, 3), { id: "break:3:7", kind: "break", table_no: 3, text: "" }, { id: "x", kind: "unknown" }],
        payouts_due: [{ entry_id: 9, name: "A", place: 9, amount: 50 }],
        corrections: [{ id: 4, entry_id: 2, name: "B", place: 3, paid: 10, due: 20, difference: 10 }],
      },
      { review: 2 },
    );
    expect(items.map((i) => [i.kind, i.section])).toEqual([
      ["chips", "money"],
      ["move", "floor"],
      ["break", "floor"],
      ["payout", "money"],
      ["correction", "money"],
      ["review", "tools"],
    ]);
  });

  it("a move is the same item when the server draws another player for it in a newer view", () => {
    const a = attentionItems({ suggestions: [move(7, 3)] });
    const b = attentionItems({ suggestions: [move(8, 12)] });
    expect(a[0].key).toBe(b[0].key);
    const two = attentionItems({ suggestions: [move(8, 12), move(8, 13)] });
    expect(new Set(two.map((i) => i.key)).size).toBe(2);
  });

  it("hand-for-hand to stop once the bubble burst, a clock halted at a stop", () => {
    const v = { hand_for_hand: { active: true, round: 3 }, money: { paid_places: 9 }, players_left: 9, tables: [{ table_no: 1 }, { table_no: 2 }] };
    expect(attentionItems(v).map((i) => i.kind)).toEqual(["hfh_stop"]);
    expect(attentionItems({ ...v, players_left: 10 })).toEqual([]);
    expect(attentionItems({}, { clockStatus: "halted" }).map((i) => i.kind)).toEqual(["clock_halted"]);
  });

  it("a deal every player agreed to, where the rules want the director to confirm it: apply, in the money section", () => {
    const rows = (answer: string | null) => [1, 2].map((e) => ({ entry_id: e, name: `P${e}`, chips: 10, amount: 50, answer }));
    const deal = (over: object) => ({ deal_no: 3, status: "open", method: "icm", keep: 0, round_to: null, total: 100, director_confirms: true, rows: rows("accepted"), ...over });
    expect(attentionItems({ deal: deal({}) }).map((i) => [i.kind, i.key, i.section, i.dealNo])).toEqual([["deal_apply", "deal_apply:3", "money", 3]]);
    expect(attentionItems({ deal: deal({ rows: rows(null) }) })).toEqual([]); // still waiting for answers
    expect(attentionItems({ deal: deal({ director_confirms: false }) })).toEqual([]); // the last yes applies it
    expect(attentionItems({ deal: deal({ status: "applied" }) })).toEqual([]);
  });
  it("new keys: nothing at the first look, then only what was not there the last time", () => {
    const a = attentionItems({ suggestions: [move(1, 3)] });
    const first = newKeys(null, a);
    expect(first.fresh).toEqual([]);
    expect(newKeys(first.seen, a).fresh).toEqual([]);
    const none = newKeys(first.seen, []);
    expect(newKeys(none.seen, a).fresh).toEqual([a[0].key]); // went and came back: new again
  });
});

describe("sections in the hash", () => {
  it("reads #/director/<tid>/<section>, nothing else", () => {
    expect(sectionFromHash("#/director/12/floor", "12")).toBe("floor");
    expect(sectionFromHash("#/director/12", "12")).toBeNull();
    expect(sectionFromHash("#/director/12/audit", "12")).toBeNull();
    expect(sectionFromHash("#/director/13/floor", "12")).toBeNull();
    expect(defaultSection(true)).toBe("desk");
    expect(defaultSection(false)).toBe("clock");
  });
});
