import { useEffect, useState } from "preact/hooks";
import { getCachedMe, resolveMe, type Me } from "../sync/session";
import { metaSet } from "../sync/db";
import { report } from "../sync/report";

export type MeState = { me: Me | null; status: "loading" | "ok" | "offline" | "invalid"; message?: string;
  /** "revoked" when the director replaced this link (the phone was reassigned), with its table. */
  code?: string; tableNo?: number | null };

/**
 * Who a link token belongs to: the cached answer at once (works offline after a reload),
 * then /api/me when the server is reachable.
 */
export function useMe(token: string, again = 0): MeState {
  const [st, set] = useState<MeState>({ me: null, status: "loading" });
  useEffect(() => {
    let alive = true;
    // `again`: ask the server once more (a waiting link that moved up now has an entry); the
    // screen keeps what it shows meanwhile.
    if (!again) set({ me: null, status: "loading" });
    void metaSet(`seen:${token}`, Date.now()).catch((e) => report("me.seen", e));
    getCachedMe(token).then((cached) => {
      if (alive && cached) set((s) => (s.status === "loading" ? { me: cached, status: "ok" } : s));
    });
    resolveMe(token).then((r) => {
      if (!alive) return;
      if ("invalid" in r) set({ me: null, status: "invalid", message: r.message, code: r.code, tableNo: r.tableNo });
      else if ("offline" in r) set((s) => ({ me: r.me ?? s.me, status: r.me || s.me ? "ok" : "offline" }));
      else set({ me: r.me, status: "ok" });
    });
    return () => {
      alive = false;
    };
  }, [token, again]);
  return st;
}
