import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { fetchFile, saveBlob } from "../../../sync/download";

// The year and the download side by side, the button as tall as the select (inline: a stylesheet of
// its own would add a file name to the entry chunk's preload list, which every role loads).
const ROW = "display:grid;grid-template-columns:1fr 1.4fr;gap:8px;align-items:end;margin-top:8px";

/** How many years back the picker offers: a club's treasurer closes last year's books, rarely older. */
const YEARS_BACK = 5;

/** The season's workbook (docs/exports.md): a summary of the year's tournaments and one sheet each. */
export function SeasonCard(props: { token: string }) {
  const lang = useLang();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setError(null);
    setBusy(true);
    const r = await fetchFile(`/api/club/season.xlsx?year=${year}&lang=${lang}`, props.token, `season-${year}.xlsx`);
    setBusy(false);
    if (!r.ok) setError(t("download.failed", { message: r.status === 0 ? t("common.network_error") : r.message }));
    else saveBlob(r.blob, r.filename);
  }
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => thisYear - i);
  return (
    <section class="card" aria-labelledby="season-h" data-testid="season-card">
      <h2 id="season-h">{t("seasonbook.title")}</h2>
      <p class="muted small">{t("seasonbook.text")}</p>
      <div style={ROW}>
        <label class="field" style="margin:0">
          <span>{t("seasonbook.year")}</span>
          <select data-testid="season-year" value={String(year)} onChange={(e) => setYear(Number((e.target as HTMLSelectElement).value))}>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="btn btn-secondary" style="min-height:52px" data-testid="season-xlsx" disabled={busy} onClick={download}>
          {busy ? t("download.busy") : t("seasonbook.download")}
        </button>
      </div>
      {error && (
        <p class="error" role="alert" data-testid="season-error">
          {error}
        </p>
      )}
    </section>
  );
}
