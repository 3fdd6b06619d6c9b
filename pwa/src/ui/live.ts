import { useEffect, useState } from "preact/hooks";
import { connectSocket, reconnectNow, setUrgent } from "../sync/socket";
import { connectionState, onConnectionChange } from "../sync/connection";
import { refreshViews, isAuthError } from "../sync/session";
import type { ApiError } from "../sync/api";
import { peek } from "../sync/viewCache";

const BEHIND_CHECK_MS = 1500;
import * as outbox from "../sync/outbox";

/**
 * Keep a screen's views live: socket for pushes, GET on mount / (re)connect / becoming visible,
 * and flush the outbox on connect and whenever the server answers again. While commands wait,
 * the socket reconnects within 2 s. Returns `invalid` when the server refused the token.
 */
export function useLive(opts: {
  token: string | null | undefined;
  tid: string | number | null | undefined;
  director?: boolean;
  /** The view this screen's own commands change (the dealer's table, the director's view). */
  watch?: string | null;
  /** Heartbeat on the socket, so a silent server shows within seconds. Default: on for the
   * screens that send commands (those that name the view their commands change). */
  heartbeat?: boolean;
}): {
  invalid: boolean;
  /** The server's answer when it refused the token: `error` is "revoked" for a replaced link. */
  refusal: { error?: string; table_no?: number | null; message?: string } | null;
} {
  const { token, tid, director, watch } = opts;
  const heartbeat = opts.heartbeat ?? watch != null;
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
      tournament: tid,
      heartbeat,
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
    const onOnline = () => {
      refresh();
      reconnectNow({ restart: false }); // the network is back: do not wait for the next attempt
    };
    window.addEventListener("online", onOnline);
    // Commands waiting: reconnect fast (a scheduled outbox backoff never delays them: the connect
    // and every "the server answers again" force a flush).
    const urgent = () => setUrgent(outbox.counts().pending > 0);
    urgent();
    const offOutbox = outbox.subscribe(urgent);
    let wasOnline = connectionState() === "online";
    const offConn = onConnectionChange(() => {
      const on = connectionState() === "online";
      if (on && !wasOnline && outbox.counts().pending > 0) void outbox.flush({ force: true });
      wasOnline = on;
    });
    // A push can fall into a reconnect gap: if the view our own command changed has not reached
    // that command's seq a moment after the answer, fetch it (a GET only when it is behind).
    const offApplied = outbox.onApplied(({ entry, seq }) => {
      if (!watch || seq == null || entry.token !== token) return;
      setTimeout(() => {
        const seen = peek(watch);
        if (alive && (!seen || seen.seq < seq)) refresh();
      }, BEHIND_CHECK_MS);
    });
    return () => {
      alive = false;
      document.removeEventListener("visibilitychange", onVis);
      window.removeEventListener("online", onOnline);
      offOutbox();
      offConn();
      offApplied();
      disconnect();
    };
  }, [token, tid, director, watch, heartbeat]);
  return { invalid: refusal != null, refusal };
}
