import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { fetchFile, openBlob, saveBlob } from "../../../sync/download";

type Kind = "print" | "csv" | "xlsx" | "hendon";

/** The file behind each button (docs/exports.md), and the name it gets if the server names none. */
const FILES: Record<Kind, { path: string; name: string }> = {
  print: { path: "results.html", name: "results-{tid}.html" },
  csv: { path: "results.csv", name: "results-{tid}.csv" },
  xlsx: { path: "results.xlsx", name: "results-{tid}.xlsx" },
  hendon: { path: "results-hendon-mob.csv", name: "hendon-mob-{tid}.csv" },
};

/** Results as a printable page (opened as a blob), as CSV and Excel for the club, and (once a
 * tournament with prize money is finished) as The Hendon Mob's file, which lists the places paid:
 * downloaded, the token stays in a header. */
export function ResultsCard(props: { tid: string; token: string; finished: boolean; paid: boolean }) {
  const lang = useLang();
  const [busy, setBusy] = useState<Kind | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function go(kind: Kind) {
    setError(null);
    setBusy(kind);
    // Open the tab now (inside the tap) so a popup blocker lets it through.
    const win = kind === "print" ? window.open("", "_blank") : null;
    const file = FILES[kind];
    const path = `/api/tournaments/${encodeURIComponent(props.tid)}/${file.path}?lang=${lang}`;
    const r = await fetchFile(path, props.token, file.name.replace("{tid}", props.tid));
    setBusy(null);
    if (!r.ok) {
      win?.close();
      setError(t("download.failed", { message: r.status === 0 ? t("common.network_error") : r.message }));
      return;
    }
    if (kind === "print") openBlob(new Blob([r.blob], { type: "text/html;charset=utf-8" }), win);
    else saveBlob(r.blob, r.filename);
  }
  const button = (kind: Kind, label: string) => (
    <button type="button" class="btn btn-secondary" data-testid={`results-${kind}`} disabled={busy != null} onClick={() => go(kind)}>
      {busy === kind ? t("download.busy") : label}
    </button>
  );
  const hendon = props.finished && props.paid;
  return (
    <section class="card" id="results" aria-labelledby="results-h">
      <h2 id="results-h">{t("results.title")}</h2>
      <div class="results-actions">
        {button("print", t("results.print"))}
        {button("csv", t("results.csv"))}
        {button("xlsx", t("results.xlsx"))}
        {hendon && button("hendon", t("results.hendon"))}
      </div>
      {hendon && (
        <p class="muted small" style="margin-top:10px">
          {t("results.hendon_hint")}
        </p>
      )}
      {error && (
        <p class="error" role="alert" data-testid="results-error">
          {error}
        </p>
      )}
    </section>
  );
}
