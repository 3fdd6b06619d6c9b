// Socket.IO: one connection for the token of the screen being shown. Views pushed by the server
// go to the view cache; on every (re)connect the caller's onConnect hook GETs the views and
// flushes the outbox, since pushes during a gap are lost.
//
// Reconnection is ours, not socket.io-client's: its backoff has no jitter once it reaches the
// cap, so phones that lost the server together would come back in step. Ours spreads every
// delay over [cap/2, cap], caps it at 2 s while commands wait in the outbox ("urgent") and at
// 10 s otherwise, and tells the badge when the next attempt is due.
//
// Heartbeat (screens that send commands): every HEARTBEAT_MS while the page is visible, a tiny
// `hb` event with an ack; the server answers with its time. No ack within HEARTBEAT_TIMEOUT_MS
// means the server does not answer — also when it went silent without closing the connection,
// which the engine.io ping (10 s + 10 s) would only notice after ~20 s.
import type { Socket } from "socket.io-client";
import { putView, type View } from "./viewCache";
import { report } from "./report";
import { noteAnswer, noteSocket } from "./connection";
import { recordServerTime } from "./timeOffset";

export interface SocketOptions {
  token: string;
  /** Directors must subscribe to a tournament after connecting. */
  subscribeTournament?: number | string | null;
  /** The tournament the screen shows: named in the socket's address (`?tid=`; not `t`,
   * Engine.IO's cache-buster, new on every polling request), so the proxy puts
   * the socket on the worker that decides that tournament's commands (deploy/Caddyfile). */
  tournament?: number | string | null;
  /** Send heartbeats (screens that send commands: dealer, director). */
  heartbeat?: boolean;
  onConnect?: () => void;
  onView?: (v: View) => void;
  onAuthError?: (message: string) => void;
}

// A silent server shows within HEARTBEAT_MS + HEARTBEAT_TIMEOUT_MS = 1.65 s (docs/sync.md: ≤ 2 s,
// measured): the last heartbeat before the silence, or the next one, goes unanswered. A heartbeat
// slower than 0.9 s on the venue's Wi-Fi counts as "not answering" until the next one comes back.
export const HEARTBEAT_MS = 750;
export const HEARTBEAT_TIMEOUT_MS = 900;
export const CONNECT_TIMEOUT_MS = 5000;
export const RECONNECT_MAX_MS = 10_000;
export const RECONNECT_URGENT_MAX_MS = 2000;
/** After the server refused the token (or dropped us): try again much later. */
export const REFUSED_RETRY_MS = 30_000;
/** The server's refusal while its database or queue is gone for a moment. */
export const UNAVAILABLE = "unavailable";

interface SubscribeAnswer {
  ok?: boolean;
  error?: string;
  retry_after?: number;
}

/** A director's socket joins its tournament (the views come on joining). Refused as
 * "unavailable" (the server's database gone for a moment): asked again after its retry_after,
 * on the same connection only (a reconnect subscribes anew, and its id is another). */
function subscribe(entry: Entry) {
  const tid = entry.opts.subscribeTournament;
  if (tid == null) return;
  const connection = entry.socket.id;
  entry.socket.emit("subscribe", { tournament_id: Number(tid) }, (answer?: SubscribeAnswer) => {
    if (answer?.ok !== false || answer.error !== UNAVAILABLE) return;
    setTimeout(() => {
      if (current === entry && entry.socket.connected && entry.socket.id === connection) subscribe(entry);
    }, 1000 * Math.min(30, Math.max(1, Number(answer.retry_after) || 2)));
  });
}

/**
 * Delay before reconnect attempt `attempt` (0 = the first after a loss): 1 s, 2 s, 4 s … up to the
 * cap (2 s while commands wait, else 10 s), each spread uniformly over [delay/2, delay].
 */
export function reconnectDelay(attempt: number, urgent: boolean, rand: number = Math.random()): number {
  const cap = urgent ? RECONNECT_URGENT_MAX_MS : RECONNECT_MAX_MS;
  const base = Math.min(cap, 1000 * 2 ** Math.min(Math.max(0, attempt), 10));
  return Math.round(base * (0.5 + 0.5 * Math.min(1, Math.max(0, rand))));
}

interface Entry {
  socket: Socket;
  opts: SocketOptions;
  attempt: number;
  timer: ReturnType<typeof setTimeout> | null;
  reconnectAt: number;
  /** Device ms when the current connect attempt started (0 = none under way). */
  attemptSince: number;
  hb: ReturnType<typeof setInterval> | null;
  hbOk: boolean;
  onVisible: () => void;
}

