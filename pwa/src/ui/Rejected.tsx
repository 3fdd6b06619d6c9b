import { t, useLang, formatTime } from "../i18n";
import { useOutbox } from "./hooks";
import * as outbox from "../sync/outbox";
import { describeCommand } from "./commands";
import { reasonText } from "./reasons";

/** Commands the server refused, with its reason; each can be dismissed after reading. */
export function RejectedList(props: { filter?: (e: outbox.OutboxEntry) => boolean; onEdit?: (e: outbox.OutboxEntry) => void; canEdit?: (e: outbox.OutboxEntry) => boolean }) {
  useLang();
  const entries = useOutbox().filter((e) => e.state === "rejected" && (!props.filter || props.filter(e)));
  if (!entries.length) return null;
  return (
    <section class="card rejected-list" aria-labelledby="rejected-h">
      <h2 id="rejected-h">{t("rejected.title")}</h2>
      <ul>
        {entries.map((e) => (
          <li class="rejected-item" data-testid="rejected-item" data-op-id={e.op_id} key={e.op_id}>
            <div class="rejected-text">
              <strong>{describeCommand(e)}</strong>
              <span class="rejected-reason">{reasonText(e.error, e.params, e.message)}</span>
              <span class="muted small">{formatTime(e.created)}</span>
            </div>
            <div class="rejected-actions">
              {props.onEdit && (!props.canEdit || props.canEdit(e)) && (
                <button type="button" class="btn btn-primary" data-testid="rejected-edit" onClick={() => props.onEdit!(e)}>
                  {t("rejected.edit")}
                </button>
              )}
              <button type="button" class="btn btn-secondary" data-testid="rejected-dismiss" onClick={() => void outbox.dismiss(e.op_id)}>
                {t("common.dismiss")}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Commands stored on this phone and not yet answered by the server. */
export function PendingList(props: { filter?: (e: outbox.OutboxEntry) => boolean }) {
  useLang();
  const entries = useOutbox().filter((e) => e.state === "pending" && (!props.filter || props.filter(e)));
  if (!entries.length) return null;
  return (
    <section class="card pending-list">
      <h2>{t("pending.title")}</h2>
      <ul>
        {entries.map((e) => (
          <li class="pending-item" data-testid="pending-item" key={e.op_id}>
            <span>{describeCommand(e)}</span>
            <span class="tag tag-pending">{t("common.pending")}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
