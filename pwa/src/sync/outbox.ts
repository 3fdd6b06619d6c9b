// The outbox: every command is stored in IndexedDB first, then sent in order, one at a time.
//   200                      → applied: removed
//   4xx (but 408 and 429)    → rejected: kept with the server's message until dismissed
//   network error, 5xx, 429  → not decided: stop, retry later (1 s → 30 s backoff), same op_id
//   our server's own 500 (JSON) for the same op_id SERVER_ERROR_LIMIT times → rejected too: the
//                              command itself breaks the server, a retry answers the same forever
//   no answer in time        → not decided too (api.ts gives every request a time limit)
// A forced flush (socket connect, back online, a new command, "send now") does not wait for a
// scheduled backoff; `sendNow()` also restarts a request that is stuck on a silent server.
// Survives reloads: pending entries are re-sent with the op_id they were stored with.
import { getDb, getDeviceId, type OutboxEntry } from "./db";
import { request, NetworkError, REQUEST_TIMEOUT_MS } from "./api";
import { serverNow } from "./timeOffset";
import { report } from "./report";
import type { CommandType, PayloadOf } from "../api/views";

export type { OutboxEntry };

/** Names for the UI (e.g. the busted player's name); kept locally, not sent. */
export type CommandLabel = Record<string, string | number>;

/** Queue a command of this screen's tournament: `type` names it, `payload` is checked against it. */
export type Send = <T extends CommandType>(type: T, payload: PayloadOf<T>, label?: CommandLabel) => void;

/** A command to queue: its `type` and `payload` are checked against the server's catalog
 * (api/types.gen.ts), so a misspelt command or payload field does not compile. */
export interface EnqueueInput<T extends CommandType> {
  tournament_id: number | string;
  type: T;
  payload: PayloadOf<T>;
  token: string;
  label?: CommandLabel;
}

export interface AppliedInfo {
  entry: OutboxEntry;
  result: any;
  seq: number | null;
}

// Every 4xx is the server's decision on this command, except "too slow" and "too many".
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;
// A 500 with the server's JSON error body means it ran the command and failed: nothing was
// applied and the same op_id fails the same way again. 502/503/504 (a proxy, a restart) are not
// counted: they say nothing about the command.
export const SERVER_ERROR_LIMIT = 3;
const MIN_BACKOFF = 1000;
const MAX_BACKOFF = 30_000;

let entries: OutboxEntry[] = [];
let loaded = false;
let flushing: Promise<void> | null = null;
let again = false;
let backoff = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryAt = 0;
let forcedAgain = false;
let commandTimeoutMs = REQUEST_TIMEOUT_MS;
let inFlight: { ctl: AbortController; since: number; op_id: string } | null = null;
// Commands taken back before they were sent (`withdraw`): never sent, even by a flush that
// already read them.
const withdrawn = new Set<string>();
const listeners = new Set<() => void>();
const appliedListeners = new Set<(info: AppliedInfo) => void>();

function notify() {
  for (const fn of listeners) {
    try {
      fn();
    } catch (err) {
      report("outbox.listener", err); // a listener's bug must not break the outbox
    }
  }
}

/** Subscribe to changes of the outbox contents (for the badge and the lists). */
export function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Called with the server's result after a command was applied (e.g. a new entry_id). */
export function onApplied(fn: (info: AppliedInfo) => void): () => void {
  appliedListeners.add(fn);
  return () => appliedListeners.delete(fn);
}

/** The last loaded snapshot, in send order. */
export function snapshot(): OutboxEntry[] {
  return entries;
}

export function counts(): { pending: number; rejected: number } {
  let pending = 0;
  let rejected = 0;
  for (const e of entries) {
    if (e.state === "pending") pending++;
    else if (e.state === "rejected") rejected++;
  }
  return { pending, rejected };
}

/** Next automatic retry (device ms), or 0 if none is scheduled. */
export function nextRetryAt(): number {
  return retryAt;
}

/** Device ms since when a command is on its way to the server, or 0. */
export function sendingSince(): number {
  return inFlight?.since ?? 0;
}

/**
 * The person asked to send now: cancel a request that waits for a silent server (not decided,
 * so it goes again with the same op_id — safe) and flush at once, ignoring the backoff.
 */
