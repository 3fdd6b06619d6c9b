import { useState } from "preact/hooks";
import { t, useLang, getLang, type MessageKey } from "../../../i18n";
import type { DirCtx } from "../shared/types";
import "./legal.css";

type Limit = { value: number | string | boolean; cite: string; practice?: boolean };
// Every limit a profile may hold (shared_rules/legal/), in the order a director reads them.
const SHOWN: Array<[string, MessageKey]> = [
  ["max_buy_in", "legalcard.max_buy_in"],
  ["max_fee", "legalcard.max_fee"],
  ["max_pool", "legalcard.max_pool"],
  ["max_player_day", "legalcard.max_player_day"],
  ["max_day_pool", "legalcard.max_day_pool"],
  ["max_tournaments_day", "legalcard.max_tournaments_day"],
  ["min_players", "legalcard.min_players"],
  ["min_planned_minutes", "legalcard.min_planned_minutes"],
  ["pays_out_pool", "legalcard.pays_out_pool"],
  ["no_further_payments", "legalcard.no_further_payments"],
  ["no_cash_prizes", "legalcard.no_cash_prizes"],
];
const PROFILES = ["ch-vgs", "de-fee-only"] as const;
const REASON_MIN = 10;

/**
 * The law's limits this tournament runs under (docs/presets.md, "Legal profiles"), each with its
 * article; the director may switch the profile off, with a reason the audit log keeps, or on.
 */
export function LegalCard(props: { ctx: DirCtx }) {
  useLang();
  const { ctx } = props;
  const legal = ctx.dview?.legal as { id: string; name: Record<string, string>; limits: Record<string, Limit> } | null | undefined;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [pick, setPick] = useState<string>(PROFILES[0]);
  if (!ctx.dview) return null;
  const currency = String(legal?.limits.currency?.value ?? "");
  const short = reason.trim().replace(/\s+/g, " ").length < REASON_MIN;

  function switchOff(e: Event) {
    e.preventDefault();
    if (short) return;
    ctx.send("set_legal_profile", { profile: "none", reason: reason.trim() });
    setOpen(false);
    setReason("");
  }

  return (
    <section class="card legal-card" aria-labelledby="legal-h" data-testid="legal-card" data-profile={legal?.id ?? "none"}>
      <h2 id="legal-h">{t("legalcard.title")}</h2>
      {legal ? (
        <>
          <p class="legal-name">{legal.name[getLang()] ?? legal.name.en}</p>
          <ul class="legal-limits small">
            {SHOWN.filter(([k]) => legal.limits[k]).map(([k, words]) => (
              <li key={k} data-testid={`legal-limit-${k}`}>
                {t(words, { value: String(legal.limits[k].value), currency })} <span class="muted">({legal.limits[k].cite}{legal.limits[k].practice ? `, ${t("legalcard.practice")}` : ""})</span>
              </li>
            ))}
          </ul>
          {!open && (
            <button type="button" class="btn btn-ghost btn-small" data-testid="legal-off" onClick={() => setOpen(true)}>
              {t("legalcard.switch_off")}
            </button>
          )}
          {open && (
            <form class="form" onSubmit={switchOff} noValidate>
              <label class="field">
                <span>{t("legalcard.reason")}</span>
                <input data-testid="legal-reason" value={reason} maxLength={500} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
                <span class="muted small">{t("legalcard.reason_hint", { n: REASON_MIN })}</span>
              </label>
              <div class="row">
                <button type="button" class="btn btn-ghost" onClick={() => setOpen(false)}>
                  {t("common.cancel")}
                </button>
                <button type="submit" class="btn btn-danger" data-testid="legal-off-confirm" disabled={short}>
                  {t("legalcard.switch_off")}
                </button>
              </div>
            </form>
          )}
        </>
      ) : (
        <>
          <p class="muted small" data-testid="legal-none">{t("legalcard.none")}</p>
          <div class="row">
            <select data-testid="legal-pick" value={pick} onChange={(e) => setPick((e.target as HTMLSelectElement).value)}>
              {PROFILES.map((p) => (
                <option key={p} value={p}>
                  {t(`legalcard.profile_${p.replace(/-/g, "_")}` as MessageKey)}
                </option>
              ))}
            </select>
            <button type="button" class="btn btn-secondary" data-testid="legal-on" onClick={() => ctx.send("set_legal_profile", { profile: pick as (typeof PROFILES)[number], reason: "" })}>
              {t("legalcard.switch_on")}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
