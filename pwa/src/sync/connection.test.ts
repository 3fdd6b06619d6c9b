import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applied, fakeFetch, freshIndexedDb, jsonResponse, type FakeCall } from "./testing";
import { deriveState, nextTry, SETTLE_MS, type ConnInputs } from "./connection";
import { reconnectDelay, RECONNECT_MAX_MS, RECONNECT_URGENT_MAX_MS } from "./socket";

const T0 = 1_000_000;
const base: ConnInputs = { navOnline: true, socket: "up", answer: "ok", since: T0, now: T0 + 60_000 };
const state = (over: Partial<ConnInputs>) => deriveState({ ...base, ...over });

const waitFor = async (cond: () => boolean | Promise<boolean>, ms = 3000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error("timeout waiting for condition");
};

const isCommand = (c: FakeCall) => c.url.endsWith("/commands") && c.method === "POST";

describe("connection state", () => {
  it("is online only while the socket is connected and the last request was answered", () => {
    expect(state({})).toBe("online");
    // The server went silent: the socket still looks connected, the heartbeat got no answer.
    expect(state({ answer: "failed" })).toBe("unreachable");
    // The server process died: the socket closed, even though the last GET had been answered.
    expect(state({ socket: "down" })).toBe("unreachable");
    expect(state({ socket: "down", answer: "failed" })).toBe("unreachable");
  });

  it("says offline when there is no network at all, whatever else it knows", () => {
    for (const socket of ["up", "down", "none", "connecting"] as const) {
      for (const answer of ["ok", "failed", "unknown"] as const) {
        expect(state({ navOnline: false, socket, answer })).toBe("offline");
      }
    }
  });

  it("needs no socket on screens that have none, or whose token the socket refused", () => {
    expect(state({ socket: "none" })).toBe("online");
    expect(state({ socket: "none", answer: "failed" })).toBe("unreachable");
    expect(state({ socket: "refused" })).toBe("online");
  });

  it("shows connecting only at start-up, until the first verdict or SETTLE_MS", () => {
    const start = { socket: "connecting" as const, answer: "unknown" as const, now: T0 + 100 };
    expect(state(start)).toBe("connecting");
    // The views' GET answered but the socket is not up yet: still connecting, not a red flash.
    expect(state({ ...start, answer: "ok" })).toBe("connecting");
    expect(state({ ...start, answer: "failed" })).toBe("unreachable");
    expect(state({ ...start, socket: "down" })).toBe("unreachable");
    expect(state({ ...start, now: T0 + SETTLE_MS })).toBe("unreachable");
    expect(state({ socket: "none", answer: "unknown", now: T0 + 100 })).toBe("connecting");
    expect(SETTLE_MS).toBeLessThanOrEqual(5000);
  });
});

describe("next try", () => {
  const none = { retryAt: 0, reconnectAt: 0, sendingSince: 0, connectingSince: 0 };
  it("is the earlier of the outbox retry and the socket reconnect, in whole seconds", () => {
    expect(nextTry(T0, { ...none, retryAt: T0 + 25_000, reconnectAt: T0 + 1_200 })).toEqual({ kind: "wait", seconds: 2 });
    expect(nextTry(T0, { ...none, retryAt: T0 + 3_000 })).toEqual({ kind: "wait", seconds: 3 });
    expect(nextTry(T0, { ...none, reconnectAt: T0 + 3_001 })).toEqual({ kind: "wait", seconds: 4 });
  });
  it("says trying while a command or a connect is under way, or a timer is due", () => {
    expect(nextTry(T0, { ...none, retryAt: T0 + 5000, sendingSince: T0 - 10 })).toEqual({ kind: "trying" });
    expect(nextTry(T0, { ...none, connectingSince: T0 - 10 })).toEqual({ kind: "trying" });
    expect(nextTry(T0, { ...none, retryAt: T0 - 1 })).toEqual({ kind: "trying" });
    expect(nextTry(T0, none)).toEqual({ kind: "none" });
  });
});

describe("socket reconnect delay", () => {
  it("stays within 2 s while commands wait, and is spread (no herd in step)", () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      for (const r of [0, 0.3, 0.999, 1]) {
        const d = reconnectDelay(attempt, true, r);
        expect(d).toBeLessThanOrEqual(RECONNECT_URGENT_MAX_MS);
        expect(d).toBeGreaterThanOrEqual(400);
      }
      // at the cap too, two phones with different luck wait differently
      expect(reconnectDelay(attempt, true, 0)).toBeLessThan(reconnectDelay(attempt, true, 1) - 400);
    }
  });
  it("backs off to 10 s (spread over 5–10 s) when nothing waits", () => {
    expect(reconnectDelay(0, false, 1)).toBe(1000);
    expect(reconnectDelay(1, false, 1)).toBe(2000);
    expect(reconnectDelay(12, false, 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(12, false, 0)).toBe(RECONNECT_MAX_MS / 2);
  });
});

// api.ts and the outbox with a fake network edge: fresh modules per test (like a page load).
async function loadModules() {
  vi.resetModules();
  const connection = await import("./connection");
  const api = await import("./api");
  const outbox = await import("./outbox");
  return { connection, api, outbox };
}

