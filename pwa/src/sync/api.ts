// HTTP to the pokerfloor API: Bearer token, JSON, server-time offset from every answer.
// Every request has a time limit (a silent server must not hold a command for minutes): no
// answer in time is a NetworkError, i.e. "not decided" — the outbox retries with the same op_id.
import { recordServerTime } from "./timeOffset";
import { noteAnswer } from "./connection";
import { report } from "./report";

/** Default time limit of one request (ms). */
export const REQUEST_TIMEOUT_MS = 10_000;

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

/** Did the server answer? Fed to the connection state (sync/connection.ts, the badge). */
function setReach(ok: boolean) {
  noteAnswer(ok);
}

export interface RequestOptions {
  method?: string;
  token?: string | null;
  body?: unknown;
  signal?: AbortSignal;
  accept?: string;
  /** Give up after this many ms (default REQUEST_TIMEOUT_MS); 0 = no limit. */
  timeoutMs?: number;
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
  // Our own controller: aborted by the time limit or by the caller's signal.
  const ctl = new AbortController();
  const limit = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let timedOut = false;
  const timer = limit > 0 ? setTimeout(() => ((timedOut = true), ctl.abort()), limit) : null;
  const onCallerAbort = () => ctl.abort();
  if (opts.signal?.aborted) ctl.abort();
  else opts.signal?.addEventListener("abort", onCallerAbort);
  const done = () => {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onCallerAbort);
  };
  let res: Response;
  try {
    res = await fetch(path, { method: opts.method ?? "GET", headers, body, signal: ctl.signal, cache: "no-store" });
  } catch (e) {
    done();
    // Cancelled by the caller (e.g. "send now" restarting a stuck request): says nothing about
    // the server. A time-out or a network error does: no answer.
    if (!timedOut && opts.signal?.aborted) throw new NetworkError("aborted");
    setReach(false);
    throw new NetworkError(timedOut ? `no answer in ${limit} ms` : e instanceof Error ? e.message : String(e));
  }
  const received = Date.now();
  // A gateway error (proxy up, server down) is not "the server answered".
  setReach(res.status < 500 || res.status === 501);
  const hdr = res.headers.get("X-Server-Time");
  let data: any = null;
  const ctype = res.headers.get("Content-Type") || "";
  // An answer whose body cannot be read (cut off, not the JSON it claims): the caller sees no
  // data and the status; the log says why.
  const unread = (e: unknown) => (report("api.body", e), null);
  if (ctype.includes("json")) data = await res.json().catch(unread);
  else if (opts.accept && !opts.accept.includes("json")) data = await res.blob().catch(unread);
  else data = await res.text().catch(unread);
  done();
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
    return false; // no answer: request() has told the connection state already
  }
}
