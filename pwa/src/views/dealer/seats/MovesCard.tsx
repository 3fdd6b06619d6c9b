import { t, formatTime } from "../../../i18n";
import type { DealerMove } from "../../../seating/moves";

function reasonText(reason: string): string {
  if (reason === "table_broken") return t("reason.table_broken");
  if (reason === "final_table_formed") return t("reason.final_table_formed");
  if (reason === "two_tables_formed") return t("reason.two_tables_formed"); // G-Final at 16
  return t("reason.director");
}

/** Who arrives at, leaves or changes seat at this table: only the last minutes' moves, never the night's. */
export function MovesCard(props: { moves: DealerMove[] }) {
  return (
    <section class="card dealer-moves" data-testid="dealer-moves" aria-labelledby="moves-h">
      <h2 id="moves-h">{t("dealer.moves")}</h2>
      <ul>
        {props.moves.map((m) => (
          <li
            key={m.entry_id}
            class={`dmove dmove-${m.kind} ${m.fresh ? "is-fresh" : ""}`}
            data-testid={`dealer-move-${m.entry_id}`}
            data-kind={m.kind}
            data-fresh={m.fresh ? "true" : undefined}
          >
            <span class="dmove-icon" aria-hidden="true">
              {m.kind === "arrive" ? "→" : m.kind === "leave" ? "←" : "↻"}
            </span>
            <span class="dmove-text">
              {m.kind === "arrive"
                ? t("dealer.move_arrive", { seat: m.to_seat, name: m.name, from: m.from_table })
                : m.kind === "leave"
                  ? t("dealer.move_leave", { seat: m.from_seat, name: m.name, to: m.to_table, to_seat: m.to_seat })
                  : t("dealer.move_reseat", { name: m.name, from_seat: m.from_seat, to_seat: m.to_seat })}
              <span class="muted small dmove-meta">
                {reasonText(m.reason)}
                {m.at ? ` · ${formatTime(m.at)}` : ""}
              </span>
            </span>
            {m.fresh && <span class="tag tag-new">{t("dealer.move_new")}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