describe("requests and the answer they give the badge", () => {
  beforeEach(() => freshIndexedDb());
  afterEach(() => vi.unstubAllGlobals());

  it("a silent server: the request gives up after its time limit, and the server counts as not answering", async () => {
    const { connection, api } = await loadModules();
    const net = fakeFetch(() => "hang");
    vi.stubGlobal("fetch", net.fn);
    connection.noteSocket("up");
    connection.noteAnswer(true);
    expect(connection.connectionState()).toBe("online");
    const t0 = Date.now();
    await expect(api.request("/api/health", { timeoutMs: 150 })).rejects.toBeInstanceOf(api.NetworkError);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(connection.connectionState()).toBe("unreachable");
    // an answer, even a refusal, means the server is there
    net.handler = () => jsonResponse(404, { error: "not_found", message: "no" });
    await api.request("/api/nothing");
    expect(connection.connectionState()).toBe("online");
    // a gateway error (a proxy in front, the server behind it gone) is not an answer
    net.handler = () => jsonResponse(502, { error: "bad_gateway", message: "down" });
    await api.request("/api/health");
    expect(connection.connectionState()).toBe("unreachable");
  });

  it("a request cancelled by the app says nothing about the server", async () => {
    const { connection, api } = await loadModules();
    vi.stubGlobal("fetch", fakeFetch(() => "hang").fn);
    connection.noteSocket("up");
    connection.noteAnswer(true);
    const ctl = new AbortController();
    const p = api.request("/api/x", { signal: ctl.signal, timeoutMs: 5000 });
    setTimeout(() => ctl.abort(), 20);
    await expect(p).rejects.toBeInstanceOf(api.NetworkError);
    expect(connection.connectionState()).toBe("online");
  });
});

describe("outbox against a server that does not answer", () => {
  beforeEach(() => freshIndexedDb());
  afterEach(() => vi.unstubAllGlobals());

  it("a command POST to a silent server times out as not decided and goes again with the same op_id", async () => {
    const { outbox } = await loadModules();
    outbox._setCommandTimeoutForTests(150);
    let n = 0;
    const net = fakeFetch((call) => (isCommand(call) && ++n === 1 ? "hang" : applied(call)));
    vi.stubGlobal("fetch", net.fn);
    const e = await outbox.enqueue({ tournament_id: 3, type: "record_bust", payload: { entry_id: 9 }, token: "t" });
    await waitFor(() => outbox.nextRetryAt() > 0 || outbox.snapshot().length === 0, 2000);
    await waitFor(() => outbox.snapshot().length === 0, 4000);
    const sent = net.calls.filter(isCommand);
    expect(sent.map((c) => c.body.op_id)).toEqual([e.op_id, e.op_id]);
  });

  it("send now cuts a request that hangs short and sends the same op_id again at once", async () => {
    const { outbox } = await loadModules();
    outbox._setCommandTimeoutForTests(60_000); // only "send now" can end the first request
    let n = 0;
    const net = fakeFetch((call) => (isCommand(call) && ++n === 1 ? "hang" : applied(call)));
    vi.stubGlobal("fetch", net.fn);
    const e = await outbox.enqueue({ tournament_id: 3, type: "record_bust", payload: { entry_id: 9 }, token: "t" });
    await waitFor(() => n === 1 && outbox.sendingSince() > 0, 10_000); // the fake server holds it; not timed
    expect(outbox.counts().pending).toBe(1);
    const t0 = Date.now();
    await outbox.sendNow();
    await waitFor(() => outbox.snapshot().length === 0, 1000);
    expect(Date.now() - t0).toBeLessThan(800); // not after a backoff
    expect(outbox.sendingSince()).toBe(0);
    expect(net.calls.filter(isCommand).map((c) => c.body.op_id)).toEqual([e.op_id, e.op_id]);
  }, 15_000);

  it("a reason to send (socket connect) during a failing request is not swallowed by the backoff", async () => {
    const { outbox } = await loadModules();
    let n = 0;
    let release: () => void = () => undefined;
    const net = fakeFetch((call) => {
      if (!isCommand(call)) return applied(call);
      if (++n === 1) return new Promise<Response>((_, reject) => (release = () => reject(new TypeError("Failed to fetch"))));
      return applied(call);
    });
    vi.stubGlobal("fetch", net.fn);
    const e = await outbox.enqueue({ tournament_id: 3, type: "record_bust", payload: { entry_id: 9 }, token: "t" });
    // Wait until the fake server holds the first POST (`release` is set), not only until the
    // outbox started it: the fake fetch answers a tick later, and a release before that was lost.
    await waitFor(() => n === 1 && outbox.sendingSince() > 0, 10_000); // slow beside the browser tests; not timed
    // The socket reconnects while the first POST is still out (it then fails: old connection).
    void outbox.flush({ force: true });
    const t0 = Date.now();
    release();
    // (a generous wait: make test runs this beside the browser tests on 2 cores; the time is the check)
    await waitFor(() => outbox.snapshot().length === 0, 10_000);
    expect(Date.now() - t0).toBeLessThan(1000); // the 1 s backoff would have made it ≥ 1000
    expect(net.calls.filter(isCommand).map((c) => c.body.op_id)).toEqual([e.op_id, e.op_id]);
  }, 25_000);
});
