import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { freshIndexedDb } from "./testing";

type ReportModule = typeof import("./report");

// Fresh module instances per test (like a page load): an empty list, nothing on screen.
async function fresh(): Promise<{ sink: ReportModule; outbox: typeof import("./outbox") }> {
  vi.resetModules();
  return { sink: await import("./report"), outbox: await import("./outbox") };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  freshIndexedDb();
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
});

describe("report(): one sink for failures", () => {
  it("logs with a stable prefix and where it happened, and keeps the error's name and message", async () => {
    const { sink } = await fresh();
    const err = new TypeError("Failed to fetch");
    sink.report("player.league", err);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith("[pokerfloor] player.league:", err);
    expect(sink.reports()).toEqual([{ where: "player.league", message: "TypeError: Failed to fetch", at: expect.any(Number), show: false }]);
    sink.report("alerts.vibrate", "not an Error");
    expect(sink.reports()[1]).toMatchObject({ where: "alerts.vibrate", message: "not an Error" });
  });

  it("keeps the last 20 reports, oldest first, as window.__pokerfloorReports", async () => {
    const { sink } = await fresh();
    for (let i = 1; i <= 25; i++) sink.report(`test.n${i}`, new Error(String(i)));
    const kept = sink.reports();
    expect(kept).toHaveLength(20);
    expect(kept[0].where).toBe("test.n6");
    expect(kept[19].where).toBe("test.n25");
    expect((globalThis as any).__pokerfloorReports).toBe(kept);
    expect(warn).toHaveBeenCalledTimes(25);
  });

  it("puts only `show` reports on screen, the newest replacing the one before, until dismissed", async () => {
    const { sink } = await fresh();
    const seen: (string | null)[] = [];
    const off = sink.onShown((r) => seen.push(r ? `${r.where}=${r.show}` : null));
    sink.report("timeOffset.save", new Error("quota"));
    expect(sink.shownReport()).toBeNull();
    sink.report("director.logout", new TypeError("Failed to fetch"), { show: "report.logout_failed" });
    sink.report("outbox.enqueue", new Error("quota"), { show: true });
    expect(sink.shownReport()).toMatchObject({ where: "outbox.enqueue", show: true });
    sink.setShown(null); // the person dismissed it
    expect(sink.shownReport()).toBeNull();
    off();
    sink.report("director.qr", new Error("x"), { show: "report.qr_failed" });
    expect(seen).toEqual(["director.logout=report.logout_failed", "outbox.enqueue=true", null]);
    // Shown before any banner listened (start-up): a banner mounted later still finds it.
    expect(sink.shownReport()?.where).toBe("director.qr");
    expect(sink.reports().map((r) => r.where)).toEqual(["timeOffset.save", "director.logout", "outbox.enqueue", "director.qr"]);
  });
});

describe("the outbox reports a command it could not store", () => {
  it("shows it to the person and still rejects, storing nothing", async () => {
    const { sink, outbox } = await fresh();
    // A payload IndexedDB cannot store (a function does not survive structured clone): a real
    // failed write, like a full or broken storage.
    const bad = { tournament_id: 7, type: "record_bust" as const, payload: { entry_id: 3, oops: () => 1 } as any, token: "tok" };
    await expect(outbox.enqueue(bad)).rejects.toThrow();
    expect(sink.shownReport()).toMatchObject({ where: "outbox.enqueue", show: "report.not_saved" });
    expect(sink.reports().map((r) => r.where)).toEqual(["outbox.enqueue"]);
    expect(await outbox.load()).toEqual([]);
  });

  it("does the same when a rejected command is edited and cannot be stored again", async () => {
    const { sink, outbox } = await fresh();
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ error: "seat_taken", message: "taken" }), { status: 409, headers: { "Content-Type": "application/json" } }));
    const e = await outbox.enqueue({ tournament_id: 7, type: "move_player", payload: { entry_id: 3, to_table: 1, to_seat: 2 }, token: "tok" });
    await outbox.flush({ force: true });
    expect(outbox.snapshot().map((x) => x.state)).toEqual(["rejected"]);
    await expect(outbox.resend(e.op_id, { entry_id: 3, oops: () => 1 } as any)).rejects.toThrow();
    expect(sink.shownReport()).toMatchObject({ where: "outbox.resend", show: "report.not_saved" });
    // Nothing lost: the rejected command is still there to edit or read.
    expect((await outbox.load()).map((x) => [x.op_id, x.state])).toEqual([[e.op_id, "rejected"]]);
    vi.unstubAllGlobals();
  });
});
