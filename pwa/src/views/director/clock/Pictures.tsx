import { t, useLang } from "../../../i18n";
import type { Stacks } from "../../../api/views";
import { useCachedFetch } from "../../../ui/useCachedFetch";
import { bigBlindInForce, computeClock } from "../../../clock/model";
import { useServerNow } from "../../../ui/hooks";
import { PlayersLeftChart } from "../../../ui/charts/PlayersLeftChart";
import { StackHistogram } from "../../../ui/charts/StackHistogram";

/**
 * The director's "Pictures" card: players left over time (from the view) and the chip-count
 * histogram in big blinds (GET /stacks, fetched again only when the counted total or the field
 * changed; the last answer is kept for a look offline).
 */
export function PicturesCard(props: { view: any; history?: unknown; tid: string | number; token: string | null | undefined }) {
  useLang();
  const { view, tid, token } = props;
  const now = useServerNow(5000);
  const stacks = useStacks(tid, token, view);
  if (!view) return null;
  const bb = bigBlindInForce(computeClock(view.structure, view.clock, now));
  return (
    <section class="card pictures-card" id="pictures" aria-labelledby="pictures-h" data-testid="pictures-card">
      <h2 id="pictures-h">{t("charts.title")}</h2>
      <h3 class="chart-title">{t("charts.players_left")}</h3>
      <PlayersLeftChart history={(props.history ?? view.players_history) as any} structure={view.structure} now={now} testid="chart-players-left" />
      <h3 class="chart-title">{t("charts.stacks")}</h3>
      <StackHistogram stacks={stacks?.stacks} bb={bb} averageStack={view.average_stack} testid="chart-stacks" />
      {stacks && stacks.stacks.length > 0 && (
        <p class="muted small" data-testid="chart-stacks-note">
          {t("charts.stacks_note", { n: stacks.stacks.length, tables: stacks.tables_counted })}
        </p>
      )}
    </section>
  );
}

function useStacks(tid: string | number, token: string | null | undefined, view: any): Stacks | null {
  const changed = `${view?.chips?.counted ?? ""}:${view?.chips?.tables_counted ?? ""}:${view?.players_left ?? ""}`;
  const url = token && view ? `/api/tournaments/${tid}/stacks` : null;
  return useCachedFetch<Stacks>(url, { where: "director.stacks", token, cache: `stacks:${tid}`, deps: [changed] }).data;
}