export function sendNow(): Promise<void> {
  inFlight?.ctl.abort();
  return flush({ force: true });
}

// Other tabs of the app share the same IndexedDB outbox: tell them when it changed, and let
// only one tab at a time send (Web Locks), so commands still go out in order.
const channel: BroadcastChannel | null =
  typeof window !== "undefined" && typeof BroadcastChannel !== "undefined" ? new BroadcastChannel("pokerfloor-outbox") : null;
channel?.addEventListener("message", () => {
  reload(false).catch((e) => report("outbox.reload", e)); // the next change or flush reloads again
});

async function reload(broadcast = true): Promise<OutboxEntry[]> {
  const db = await getDb();
  entries = await db.getAll("outbox"); // key order = send order
  loaded = true;
  notify();
  if (broadcast) channel?.postMessage("changed");
  return entries;
}

function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as any).navigator?.locks;
  if (locks?.request) return locks.request("pokerfloor-outbox", fn);
  return fn();
}

export async function load(): Promise<OutboxEntry[]> {
  return reload(false);
}

export function isLoaded(): boolean {
  return loaded;
}

/** Store a command, then try to send it. Resolves once it is stored (not when sent). A command
 * that could not be stored is shown to the person (the callers do not handle it), then rejects. */
export function enqueue<T extends CommandType>(input: EnqueueInput<T>): Promise<OutboxEntry> {
  return store(input).catch(notSaved("outbox.enqueue"));
}

/** Reports a command that could not be stored on the phone, on screen, and passes the error on. */
function notSaved(where: string) {
  return (err: unknown): never => {
    report(where, err, { show: "report.not_saved" });
    throw err;
  };
}

// Stored as the untyped OutboxEntry, as before: entries an earlier version of the app stored read the same.
async function store(input: EnqueueInput<CommandType>): Promise<OutboxEntry> {
  const device_id = await getDeviceId();
  const entry = pendingEntry({ device_id, tournament_id: input.tournament_id, type: input.type, payload: (input.payload ?? {}) as Record<string, unknown>, token: input.token });
  if (input.label) entry.label = input.label;
  const db = await getDb();
  entry.seq = (await db.add("outbox", entry)) as number;
  await reload();
  // A new command is a reason to try now, even during a backoff.
  void flush({ force: true });
  return entry;
}

/** A rejection's field without the envelope prefix: `payload.to_seat` → `to_seat`. */
export function fieldName(field: string | null | undefined): string | null {
  if (!field) return null;
  return field.replace(/^payload\./, "");
}

/** Remove a rejected entry after the user has read it. */
export async function dismiss(op_id: string): Promise<void> {
  const db = await getDb();
  const tx = db.transaction("outbox", "readwrite");
  const e = await tx.store.index("op_id").get(op_id);
  if (e && e.state === "rejected" && e.seq !== undefined) await tx.store.delete(e.seq);
  await tx.done;
  await reload();
}

/**
 * Take back a command that has not gone out yet (the dealer's Undo right after a bust,):
 * "withdrawn" — it was pending and never sent, now it is gone; "sending" — it is on its way (or a
 * request for it waits for an answer): the server may apply it, so undo it with a correcting
 * command once applied; "gone" — no longer in the outbox (applied, or not this device's).
 * Decided at once, before any await: a flush cannot pick it up in between (JS runs one thing at
 * a time, and `send` checks `withdrawn` first).
 */
export async function withdraw(op_id: string): Promise<"withdrawn" | "sending" | "gone"> {
  if (inFlight?.op_id === op_id) return "sending";
  const known = entries.find((e) => e.op_id === op_id);
  if (!known || known.state !== "pending") return "gone";
  withdrawn.add(op_id);
  const db = await getDb();
  const tx = db.transaction("outbox", "readwrite");
  const e = await tx.store.index("op_id").get(op_id);
  if (e && e.seq !== undefined) await tx.store.delete(e.seq);
  await tx.done;
  await reload();
  return "withdrawn";
}

