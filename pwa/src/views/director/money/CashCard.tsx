import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { amountText } from "../../../money/money";
import type { CashBox } from "../../../api/views";
import { useCachedFetch } from "../../../ui/useCachedFetch";
import { openPrintWindow } from "../shared/printout";
import { fetchFile, openBlob } from "../../../sync/download";

/** The night's cash box, read when asked (it passes over every entry, so it is never pushed):
 * collected at the desk, paid in advance, the house's share, paid out, what should be in the box;
 * printable with a payout slip per prize. */
export function CashCard(props: { tid: string; token: string; seq: number | undefined }) {
  const lang = useLang();
  const [open, setOpen] = useState(false);
  // Not kept on the phone: the box is read when asked, and an old one must not pass for today's.
  const cash = useCachedFetch<CashBox>(open ? `/api/tournaments/${encodeURIComponent(props.tid)}/cash-box` : null, { where: "director.cash_box", token: props.token });
  const box = cash.data;
  const [printError, setPrintError] = useState<string | null>(null);
  const error = printError ?? (cash.error ? (cash.error.message ?? t("common.network_error")) : null);
  const [busy, setBusy] = useState(false);

  function load() {
    setPrintError(null);
    if (open) cash.refresh();
    else setOpen(true);
  }

  async function print() {
    setBusy(true);
    const win = openPrintWindow();
    const r = await fetchFile(`/api/tournaments/${encodeURIComponent(props.tid)}/print/cash-box?lang=${lang}`, props.token, "cash-box.html");
    setBusy(false);
    if (!r.ok) {
      win?.close();
      setPrintError(t("download.failed", { message: r.status === 0 ? t("common.network_error") : r.message }));
      return;
    }
    openBlob(new Blob([r.blob], { type: "text/html;charset=utf-8" }), win);
  }

  const money = (n: number) => amountText(n, box?.currency, lang);
  return (
    <section class="card cash-card" id="cash" data-testid="cash-card" aria-labelledby="cash-h">
      <div class="card-head">
        <h2 id="cash-h">{t("cash.title")}</h2>
        <button type="button" class="btn btn-secondary btn-small" data-testid="cash-open" onClick={load}>
          {box ? "↻" : t("cash.open")}
        </button>
      </div>
      {box && (
        <dl class="cash-lines" data-testid="cash-lines" data-seq={props.seq}>
          <div>
            <dt>{t("cash.collected")}</dt>
            <dd data-testid="cash-collected" data-amount={box.collected_at_desk}>{money(box.collected_at_desk)}</dd>
          </div>
          <p class="muted small">
            {t("cash.counts", { desk: box.at_desk, prepaid: box.prepaid })}
            {box.outstanding > 0 ? ` · ${t("cash.outstanding", { n: box.outstanding })}` : ""}
          </p>
          <div>
            <dt>{t("cash.advance")}</dt>
            <dd data-testid="cash-advance">{money(box.paid_in_advance)}</dd>
          </div>
          <div>
            <dt>{t("cash.house")}</dt>
            <dd data-testid="cash-house">{money(box.house)}</dd>
          </div>
          <div>
            <dt>{t("cash.paid_out")}</dt>
            <dd data-testid="cash-paid-out">{money(box.paid_out)}</dd>
          </div>
          <div>
            <dt>{t("cash.to_pay")}</dt>
            <dd data-testid="cash-to-pay">{money(box.still_to_pay)}</dd>
          </div>
          <div class="cash-sum">
            <dt>{t("cash.in_box")}</dt>
            <dd data-testid="cash-in-box" data-amount={box.in_the_box}>{money(box.in_the_box)}</dd>
          </div>
        </dl>
      )}
      <button type="button" class="btn btn-secondary btn-block" data-testid="cash-print" disabled={busy} onClick={() => void print()}>
        {busy ? t("download.busy") : t("cash.print")}
      </button>
      {error && (
        <p class="error" role="alert" data-testid="cash-error">
          {error}
        </p>
      )}
    </section>
  );
}
