import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applied, fakeFetch, freshIndexedDb, jsonResponse, type FakeCall } from "./testing";

type Outbox = typeof import("./outbox");

// Each test gets a fresh IndexedDB and fresh module instances (like a page load).
async function loadModules() {
  vi.resetModules();
  const outbox: Outbox = await import("./outbox");
  const db = await import("./db");
  const time = await import("./timeOffset");
  return { outbox, db, time };
}

const waitFor = async (cond: () => boolean | Promise<boolean>, ms = 3000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("timeout waiting for condition");
};

const isCommand = (c: FakeCall) => c.url.endsWith("/commands") && c.method === "POST";

beforeEach(() => {
  freshIndexedDb();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("outbox", () => {
  it("stores first, then sends in order, one at a time, and removes applied commands", async () => {
    const { outbox } = await loadModules();
    const net = fakeFetch(() => "network-error");
    vi.stubGlobal("fetch", net.fn);
    const a = await outbox.enqueue({ tournament_id: 7, type: "register_player", payload: { name: "Anna" }, token: "tok-d" });
    const b = await outbox.enqueue({ tournament_id: 7, type: "register_player", payload: { name: "Ben" }, token: "tok-d" });
    const c = await outbox.enqueue({ tournament_id: 7, type: "start_clock", payload: {}, token: "tok-d" });
    await outbox.flush();
    expect(outbox.snapshot().map((e) => e.op_id)).toEqual([a.op_id, b.op_id, c.op_id]);
    expect(outbox.counts()).toEqual({ pending: 3, rejected: 0 });

    net.handler = (call) => applied(call);
    net.calls.length = 0;
    await outbox.flush({ force: true });
    const sent = net.calls.filter(isCommand);
    expect(sent.map((x) => x.body.op_id)).toEqual([a.op_id, b.op_id, c.op_id]);
    expect(net.maxInFlight).toBe(1);
    expect(sent[0].url).toBe("/api/tournaments/7/commands");
    expect(sent[0].headers.authorization).toBe("Bearer tok-d");
    expect(sent[0].body).toMatchObject({ type: "register_player", payload: { name: "Anna" }, device_id: a.device_id, at: a.at });
    expect(typeof sent[0].body.device_id).toBe("string");
    expect(outbox.snapshot()).toEqual([]);
    expect(outbox.counts()).toEqual({ pending: 0, rejected: 0 });
  });

  it("keeps a command after a network error and retries it with the same op_id (backoff)", async () => {
    const { outbox } = await loadModules();
    let n = 0;
    const net = fakeFetch((call) => (++n === 1 ? "network-error" : applied(call)));
    vi.stubGlobal("fetch", net.fn);
    const e = await outbox.enqueue({ tournament_id: 1, type: "start_clock", payload: {}, token: "t" });
    await waitFor(() => net.calls.length >= 1 && outbox.nextRetryAt() > 0);
    expect(outbox.counts().pending).toBe(1);
    expect(outbox.currentBackoff()).toBe(1000);
    // The scheduled retry (about 1 s) sends it again, unchanged.
    await waitFor(() => outbox.snapshot().length === 0, 4000);
    const sent = net.calls.filter(isCommand);
    expect(sent).toHaveLength(2);
    expect(sent[0].body.op_id).toBe(e.op_id);
    expect(sent[1].body).toEqual(sent[0].body);
  });

  it("treats 5xx and 429 as not decided, doubling the backoff up to 30 s", async () => {
    const { outbox } = await loadModules();
    const statuses = [503, 429, 500];
    const net = fakeFetch(() => jsonResponse(statuses.shift() ?? 502, { error: "busy", message: "busy" }));
    vi.stubGlobal("fetch", net.fn);
    await outbox.enqueue({ tournament_id: 1, type: "pause_clock", payload: {}, token: "t" });
    await waitFor(() => outbox.currentBackoff() === 1000);
    await outbox.flush({ force: true });
    expect(outbox.currentBackoff()).toBe(2000);
    await outbox.flush({ force: true });
    expect(outbox.currentBackoff()).toBe(4000);
    for (let i = 0; i < 6; i++) await outbox.flush({ force: true });
    expect(outbox.currentBackoff()).toBe(30_000);
    expect(outbox.counts()).toEqual({ pending: 1, rejected: 0 });
    // A non-forced flush during the backoff does not send.
    const before = net.calls.length;
    await outbox.flush();
    expect(net.calls.length).toBe(before);
  });

  it("marks a 409 as rejected with the server's message, keeps it, and goes on with the next", async () => {
    const { outbox } = await loadModules();
    const net = fakeFetch(() => "network-error");
    vi.stubGlobal("fetch", net.fn);
    const bust = await outbox.enqueue({ tournament_id: 3, type: "record_bust", payload: { entry_id: 12 }, token: "dealer" });
    const next = await outbox.enqueue({ tournament_id: 3, type: "record_bust", payload: { entry_id: 13 }, token: "dealer" });
    await outbox.flush();
    const msg = "Anna was moved to table 5 at 20:14 — bust not applied";
    net.handler = (call) =>
      call.body.op_id === bust.op_id
        ? jsonResponse(409, { status: "rejected", op_id: call.body.op_id, error: "not_at_table", message: msg, field: "entry_id", server_time: Date.now() })
        : applied(call);
    await outbox.flush({ force: true });
    const list = outbox.snapshot();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ op_id: bust.op_id, state: "rejected", error: "not_at_table", message: msg, field: "entry_id" });
    expect(outbox.counts()).toEqual({ pending: 0, rejected: 1 });
    expect(net.calls.filter(isCommand).map((c) => c.body.op_id)).toContain(next.op_id);
    // Rejected commands are not sent again.
    net.calls.length = 0;
    await outbox.flush({ force: true });
    expect(net.calls.filter(isCommand)).toHaveLength(0);
    // Dismissed by the user: gone.
    await outbox.dismiss(bust.op_id);
    expect(outbox.snapshot()).toEqual([]);
  });

  it("resends an edited rejected command as a new command (new op_id, at the end), or leaves it alone", async () => {
    const { outbox } = await loadModules();
    const net = fakeFetch(() => "network-error");
    vi.stubGlobal("fetch", net.fn);
    const bust = await outbox.enqueue({ tournament_id: 3, type: "record_bust", payload: { entry_id: 12 }, token: "dealer", label: { name: "Anna", seat: 4 } });
    await outbox.flush();
    const waiting = await outbox.enqueue({ tournament_id: 3, type: "new_hand", payload: { table_no: 1 }, token: "dealer" });
    net.handler = (call) =>
      call.body.op_id === bust.op_id
        ? jsonResponse(409, { status: "rejected", op_id: call.body.op_id, error: "not_at_table", message: "moved", field: "entry_id" })
        : "network-error"; // the new hand stays pending behind it
    await outbox.flush({ force: true });
    expect(outbox.counts()).toEqual({ pending: 1, rejected: 1 });
    // Only a rejected entry can be edited.
    expect(await outbox.resend(waiting.op_id, { table_no: 2 })).toBeNull();
    expect(await outbox.resend("nope", { entry_id: 1 })).toBeNull();

    const edited = await outbox.resend(bust.op_id, { entry_id: 15 }, { name: "Ben", seat: 6 });
    expect(edited).not.toBeNull();
    expect(edited!.op_id).not.toBe(bust.op_id);
    const list = outbox.snapshot();
    expect(list.map((e) => e.op_id)).toEqual([waiting.op_id, edited!.op_id]); // after what was already queued
    expect(list[1]).toMatchObject({ type: "record_bust", token: "dealer", state: "pending", payload: { entry_id: 15 }, label: { name: "Ben", seat: 6 }, error: null, message: null });
    expect(list[1].device_id).toBe(bust.device_id);
    // The old op_id is gone for good: resending it again does nothing.
    expect(await outbox.resend(bust.op_id, { entry_id: 16 })).toBeNull();

    const done: [string, unknown][] = [];
    net.handler = (call) => {
      done.push([call.body.op_id, call.body.payload]);
      return applied(call);
    };
    await outbox.flush({ force: true });
    await waitFor(() => outbox.snapshot().length === 0);
    expect(done).toEqual([
      [waiting.op_id, { table_no: 1 }],
      [edited!.op_id, { entry_id: 15 }],
    ]);
  });

  it.each([400, 401, 403, 404])("marks HTTP %i as rejected", async (status) => {
    const { outbox } = await loadModules();
    vi.stubGlobal("fetch", fakeFetch(() => jsonResponse(status, { status: "rejected", error: `e${status}`, message: `m${status}`, field: null })).fn);
    await outbox.enqueue({ tournament_id: 1, type: "draw_seats", payload: { tables: 0 }, token: "t" });
    await waitFor(() => outbox.counts().rejected === 1);
    expect(outbox.snapshot()[0]).toMatchObject({ state: "rejected", error: `e${status}`, message: `m${status}` });
  });

  it.each([410, 413, 414, 422])("marks HTTP %i as rejected too (every 4xx but 408 and 429 is a decision)", async (status) => {
    const { outbox } = await loadModules();
    vi.stubGlobal("fetch", fakeFetch(() => jsonResponse(status, { error: `e${status}`, message: `m${status}`, field: null })).fn);
    await outbox.enqueue({ tournament_id: 1, type: "register_player", payload: { name: "Anna" }, token: "t" });
    await waitFor(() => outbox.counts().rejected === 1);
    expect(outbox.snapshot()[0]).toMatchObject({ state: "rejected", error: `e${status}`, message: `m${status}` });
  });

  it("stops sending a command its server answered with its own 500 three times, and shows why", async () => {
    const { outbox } = await loadModules();
    const internal = { error: "internal", message: "Something went wrong on the server; nothing was applied.", field: null };
    const net = fakeFetch((call) => (call.body.payload?.name === "Anna \ud800" ? jsonResponse(500, internal) : applied(call)));
    vi.stubGlobal("fetch", net.fn);
    const bad = await outbox.enqueue({ tournament_id: 1, type: "register_player", payload: { name: "Anna \ud800" }, token: "t" });
    const good = await outbox.enqueue({ tournament_id: 1, type: "register_player", payload: { name: "Ben" }, token: "t" });
    const badSends = () => net.calls.filter(isCommand).filter((c) => c.body.op_id === bad.op_id).length;
    await waitFor(() => outbox.nextRetryAt() > 0);
    // Before the third 500 it stays pending and blocks the queue (order matters).
    while (badSends() < 2) await outbox.flush({ force: true });
    expect(outbox.counts()).toEqual({ pending: 2, rejected: 0 });
    expect(outbox.snapshot()[0].server_errors).toBe(2);
    await outbox.flush({ force: true });
    // The third 500: rejected with the server's words; the next command goes on.
    expect(outbox.counts()).toEqual({ pending: 0, rejected: 1 });
    expect(outbox.snapshot()[0]).toMatchObject({ op_id: bad.op_id, state: "rejected", error: "server_error", message: internal.message, params: { tries: 3 } });
    const sent = net.calls.filter(isCommand).map((c) => c.body.op_id);
    expect(sent.filter((id) => id === bad.op_id)).toHaveLength(3);
    expect(sent).toContain(good.op_id);
    net.calls.length = 0;
    await outbox.flush({ force: true });
    expect(net.calls.filter(isCommand)).toHaveLength(0);
  });

  it("keeps retrying through gateway errors and throttling: 502/503/504/429 say nothing about the command", async () => {
    const { outbox } = await loadModules();
    const statuses = [502, 503, 504, 429, 502, 503, 504, 429];
    const net = fakeFetch((call) => (statuses.length ? jsonResponse(statuses.shift()!, { error: "busy", message: "busy" }) : applied(call)));
    vi.stubGlobal("fetch", net.fn);
    await outbox.enqueue({ tournament_id: 1, type: "pause_clock", payload: {}, token: "t" });
    for (let i = 0; i < 9 && outbox.snapshot().length; i++) await outbox.flush({ force: true });
    expect(outbox.snapshot()).toEqual([]);
    expect(net.calls.filter(isCommand)).toHaveLength(9);
  });

  it("keeps the rejection's field (a 400 names payload.to_seat, a 409 to_seat) across a reload", async () => {
    const first = await loadModules();
    const answers = [
      jsonResponse(400, { error: "validation", message: "payload.to_seat: Must be greater than or equal to 1.", field: "payload.to_seat" }),
      jsonResponse(409, { status: "rejected", error: "seat_taken", message: "Seat 3 at table 2 is taken by Ben.", field: "to_seat" }),
      jsonResponse(409, { status: "rejected", error: "last_table", message: "The last table cannot be broken.", field: null }),
    ];
    vi.stubGlobal("fetch", fakeFetch(() => answers.shift()!).fn);
    const a = await first.outbox.enqueue({ tournament_id: 2, type: "move_player", payload: { entry_id: 4, to_table: 2, to_seat: 0 }, token: "td" });
    const b = await first.outbox.enqueue({ tournament_id: 2, type: "move_player", payload: { entry_id: 4, to_table: 2, to_seat: 3 }, token: "td" });
    const c = await first.outbox.enqueue({ tournament_id: 2, type: "break_table", payload: { table_no: 1 }, token: "td" });
    await waitFor(() => first.outbox.counts().rejected === 3);
    await first.db.closeDb();
    const second = await loadModules();
    const list = await second.outbox.load();
    const byOp = new Map(list.map((e) => [e.op_id, e]));
    expect(byOp.get(a.op_id)).toMatchObject({ state: "rejected", field: "payload.to_seat" });
    expect(byOp.get(b.op_id)).toMatchObject({ state: "rejected", field: "to_seat", error: "seat_taken" });
    expect(byOp.get(c.op_id)).toMatchObject({ state: "rejected", field: null });
    expect(second.outbox.fieldName("payload.to_seat")).toBe("to_seat");
    expect(second.outbox.fieldName("to_table")).toBe("to_table");
    expect(second.outbox.fieldName(null)).toBeNull();
  });

  it("re-sends pending commands with the same op_id after a reload", async () => {
    // Page 1: offline, the dealer records two busts.
    const first = await loadModules();
    vi.stubGlobal("fetch", fakeFetch(() => "network-error").fn);
    const a = await first.outbox.enqueue({ tournament_id: 5, type: "record_bust", payload: { entry_id: 1 }, token: "dealer-5" });
    const b = await first.outbox.enqueue({ tournament_id: 5, type: "record_bust", payload: { entry_id: 2 }, token: "dealer-5" });
    await first.outbox.flush();
    first.outbox._resetForTests(); // stop its retry timer: the page is gone
    await first.db.closeDb();

    // Page 2: a fresh module instance over the same IndexedDB, now online.
    const second = await loadModules();
    const net = fakeFetch((call) => applied(call));
    vi.stubGlobal("fetch", net.fn);
    const loaded = await second.outbox.load();
    expect(loaded.map((e) => e.op_id)).toEqual([a.op_id, b.op_id]);
    expect(loaded.every((e) => e.state === "pending")).toBe(true);
    await second.outbox.flush({ force: true });
    const sent = net.calls.filter(isCommand);
    expect(sent.map((c) => c.body.op_id)).toEqual([a.op_id, b.op_id]);
    expect(sent[0].body.at).toBe(a.at);
    expect(sent[0].body.device_id).toBe(a.device_id);
    expect(sent[0].headers.authorization).toBe("Bearer dealer-5");
    expect(second.outbox.snapshot()).toEqual([]);
    // Same device id across reloads.
    expect(await second.db.getDeviceId()).toBe(a.device_id);
  });

  it("stamps commands in server time once an answer carried server_time", async () => {
    const { outbox, time } = await loadModules();
    const skew = 90_000; // server is 90 s ahead of this phone
    vi.stubGlobal(
      "fetch",
      fakeFetch((call) => jsonResponse(200, { status: "applied", op_id: call.body.op_id, seq: 1, result: {}, server_time: Date.now() + skew })).fn,
    );
    await outbox.enqueue({ tournament_id: 1, type: "start_clock", payload: {}, token: "t" });
    await outbox.flush({ force: true });
    expect(Math.abs(time.getOffset() - skew)).toBeLessThan(1000);
    vi.stubGlobal("fetch", fakeFetch(() => "network-error").fn);
    const e = await outbox.enqueue({ tournament_id: 1, type: "pause_clock", payload: {}, token: "t" });
    expect(Math.abs(e.at - (Date.now() + skew))).toBeLessThan(1000);
    outbox._resetForTests();
  });

  it("reports the result of an applied command", async () => {
    const { outbox } = await loadModules();
    vi.stubGlobal("fetch", fakeFetch((call) => applied(call, 4, { entry_id: 42 })).fn);
    const got: any[] = [];
    outbox.onApplied((i) => got.push(i));
    const e = await outbox.enqueue({ tournament_id: 1, type: "register_player", payload: { name: "Cleo" }, token: "t" });
    await waitFor(() => got.length === 1);
    expect(got[0]).toMatchObject({ seq: 4, result: { entry_id: 42 } });
    expect(got[0].entry.op_id).toBe(e.op_id);
  });
});
