import { useEffect, useRef, useState } from "preact/hooks";
import * as outbox from "../sync/outbox";
import { getView, onView, peek, type View } from "../sync/viewCache";
import { isConnected, onConnection } from "../sync/socket";
import { getLastFetchOk, onReachability } from "../sync/api";
import { serverNow, onOffsetChange } from "../sync/timeOffset";

export function useOutbox(): outbox.OutboxEntry[] {
  const [entries, set] = useState(outbox.snapshot());
  useEffect(() => {
    set(outbox.snapshot());
    return outbox.subscribe(() => set(outbox.snapshot()));
  }, []);
  return entries;
}

function navOnline(): boolean {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

export function computeOnline(): boolean {
  return navOnline() && (isConnected() || getLastFetchOk());
}

export function useOnline(): boolean {
  const [online, set] = useState(computeOnline());
  useEffect(() => {
    const upd = () => set(computeOnline());
    const offs = [onConnection(upd), onReachability(upd)];
    window.addEventListener("online", upd);
    window.addEventListener("offline", upd);
    upd();
    return () => {
      offs.forEach((f) => f());
      window.removeEventListener("online", upd);
      window.removeEventListener("offline", upd);
    };
  }, []);
  return online;
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

/** The cached view for a key (IndexedDB), kept current by socket pushes and GETs. */
export function useView(key: string | null): { view: View | undefined; loaded: boolean } {
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
      .catch(() => alive && set((s) => ({ ...s, loaded: true })));
    const off = onView(() => {
      const v = peek(key);
      if (v && alive) set((s) => (s.view === v ? s : { key, view: v, loaded: true }));
    });
    return () => {
      alive = false;
      off();
    };
  }, [key]);
  return state.key === key ? { view: state.view, loaded: state.loaded } : { view: key ? peek(key) : undefined, loaded: false };
}

export function usePrevious<T>(v: T): T | undefined {
  const r = useRef<T | undefined>(undefined);
  useEffect(() => {
    r.current = v;
  });
  return r.current;
}
