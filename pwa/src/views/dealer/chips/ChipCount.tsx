// Loaded when opened (lazyPanels.ts): the first screen does without it.
import { useState } from "preact/hooks";
import { t, useLang, formatNumber, formatTime } from "../../../i18n";
import { checkChipCount } from "../../../money/money";
import type { PayloadOf, SeatName as Seat } from "../../../api/views";
import { useScrollIn } from "../../../ui/useScrollIn";

/** The dealer's chip count: every occupied seat, the running total, inline errors. A recount starts
 * from the table's last count (the players still there, each marked "last count" until changed), so
 * correcting one stack is one field, not the whole table. */
export function ChipCount(props: {
  tableNo: number;
  seats: Seat[];
  /** The table's latest count of the players still there (seat → chips), also after a bust: each
   * prefilled field says when it was counted, so no separate "last count" line. */
  previous?: { at: number; stacks: Record<string, number> } | null;
  onCancel: () => void;
  onSubmit: (payload: PayloadOf<"chip_count">) => void;
  /** Editing a refused count: its stacks, and a lead that says so. */
  initial?: Record<string, unknown>;
  lead?: string;
}) {
  useLang();
  // A refused count being edited, else the table's last count (each seat marked until typed over).
  const prev = props.initial ? null : props.previous?.stacks;
  const [values, setValues] = useState<Record<number, string>>(() => {
    const from: Record<string, unknown> = props.initial ?? prev ?? {};
    const v: Record<number, string> = {};
    for (const s of props.seats) if (from[s.seat] != null) v[s.seat] = String(from[s.seat]);
    return v;
  });
  const [touched, setTouched] = useState<Set<number>>(new Set());
  const counted = prev && t("dealer.counted", { time: formatTime(props.previous?.at) });
  const [tried, setTried] = useState(false);
  const ref = useScrollIn();
  const check = checkChipCount(
    props.seats.map((s) => s.seat),
    values,
  );
  const submit = () => {
    setTried(true);
    if (!check.stacks) return;
    props.onSubmit({ table_no: props.tableNo, stacks: check.stacks });
  };
  return (
    <section ref={ref} class="card chip-count" data-testid="chip-count" aria-labelledby="cc-h">
      <h2 id="cc-h">{t("chipcount.title")}</h2>
      <p class={props.lead ? "error" : "muted"} data-testid={props.lead ? "chip-edit-lead" : undefined}>{props.lead ?? t("chipcount.lead")}</p>
      <ul class="cc-list">
        {props.seats.map((s) => {
          const err = check.errors[s.seat];
          const show = err && (err === "invalid" ? touched.has(s.seat) || tried : tried);
          const carried = prev?.[s.seat] != null && !touched.has(s.seat);
          return (
            <li key={s.seat} class="cc-row">
              <label class="cc-label" for={`cc-${s.seat}`}>
                <span class="seat-no">{s.seat}</span>
                <span class="pick-name">
                  {s.name}
                  {carried && !show && <small class="cc-prefilled muted">{counted}</small>}
                </span>
              </label>
              <div class="cc-field">
                <input
                  id={`cc-${s.seat}`}
                  type="text"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  autocomplete="off"
                  data-testid={`chip-seat-${s.seat}`}
                  class={show ? "is-invalid" : ""}
                  aria-invalid={show ? true : undefined}
                  value={values[s.seat] ?? ""}
                  onInput={(e) => {
                    setValues({ ...values, [s.seat]: (e.target as HTMLInputElement).value });
                    setTouched(new Set([...touched, s.seat]));
                  }}
                />
                {show && (
                  <span class="cc-error" data-testid={`chip-error-${s.seat}`} data-error={err}>
                    {err === "missing" ? t("chipcount.missing") : t("chipcount.invalid")}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <div class="cc-foot">
        <p class="cc-total">
          {t("chipcount.total")}: <strong data-testid="chip-total" data-total={check.total}>{formatNumber(check.total)}</strong>
        </p>
        <div class="modal-actions">
          <button type="button" class="btn btn-secondary" data-testid="chip-cancel" onClick={props.onCancel}>
            {t("common.cancel")}
          </button>
          <button type="button" class="btn btn-primary" data-testid="chip-submit" onClick={submit}>
            {t("chipcount.submit")}
          </button>
        </div>
      </div>
    </section>
  );
}
