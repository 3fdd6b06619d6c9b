import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import type { MessageKey } from "../i18n/en";
import { useConnection, useOutbox } from "./hooks";
import * as outbox from "../sync/outbox";
import { connectingSince, nextReconnectAt, reconnectNow } from "../sync/socket";
import { nextTry, type ConnState } from "../sync/connection";

const STATE_TEXT: Record<ConnState, MessageKey> = {
  online: "sync.online",
  unreachable: "sync.unreachable",
  offline: "sync.offline",
  connecting: "sync.connecting",
};

/** Always visible on role screens: online / server unreachable / offline, commands waiting,
 * commands rejected; while commands wait and the server does not answer, when the next try is
 * and a "Send now" button (with no network at all: only that they go out when it is back). A read-only screen (player, TV: `counts={false}`) sends no commands:
 * it shows the connection only, never "0 pending / 0 rejected". */
export function SyncBadge(props: { counts?: boolean } = {}) {
  const counts = props.counts !== false;
  useLang();
  const state = useConnection(true);
  const entries = useOutbox();
  const pending = entries.filter((e) => e.state === "pending").length;
  const rejected = entries.filter((e) => e.state === "rejected").length;
  const online = state === "online";
  // With no network at all neither a countdown nor "Send now" can help: the phone sends on `online`.
  const waiting = pending > 0 && !online && state !== "offline";
  const waitingNetwork = pending > 0 && state === "offline";
  const [, tick] = useState(0);
  useEffect(() => {
    if (!waiting) return;
    const id = setInterval(() => tick((x) => x + 1), 500);
    return () => clearInterval(id);
  }, [waiting]);
  const next = nextTry(Date.now(), {
    retryAt: outbox.nextRetryAt(),
    reconnectAt: nextReconnectAt(),
    sendingSince: outbox.sendingSince(),
    connectingSince: connectingSince(),
  });
  const sendNow = () => {
    void outbox.sendNow();
    reconnectNow();
    tick((x) => x + 1);
  };
  return (
    <div class={`sync-badge state-${state} ${online ? "is-online" : "is-offline"}`} data-testid="sync-badge" data-state={state}>
      <div class="sync-row" role="status" aria-live="polite">
        <span class="sync-dot" aria-hidden="true" />
        <span class="sync-state" data-testid="sync-online" data-online={online ? "true" : "false"}>
          {t(STATE_TEXT[state])}
        </span>
        {counts && (
          <span class={`sync-count ${pending ? "has-pending" : ""}`} data-testid="sync-pending" data-count={pending}>
            {t("sync.pending", { n: pending })}
          </span>
        )}
        {counts && (
          <span class={`sync-count ${rejected ? "has-rejected" : ""}`} data-testid="sync-rejected" data-count={rejected}>
            {t("sync.rejected", { n: rejected })}
          </span>
        )}
      </div>
      {waitingNetwork && (
        <div class="sync-retry">
          <span class="sync-next" data-testid="sync-offline-wait">
            {t("sync.waiting_network")}
          </span>
        </div>
      )}
      {waiting && (
        <div class="sync-retry">
          <span class="sync-next" data-testid="sync-retry" data-kind={next.kind} data-seconds={next.kind === "wait" ? next.seconds : undefined}>
            {next.kind === "wait"
              ? t("sync.next_try", { s: next.seconds })
              : next.kind === "trying"
                ? t("sync.trying")
                : t("sync.waiting")}
          </span>
          <button type="button" class="btn btn-warn sync-send-now" data-testid="sync-send-now" onClick={sendNow}>
            {t("sync.send_now")}
          </button>
        </div>
      )}
    </div>
  );
}
