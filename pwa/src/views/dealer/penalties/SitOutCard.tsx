import { t, useLang } from "../../../i18n";
import { penaltyLeftText } from "../../../money/penalties";
import type { SitOut } from "../../../api/views";

/** N-2.23: who sits out at this table, and for how many hands or how long. */
export function SitOutCard(props: { sitOut: SitOut[] }) {
  const lang = useLang();
  return (
    <section class="card sitout-card" data-testid="dealer-sitout" aria-labelledby="sitout-h" role="status">
      <h2 id="sitout-h">{t("sitout.title")}</h2>
      <ul class="sitout-list">
        {props.sitOut.map((p) => (
          <li
            key={p.entry_id}
            class="sitout-row"
            data-testid={`sitout-${p.seat}`}
            data-entry-id={p.entry_id}
            data-kind={p.kind}
            data-hands-left={p.hands_left ?? undefined}
            data-until={p.until ?? undefined}
          >
            <span class="seat-no" aria-label={`Seat ${p.seat}`}>{p.seat}</span>
            <span class="sitout-name">
              {p.name}
              <span class="sitout-kind">
                {t(`penalty.kind.${p.kind}` as "penalty.kind.warning")}
                {p.reason ? ` · ${p.reason}` : ""}
              </span>
            </span>
            <span class="sitout-left" data-testid={`sitout-left-${p.seat}`}>{penaltyLeftText(p, lang)}</span>
          </li>
        ))}
      </ul>
      <p class="muted small">{t("sitout.hint")}</p>
    </section>
  );
}
