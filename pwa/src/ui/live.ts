import { useEffect, useState } from "preact/hooks";
import { connectSocket } from "../sync/socket";
import { refreshViews, isAuthError } from "../sync/session";
import type { ApiError } from "../sync/api";
import * as outbox from "../sync/outbox";

/**
 * Keep a screen's views live: socket for pushes, GET on mount / (re)connect / becoming visible,
 * and flush the outbox on connect. Returns `invalid` when the server refused the token.
 */
export function useLive(opts: { token: string | null | undefined; tid: string | number | null | undefined; director?: boolean }): {
  invalid: boolean;
  /** The server's answer when it refused the token: `error` is "revoked" for a replaced link. */
  refusal: { error?: string; table_no?: number | null; message?: string } | null;
} {
  const { token, tid, director } = opts;
  const [refusal, setRefusal] = useState<{ error?: string; table_no?: number | null; message?: string } | null>(null);
  useEffect(() => {
    if (!token || tid === null || tid === undefined || tid === "") return;
    let alive = true;
    const refresh = () => {
      refreshViews(tid, token).catch((e) => {
        if (alive && isAuthError(e)) setRefusal((e as ApiError).data ?? {});
      });
    };
    refresh();
    const disconnect = connectSocket({
      token,
      subscribeTournament: director ? tid : null,
      onConnect: () => {
        refresh();
        void outbox.flush({ force: true });
      },
      // Refused by the server: the GET tells whether the token itself is no longer valid.
      onAuthError: () => refresh(),
    });
    const onVis = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onVis);
    window.addEventListener("online", refresh);
    return () => {
      alive = false;
      document.removeEventListener("visibilitychange", onVis);
      window.removeEventListener("online", refresh);
      disconnect();
    };
  }, [token, tid, director]);
  return { invalid: refusal != null, refusal };
}
