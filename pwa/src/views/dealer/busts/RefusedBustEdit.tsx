// Loaded when opened (lazyPanels.ts): the first screen does without it.
import { t } from "../../../i18n";
import { Confirm } from "../../../ui/Confirm";
import * as outbox from "../../../sync/outbox";
import type { SeatName as Seat } from "../../../api/views";

/** A bust the server refused (the seat was wrong): dismiss it, or send it again for another seat,
 * keeping who won the pot while he is still in play. */
export function RefusedBustEdit(props: { editing: outbox.OutboxEntry; live: Seat[]; onDone: () => void }) {
  const { editing, live } = props;
  return (
    <Confirm
      title={t("rejected.edit_bust_title")}
      text={t("rejected.edit_bust_text", { name: String(editing.label?.name ?? `#${editing.payload.entry_id}`) })}
      confirmLabel={t("common.dismiss")}
      testid="edit-bust-dismiss"
      onCancel={props.onDone}
      onConfirm={() => {
        void outbox.dismiss(editing.op_id);
        props.onDone();
      }}
    >
      <div class="pick-grid" data-testid="edit-bust">
        {live.map((s) => (
          <button
            type="button"
            key={s.seat}
            class="btn btn-danger pick-seat"
            data-testid={`edit-bust-seat-${s.seat}`}
            onClick={() => {
              const payload: Record<string, unknown> = { entry_id: s.entry_id };
              const by = editing.payload.eliminated_by;
              if (by != null && by !== s.entry_id && live.some((x) => x.entry_id === by)) payload.eliminated_by = by;
              void outbox.resend(editing.op_id, payload, { name: s.name, seat: s.seat });
              props.onDone();
            }}
          >
            <span class="seat-no">{s.seat}</span>
            <span class="pick-name">{s.name}</span>
          </button>
        ))}
      </div>
    </Confirm>
  );
}
