// Check-in in seconds: the desk scans the QR code on the player's phone (his personal link), the
// server says who he is (POST desk/scan: backend/api/desk_scan.py), and one tap checks him in with
// the same check_in command as the list below (N-3.1 collect, N-3.4 the ID). The list stays the
// fallback: no camera, camera refused, or a player without his phone.
import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { amountText } from "../../../money/money";
import { request } from "../../../sync/api";
import { report } from "../../../sync/report";
import { QrScanner, type CameraProblem } from "./QrScanner";
import type { DirCtx } from "../shared/types";
import type { components } from "../../../api/types.gen";
import "./desk-scan.css";

type Scan = components["schemas"]["DeskScan"];
type Step =
  | { at: "idle" }
  | { at: "scanning" }
  | { at: "camera"; problem: CameraProblem }
  | { at: "looking" }
  | { at: "failed"; message: string }
  | { at: "found"; scan: Scan };

const CHECKS_IN = new Set(["registered", "promoted"]);

function problemText(p: CameraProblem): string {
  if (p.kind === "denied") return t("scan.denied");
  if (p.kind === "no_camera") return t("scan.no_camera");
  return t("scan.camera_failed", { message: p.message ?? "" });
}

/** The list below, for a player found by name instead. */
function toTheList() {
  const search = document.querySelector<HTMLInputElement>("[data-testid=desk-search]");
  const desk = document.getElementById("desk");
  (search ?? desk)?.scrollIntoView({ behavior: "smooth", block: "center" });
  search?.focus({ preventScroll: true });
}

export function ScanCheckIn(props: { ctx: DirCtx }) {
  const { ctx } = props;
  const lang = useLang();
  const [step, setStep] = useState<Step>({ at: "idle" });
  const [idSeen, setIdSeen] = useState(false);
  if (!ctx.dview?.registration?.open) return null;

  async function lookUp(text: string) {
    setStep({ at: "looking" });
    setIdSeen(false);
    try {
      const r = await request<Scan>(`/api/tournaments/${ctx.tid}/desk/scan`, { method: "POST", token: ctx.token, body: { link: text.slice(0, 300) } });
      if (r.ok) setStep({ at: "found", scan: r.data });
      else if (r.status === 404 || r.status === 400) setStep({ at: "failed", message: t("scan.unknown") });
      else setStep({ at: "failed", message: (r.data as any)?.message ?? `${t("common.error")} (${r.status})` });
    } catch (e) {
      report("desk.scan_lookup", e);
      setStep({ at: "failed", message: t("scan.offline") });
    }
  }

  return (
    <section class="card desk-scan" data-testid="desk-scan" aria-label={t("scan.open")}>
      {step.at === "scanning" ? (
        <QrScanner onText={lookUp} onProblem={(problem) => setStep({ at: "camera", problem })} onClose={() => setStep({ at: "idle" })} />
      ) : step.at === "found" ? (
        <ScanResult ctx={ctx} scan={step.scan} idSeen={idSeen} setIdSeen={setIdSeen} lang={lang} onNext={() => setStep({ at: "scanning" })} />
      ) : (
        <>
          <button type="button" class="btn btn-primary btn-block btn-big desk-scan-open" data-testid="desk-scan-open" onClick={() => setStep({ at: "scanning" })}>
            {t("scan.open")}
          </button>
          {step.at === "idle" && <p class="muted small desk-scan-hint">{t("scan.hint")}</p>}
          {step.at === "looking" && <p class="muted" role="status">{t("scan.looking_up")}</p>}
          {step.at === "camera" && (
            <p class="desk-scan-problem" role="alert" data-testid="desk-scan-problem" data-kind={step.problem.kind}>
              {problemText(step.problem)}
            </p>
          )}
          {step.at === "failed" && (
            <p class="desk-scan-problem" role="alert" data-testid="desk-scan-failed">
              {step.message}
            </p>
          )}
        </>
      )}
      {step.at !== "scanning" && (
        <button type="button" class="btn btn-ghost btn-block" data-testid="desk-scan-search" onClick={toTheList}>
          {t("scan.search")}
        </button>
      )}
    </section>
  );
}

function ScanResult(props: { ctx: DirCtx; scan: Scan; idSeen: boolean; setIdSeen: (v: boolean) => void; lang: ReturnType<typeof useLang>; onNext: () => void }) {
  const { ctx, scan, idSeen, lang } = props;
  const desk = ctx.dview?.registration;
  // The live row of the director view: the check-in sent from here shows as soon as it is applied.
  const live = scan.entry_id != null ? ctx.dview?.entries.find((e) => e.entry_id === scan.entry_id) : undefined;
  const here = scan.status === "checked_in" || (CHECKS_IN.has(scan.status) && live?.present === true);
  const mayCheckIn = CHECKS_IN.has(scan.status) && !here && live?.status === "active";
  const idNeeded = scan.id_check_needed && !live?.id_checked;
  const prepaid = live?.prepaid ?? scan.prepaid;
  const amount = prepaid ? 0 : scan.amount;
  const closed = desk?.check_in_closed_at != null && !prepaid && !(desk.check_in_open_for ?? []).includes(scan.entry_id ?? -1);
  const busy = scan.entry_id != null && ctx.pending.actions.get(scan.entry_id) === "check_in";
  const status = here ? "checked_in" : scan.status;
  return (
    <div class="scan-result" data-testid="scan-result" data-status={status} data-entry={scan.entry_id ?? undefined}>
      <strong class="scan-name" data-testid="scan-name">{scan.name}</strong>
      <span class={`scan-status is-${status}`} data-testid="scan-status">
        {here && scan.status !== "checked_in" ? t("desk.checked_in") : t(`scan.status.${status}` as "scan.status.waiting", { n: scan.position ?? "" })}
      </span>
      {mayCheckIn && (
        <>
          {amount > 0 && (
            <p class="scan-flag is-collect" data-testid="scan-collect" data-amount={amount}>
              {t("desk.collect", { amount: amountText(amount, scan.currency, lang) })}
            </p>
          )}
          {amount === 0 && scan.price > 0 && <p class="muted">{t("desk.prepaid_nothing")}</p>}
          {idNeeded && (
            <label class="scan-flag is-id">
              <input type="checkbox" data-testid="scan-id-seen" checked={idSeen} onChange={(e) => props.setIdSeen((e.target as HTMLInputElement).checked)} />
              <span>
                <strong>{t("scan.id_needed")}</strong>
                <span class="scan-id-label">{t("scan.id_seen")}</span>
              </span>
            </label>
          )}
          {closed && <p class="desk-scan-problem">{t("scan.check_in_closed")}</p>}
          <button
            type="button"
            class="btn btn-primary btn-block btn-big"
            data-testid="scan-check-in"
            disabled={busy || closed || (idNeeded && !idSeen)}
            onClick={() => {
              const id = scan.entry_id!;
              ctx.send("check_in", idNeeded && idSeen ? { entry_id: id, id_checked: true } : { entry_id: id }, { name: scan.name });
            }}
          >
            {t("desk.check_in")}
          </button>
        </>
      )}
      <button type="button" class={`btn btn-block ${here ? "btn-primary btn-big" : "btn-secondary"}`} data-testid="scan-next" onClick={props.onNext}>
        {t("scan.next")}
      </button>
    </div>
  );
}
