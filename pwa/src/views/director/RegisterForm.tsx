import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import * as outbox from "../../sync/outbox";
import { WalkInIdCheck } from "./RegistrationDesk";
import type { DirCtx } from "./types";

/** A walk-in's name (before the draw; after it, a late entry seated at once where the preset has
 * late seats), the accessible-seat box (S-#3) and the ID box where the preset checks IDs. */
export function RegisterForm(props: { ctx: DirCtx }) {
  useLang();
  const { ctx } = props;
  const { tid, dview, registrationOpen, lateOpen, view } = ctx;
  const [name, setName] = useState("");
  const [accessible, setAccessible] = useState(false);
  const [idChecked, setIdChecked] = useState(false); // N-3.4, P-Teilnahme: this walk-in's ID was seen
  const [lateSeated, setLateSeated] = useState<{ name: string; t: number; s: number }[]>([]);
  // N-3.4, P-Teilnahme: a walk-in shows his ID as he registers (the desk view says so before the preset loads)
  const idRequired = !!ctx.preset.format?.id_check || !!dview?.registration?.id_check;

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
    if (!n || (idRequired && !idChecked)) return;
    const payload: Record<string, unknown> = { name: n };
    if (accessible) payload.accessible = true;
    if (idRequired) payload.id_checked = true;
    ctx.send("register_player", payload);
    setName("");
    setAccessible(false);
    setIdChecked(false); // the next player shows his own ID
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
        <form class="card form" id="register" onSubmit={register}>
          <h2>{registrationOpen ? t("register.title") : t("register.late_title")}</h2>
          {!registrationOpen && <p class="muted small">{t("register.late_hint")}</p>}
          <div class="row">
            <input
              data-testid="register-name"
              aria-label={t("register.name")}
              placeholder={t("register.name")}
              value={name}
              maxLength={80}
              autocomplete="off"
              enterkeyhint="send"
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
            />
            <button class="btn btn-primary" type="submit" data-testid="register-submit" disabled={idRequired && !idChecked}>
              {t("register.submit")}
            </button>
          </div>
          <label class="scheck">
            <input type="checkbox" data-testid="register-accessible" checked={accessible} onChange={(e) => setAccessible((e.target as HTMLInputElement).checked)} />
            <span>
              {t("register.accessible")} <span class="muted small">(S-#3)</span>
            </span>
          </label>
          {idRequired && <WalkInIdCheck checked={idChecked} onChange={setIdChecked} rule={dview?.registration?.cite?.id_check} />}
        </form>
      )}
    </>
  );
}