/** `replaceRejected`, shown to the person if the new command could not be stored. */
export function resend(op_id: string, payload: Record<string, unknown>, label?: Record<string, string | number>): Promise<OutboxEntry | null> {
  return replaceRejected(op_id, payload, label).catch(notSaved("outbox.resend"));
}

/**
 * Edit a rejected command and send it again: the rejected entry goes, a NEW command (new op_id,
 * recorded now, at the end of the queue) takes its place — the server has already answered the
 * old op_id and would only repeat that answer. Resolves with the new entry, or null if the old
 * one is no longer there or not rejected.
 */
async function replaceRejected(
  op_id: string,
  payload: Record<string, unknown>,
  label?: Record<string, string | number>,
): Promise<OutboxEntry | null> {
  const db = await getDb();
  const tx = db.transaction("outbox", "readwrite");
  const old = await tx.store.index("op_id").get(op_id);
  if (!old || old.state !== "rejected" || old.seq === undefined) {
    await tx.done;
    return null;
  }
  const entry = pendingEntry({ device_id: old.device_id, tournament_id: old.tournament_id, type: old.type, payload, token: old.token });
  const lbl = label ?? old.label;
  if (lbl) entry.label = lbl;
  try {
    await tx.store.delete(old.seq);
    entry.seq = (await tx.store.add(entry)) as number;
  } catch (err) {
    // The new command cannot be stored (e.g. a payload IndexedDB cannot clone): undo the delete, so
    // the rejected command stays on screen instead of both being gone. An abort also rejects tx.done.
    tx.done.catch(() => undefined); // the abort below is the outcome, reported by the caller
    try {
      tx.abort();
    } catch {
      // a failed request may have aborted it already
    }
    throw err;
  }
  await tx.done;
  await reload();
  void flush({ force: true });
  return entry;
}

/** Drop every entry (pending too) sent with this token — e.g. after logout. */
export async function discardForToken(token: string): Promise<void> {
  const db = await getDb();
  const all = await db.getAll("outbox");
  const tx = db.transaction("outbox", "readwrite");
  await Promise.all(all.filter((e) => e.token === token && e.seq !== undefined).map((e) => tx.store.delete(e.seq!)));
  await tx.done;
  await reload();
}

function clearRetry() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  retryAt = 0;
}

function scheduleRetry() {
  backoff = backoff ? Math.min(MAX_BACKOFF, backoff * 2) : MIN_BACKOFF;
  clearRetry();
  retryAt = Date.now() + backoff;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    retryAt = 0;
    void flush();
  }, backoff);
  notify();
}

export function currentBackoff(): number {
  return backoff;
}

/**
 * Send pending commands in order. Only one flush runs at a time; a flush requested while one
 * runs makes it go round once more. `force` ignores a scheduled backoff (online/connect/enqueue).
 * Resolves when this round has finished (all sent, or stopped at a network error).
 */
