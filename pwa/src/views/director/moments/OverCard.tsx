import { t, useLang, formatNumber } from "../../../i18n";
import { amountText } from "../../../money/money";
import type { DirCtx } from "../shared/types";

/** "How long it ran": from the clock's start to the last bust, from the players-left chart. */
export function duration(history: unknown[] | undefined): string | null {
  const times = (history ?? []).map((p) => (Array.isArray(p) ? Number(p[0]) : NaN)).filter((x) => Number.isFinite(x) && x > 0);
  if (times.length < 2) return null;
  const minutes = Math.round((Math.max(...times) - Math.min(...times)) / 60000);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")} h`;
}

/** The end of the night for the director: who won, how many played and how long, which prizes are
 * still to pay out (each one a tap away in the Money section), results and cash box at hand. */
export function OverCard(props: { ctx: DirCtx }) {
  const lang = useLang();
  const { ctx } = props;
  const view = ctx.dview;
  if (!ctx.finished || !view) return null;
  const prized = ctx.entries.filter((e) => (e.prize ?? 0) > 0);
  const unpaid = prized.filter((e) => e.paid == null);
  const lasted = duration(ctx.pview?.players_history as unknown[] | undefined);
  return (
    <section class="card over-card" data-testid="over-card" aria-labelledby="over-h">
      <h2 id="over-h">{t("over.title")}</h2>
      {view.winner && (
        <p class="over-winner" data-testid="over-winner">
          {t("over.winner", { name: view.winner.name })}
        </p>
      )}
      <p class="muted" data-testid="over-players">
        {t("over.players", { players: formatNumber(view.entries_total ?? ctx.entries.length), duration: lasted ?? "–" })} · {amountText(view.prize_pool, view.currency, lang)}
      </p>
      {unpaid.length === 0 ? (
        <p data-testid="over-all-paid">✓ {t("over.all_paid")}</p>
      ) : (
        <p class="warn" data-testid="over-to-pay" data-unpaid={unpaid.length}>
          {t("over.paid", { paid: prized.length - unpaid.length, total: prized.length })} · {t("over.to_pay", { names: unpaid.map((e) => e.name).join(", ") })}
        </p>
      )}
      <div class="tools-actions">
        <a class="btn btn-secondary" href={`#/director/${encodeURIComponent(ctx.tid)}/money`} data-testid="over-money">
          {t("over.results")} · {t("over.cash_box")}
        </a>
      </div>
    </section>
  );
}
