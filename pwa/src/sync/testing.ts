// Test helpers: a fake fetch at the network edge (returns real Response objects) and a fresh
// fake IndexedDB per test. Not imported by the app.
import { IDBFactory } from "fake-indexeddb";

export interface FakeCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: any;
}

/** "hang": a silent server (no answer, no error) — only the request's AbortSignal ends it. */
export type Handler = (call: FakeCall) => Response | Promise<Response> | "network-error" | "hang";

export function jsonResponse(status: number, body: unknown, serverTime?: number): Response {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (serverTime !== undefined) headers["X-Server-Time"] = String(serverTime);
  return new Response(JSON.stringify(body), { status, headers });
}

export function fakeFetch(handler: Handler) {
  const calls: FakeCall[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    const h = init.headers as Record<string, string> | undefined;
    if (h) for (const [k, v] of Object.entries(h)) headers[k.toLowerCase()] = v;
    const call: FakeCall = {
      url: String(input),
      method: init.method ?? "GET",
      headers,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise((r) => setTimeout(r, 1));
      const res = await handler(call);
      if (res === "network-error") throw new TypeError("Failed to fetch");
      if (res === "hang") {
        return await new Promise<Response>((_, reject) => {
          const fail = () => reject(new DOMException("The operation was aborted.", "AbortError"));
          if (init.signal?.aborted) fail();
          else init.signal?.addEventListener("abort", fail);
        });
      }
      return res;
    } finally {
      inFlight--;
    }
  };
  return {
    fn,
    calls,
    get maxInFlight() {
      return maxInFlight;
    },
    set handler(h: Handler) {
      handler = h;
    },
  };
}

export function freshIndexedDb(): void {
  (globalThis as any).indexedDB = new IDBFactory();
}

export const applied = (call: FakeCall, seq = 1, result: unknown = {}) =>
  jsonResponse(200, { status: "applied", op_id: call.body?.op_id, seq, result, server_time: Date.now() });
