import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, freshIndexedDb, jsonResponse, type Handler } from "./testing";
import type { FetchState, FetchStep } from "./cachedFetch";

async function fresh(handler: Handler) {
  vi.resetModules();
  const net = fakeFetch(handler);
  vi.stubGlobal("fetch", net.fn);
  const cf = await import("./cachedFetch");
  return { net, cf, cache: cf };
}

/** Runs a cached GET the way the hook does and records every state it goes through. */
function run<T>(cf: typeof import("./cachedFetch"), url: string, opts: Parameters<typeof cf.runCachedFetch<T>>[1]) {
  let state: FetchState<T> = { data: null, loading: true, error: null };
  const states: FetchState<T>[] = [];
  const stop = cf.runCachedFetch<T>(url, opts, (step: FetchStep<T>) => {
    state = cf.applyStep(state, step);
    states.push(state);
  });
  return { states, stop, get now() { return state; } };
}

const settle = () => new Promise((r) => setTimeout(r, 60));

beforeEach(() => freshIndexedDb());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a cached GET", () => {
  it("shows the copy kept on the phone first, then the fresh answer, and keeps that one", async () => {
    const { cf, cache } = await fresh(async () => {
      await new Promise((r) => setTimeout(r, 20)); // the kept copy is read before the answer comes
      return jsonResponse(200, { name: "fresh" });
    });
    await cache.putSnapshot("venue", { name: "kept" });
    const r = run<{ name: string }>(cf, "/api/venue", { where: "test.venue", token: "tok", cache: "venue" });
    await settle();
    expect(r.states.map((s) => s.data?.name)).toEqual(["kept", "fresh"]);
    expect(r.now).toEqual({ data: { name: "fresh" }, loading: false, error: null });
    expect(await cache.getSnapshot("venue")).toEqual({ name: "fresh" });
  });

  it("sends the token", async () => {
    const { cf, net } = await fresh(() => jsonResponse(200, []));
    run(cf, "/api/clubs", { where: "test.clubs", token: "tok-d" });
    await settle();
    expect(net.calls.map((c) => [c.url, c.headers.authorization])).toEqual([["/api/clubs", "Bearer tok-d"]]);
  });

  it("offline: keeps the kept copy on screen and says no answer came", async () => {
    const { cf, cache } = await fresh(() => "network-error");
    await cache.putSnapshot("rules", { en: ["kept"] });
    const r = run(cf, "/api/presets/generic", { where: "test.rules", cache: "rules" });
    await settle();
    expect(r.now).toEqual({ data: { en: ["kept"] }, loading: false, error: { status: null, message: null } });
  });

  it("a refusal says the server's reason and changes nothing kept", async () => {
    const { cf, cache } = await fresh(() => jsonResponse(403, { error: "forbidden", message: "Not your club" }));
    await cache.putSnapshot("clubs", ["kept"]);
    const r = run(cf, "/api/clubs", { where: "test.clubs", cache: "clubs" });
    await settle();
    expect(r.now.error).toEqual({ status: 403, message: "Not your club" });
    expect(r.now.data).toEqual(["kept"]);
    expect(await cache.getSnapshot("clubs")).toEqual(["kept"]);
  });

  it("keeps only the part `select` takes; an answer without it is an error, not kept", async () => {
    let answer: unknown = { id: "generic", house_rules: { en: ["one"], de: ["eins"] } };
    const { cf, cache } = await fresh(() => jsonResponse(200, answer));
    const select = (p: any) => (Array.isArray(p?.house_rules?.en) ? p.house_rules : null);
    const a = run(cf, "/api/presets/generic", { where: "test.rules", cache: "rules", select });
    await settle();
    expect(a.now.data).toEqual({ en: ["one"], de: ["eins"] });
    answer = { id: "generic" };
    const b = run(cf, "/api/presets/generic", { where: "test.rules", cache: "rules", select });
    await settle();
    expect(b.now).toEqual({ data: { en: ["one"], de: ["eins"] }, loading: false, error: { status: 200, message: null } });
    expect(await cache.getSnapshot("rules")).toEqual({ en: ["one"], de: ["eins"] });
  });

  it("a late kept copy does not replace a fresh answer", async () => {
    const { cf } = await fresh(() => jsonResponse(200, {}));
    const state = cf.applyStep<{ n: number }>({ data: { n: 2 }, loading: false, error: null }, { kept: { n: 1 } });
    expect(state.data).toEqual({ n: 2 });
  });

  it("GETs again on its timer, and not after it was stopped", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let n = 0;
    const { cf } = await fresh(() => jsonResponse(200, { n: ++n }));
    const r = run<{ n: number }>(cf, "/api/tournaments/1/my-league", { where: "test.league", refreshMs: 60_000 });
    await settle();
    vi.advanceTimersByTime(60_000);
    await settle();
    expect(r.now.data).toEqual({ n: 2 });
    r.stop();
    vi.advanceTimersByTime(60_000);
    await settle();
    expect(n).toBe(2);
  });

  it("with a delay, a run stopped before it GETs never GETs (changes in a row make one GET)", async () => {
    const { cf, net } = await fresh(() => jsonResponse(200, { n: 1 }));
    const a = run(cf, "/api/tournaments/1/links", { where: "test.links", delayMs: 20 });
    a.stop();
    const b = run(cf, "/api/tournaments/1/links", { where: "test.links", delayMs: 20 });
    await settle();
    await settle();
    expect(net.calls.length).toBe(1);
    expect(a.states).toEqual([]);
    expect(b.now.data).toEqual({ n: 1 });
  });

  it("drops an answer that arrives after it was stopped (the screen moved on)", async () => {
    const { cf } = await fresh(async () => {
      await new Promise((r) => setTimeout(r, 10));
      return jsonResponse(200, { late: true });
    });
    const r = run(cf, "/api/venue", { where: "test.venue" });
    r.stop();
    await settle();
    expect(r.states).toEqual([]);
  });
});
