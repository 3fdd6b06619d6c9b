import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { amountText } from "../../../money/money";
import * as outbox from "../../../sync/outbox";
import type { DirCtx } from "../shared/types";
import type { PayloadOf } from "../../../api/views";

/** A walk-in's name (before the draw; after it, a late entry seated at once where the preset has
 * late seats): how he pays (at the desk now: the amount to collect; or paid in advance, N-3.2),
 * the accessible-seat box (S-#3), and where the preset checks IDs (N-3.4, P-Teilnahme) the one
 * button that says the ID was seen — one tap per player at a busy desk. */
export function RegisterForm(props: { ctx: DirCtx }) {
  const lang = useLang();
  const { ctx } = props;
  const { tid, dview, registrationOpen, lateOpen, view } = ctx;
  const [name, setName] = useState("");
  const [accessible, setAccessible] = useState(false);
  const [prepaid, setPrepaid] = useState(false);
  const [lateSeated, setLateSeated] = useState<{ name: string; t: number; s: number }[]>([]);
  const submit = useRef<HTMLButtonElement>(null);
  // N-3.4, P-Teilnahme: a walk-in shows his ID as he registers (the desk view says so before the preset loads)
  const idRequired = !!ctx.preset.format?.id_check || !!dview?.registration?.id_check;
  const settings = (dview?.settings ?? {}) as { buy_in?: number; fee?: number; currency?: string };
  const price = Number(settings.buy_in ?? 0) + Number(settings.fee ?? 0);

  useEffect(
    () =>
      outbox.onApplied(({ entry, result }) => {
        if (entry.type !== "register_player" || String(entry.tournament_id) !== String(tid)) return;
        if (result && result.table_no != null && result.seat != null) {
          setLateSeated((l) => [{ name: String(entry.payload.name), t: Number(result.table_no), s: Number(result.seat) }, ...l].slice(0, 5));
        }
      }),
    [tid],
  );

  function register(e: Event) {
    e.preventDefault();
    const n = name.trim();
    if (!n) return;
    const payload: PayloadOf<"register_player"> = { name: n };
    if (accessible) payload.accessible = true;
    if (prepaid) payload.prepaid = true;
    if (idRequired) payload.id_checked = true; // the button the director tapped says "ID seen"
    ctx.send("register_player", payload);
    setName("");
    setAccessible(false);
    setPrepaid(false); // the next player pays for himself
  }

  return (
    <>
      {view && !registrationOpen && !lateOpen && (
        <p class="card muted" id="register">
          {t("register.closed")}
        </p>
      )}
      {lateSeated.length > 0 && (
        <ul class="card late-seated" aria-live="polite">
          {lateSeated.map((l, i) => (
            <li key={i} data-testid="register-late-result" data-table={l.t} data-seat={l.s}>
              {t("register.late_seated", { name: l.name, t: l.t, s: l.s })}
            </li>
          ))}
        </ul>
      )}
      {(registrationOpen || lateOpen) && (
        <form class="card form register-form" id="register" onSubmit={register}>
          <h2>{registrationOpen ? t("register.title") : t("register.late_title")}</h2>
          {!registrationOpen && <p class="muted small">{t("register.late_hint")}</p>}
          <input
            data-testid="register-name"
            aria-label={t("register.name")}
            placeholder={t("register.name")}
            value={name}
            maxLength={80}
            autocomplete="off"
            enterkeyhint={idRequired ? "next" : "send"}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
            onKeyDown={(e) => {
              // Where the ID is checked, Enter never registers: the director taps "ID seen".
              if (idRequired && e.key === "Enter") {
                e.preventDefault();
                submit.current?.focus();
              }
            }}
          />
          {price > 0 && (
            <div class="pay-choice" role="radiogroup" aria-label={t("register.payment")}>
              <label class={`scheck choice ${!prepaid ? "is-on" : ""}`}>
                <input type="radio" name="pay" data-testid="register-pays-now" checked={!prepaid} onChange={() => setPrepaid(false)} />
                <span>{t("register.pays_now", { amount: amountText(price, settings.currency, lang) })}</span>
              </label>
              <label class={`scheck choice ${prepaid ? "is-on" : ""}`}>
                <input type="radio" name="pay" data-testid="register-prepaid" checked={prepaid} onChange={() => setPrepaid(true)} />
                <span>{t("register.paid_before")}</span>
              </label>
            </div>
          )}
          <label class="scheck">
            <input type="checkbox" data-testid="register-accessible" checked={accessible} onChange={(e) => setAccessible((e.target as HTMLInputElement).checked)} />
            <span>{t("register.accessible")}</span>
          </label>
          <button ref={submit} class="btn btn-primary btn-block btn-big" type="submit" data-testid="register-submit" disabled={!name.trim()}>
            {idRequired ? t("register.submit_id") : t("register.submit")}
          </button>
          {idRequired && (
            <p class="muted small" data-testid="register-id-hint">
              {t("register.id_hint")}
              {dview?.registration?.cite?.id_check ? ` (${dview.registration.cite.id_check})` : ""}
            </p>
          )}
        </form>
      )}
    </>
  );
}
