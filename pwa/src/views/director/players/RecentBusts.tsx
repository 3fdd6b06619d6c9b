import { useState } from "preact/hooks";
import { t, useLang, formatTime } from "../../../i18n";
import { placeText } from "../../../money/money";
import { cardText } from "../../../ui/cardText";
import { UndoBustDialog, canUndoBust } from "./UndoBust";
import type { DirCtx, Entry } from "../shared/types";

const SHOWN = 5; // the last few; "Show all" for the rest of the view's 100

/** The last busts, newest first, each with its own "Undo bust" (one tap away,
 * not behind "⋯" next to Disqualify); the undo dialog is the confirm step. */
export function RecentBusts(props: { ctx: DirCtx }) {
  const lang = useLang();
  const { ctx } = props;
  const [undoing, setUndoing] = useState<Entry | null>(null);
  const [all, setAll] = useState(false);
  const busts = ctx.busts;
  const shown = all ? busts : busts.slice(0, SHOWN);
  return (
    <section class="card" id="busts" aria-labelledby="busts-h">
      <h2 id="busts-h">{t("busts.title")}</h2>
      {busts.length === 0 ? (
        <p class="muted">{t("busts.none")}</p>
      ) : (
        <ol class="busts">
          {shown.map((b) => {
            const e = ctx.entries.find((x) => x.entry_id === b.entry_id);
            const pendUndo = ctx.pending.actions.get(b.entry_id) === "undo_bust";
            return (
              <li key={b.entry_id} data-testid={`recent-bust-${b.entry_id}`}>
                <span class="bust-place">{b.place != null ? placeText(b.place, b.tie, lang) : "–"}</span>
                <span class="bust-who">
                  <span class="bust-name">{b.name}</span>
                  <span class="muted small">
                    {b.table_no != null ? t("tables.table", { n: b.table_no }) + " · " : ""}
                    {formatTime(b.at)}
                  </span>
                  {b.card && (
                    <span class="small bust-card" data-testid={`bust-card-${b.entry_id}`} data-card={b.card}>
                      {t("busts.card", { card: cardText(b.card) })}
                    </span>
                  )}
                </span>
                {pendUndo ? (
                  <span class="tag tag-pending">{t("common.pending")}</span>
                ) : (
                  e &&
                  canUndoBust(e, ctx.finished) && (
                    <button type="button" class="btn btn-secondary btn-small bust-undo" data-testid={`entry-undo-bust-${b.entry_id}`} aria-label={`${t("undo_bust.action")}: ${b.name}`} onClick={() => setUndoing(e)}>
                      {t("busts.undo")}
                    </button>
                  )
                )}
              </li>
            );
          })}
        </ol>
      )}
      {busts.length > SHOWN && (
        <button type="button" class="btn btn-ghost btn-block" data-testid="busts-toggle" onClick={() => setAll(!all)}>
          {all ? t("review.less") : t("review.more")}
        </button>
      )}
      {undoing && (
        <UndoBustDialog
          entry={undoing}
          entries={ctx.entries}
          tables={ctx.tables}
          finished={ctx.finished}
          onCancel={() => setUndoing(null)}
          onSubmit={(payload) => {
            ctx.send("undo_bust", payload, { name: undoing.name });
            setUndoing(null);
          }}
        />
      )}
    </section>
  );
}
