// Where the button goes before the first hand, after a redraw, or when the dealer moves it.
import { t } from "../../../i18n";
import type { Redraw, Seat } from "../../../api/views";

/** Tap the seat that has the button. */
export function ButtonPicker(props: { seats: Seat[]; onPick: (seat: number) => void; onCancel: () => void }) {
  return (
    <section class="card hand-card picking" aria-labelledby="pick-h">
      <h2 id="pick-h">{t("dealer.set_button")}</h2>
      <p class="pick-lead">{t("dealer.pick_seat")}</p>
      <div class="pick-grid">
        {props.seats.map((s) => (
          <button type="button" key={s.seat} class="btn btn-secondary pick-seat" data-testid={`dealer-button-seat-${s.seat}`} onClick={() => props.onPick(s.seat)}>
            <span class="seat-no">{s.seat}</span>
            <span class="pick-name">{s.name}</span>
          </button>
        ))}
      </div>
      <button type="button" class="btn btn-ghost btn-block" data-testid="dealer-pick-cancel" onClick={props.onCancel}>
        {t("common.cancel")}
      </button>
    </section>
  );
}

/** No button yet — or, with a redraw, the button must be drawn again before the next hand. */
export function NoButtonCard(props: { redraw: Redraw | null; onSetButton: () => void }) {
  const r = props.redraw;
  if (r) {
    // V-III.i (two or more newcomers), V-IV.d / S-#4 (the final table): a new high-card draw.
    return (
      <section class="card hand-card no-button is-redraw" aria-labelledby="nob-h" data-testid="dealer-redraw" data-reason={r.reason} data-rule={r.rule ?? undefined}>
        <h2 id="nob-h">{t("dealer.redraw_title")}</h2>
        <p>{t(r.reason === "final_table" ? "dealer.redraw_text.final_table" : r.reason === "two_tables" ? "dealer.redraw_text.two_tables" : "dealer.redraw_text.new_players")}</p>
        {r.rule && <span class="tag tag-rule">{t("sugg.rule", { rule: r.rule })}</span>}
        <button type="button" class="btn btn-primary btn-block btn-huge" data-testid="dealer-set-button" onClick={props.onSetButton}>
          {t("dealer.set_button")}
        </button>
      </section>
    );
  }
  return (
    <section class="card hand-card no-button" aria-labelledby="nob-h">
      <h2 id="nob-h">{t("dealer.no_button_title")}</h2>
      <p>{t("dealer.no_button_text")}</p>
      <button type="button" class="btn btn-primary btn-block btn-huge" data-testid="dealer-set-button" onClick={props.onSetButton}>
        {t("dealer.set_button")}
      </button>
    </section>
  );
}
