import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { useOnline } from "../../../ui/hooks";
import { reasonText } from "../../../ui/reasons";
import { reportLines, uploadCsv, type ImportLine, type ImportReport } from "./importCsv";

/** "Import CSV" on the registration desk: pick a file, then the report line by line
 *  (registered green, waiting list amber, refused red with the reason). */
export function ImportCsv(props: { tid: string; token: string | null }) {
  useLang();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The last upload, kept so "retry" after a lost answer resends the same op_id (nothing twice).
  const [last, setLast] = useState<{ bytes: ArrayBuffer; opId: string } | null>(null);

  async function send(bytes: ArrayBuffer, opId: string) {
    if (!props.token) return;
    setBusy(true);
    setError(null);
    setReport(null);
    setLast({ bytes, opId });
    try {
      const r = await uploadCsv(props.tid, props.token, bytes, opId);
      if (r.ok) {
        setReport(reportLines(r.data));
        setLast(null);
      } else {
        setError(t("desk.import_failed", { message: r.data?.message ?? "?" }));
        setLast(null);
      }
    } catch {
      setError(t("desk.import_offline"));
    } finally {
      setBusy(false);
    }
  }

  async function pick(e: Event) {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = ""; // the same file may be picked again after fixing it
    if (!file) return;
    await send(await file.arrayBuffer(), crypto.randomUUID());
  }

  return (
    <div class="desk-import" data-testid="import-card">
      {/* A list is imported once before the night: folded away, its report stays in view below. */}
      <details class="desk-import-box">
        <summary data-testid="import-open">{t("desk.import_open")}</summary>
        <p class="muted small">{t("desk.import_hint")}</p>
        {!online && <p class="desk-import-offline" data-testid="import-offline">{t("desk.import_offline")}</p>}
        <label class={`btn btn-secondary btn-block ${!online || busy ? "is-disabled" : ""}`} data-testid="import-button">
          {busy ? t("desk.import_sending") : t("desk.import")}
          <input
            type="file"
            class="visually-hidden"
            accept=".csv,.txt,.tsv,text/csv,text/plain"
            data-testid="import-file"
            disabled={!online || busy}
            onChange={pick}
          />
        </label>
      </details>
      {error && (
        <p class="error" data-testid="import-error" role="alert">
          {error}{" "}
          {last && online && (
            <button type="button" class="btn btn-small btn-secondary" data-testid="import-retry" onClick={() => void send(last.bytes, last.opId)}>
              {t("desk.import_retry")}
            </button>
          )}
        </p>
      )}
      {report && (
        <div class="import-report" data-testid="import-report" aria-live="polite">
          <div class="row import-summary-row">
            <p class="import-summary" data-testid="import-summary">
              {t("desk.import_summary", { ok: report.ok, waiting: report.waiting, bad: report.rejected })}
            </p>
            <button type="button" class="btn btn-ghost btn-small" data-testid="import-dismiss" onClick={() => setReport(null)}>
              {t("common.dismiss")}
            </button>
          </div>
          {/* The refused lines need the director; the others are a tap away, not a page of them. */}
          <details open={report.rejected > 0} data-testid="import-lines">
            <summary class="small">{t("desk.import_lines", { n: report.lines.length })}</summary>
            <ul>
              {report.lines.map((l) => (
                <li key={`${l.kind}-${l.line}`} class={`import-line is-${l.kind}`} data-testid={`import-line-${l.line}`} data-kind={l.kind}>
                  {l.kind === "ok" && t("desk.import_ok", { line: l.line, name: l.name })}
                  {l.kind === "waiting" && t("desk.import_waiting", { line: l.line, name: l.name, n: l.waiting ?? "?" })}
                  {l.kind === "rejected" && rejectedText(l)}
                </li>
              ))}
            </ul>
          </details>
        </div>
      )}
    </div>
  );
}

/** "line 5: Anna is already registered." — the name once, where the reason does not say it;
 * the reason in the phone's language where the server sent its code and params. */
function rejectedText(l: ImportLine): string {
  const reason = reasonText(l.error, l.params, l.reason ?? "");
  return !l.name || reason.includes(l.name)
    ? t("desk.import_rejected", { line: l.line, reason })
    : t("desk.import_rejected_named", { line: l.line, name: l.name, reason });
}
