import { t, useLang, formatMoney, formatDecimal, ordinal } from "../i18n";
import type { Payout } from "../api/views";

export type { Payout };

/** The public view's payouts for the current field: place, amount, share. */
export function Payouts(props: { payouts: Payout[] | undefined; currency?: string | null; testid: string; max?: number; class?: string }) {
  useLang();
  const list = Array.isArray(props.payouts) ? props.payouts : [];
  if (!list.length) return null;
  const max = props.max ?? 10;
  return (
    <section class={`payouts ${props.class ?? ""}`} data-testid={props.testid} aria-label={t("display.payouts")}>
      <h2>{t("display.payouts")}</h2>
      <ol class={list.length > 5 ? "is-two-col" : ""}>
        {list.slice(0, max).map((p) => (
          <li key={p.place} data-place={p.place}>
            <span class="payout-place">{ordinal(p.place)}</span>
            <span class="payout-amount">{formatMoney(p.amount, props.currency)}</span>
            <span class="payout-pct">{formatDecimal(p.percent, 2)}%</span>
          </li>
        ))}
      </ol>
      {list.length > max && <p class="muted small">{t("display.more_places", { n: list.length - max })}</p>}
    </section>
  );
}
