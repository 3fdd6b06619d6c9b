import { useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { fetchFile, openBlob } from "../../sync/download";
import "./directorTools.css";

type Kind = "seat-cards" | "table-sheets";

/** Seat cards and table QR sheets as printable A4 pages, opened like the results page: fetched
 * with the bearer header (the token never goes into a URL) and shown as a blob. */
export function PrintCard(props: { tid: string; token: string; tables: number[]; drawn: boolean }) {
  const lang = useLang();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [table, setTable] = useState<string>("");

  async function open(kind: Kind, tableNo?: number) {
    setError(null);
    const key = `${kind}${tableNo ?? ""}`;
    setBusy(key);
    const win = window.open("", "_blank"); // inside the tap, so a popup blocker lets it through
    const query = `lang=${lang}${tableNo ? `&table=${tableNo}` : ""}`;
    const r = await fetchFile(`/api/tournaments/${encodeURIComponent(props.tid)}/print/${kind}?${query}`, props.token, `${kind}.html`);
    setBusy(null);
    if (!r.ok) {
      win?.close();
      setError(t("download.failed", { message: r.status === 0 ? t("common.network_error") : r.message }));
      return;
    }
    openBlob(new Blob([r.blob], { type: "text/html;charset=utf-8" }), win);
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
