// A broken table's phone: where each of its players went, and the clock.
import type { ComponentChildren } from "preact";
import { t } from "../../i18n";
import { Shell } from "../../ui/Shell";
import { RejectedList } from "../../ui/Rejected";
import { brokenTableMoves } from "../../seating/moves";
import type { TableView } from "../../api/views";

export function BrokenTable(props: { token: string; table: TableView; tableNo: number; cachedNote: string | null; children: ComponentChildren }) {
  const gone = brokenTableMoves(props.table.moves, props.tableNo);
  return (
    <Shell title={t("dealer.title", { n: props.tableNo ?? "?" })} class="dealer is-broken">
      {props.cachedNote && <p class="offline-note">{props.cachedNote}</p>}
      <RejectedList filter={(e) => e.token === props.token} />
      <section class="card dealer-broken" data-testid="dealer-broken" role="status">
        <h2>{t("dealer.broken_title")}</h2>
        {gone.length ? (
          <>
            <p class="broken-lead">{t("dealer.broken_text")}</p>
            <ul class="broken-list">
              {gone.map((m) => (
                <li key={m.entry_id} data-testid={`dealer-move-${m.entry_id}`} data-to-table={m.to_table} data-to-seat={m.to_seat}>
                  <span class="seat-no">{m.from_seat ?? "–"}</span>
                  <span class="broken-name">{m.name}</span>
                  <span class="broken-dest">→ {t("dealer.broken_row", { to: m.to_table, to_seat: m.to_seat })}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t("dealer.broken_none")}</p>
        )}
        <p class="muted">{t("dealer.broken_end")}</p>
      </section>
      {props.children}
    </Shell>
  );
}
