import { beforeEach, describe, expect, it, vi } from "vitest";
import { freshIndexedDb } from "./testing";

async function fresh() {
  vi.resetModules();
  return { cache: { ...(await import("./viewCache")), ...(await import("./cachedFetch")) }, db: await import("./db") };
}

beforeEach(() => freshIndexedDb());

describe("snapshots (league standing, house rules) in the view cache", () => {
  it("keeps the last one across a reload, apart from the role views", async () => {
    const a = await fresh();
    await a.cache.putSnapshot("my-league:tok", { leagues: [{ name: "Rangliste", me: { rank: 2 } }] });
    await a.cache.putSnapshot("my-league:tok", { leagues: [{ name: "Rangliste", me: { rank: 1 } }] });
    await a.db.closeDb();
    const b = await fresh();
    expect((await b.cache.getSnapshot("my-league:tok")).leagues[0].me.rank).toBe(1);
    expect(await b.cache.getSnapshot("house-rules:generic")).toBeUndefined();
    expect(await b.cache.getView("snap:other")).toBeUndefined();
  });
});