let current: Entry | null = null;
let connected = false;
let urgent = false;
const listeners = new Set<(connected: boolean) => void>();

function setConnected(c: boolean) {
  if (c !== connected) {
    connected = c;
    for (const fn of listeners) fn(c);
  }
}

export function isConnected(): boolean {
  return connected;
}

export function onConnection(fn: (connected: boolean) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function currentSocket(): Socket | null {
  return current?.socket ?? null;
}

/** Device ms of the next reconnect attempt, or 0 if none is scheduled. */
export function nextReconnectAt(): number {
  return current?.timer ? current.reconnectAt : 0;
}

/** Device ms since when a connect attempt is under way, or 0. */
export function connectingSince(): number {
  return current && !current.socket.connected ? current.attemptSince : 0;
}

/** Commands are waiting: reconnect within 2 s (reschedules a longer wait that is already set). */
export function setUrgent(u: boolean): void {
  urgent = u;
  const e = current;
  if (u && e?.timer && e.reconnectAt - Date.now() > RECONNECT_URGENT_MAX_MS) scheduleReconnect(e);
}

function clearReconnect(e: Entry) {
  if (e.timer) clearTimeout(e.timer);
  e.timer = null;
  e.reconnectAt = 0;
}

function attemptNow(e: Entry) {
  clearReconnect(e);
  if (current !== e || e.socket.connected) return;
  e.attemptSince = Date.now();
  e.socket.connect();
}

function scheduleReconnect(e: Entry, delay?: number) {
  clearReconnect(e);
  const ms = delay ?? reconnectDelay(e.attempt++, urgent);
  e.reconnectAt = Date.now() + ms;
  e.timer = setTimeout(() => {
    e.timer = null;
    attemptNow(e);
  }, ms);
}

/**
 * Try to reach the server now (the "send now" button, the `online` event): a pending wait is cut
 * short; a connection that stopped answering heartbeats, or an attempt that hangs, starts over.
 * A healthy connection is left alone.
 */
export function reconnectNow(opts: { restart?: boolean } = {}): void {
  const e = current;
  if (!e) return;
  const s = e.socket;
  if (s.connected && e.hbOk) return;
  clearReconnect(e);
  const hanging = !s.connected && e.attemptSince > 0;
  if (s.connected || (hanging && opts.restart !== false)) {
    s.disconnect(); // "io client disconnect": no automatic reconnect for this one
    e.attemptSince = Date.now();
    s.connect();
  } else if (!hanging) {
    attemptNow(e);
  }
}

function beat(e: Entry) {
  const s = e.socket;
  if (current !== e || !s.connected) return;
  if (typeof document !== "undefined" && document.visibilityState === "hidden") return;
  const sent = Date.now();
  s.timeout(HEARTBEAT_TIMEOUT_MS).emit("hb", (err: Error | null, serverTime?: unknown) => {
    if (current !== e) return;
    if (err) {
      if (s.connected) {
        e.hbOk = false;
        noteAnswer(false);
      }
      return;
    }
    e.hbOk = true;
    noteAnswer(true);
    if (typeof serverTime === "number") recordServerTime(serverTime, sent, Date.now());
  });
}

// socket.io-client is a chunk of its own, loaded when the first screen asks for a socket: a first
// scan's first view comes by GET, and its ~12 kB would only slow the files that view needs
// (docs/first-scan.md). The service worker precaches it like every chunk.
type Io = typeof import("socket.io-client").io;
let io: Io | null = null;
let ioLoading: Promise<Io> | null = null;
const IO_RETRY_MS = 2000;
/** Bumped by every connect and disconnect: a connect still waiting for the library gives way. */
let generation = 0;

function loadIo(): Promise<Io> {
  ioLoading ??= import("socket.io-client").then(
    (m) => (io = m.io),
    (e) => {
      ioLoading = null; // offline and not cached yet: the next try loads again
      throw e;
    },
  );
  return ioLoading;
}

export function connectSocket(opts: SocketOptions): () => void {
  if (!io) {
    const mine = ++generation;
    let dispose: (() => void) | null = null;
    noteSocket("connecting");
    const attempt = () =>
      loadIo().then(
        () => {
          if (generation === mine) dispose = connectSocket(opts);
        },
        (e) => {
          report("socket.load", e);
          if (generation === mine) setTimeout(() => generation === mine && void attempt(), IO_RETRY_MS);
        },
      );
    void attempt();
    return () => {
      if (generation === mine) {
        generation++; // not connected yet: it never will be
        noteSocket("none");
      }
      dispose?.();
    };
  }
  generation++;
  // Same token and tournament: keep the connection (just swap the hooks).
  if (
    current &&
    current.opts.token === opts.token &&
    current.opts.subscribeTournament === opts.subscribeTournament &&
    current.opts.tournament === opts.tournament
  ) {
    const e = current;
    const hbWas = !!e.opts.heartbeat;
    e.opts = opts;
    if (!!opts.heartbeat !== hbWas) setHeartbeat(e);
    if (e.socket.connected) opts.onConnect?.();
    return () => disconnectIf(e.socket);
  }
  disconnectSocket();
  const socket = io({
    path: "/socket.io",
    auth: { token: opts.token },
    ...(opts.tournament != null && opts.tournament !== "" ? { query: { tid: String(opts.tournament) } } : {}),
    transports: ["websocket", "polling"],
    reconnection: false, // ours: see scheduleReconnect
    timeout: CONNECT_TIMEOUT_MS,
  });
  const entry: Entry = {
    socket,
    opts,
    attempt: 0,
    timer: null,
    reconnectAt: 0,
    attemptSince: Date.now(),
    hb: null,
    hbOk: true,
    onVisible: () => {
      if (document.visibilityState !== "visible" || current !== entry) return;
      if (socket.connected) beat(entry);
      else if (entry.timer) attemptNow(entry); // back from the pocket: do not wait for the timer
    },
  };
  current = entry;
  noteSocket("connecting");
  if (typeof document !== "undefined") document.addEventListener("visibilitychange", entry.onVisible);
  setHeartbeat(entry);
  socket.on("connect", () => {
    entry.attempt = 0;
    entry.attemptSince = 0;
    entry.hbOk = true;
    clearReconnect(entry);
    setConnected(true);
    noteSocket("up");
    noteAnswer(true); // the server accepted the connection: it answers
    subscribe(entry);
    entry.opts.onConnect?.();
  });
  socket.on("disconnect", (reason: string) => {
    setConnected(false);
    if (current !== entry) return;
    noteSocket("down");
    if (reason === "io client disconnect") return; // ours (reconnectNow / leaving the screen)
    if (reason === "io server disconnect") {
      // The server dropped this socket (e.g. its token was revoked): the screen checks the token
      // with a GET; try again much later in case it was something else.
      entry.opts.onAuthError?.("disconnected by the server");
      scheduleReconnect(entry, REFUSED_RETRY_MS);
      return;
    }
    scheduleReconnect(entry);
  });
  socket.on("connect_error", (err: Error) => {
    setConnected(false);
    if (current !== entry) return;
    entry.attemptSince = 0;
    // socket.active === false: the server refused this connection (e.g. unknown token). Tell the
    // screen, and try again much later in case the refusal was temporary. A network failure or a
    // time-out keeps socket.active true: the server did not answer, try again soon. "unavailable":
    // its database or queue is gone for a moment (backend/outages.py): not the token's fault,
    // try again soon as after no answer.
    if (socket.active === false && err?.message !== UNAVAILABLE) {
      noteSocket("refused");
      entry.opts.onAuthError?.(String(err?.message || ""));
      scheduleReconnect(entry, REFUSED_RETRY_MS);
    } else {
      noteSocket("down");
      noteAnswer(false);
      scheduleReconnect(entry);
    }
  });
  socket.on("view", (v: View) => {
    if (!v || typeof v !== "object") return;
    putView(v)
      .then(({ accepted, view, gap }) => {
        if (accepted) entry.opts.onView?.(view);
        if (gap) entry.opts.onConnect?.(); // GET the whole views again (and flush the outbox)
      })
      // Not shown: a bad push or storage trouble; the GET on the next reconnect brings the view again.
      .catch((e) => report("socket.view", e));
  });
  return () => disconnectIf(socket);
}

function setHeartbeat(e: Entry) {
  if (e.hb) clearInterval(e.hb);
  e.hb = e.opts.heartbeat ? setInterval(() => beat(e), HEARTBEAT_MS) : null;
}

function disconnectIf(socket: Socket | undefined) {
  if (socket && current?.socket === socket) disconnectSocket();
}

export function disconnectSocket(): void {
  generation++; // a connect waiting for the library gives way too
  if (!io) noteSocket("none");
  if (current) {
    const e = current;
    current = null;
    clearReconnect(e);
    if (e.hb) clearInterval(e.hb);
    if (typeof document !== "undefined") document.removeEventListener("visibilitychange", e.onVisible);
    e.socket.removeAllListeners();
    e.socket.disconnect();
    noteSocket("none");
  }
  setConnected(false);
}
