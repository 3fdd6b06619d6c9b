import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { fetchFile, openBlob } from "../../../sync/download";
import { openPrintWindow } from "../shared/printout";

/** One payout slip per paid player (A4 or an 80 mm receipt), opened like the other printouts:
 * fetched with the bearer header into a tab opened inside the tap. */
export function PrintSlips(props: { tid: string; token: string }) {
  const lang = useLang();
  const [error, setError] = useState<string | null>(null);
  async function print(size: "a4" | "receipt") {
    setError(null);
    const win = openPrintWindow();
    const r = await fetchFile(`/api/tournaments/${encodeURIComponent(props.tid)}/print/payout-slips?size=${size}&lang=${lang}`, props.token, "payout-slips.html");
    if (!r.ok) {
      win?.close();
      setError(t("download.failed", { message: r.status === 0 ? t("common.network_error") : r.message }));
      return;
    }
    openBlob(new Blob([r.blob], { type: "text/html;charset=utf-8" }), win);
  }
  return (
    <div class="deal-print" role="group" aria-labelledby="deal-print-h">
      <p class="deal-print-h" id="deal-print-h">{t("deal.print")}</p>
      <button type="button" class="btn btn-secondary" data-testid="deal-print" onClick={() => void print("a4")}>
        {t("deal.print_a4")}
      </button>
      <button type="button" class="btn btn-secondary" data-testid="deal-print-receipt" onClick={() => void print("receipt")}>
        {t("deal.print_receipt")}
      </button>
      {error && <p class="error" role="alert">{error}</p>}
    </div>
  );
}
