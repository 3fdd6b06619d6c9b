import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "../../sync/db";
import { queuedAtTable } from "./queued";

let n = 0;
const entry = (type: string, payload: Record<string, unknown>, state: OutboxEntry["state"] = "pending"): OutboxEntry => ({
  op_id: `op${++n}`, device_id: "d", tournament_id: 1, type, payload, at: 0, token: "tok", state, error: null, message: null, created: n,
});

describe("what the dealer's phone still has queued", () => {
  it("takes a bust out of play whether sent alone or with others of the same hand", () => {
    const q = queuedAtTable([
      entry("record_bust", { entry_id: 4 }),
      entry("record_busts", { table_no: 1, busts: [{ entry_id: 7, stack: 100 }, { entry_id: 8, stack: 200 }] }),
      entry("record_bust", { entry_id: 9 }, "rejected"),
    ]);
    expect([...q.busts].sort()).toEqual([4, 7, 8]);
  });
  it("shows the latest queued away or back per player", () => {
    const q = queuedAtTable([entry("set_away", { entry_id: 3, away: true }), entry("set_away", { entry_id: 3, away: false }), entry("set_away", { entry_id: 5, away: true })]);
    expect(q.away.get(3)).toBe(false);
    expect(q.away.get(5)).toBe(true);
  });
  it("counts queued hands and penalties and names the first queued button; refused ones are not queued", () => {
    const q = queuedAtTable([
      entry("new_hand", { table_no: 1 }),
      entry("new_hand", { table_no: 1 }),
      entry("new_hand", { table_no: 1 }, "rejected"),
      entry("penalize", { entry_id: 2, kind: "warning" }),
      entry("set_button", { table_no: 1, seat: 6 }),
      entry("set_button", { table_no: 1, seat: 2 }),
      entry("hand_done", { table_no: 1 }, "rejected"),
    ]);
    expect(q).toMatchObject({ newHands: 2, penalties: 1, button: 6, handDone: false, chipCount: false });
  });
  it("knows a chip count is queued only while it is pending", () => {
    expect(queuedAtTable([entry("chip_count", { table_no: 1, stacks: {} }, "rejected")])).toMatchObject({ chipCount: false, newHands: 0, button: undefined });
    expect(queuedAtTable([entry("chip_count", { table_no: 1, stacks: {} })]).chipCount).toBe(true);
  });
});
