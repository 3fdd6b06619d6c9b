// GET a season (his link's or a person's) and keep the last answer on the phone for offline, with
// the core's request and meta store only: the screens' useCachedFetch lives in a chunk the player
// and the TV share, and importing it from here would split that chunk (docs/season.md).
import { useEffect, useState } from "preact/hooks";
import { request } from "../sync/api";
import { metaGet, metaSet } from "../sync/db";
import { report } from "../sync/report";
import type { PlayerHistory } from "./history";

export interface HistoryState {
  data: PlayerHistory | null;
  /** Nothing answered yet. */
  loading: boolean;
  /** Why the last GET failed: the server's words, or null for no answer (offline). */
  error: { status: number | null; message: string | null } | null;
}

export function useHistory(url: string | null, token: string | null | undefined): HistoryState {
  const [st, set] = useState<HistoryState>({ data: null, loading: true, error: null });
  useEffect(() => {
    if (!url || !token) return;
    let alive = true;
    let answered = false;
    const kept = `season:${url}`;
    set({ data: null, loading: true, error: null });
    metaGet<PlayerHistory>(kept)
      .then((d) => alive && !answered && d && set((s) => (s.data ? s : { ...s, data: d })))
      .catch((e) => report("season.kept", e));
    request<PlayerHistory>(url, { token })
      .then((r) => {
        if (!alive) return;
        answered = true;
        if (r.ok && r.data && Array.isArray(r.data.nights)) {
          set({ data: r.data, loading: false, error: null });
          void metaSet(kept, r.data).catch((e) => report("season.keep", e));
        } else set((s) => ({ ...s, loading: false, error: { status: r.status, message: (r.data as any)?.message ?? null } }));
      })
      .catch((e) => {
        report("season.get", e); // offline: what this phone kept stays on screen
        if (alive) set((s) => ({ ...s, loading: false, error: { status: null, message: null } }));
      });
    return () => {
      alive = false;
    };
  }, [url, token]);
  return st;
}
