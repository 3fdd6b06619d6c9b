// Is the server answering? One honest answer for the sync badge and for "send now":
//   online       the network is up, the socket (if this screen has one) is connected, and the last
//                request (HTTP, socket heartbeat or socket connect) got an answer
//   unreachable  the network is up but the server does not answer (dead, restarting, or silent)
//   offline      no network at all (navigator.onLine is false)
//   connecting   only right after start-up: nothing has answered or failed yet (at most SETTLE_MS)
// Inputs come from api.ts (every HTTP answer or failure) and socket.ts (connect, disconnect,
// heartbeat acks and timeouts); this module is a leaf, so both can import it.

import { report } from "./report";

export type ConnState = "online" | "unreachable" | "offline" | "connecting";
/** The socket of the screen shown: none wanted, first attempt under way, up, down, or refused
 * by the server (a token it does not accept — the screen says so; the socket is not required). */
export type SocketPhase = "none" | "connecting" | "up" | "down" | "refused";
/** The last request to the server: nothing yet, answered, or not answered (error / timeout). */
export type Answer = "unknown" | "ok" | "failed";

/** How long start-up may show "connecting" before an undecided state counts as unreachable. */
export const SETTLE_MS = 5000;

export interface ConnInputs {
  navOnline: boolean;
  socket: SocketPhase;
  answer: Answer;
  /** Device ms when the current socket (or the page) started. */
  since: number;
  now: number;
}

/** The state, from its inputs (pure). */
export function deriveState(i: ConnInputs): ConnState {
  if (!i.navOnline) return "offline";
  const socketOk = i.socket === "none" || i.socket === "refused" || i.socket === "up";
  if (socketOk && i.answer === "ok") return "online";
  if (i.answer !== "failed" && i.socket !== "down" && i.now - i.since < SETTLE_MS) return "connecting";
  return "unreachable";
}

/** What the badge says about the next attempt while commands wait. */
export type NextTry = { kind: "trying" } | { kind: "wait"; seconds: number } | { kind: "none" };

/**
 * The next attempt to reach the server: a command or a connect under way ("trying"), else the
 * earlier of the outbox's retry and the socket's reconnect (whole seconds, rounded up), else none.
 * Times are device ms; 0 = not set.
 */
export function nextTry(
  now: number,
  t: { retryAt: number; reconnectAt: number; sendingSince: number; connectingSince: number },
): NextTry {
  if (t.sendingSince > 0 || t.connectingSince > 0) return { kind: "trying" };
  const due = [t.retryAt, t.reconnectAt].filter((x) => x > 0);
  if (!due.length) return { kind: "none" };
  const seconds = Math.ceil((Math.min(...due) - now) / 1000);
  return seconds > 0 ? { kind: "wait", seconds } : { kind: "trying" };
}

let socket: SocketPhase = "none";
let answer: Answer = "unknown";
let since = Date.now();
let settleTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function navOnline(): boolean {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

export function inputs(now = Date.now()): ConnInputs {
  return { navOnline: navOnline(), socket, answer, since, now };
}

export function connectionState(now = Date.now()): ConnState {
  return deriveState(inputs(now));
}

/** Called after any change of the inputs (the state may or may not have changed). */
export function onConnectionChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function notify() {
  for (const fn of listeners) {
    try {
      fn();
    } catch (e) {
      report("connection.listener", e); // a listener's bug must not break the others
    }
  }
}

function armSettle() {
  if (settleTimer) clearTimeout(settleTimer);
  // "connecting" ends by itself: tell the listeners when it would turn into "unreachable".
  settleTimer = setTimeout(() => {
    settleTimer = null;
    notify();
  }, Math.max(0, since + SETTLE_MS - Date.now()) + 20);
}

/** An HTTP request or a socket heartbeat got an answer (`ok`) or none (network error, timeout). */
export function noteAnswer(ok: boolean): void {
  const next: Answer = ok ? "ok" : "failed";
  if (next !== answer) {
    answer = next;
    notify();
  }
}

export function noteSocket(phase: SocketPhase): void {
  if (phase === "connecting") {
    since = Date.now();
    armSettle();
  }
  if (phase !== socket) {
    socket = phase;
    notify();
  }
}

if (typeof window !== "undefined" && typeof window.addEventListener === "function") {
  window.addEventListener("online", notify);
  window.addEventListener("offline", notify);
  armSettle();
}

/** Tests only. */
export function _resetConnection(): void {
  socket = "none";
  answer = "unknown";
  since = Date.now();
}
