import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { useOnline, useOutbox } from "./hooks";
import * as outbox from "../sync/outbox";

/** Always visible on role screens: online/offline, commands waiting, commands rejected. */
export function SyncBadge() {
  useLang();
  const online = useOnline();
  const entries = useOutbox();
  const pending = entries.filter((e) => e.state === "pending").length;
  const rejected = entries.filter((e) => e.state === "rejected").length;
  const [, tick] = useState(0);
  useEffect(() => {
    if (!pending) return;
    const id = setInterval(() => tick((x) => x + 1), 1000);
    return () => clearInterval(id);
  }, [pending]);
  const retryAt = outbox.nextRetryAt();
  const retryS = retryAt ? Math.max(0, Math.ceil((retryAt - Date.now()) / 1000)) : 0;
  return (
    <div class={`sync-badge ${online ? "is-online" : "is-offline"}`} data-testid="sync-badge" role="status" aria-live="polite">
      <span class="sync-dot" aria-hidden="true" />
      <span data-testid="sync-online" data-online={online ? "true" : "false"}>
        {online ? t("sync.online") : t("sync.offline")}
      </span>
      <span
        class={`sync-count ${pending ? "has-pending" : ""}`}
        data-testid="sync-pending"
        data-count={pending}
        title={retryS ? t("sync.retry_in", { s: retryS }) : undefined}
      >
        {t("sync.pending", { n: pending })}
      </span>
      <span class={`sync-count ${rejected ? "has-rejected" : ""}`} data-testid="sync-rejected" data-count={rejected}>
        {t("sync.rejected", { n: rejected })}
      </span>
    </div>
  );
}
