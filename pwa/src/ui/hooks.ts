import { useEffect, useRef, useState } from "preact/hooks";
import * as outbox from "../sync/outbox";
import { getView, onView, peek, type View } from "../sync/viewCache";
import { report } from "../sync/report";
import { ping } from "../sync/api";
import { connectionState, inputs, onConnectionChange, type ConnState } from "../sync/connection";
import { serverNow, onOffsetChange } from "../sync/timeOffset";
import { setRegion, regionOf } from "../i18n/format";

export function useOutbox(): outbox.OutboxEntry[] {
  const [entries, set] = useState(outbox.snapshot());
  useEffect(() => {
    set(outbox.snapshot());
    return outbox.subscribe(() => set(outbox.snapshot()));
  }, []);
  return entries;
}

/** "online" only while the server answers (see sync/connection.ts). */
export function computeOnline(): boolean {
  return connectionState() === "online";
}

/** How often a screen without a socket (login, tournament list) asks whether the server is up. */
const NO_SOCKET_PING_MS = 15_000;

/** online | unreachable | offline | connecting, kept current. `probe`: the one caller (the
 * badge) that asks the server now and then when the screen has no socket. */
export function useConnection(probe = false): ConnState {
  const [state, set] = useState<ConnState>(connectionState());
  useEffect(() => {
    const upd = () => set(connectionState());
    const off = onConnectionChange(upd);
    upd();
    if (!probe) return off;
    // No socket on this screen: nothing else tells whether the server answers, so ask now and
    // then (a screen with a socket has its connect, heartbeat and requests).
    const ask = () => {
      if (inputs().socket === "none" && document.visibilityState !== "hidden") void ping();
    };
    const first = setTimeout(() => inputs().answer === "unknown" && ask(), 300);
    const id = setInterval(ask, NO_SOCKET_PING_MS);
    return () => {
      off();
      clearTimeout(first);
      clearInterval(id);
    };
  }, []);
  return state;
}

export function useOnline(): boolean {
  return useConnection() === "online";
}

/** Server time, re-rendered every `ms` (the clock ticks locally, also offline). */
export function useServerNow(ms = 250): number {
  const [now, set] = useState(serverNow());
  useEffect(() => {
    const id = setInterval(() => set(serverNow()), ms);
    const off = onOffsetChange(() => set(serverNow()));
    return () => {
      clearInterval(id);
      off();
    };
  }, [ms]);
  return now;
}

/** The cached view for a key (IndexedDB), kept current by socket pushes and GETs. `V` names its shape
 * (api/views.ts, generated from the server's document); the cache itself holds any view. */
export function useView<V extends { seq: number } = View>(key: string | null): { view: V | undefined; loaded: boolean } {
  const [state, set] = useState<{ key: string | null; view: View | undefined; loaded: boolean }>(() => ({
    key,
    view: key ? peek(key) : undefined,
    loaded: key ? !!peek(key) : false,
  }));
  useEffect(() => {
    if (!key) {
      set({ key, view: undefined, loaded: true });
      return;
    }
    let alive = true;
    set({ key, view: peek(key), loaded: !!peek(key) });
    getView(key)
      .then((v) => alive && set((s) => ({ key, view: v && (!s.view || v.seq >= s.view.seq) ? v : s.view, loaded: true })))
      // Not shown: an unreadable cache only means the screen waits for the server's view.
      .catch((e) => (report("views.read", e), alive && set((s) => ({ ...s, loaded: true }))));
    const off = onView(() => {
      const v = peek(key);
      if (v && alive) set((s) => (s.view === v ? s : { key, view: v, loaded: true }));
    });
    return () => {
      alive = false;
      off();
    };
  }, [key]);
  const out = state.key === key ? { view: state.view, loaded: state.loaded } : { view: key ? peek(key) : undefined, loaded: false };
  // The tournament's views name its money: every number on the screen follows its region
  // (set here, before the screen's children format anything in this render).
  if (out.view && ("region" in out.view || "currency" in out.view)) setRegion(regionOf(out.view as { region?: string; currency?: string }));
  return out as { view: V | undefined; loaded: boolean };
}

export function usePrevious<T>(v: T): T | undefined {
  const r = useRef<T | undefined>(undefined);
  useEffect(() => {
    r.current = v;
  });
  return r.current;
}
