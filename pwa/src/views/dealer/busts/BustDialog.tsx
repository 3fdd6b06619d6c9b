import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { Confirm } from "../../../ui/Confirm";
import type { SeatName as Seat } from "../../../api/views";

/** One bust: confirm, and (optional, skippable) who won the pot — a seat at this table. */
export function BustDialog(props: { seat: Seat; seats: Seat[]; onCancel: () => void; onConfirm: (eliminatedBy: Seat | null) => void }) {
  useLang();
  const [by, setBy] = useState<Seat | null>(null);
  const others = props.seats.filter((s) => s.entry_id !== props.seat.entry_id);
  return (
    <Confirm
      title={t("bust.confirm_title", { name: props.seat.name })}
      text={t("bust.confirm_text", { name: props.seat.name })}
      confirmLabel={t("bust.confirm")}
      danger
      onCancel={props.onCancel}
      onConfirm={() => props.onConfirm(by)}
    >
      {others.length > 0 && (
        <fieldset class="elim-pick" data-testid="bust-eliminated-by">
          <legend>{t("bust.eliminated_by", { name: props.seat.name })}</legend>
          <div class="pick-grid pick-grid-small">
            {others.map((s) => (
              <button
                type="button"
                key={s.seat}
                class={`btn pick-seat ${by?.entry_id === s.entry_id ? "btn-primary is-on" : "btn-secondary"}`}
                aria-pressed={by?.entry_id === s.entry_id}
                data-testid={`bust-by-${s.seat}`}
                onClick={() => setBy(by?.entry_id === s.entry_id ? null : s)}
              >
                <span class="seat-no">{s.seat}</span>
                <span class="pick-name">{s.name}</span>
              </button>
            ))}
          </div>
        </fieldset>
      )}
    </Confirm>
  );
}
