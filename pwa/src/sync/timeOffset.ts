// Server-time offset: offset = server_time - midpoint(request sent, response received).
// Samples with a short round trip are trusted more; the value is persisted in meta so a phone
// that reloads offline still stamps commands (and runs the clock) in server time.
import { metaGet, metaSet } from "./db";
import { report } from "./report";

interface OffsetState {
  offset: number;
  rtt: number;
  at: number; // device ms of the sample
}

let state: OffsetState = { offset: 0, rtt: Infinity, at: 0 };
let loaded: Promise<void> | null = null;
let saveTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

export function getOffset(): number {
  return state.offset;
}

/** Server time now, by the device clock plus the offset. */
export function serverNow(): number {
  return Date.now() + state.offset;
}

export function loadOffset(): Promise<void> {
  if (!loaded) {
    loaded = metaGet<OffsetState>("time_offset")
      .then((s) => {
        if (s && typeof s.offset === "number" && state.at === 0) state = { ...s, rtt: s.rtt ?? 1e9 };
        notify();
      })
      .catch((e) => report("timeOffset.load", e)); // the next server answer measures it again
  }
  return loaded;
}

/**
 * Record one sample. `sent`/`received` are device Date.now() around the request.
 * A sample replaces the current one if its round trip is not much worse than the best recent one,
 * or if the current one is old (clocks drift, phones sleep).
 */
export function recordServerTime(serverTime: number, sent: number, received: number): void {
  if (!Number.isFinite(serverTime) || serverTime <= 0) return;
  const rtt = Math.max(0, received - sent);
  const offset = Math.round(serverTime - (sent + received) / 2);
  const old = received - state.at > 5 * 60_000;
  if (state.at === 0 || old || rtt <= state.rtt * 1.5 + 20) {
    state = { offset, rtt, at: received };
    notify();
    scheduleSave();
  }
}

function scheduleSave() {
  if (saveTimer) return;
  saveTimer = setTimeout(() => {
    saveTimer = null;
    metaSet("time_offset", state).catch((e) => report("timeOffset.save", e));
  }, 200);
}

export function onOffsetChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function notify() {
  for (const fn of listeners) fn();
}

/** Tests only. */
export function _resetOffset(): void {
  state = { offset: 0, rtt: Infinity, at: 0 };
  loaded = null;
}