export function flush(opts: { force?: boolean } = {}): Promise<void> {
  if (!opts.force && retryTimer) return flushing ?? Promise.resolve();
  if (opts.force) clearRetry();
  if (flushing) {
    again = true;
    // A reason to try now (e.g. the socket came back) arrived while a request was out: if that
    // request fails, go again at once instead of waiting for its backoff.
    if (opts.force) forcedAgain = true;
    return flushing;
  }
  flushing = (async () => {
    try {
      await withLock(async () => {
        do {
          again = false;
          forcedAgain = false;
          await flushOnce();
          if (again && forcedAgain) clearRetry();
        } while (again && !retryTimer);
      });
    } catch (err) {
      // Storage trouble or a bug: do not lose anything, try again later.
      report("outbox.flush", err); // not shown: the badge shows the commands waiting and the next try
      scheduleRetry();
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

async function flushOnce(): Promise<void> {
  const db = await getDb();
  for (;;) {
    // Oldest pending entry. Read in its own short transaction: the network call comes after.
    const all = await db.getAll("outbox");
    const next = all.find((e) => e.state === "pending");
    if (!next) {
      backoff = 0;
      if (!loaded || all.length !== entries.length) await reload();
      return;
    }
    const outcome = await send(next);
    if (outcome === "retry") {
      await bumpAttempts(next);
      scheduleRetry();
      return;
    }
    backoff = 0;
  }
}

function bumpAttempts(e: OutboxEntry): Promise<void> {
  return patchEntry(e, (cur) => (cur.attempts = (cur.attempts ?? 0) + 1));
}

async function send(e: OutboxEntry): Promise<"applied" | "rejected" | "retry"> {
  if (withdrawn.has(e.op_id)) {
    // Taken back while this flush was reading the queue: never sent.
    await getDb().then((db) => (e.seq !== undefined ? db.delete("outbox", e.seq) : undefined));
    await reload();
    return "applied";
  }
  let res;
  const ctl = new AbortController();
  inFlight = { ctl, since: Date.now(), op_id: e.op_id };
  notify();
  try {
    res = await request(`/api/tournaments/${encodeURIComponent(String(e.tournament_id))}/commands`, {
      method: "POST",
      token: e.token,
      body: { op_id: e.op_id, device_id: e.device_id, type: e.type, at: e.at, payload: e.payload },
      signal: ctl.signal,
      timeoutMs: commandTimeoutMs,
    });
  } catch (err) {
    if (err instanceof NetworkError) {
      // Cancelled by "send now": not a failure of the server, go again at once.
      if (ctl.signal.aborted && !forcedAgain) {
        again = true;
        forcedAgain = true;
      }
      return "retry";
    }
    throw err;
  } finally {
    inFlight = null;
    notify();
  }
  if (res.status >= 200 && res.status < 300) {
    const db = await getDb();
    await db.delete("outbox", e.seq!);
    await reload();
    const data = res.data ?? {};
    for (const fn of appliedListeners) {
      try {
        fn({ entry: e, result: data.result ?? null, seq: typeof data.seq === "number" ? data.seq : null });
      } catch (err) {
        report("outbox.applied_listener", err);
      }
    }
    return "applied";
  }
  const data = res.data && typeof res.data === "object" ? res.data : {};
  if (isRefusal(res.status)) {
    await markRejected(e, {
      error: data.error ?? String(res.status),
      message: data.message ?? `HTTP ${res.status}`,
      field: typeof data.field === "string" && data.field ? data.field : null,
      params: data.params && typeof data.params === "object" ? data.params : null,
    });
    return "rejected";
  }
  if (res.status === 500 && typeof data.error === "string") {
    const failures = (e.server_errors ?? 0) + 1;
    if (failures >= SERVER_ERROR_LIMIT) {
      await markRejected(e, {
        error: "server_error",
        message: data.message ?? `HTTP ${res.status}`,
        field: null,
        params: { tries: failures },
      });
      return "rejected";
    }
    await patchEntry(e, (cur) => (cur.server_errors = failures));
  }
  // 5xx, 429, anything else: not decided.
  return "retry";
}

async function patchEntry(e: OutboxEntry, change: (cur: OutboxEntry) => void): Promise<void> {
  const db = await getDb();
  const tx = db.transaction("outbox", "readwrite");
  const cur = await tx.store.get(e.seq!);
  if (cur) {
    change(cur);
    await tx.store.put(cur);
  }
  await tx.done;
  await reload();
}

function markRejected(e: OutboxEntry, why: Pick<OutboxEntry, "error" | "message" | "field" | "params">): Promise<void> {
  return patchEntry(e, (cur) => Object.assign(cur, { state: "rejected" }, why));
}

/** Tests only: the time limit of one command request. */
export function _setCommandTimeoutForTests(ms: number): void {
  commandTimeoutMs = ms;
}

/** Tests only: forget in-memory state (the database stays). */
export function _resetForTests(): void {
  clearRetry();
  entries = [];
  loaded = false;
  flushing = null;
  again = false;
  forcedAgain = false;
  inFlight = null;
  backoff = 0;
}

/** A new command waiting to be sent: a fresh op_id, stamped in server time. */
function pendingEntry(f: Pick<OutboxEntry, "device_id" | "tournament_id" | "type" | "payload" | "token">): OutboxEntry {
  return {
    op_id: crypto.randomUUID(),
    ...f,
    at: serverNow(),
    state: "pending",
    error: null,
    message: null,
    field: null,
    params: null,
    created: Date.now(),
    attempts: 0,
  };
}
