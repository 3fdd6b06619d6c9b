// The dealer's Undo right after a bust: a command still waiting in the outbox is taken
// back and never reaches the server; one already on its way is not (the caller corrects it).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applied, fakeFetch, freshIndexedDb } from "./testing";

async function loadOutbox() {
  vi.resetModules();
  return await import("./outbox");
}

const isCommand = (c: { url: string; method: string }) => c.url.endsWith("/commands") && c.method === "POST";

beforeEach(() => freshIndexedDb());
afterEach(() => vi.unstubAllGlobals());

describe("outbox.withdraw", () => {
  it("takes back a pending command: gone from the outbox, never sent after going online", async () => {
    const outbox = await loadOutbox();
    const net = fakeFetch(() => "network-error");
    vi.stubGlobal("fetch", net.fn);
    const bust = await outbox.enqueue({ tournament_id: 4, type: "record_bust", payload: { entry_id: 9 }, token: "d" });
    const other = await outbox.enqueue({ tournament_id: 4, type: "set_away", payload: { entry_id: 3, away: true }, token: "d" });
    await outbox.flush();
    expect(await outbox.withdraw(bust.op_id)).toBe("withdrawn");
    expect(outbox.snapshot().map((e) => e.op_id)).toEqual([other.op_id]);
    net.handler = (call) => applied(call);
    net.calls.length = 0;
    await outbox.flush({ force: true });
    expect(net.calls.filter(isCommand).map((c) => c.body.op_id)).toEqual([other.op_id]);
    expect(outbox.snapshot()).toEqual([]);
    // Once applied it is no longer the outbox's to take back.
    expect(await outbox.withdraw(other.op_id)).toBe("gone");
  });

  it("does not take back a command on its way: the server may apply it", async () => {
    const outbox = await loadOutbox();
    const held: { release?: () => void } = {};
    const net = fakeFetch((call) => new Promise((resolve) => (held.release = () => resolve(applied(call)))));
    vi.stubGlobal("fetch", net.fn);
    const bust = await outbox.enqueue({ tournament_id: 4, type: "record_bust", payload: { entry_id: 9 }, token: "d" });
    // The fake server holds the request (the fake fetch answers a tick after the outbox sent it).
    await vi.waitFor(() => expect(held.release !== undefined && outbox.sendingSince() > 0).toBe(true));
    expect(await outbox.withdraw(bust.op_id)).toBe("sending");
    held.release!();
    await vi.waitFor(() => expect(outbox.snapshot()).toEqual([]));
    expect(net.calls.filter(isCommand)).toHaveLength(1);
  });
});
