// Loaded when opened (lazyPanels.ts): the first screen does without it.
import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { buildMultiBust } from "../../../money/money";
import { withHouseRule } from "../../../ui/houseRules";
import type { PayloadOf, SeatName as Seat } from "../../../api/views";
import type { CommandLabel } from "../../../sync/outbox";
import { useScrollIn } from "../../../ui/useScrollIn";

/** Several players out in one hand: select the seats, each one's starting stack and, optionally, who
 * won the pot that put him out (a side pot can go to another player: V-VII.r, his headhunter chip). */
export function MultiBust(props: { tableNo: number; seats: Seat[]; onCancel: () => void; onSubmit: (payload: PayloadOf<"record_busts">, label: CommandLabel) => void }) {
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
