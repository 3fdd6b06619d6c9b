import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { openPrintWindow, showPrintout, type PrintKind } from "../shared/printout";
import "./directorTools.css";

/** Seat cards and table QR sheets as printable A4 pages, opened like the results page: fetched
 * with the bearer header (the token never goes into a URL) and shown as a blob. */
export function PrintCard(props: { tid: string; token: string; tables: number[]; drawn: boolean }) {
  const lang = useLang();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [table, setTable] = useState<string>("");

  async function open(kind: PrintKind, tableNo?: number) {
    setError(null);
    const key = `${kind}${tableNo ?? ""}`;
    setBusy(key);
    const win = openPrintWindow();
    const failed = await showPrintout(win, { tid: props.tid, token: props.token, kind, lang, table: tableNo });
    setBusy(null);
    if (failed) setError(t("download.failed", { message: failed.status === 0 ? t("common.network_error") : failed.message }));
  }

  const chosen = Number(table || props.tables[0]);
  return (
    <section class="card" id="print" aria-labelledby="print-h" data-testid="print-card">
      <h2 id="print-h">{t("printouts.title")}</h2>
      <p class="muted small">{props.drawn ? t("printouts.hint") : t("printouts.not_drawn")}</p>
      <div class="tools-actions">
        <button type="button" class="btn btn-secondary" data-testid="print-seat-cards" disabled={!props.drawn || busy != null} onClick={() => open("seat-cards")}>
          {busy === "seat-cards" ? t("download.busy") : t("printouts.seat_cards")}
        </button>
        <button type="button" class="btn btn-secondary" data-testid="print-table-sheets" disabled={!props.drawn || busy != null} onClick={() => open("table-sheets")}>
          {busy === "table-sheets" ? t("download.busy") : t("printouts.table_sheets")}
        </button>
        <button type="button" class="btn btn-secondary" data-testid="print-seating-list" disabled={!props.drawn || busy != null} onClick={() => open("seating-list")}>{busy === "seating-list" ? t("download.busy") : t("printouts.seating_list")}</button>
      </div>
      {props.drawn && props.tables.length > 1 && <p class="muted small tools-reprint-label">{t("printouts.reprint")}</p>}
      {props.drawn && props.tables.length > 1 && (
        <div class="tools-reprint">
          <select aria-label={t("printouts.reprint")} data-testid="print-table-select" value={String(chosen)} onChange={(e) => setTable((e.target as HTMLSelectElement).value)}>
            {props.tables.map((n) => (
              <option key={n} value={String(n)}>
                {t("printouts.table_n", { n })}
              </option>
            ))}
          </select>
          <button type="button" class="btn btn-secondary btn-small" data-testid="print-table-cards" disabled={busy != null} onClick={() => open("seat-cards", chosen)}>
            {t("printouts.table_cards")}
          </button>
          <button type="button" class="btn btn-secondary btn-small" data-testid="print-table-sheet" disabled={busy != null} onClick={() => open("table-sheets", chosen)}>
            {t("printouts.table_sheet")}
          </button>
        </div>
      )}
      {error && (
        <p class="error" role="alert" data-testid="print-error">
          {error}
        </p>
      )}
    </section>
  );
}
