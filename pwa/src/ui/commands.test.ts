import { describe, expect, it } from "vitest";
import { describeCommand } from "./commands";
import type { OutboxEntry } from "../sync/db";

const entry = (type: string, payload: Record<string, unknown>, label?: Record<string, string | number>) =>
  ({ type, payload, label, op_id: "x", tournament_id: 1, token: "t", state: "pending" }) as unknown as OutboxEntry;

describe("describeCommand", () => {
  it("says a command in the server's words (backend/words.py), filled from the payload and the label", () => {
    expect(describeCommand(entry("record_bust", { entry_id: 7 }, { name: "Anna" }))).toBe("Bust Anna");
    expect(describeCommand(entry("move_player", { entry_id: 7, to_table: 2, to_seat: 5 }))).toBe("Move #7 to table 2, seat 5");
    expect(describeCommand(entry("chip_count", { table_no: 3, stacks: {} }))).toBe("Chip count at table 3");
    expect(describeCommand(entry("record_busts", { table_no: 1, busts: [{ entry_id: 4 }, { entry_id: 9 }] }))).toBe("Bust #4, #9 at table 1");
  });
  it("names a command it has no words for by its type", () => {
    expect(describeCommand(entry("tally_chips", {}))).toBe("Tally chips");
  });
});
