import { useMemo, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { EntryActionDialog } from "../players/EntryActionDialog";
import type { DirCtx, Entry } from "../shared/types";

/** Seating newcomers after the draw, on the desk where the walk-ins are: the seats busted players
 * left empty, each open to an alternate until the deadline (S-#46). */
export function AlternatesCard(props: { ctx: DirCtx }) {
  useLang();
  const { ctx } = props;
  const [chosen, setChosen] = useState<Entry | null>(null);
  const taken = useMemo(
    () => new Set(ctx.tables.flatMap((tb) => (tb.broken ? [] : tb.seats.map((x) => `${tb.table_no}:${x.seat}`)))),
    [ctx.tables],
  );
  if (!ctx.preset.format?.alternates || ctx.windows.alternates === false || ctx.finished || ctx.registrationOpen) return null;
  const free = ctx.entries.filter(
    (e) => e.status === "busted" && (e.out_reason == null || e.out_reason === "bust") && e.table_no != null && e.seat != null && !taken.has(`${e.table_no}:${e.seat}`),
  );
  return (
    <section class="card" data-testid="alternates-card" aria-labelledby="alt-h">
      <h2 id="alt-h">{t("alternates.title")}</h2>
      {free.length === 0 ? (
        <p class="muted" data-testid="alternates-none">{t("alternates.none")}</p>
      ) : (
        <ul class="entries">
          {free.map((e) => (
            <li key={e.entry_id} class="entry-row">
              <span class="entry-main">
                <span class="entry-name">{t("entries.table_seat", { t: e.table_no!, s: e.seat! })}</span>
                <span class="entry-sub muted">{t("alternates.was", { name: e.name })}</span>
              </span>
              <button type="button" class="btn btn-secondary btn-small" data-testid={`alternate-seat-${e.entry_id}`} onClick={() => setChosen(e)}>
                {t("entry.alternate")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && <EntryActionDialog entry={chosen} action="alternate" send={ctx.send} onClose={() => setChosen(null)} />}
    </section>
  );
}
