// HTTP to the pokerfloor API: Bearer token, JSON, server-time offset from every answer.
import { recordServerTime } from "./timeOffset";

export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NetworkError";
  }
}

export class ApiError extends Error {
  status: number;
  code: string;
  field: string | null;
  data: any;
  constructor(status: number, data: any) {
    super((data && data.message) || `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.code = (data && data.error) || String(status);
    this.field = (data && data.field) ?? null;
    this.data = data;
  }
}

export interface ApiResponse<T = any> {
  status: number;
  ok: boolean;
  data: T;
  headers: Headers;
}

type Listener = (ok: boolean) => void;
const reachListeners = new Set<Listener>();
let lastFetchOk = false;

/** True if the last HTTP request got any answer from the server (not a network failure). */
export function getLastFetchOk(): boolean {
  return lastFetchOk;
}
export function onReachability(fn: Listener): () => void {
  reachListeners.add(fn);
  return () => reachListeners.delete(fn);
}
function setReach(ok: boolean) {
  if (ok !== lastFetchOk) {
    lastFetchOk = ok;
    for (const fn of reachListeners) fn(ok);
  }
}

export interface RequestOptions {
  method?: string;
  token?: string | null;
  body?: unknown;
  signal?: AbortSignal;
  accept?: string;
}

/** Low level: never throws on HTTP status; throws NetworkError when no answer arrived. */
export async function request<T = any>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: opts.accept ?? "application/json" };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const sent = Date.now();
  let res: Response;
  try {
    res = await fetch(path, { method: opts.method ?? "GET", headers, body, signal: opts.signal, cache: "no-store" });
  } catch (e) {
    setReach(false);
    throw new NetworkError(e instanceof Error ? e.message : String(e));
  }
  const received = Date.now();
  // A gateway error (proxy up, server down) is not "the server answered".
  setReach(res.status < 500 || res.status === 501);
  const hdr = res.headers.get("X-Server-Time");
  let data: any = null;
  const ctype = res.headers.get("Content-Type") || "";
  if (ctype.includes("json")) {
    try {
      data = await res.json();
    } catch {
      data = null;
    }
  } else if (opts.accept && !opts.accept.includes("json")) {
    data = await res.blob().catch(() => null);
  } else {
    data = await res.text().catch(() => null);
  }
  const st = data && typeof data === "object" && typeof data.server_time === "number" ? data.server_time : hdr ? Number(hdr) : NaN;
  if (Number.isFinite(st)) recordServerTime(st, sent, received);
  return { status: res.status, ok: res.ok, data, headers: res.headers };
}

/** Convenience: throws ApiError on non-2xx, NetworkError on no answer. */
export async function api<T = any>(path: string, opts: RequestOptions = {}): Promise<T> {
  const r = await request<T>(path, opts);
  if (!r.ok) throw new ApiError(r.status, r.data);
  return r.data;
}

/** GET /api/health → {ok, server_time}; used to measure the offset. */
export async function ping(): Promise<boolean> {
  try {
    const r = await request("/api/health");
    return r.ok;
  } catch {
    return false;
  }
}
