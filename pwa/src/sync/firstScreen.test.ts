// The boot script's early answer (docs/first-scan.md) as the app takes it: who the token is and its
// views without asking /api/me or the views again on mount; the socket's connect still asks; and
// an answer that comes after the link already asked is not used to skip a later GET.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, freshIndexedDb, jsonResponse } from "./testing";

const me = { role: "player", tournament_id: 7, table_no: null, entry_id: 3, signup_no: null, director: null, club: null };
const view = (kind: string, seq: number) => ({ kind, tournament_id: 7, seq, ...(kind === "player" ? { entry_id: 3 } : {}) });

async function fresh(early: Promise<Response> | null, timing: { sent: number; received: number } | null = null) {
  vi.resetModules();
  const net = fakeFetch((call) => {
    if (call.url === "/api/me") return jsonResponse(200, me);
    if (call.url.endsWith("/view")) return jsonResponse(200, view("player", 9));
    if (call.url.endsWith("/public")) return jsonResponse(200, view("public", 9));
    return jsonResponse(404, { error: "not_found" });
  });
  vi.stubGlobal("fetch", net.fn);
  if (early) (globalThis as any).__firstScreen = { token: "tok", answer: early, ...timing };
  const session = await import("./session");
  const cache = await import("./viewCache");
  const clock = await import("./timeOffset");
  return { net, session, cache, clock };
}

const boot = (status: number, body: unknown) => Promise.resolve(jsonResponse(status, body));
const urls = (net: ReturnType<typeof fakeFetch>) => net.calls.map((c) => c.url);

beforeEach(() => freshIndexedDb());
afterEach(() => {
  delete (globalThis as any).__firstScreen;
  vi.unstubAllGlobals();
});

describe("the first scan's early answer", () => {
  it("tells who the token is and stores its views: the mount asks nothing, the connect asks again", async () => {
    const { net, session, cache } = await fresh(boot(200, { me, views: [view("player", 5), view("public", 5)] }));
    const r = await session.resolveMe("tok");
    expect(r).toEqual({ me, fresh: true });
    expect(cache.peek(cache.viewKey(7, "player", 3))?.seq).toBe(5);
    expect(cache.peek(cache.viewKey(7, "public"))?.seq).toBe(5);
    expect((await session.refreshViews(7, "tok")).map((v) => v.seq)).toEqual([5, 5]);
    expect(urls(net)).toEqual([]);
    await session.refreshViews(7, "tok"); // the socket's connect: a change since the answer is fetched
    expect(urls(net)).toEqual(["/api/tournaments/7/view", "/api/tournaments/7/public"]);
    expect(cache.peek(cache.viewKey(7, "player", 3))?.seq).toBe(9);
  });

  it("is taken once and only for its own token", async () => {
    const { net, session } = await fresh(boot(200, { me, views: [] }));
    await session.resolveMe("other");
    expect(urls(net)).toEqual(["/api/me"]);
    await session.resolveMe("tok");
    await session.resolveMe("tok");
    expect(urls(net)).toEqual(["/api/me", "/api/me"]);
  });

  it("after the link already asked for its views (a reload with a cached me), is not used to skip the next GET", async () => {
    const { net, session } = await fresh(boot(200, { me, views: [view("player", 5), view("public", 5)] }));
    await session.refreshViews(7, "tok");
    await session.resolveMe("tok");
    await session.refreshViews(7, "tok");
    expect(urls(net).filter((u) => u.endsWith("/view"))).toHaveLength(2);
  });

  it("sets the server-time offset from the answer's time and the moments the boot script noted", async () => {
    const sent = Date.now() - 600;
    const received = sent + 500;
    const serverTime = received + 90_000; // a device 90 s behind the server
    const { clock, session } = await fresh(Promise.resolve(jsonResponse(200, { me, views: [] }, serverTime)), { sent, received });
    await session.resolveMe("tok");
    expect(clock.getOffset()).toBe(serverTime - (sent + received) / 2);
  });

  it("without the moments (an older boot script) leaves the offset to the next answer", async () => {
    const { clock, session } = await fresh(Promise.resolve(jsonResponse(200, { me, views: [] }, Date.now() + 90_000)));
    await session.resolveMe("tok");
    expect(clock.getOffset()).toBe(0);
  });

  it("a refused token is invalid at once; no answer at all falls back to asking the server", async () => {
    let t = await fresh(boot(401, { error: "unauthorized", message: "unknown token" }));
    expect(await t.session.resolveMe("tok")).toMatchObject({ invalid: true, message: "unknown token" });
    expect(urls(t.net)).toEqual([]);
    t = await fresh(Promise.reject(new TypeError("Failed to fetch")));
    expect(await t.session.resolveMe("tok")).toEqual({ me, fresh: true });
    expect(urls(t.net)).toEqual(["/api/me"]);
  });
});
