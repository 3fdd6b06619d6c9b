// Socket.IO: one connection for the token of the screen being shown. Views pushed by the server
// go to the view cache; on every (re)connect the caller's onConnect hook GETs the views and
// flushes the outbox, since pushes during a gap are lost.
import { io, type Socket } from "socket.io-client";
import { putView, type View } from "./viewCache";

export interface SocketOptions {
  token: string;
  /** Directors must subscribe to a tournament after connecting. */
  subscribeTournament?: number | string | null;
  onConnect?: () => void;
  onView?: (v: View) => void;
  onAuthError?: (message: string) => void;
}

let current: { socket: Socket; opts: SocketOptions } | null = null;
let connected = false;
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

export function connectSocket(opts: SocketOptions): () => void {
  // Same token and tournament: keep the connection (just swap the hooks).
  if (current && current.opts.token === opts.token && current.opts.subscribeTournament === opts.subscribeTournament) {
    current.opts = opts;
    if (current.socket.connected) opts.onConnect?.();
    return () => disconnectIf(current?.socket);
  }
  disconnectSocket();
  const socket = io({
    path: "/socket.io",
    auth: { token: opts.token },
    transports: ["websocket", "polling"],
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
    timeout: 10_000,
  });
  const entry = { socket, opts };
  current = entry;
  socket.on("connect", () => {
    setConnected(true);
    if (entry.opts.subscribeTournament != null) {
      socket.emit("subscribe", { tournament_id: Number(entry.opts.subscribeTournament) });
    }
    entry.opts.onConnect?.();
  });
  socket.on("disconnect", () => setConnected(false));
  socket.on("connect_error", (err: Error) => {
    setConnected(false);
    // socket.active === false: the server refused this connection (e.g. unknown token) and the
    // client will not retry by itself. Tell the screen, and try again much later in case the
    // refusal was temporary. Network failures keep socket.active true and retry with backoff.
    if (socket.active === false) {
      entry.opts.onAuthError?.(String(err?.message || ""));
      setTimeout(() => {
        if (current?.socket === socket && !socket.connected) socket.connect();
      }, 30_000);
    }
  });
  socket.on("view", (v: View) => {
    if (!v || typeof v !== "object") return;
    putView(v)
      .then(({ accepted, view, gap }) => {
        if (accepted) entry.opts.onView?.(view);
        if (gap) entry.opts.onConnect?.(); // GET the whole views again (and flush the outbox)
      })
      .catch(() => undefined);
  });
  return () => disconnectIf(socket);
}

function disconnectIf(socket: Socket | undefined) {
  if (socket && current?.socket === socket) disconnectSocket();
}

export function disconnectSocket(): void {
  if (current) {
    current.socket.removeAllListeners();
    current.socket.disconnect();
    current = null;
  }
  setConnected(false);
}
