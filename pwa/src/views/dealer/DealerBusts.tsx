import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang, formatNumber, formatTime } from "../../i18n";
import { Confirm } from "../../ui/Confirm";
import { buildMultiBust, checkChipCount } from "../../money/money";
import { withHouseRule } from "../../ui/houseRules";

export interface Seat {
  seat: number;
  entry_id: number;
  name: string;
}

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

/** Several players out in one hand: select the seats, each one's starting stack and, optionally, who
 * won the pot that put him out (a side pot can go to another player: V-VII.r, his headhunter chip). */
export function MultiBust(props: { tableNo: number; seats: Seat[]; onCancel: () => void; onSubmit: (payload: Record<string, unknown>, label: Record<string, string | number>) => void }) {
  useLang();
  const [sel, setSel] = useState<number[]>([]);
  const [stacks, setStacks] = useState<Record<number, string>>({});
  const [winners, setWinners] = useState<Record<number, number | null>>({});
  const [error, setError] = useState<string | null>(null);
  const [badSeats, setBadSeats] = useState<number[]>([]);
  const ref = useScrollIn();
  const toggle = (seat: number) => {
    setError(null);
    setSel((cur) => (cur.includes(seat) ? cur.filter((x) => x !== seat) : [...cur, seat].sort((a, b) => a - b)));
  };
  const entryOf = (seat: number) => props.seats.find((s) => s.seat === seat)!.entry_id;
  const outIds = new Set(sel.map(entryOf));
  const winnerOf = (seat: number) => {
    const by = winners[seat];
    return by != null && !outIds.has(by) ? by : null;
  };
  /** One winner for the whole hand is the usual case: the first pick fills the rows still open. */
  const pickWinner = (seat: number, by: number | null) => {
    setError(null);
    const next = { ...winners, [seat]: by };
    if (by != null) for (const other of sel) if (other !== seat && next[other] == null) next[other] = by;
    setWinners(next);
  };
  const submit = () => {
    const rows = sel.map((seat) => ({ seat, entry_id: entryOf(seat), stack: stacks[seat] ?? "", by: winnerOf(seat) }));
    const r = buildMultiBust(props.tableNo, rows);
    if (!r.ok) {
      setBadSeats(r.seats ?? []);
      setError(r.error === "too_few" ? t("bust.multi_too_few") : r.error === "stacks" ? t("bust.multi_stack_error") : t("bust.multi_eliminator_out"));
      return;
    }
    props.onSubmit(r.payload, { table_no: props.tableNo });
  };
  const stillIn = props.seats.filter((s) => !sel.includes(s.seat));
  return (
    <section ref={ref} class="card multi-bust" data-testid="multi-bust" aria-labelledby="multi-h">
      <h2 id="multi-h">{t("bust.multi_title")}</h2>
      <p class="muted">{withHouseRule(t("bust.multi_lead"), "same_hand_busts")}</p>
      <ul class="multi-list">
        {props.seats.map((s) => {
          const on = sel.includes(s.seat);
          const bad = on && badSeats.includes(s.seat);
          const by = on ? winnerOf(s.seat) : null;
          return (
            <li key={s.seat} class={`multi-row ${on ? "is-on" : ""}`}>
              <button
                type="button"
                class={`btn multi-seat ${on ? "btn-danger" : "btn-secondary"}`}
                aria-pressed={on}
                data-testid={`multi-seat-${s.seat}`}
                onClick={() => toggle(s.seat)}
              >
                <span class="seat-no">{s.seat}</span>
                <span class="pick-name">{s.name}</span>
              </button>
              {on && (
                <div class="multi-details">
                  <label class="field multi-stack">
                    <span>{t("bust.multi_stack")}</span>
                    <input
                      type="text"
                      inputMode="numeric"
                      pattern="[0-9]*"
                      autocomplete="off"
                      data-testid={`multi-stack-${s.seat}`}
                      class={bad ? "is-invalid" : ""}
                      aria-invalid={bad}
                      value={stacks[s.seat] ?? ""}
                      onInput={(e) => {
                        setError(null);
                        setBadSeats((b) => b.filter((x) => x !== s.seat));
                        setStacks({ ...stacks, [s.seat]: (e.target as HTMLInputElement).value });
                      }}
                    />
                  </label>
                  <label class="field multi-by">
                    <span>{t("bust.multi_out_to")}</span>
                    <select
                      data-testid={`multi-by-${s.seat}`}
                      value={by == null ? "" : String(by)}
                      onChange={(e) => {
                        const v = (e.target as HTMLSelectElement).value;
                        pickWinner(s.seat, v ? Number(v) : null);
                      }}
                    >
                      <option value="">{t("bust.eliminated_by_skip")}</option>
                      {stillIn.map((w) => (
                        <option key={w.seat} value={w.entry_id}>
                          {w.seat} · {w.name}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p class="error" role="alert" data-testid="multi-error">
          {error}
        </p>
      )}
      <div class="modal-actions">
        <button type="button" class="btn btn-secondary" data-testid="multi-cancel" onClick={props.onCancel}>
          {t("common.cancel")}
        </button>
        <button type="button" class="btn btn-danger" data-testid="multi-submit" onClick={submit}>
          {t("bust.multi_submit", { n: sel.length })}
        </button>
      </div>
    </section>
  );
}

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
  onSubmit: (payload: Record<string, unknown>) => void;
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

/** A panel opened by a button further up: bring it into view. */
function useScrollIn() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  }, []);
  return ref;
}
