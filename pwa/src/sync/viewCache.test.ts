import { beforeEach, describe, expect, it, vi } from "vitest";
import { freshIndexedDb } from "./testing";

async function fresh() {
  vi.resetModules();
  return { cache: await import("./viewCache"), db: await import("./db") };
}

const table = (seq: number, extra: Record<string, unknown> = {}) => ({
  kind: "table",
  tournament_id: 4,
  seq,
  server_time: 1,
  table_no: 2,
  max_seats: 9,
  seats: [],
  busts: [],
  ...extra,
});

beforeEach(() => freshIndexedDb());

describe("view cache", () => {
  it("keys views by tournament, kind and key", async () => {
    const { cache } = await fresh();
    expect(cache.keyOf(table(1) as any)).toBe("4:table:2");
    expect(cache.keyOf({ kind: "player", tournament_id: 4, seq: 1, entry_id: 9 })).toBe("4:player:9");
    expect(cache.keyOf({ kind: "public", tournament_id: 4, seq: 1 })).toBe("4:public:_");
    expect(cache.viewKey(4, "director")).toBe("4:director:_");
  });

  it("keeps the view with the highest seq", async () => {
    const { cache } = await fresh();
    expect((await cache.putView(table(5, { marker: "five" }))).accepted).toBe(true);
    const late = await cache.putView(table(3, { marker: "three" }));
    expect(late.accepted).toBe(false);
    expect(late.view.marker).toBe("five");
    expect((await cache.getView("4:table:2"))!.marker).toBe("five");
    expect((await cache.putView(table(5, { marker: "five-again" }))).accepted).toBe(true); // equal seq: ok
    expect((await cache.putView(table(8, { marker: "eight" }))).accepted).toBe(true);
    expect((await cache.getView("4:table:2"))!.seq).toBe(8);
    // another table is independent
    await cache.putView(table(1, { table_no: 3 }));
    expect((await cache.getView("4:table:3"))!.seq).toBe(1);
    expect((await cache.getView("4:table:2"))!.seq).toBe(8);
  });

  it("survives a reload and still refuses older views", async () => {
    const a = await fresh();
    await a.cache.putView(table(10, { marker: "ten" }));
    await a.db.closeDb();
    const b = await fresh();
    expect((await b.cache.getView("4:table:2"))!.marker).toBe("ten");
    expect((await b.cache.putView(table(9))).accepted).toBe(false);
    expect((await b.cache.getView("4:table:2"))!.seq).toBe(10);
  });

  it("notifies listeners only for accepted views", async () => {
    const { cache } = await fresh();
    const seen: number[] = [];
    cache.onView((v) => seen.push(v.seq));
    await cache.putView(table(2));
    await cache.putView(table(1));
    await cache.putView(table(3));
    expect(seen).toEqual([2, 3]);
  });

  it("rejects things that are not views", async () => {
    const { cache } = await fresh();
    await expect(cache.putView({ kind: "table" } as any)).rejects.toThrow();
  });
});

describe("director deltas", () => {
  const full = (seq: number) => ({
    kind: "director", tournament_id: 4, seq, partial: false, players_left: 3,
    entries: [1, 2, 3].map((id) => ({ entry_id: id, name: `P${id}`, status: "active" })),
    tables: [{ table_no: 1, seats: [] }, { table_no: 2, seats: [] }],
  });
  const delta = (seq: number, base_seq: number, entry: Record<string, unknown>) => ({
    kind: "director", tournament_id: 4, seq, base_seq, partial: true, players_left: 2,
    entries: [entry], tables: [{ table_no: 2, seats: [{ seat: 1, entry_id: 2 }] }],
  });

  it("merges a delta that follows the stored view", async () => {
    const { cache } = await fresh();
    await cache.putView(full(10) as any);
    const r = await cache.putView(delta(11, 10, { entry_id: 3, name: "P3", status: "busted", place: 3 }) as any);
    expect(r.accepted).toBe(true);
    const v = await cache.getView("4:director:_");
    expect(v!.seq).toBe(11);
    expect(v!.players_left).toBe(2);
    expect(v!.entries.map((e: any) => e.status)).toEqual(["active", "active", "busted"]);
    expect(v!.tables.find((t: any) => t.table_no === 2).seats).toHaveLength(1);
    expect(v!.tables).toHaveLength(2);
    expect(v!.partial).toBe(false);
  });

  it("reports a gap when a delta does not follow the stored view, and keeps the stored one", async () => {
    const { cache } = await fresh();
    await cache.putView(full(10) as any);
    const r = await cache.putView(delta(13, 12, { entry_id: 1, name: "P1", status: "busted" }) as any);
    expect(r).toMatchObject({ accepted: false, gap: true });
    expect((await cache.getView("4:director:_"))!.seq).toBe(10);
  });

  it("ignores a delta older than the stored view", async () => {
    const { cache } = await fresh();
    await cache.putView(full(10) as any);
    const r = await cache.putView(delta(9, 8, { entry_id: 1, name: "P1", status: "busted" }) as any);
    expect(r.accepted).toBe(false);
    expect(r.gap).toBeFalsy();
  });
});

describe("view keys", () => {
  it("keys a waiting link's view by its sign-up: two people may sign up on one phone", async () => {
    const { keyOf } = await import("./viewCache");
    expect(keyOf({ kind: "signup", tournament_id: 3, seq: 1, registration: { status: "waiting", signup_no: 4 } })).toBe("3:signup:4");
    expect(keyOf({ kind: "signup", tournament_id: 3, seq: 1, registration: { status: "waiting", signup_no: 5 } })).toBe("3:signup:5");
    expect(keyOf({ kind: "player", tournament_id: 3, seq: 1, entry_id: 9 })).toBe("3:player:9");
  });
});
