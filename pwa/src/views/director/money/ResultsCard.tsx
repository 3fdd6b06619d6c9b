import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { fetchFile, openBlob, saveBlob } from "../../../sync/download";

/** Results as a printable page (opened as a blob) and as CSV (downloaded): the token stays in a header. */
export function ResultsCard(props: { tid: string; token: string }) {
  const lang = useLang();
  const [busy, setBusy] = useState<"print" | "csv" | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function go(kind: "print" | "csv") {
    setError(null);
    setBusy(kind);
    // Open the tab now (inside the tap) so a popup blocker lets it through.
    const win = kind === "print" ? window.open("", "_blank") : null;
    const path = `/api/tournaments/${encodeURIComponent(props.tid)}/results.${kind === "print" ? "html" : "csv"}?lang=${lang}`;
    const r = await fetchFile(path, props.token, `results-${props.tid}.${kind === "print" ? "html" : "csv"}`);
    setBusy(null);
    if (!r.ok) {
      win?.close();
      setError(t("download.failed", { message: r.status === 0 ? t("common.network_error") : r.message }));
      return;
    }
    if (kind === "print") openBlob(new Blob([r.blob], { type: "text/html;charset=utf-8" }), win);
    else saveBlob(r.blob, r.filename);
  }
  return (
    <section class="card" id="results" aria-labelledby="results-h">
      <h2 id="results-h">{t("results.title")}</h2>
      <div class="results-actions">
        <button type="button" class="btn btn-secondary" data-testid="results-print" disabled={busy != null} onClick={() => go("print")}>
          {busy === "print" ? t("download.busy") : t("results.print")}
        </button>
        <button type="button" class="btn btn-secondary" data-testid="results-csv" disabled={busy != null} onClick={() => go("csv")}>
          {busy === "csv" ? t("download.busy") : t("results.csv")}
        </button>
      </div>
      {error && (
        <p class="error" role="alert" data-testid="results-error">
          {error}
        </p>
      )}
    </section>
  );
}
