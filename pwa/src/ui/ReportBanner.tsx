import { useEffect, useState } from "preact/hooks";
import { t, useLang, type MessageKey } from "../i18n";
import { onShown, setShown, shownReport } from "../sync/report";

/** A failure a person must know about (sync/report.ts, `show`): what failed, the technical
 * detail in small print, and a close button. The newest replaces the one before. */
export function ReportBanner() {
  useLang();
  const [r, set] = useState(shownReport);
  useEffect(() => onShown(set), []);
  if (!r) return null;
  return (
    <div class="update-banner report-banner" role="alert" data-testid="report-banner" data-where={r.where}>
      <span>
        {t(r.show === true ? "common.error" : (r.show as MessageKey))}
        <small class="muted">{r.message}</small>
      </span>
      <button type="button" class="btn btn-ghost btn-small" data-testid="report-dismiss" onClick={() => setShown(null)}>
        {t("common.dismiss")}
      </button>
    </div>
  );
}
