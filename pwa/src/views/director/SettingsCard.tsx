import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import type { OutboxEntry } from "../../sync/db";

type Send = (type: string, payload?: Record<string, unknown>, label?: Record<string, string | number>) => void;
type Field = "buy_in" | "fee" | "start_stack" | "currency";
const FIELDS: Field[] = ["buy_in", "fee", "start_stack", "currency"];

/** What a field's text means, or why it is wrong (the server checks the same again). */
export function parseSetting(field: Field, raw: string): { ok: true; value: number | string } | { ok: false; error: string } {
  const s = raw.trim();
  if (field === "currency") {
    return s && s.length <= 8 ? { ok: true, value: s } : { ok: false, error: t("settings.bad_currency") };
  }
  const n = Number(s.replace(",", "."));
  if (!s || !Number.isFinite(n) || n < 0) return { ok: false, error: t("settings.bad_number") };
  if (field === "start_stack") {
    return Number.isInteger(n) && n >= 1 ? { ok: true, value: n } : { ok: false, error: t("settings.bad_stack") };
  }
  return Math.round(n * 100) === n * 100 ? { ok: true, value: n } : { ok: false, error: t("settings.bad_cents") };
}

/**
 * Buy-in, fee, starting stack and currency, editable until the seat draw (then the server
 * refuses: everyone has paid and got the same). Players already registered are re-priced.
 */
export function SettingsCard(props: { view: any; pending: OutboxEntry[]; send: Send }) {
  useLang();
  const current: Record<Field, unknown> = props.view?.settings ?? {};
  const [draft, setDraft] = useState<Record<Field, string>>(() => toDraft(current));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [open, setOpen] = useState(false);
  const key = FIELDS.map((f) => String(current[f] ?? "")).join("|");
  useEffect(() => {
    if (!open) setDraft(toDraft(current));
  }, [key, open]);
  if (!props.view?.settings) return null;
  const queued = props.pending.some((p) => p.state === "pending" && p.type === "edit_settings");

  function save(e: Event) {
    e.preventDefault();
    const changes: Record<string, number | string> = {};
    const bad: Partial<Record<Field, string>> = {};
    for (const f of FIELDS) {
      const r = parseSetting(f, draft[f]);
      if (!r.ok) bad[f] = r.error;
      else if (String(r.value) !== String(current[f] ?? "")) changes[f] = r.value;
    }
    setErrors(bad);
    if (Object.keys(bad).length) return;
    if (Object.keys(changes).length) props.send("edit_settings", changes);
    setOpen(false);
  }

  return (
    <section class="card settings-card" data-testid="settings-card" aria-labelledby="settings-h">
      <div class="card-head">
        <h2 id="settings-h">{t("settings.title")}</h2>
        {!open && (
          <button type="button" class="btn btn-secondary" data-testid="settings-edit" onClick={() => setOpen(true)}>
            {t("settings.edit")}
          </button>
        )}
      </div>
      {!open ? (
        <dl class="settings-summary" data-testid="settings-summary">
          <div><dt>{t("settings.buy_in")}</dt><dd data-testid="settings-buy_in">{String(current.buy_in ?? 0)} {String(current.currency ?? "")}</dd></div>
          <div><dt>{t("settings.fee")}</dt><dd data-testid="settings-fee">{String(current.fee ?? 0)} {String(current.currency ?? "")}</dd></div>
          <div><dt>{t("settings.start_stack")}</dt><dd data-testid="settings-start_stack">{String(current.start_stack ?? "")}</dd></div>
          {queued && <p class="tag tag-pending">{t("common.pending")}</p>}
        </dl>
      ) : (
        <form class="form settings-form" onSubmit={save} noValidate>
          {FIELDS.map((f) => (
            <label class="field" key={f}>
              <span>{t(`settings.${f}` as "settings.buy_in")}</span>
              <input
                data-testid={`settings-input-${f}`}
                inputMode={f === "currency" ? "text" : f === "start_stack" ? "numeric" : "decimal"}
                autocomplete="off"
                value={draft[f]}
                class={errors[f] ? "is-invalid" : ""}
                aria-invalid={errors[f] ? true : undefined}
                onInput={(e) => setDraft({ ...draft, [f]: (e.target as HTMLInputElement).value })}
              />
              {errors[f] && <span class="field-error" role="alert" data-testid={`settings-error-${f}`}>{errors[f]}</span>}
            </label>
          ))}
          <p class="muted small">{t("settings.note")}</p>
          <div class="modal-actions">
            <button type="button" class="btn btn-secondary" data-testid="settings-cancel" onClick={() => { setErrors({}); setOpen(false); }}>
              {t("common.cancel")}
            </button>
            <button type="submit" class="btn btn-primary" data-testid="settings-save">
              {t("settings.save")}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function toDraft(current: Record<Field, unknown>): Record<Field, string> {
  return Object.fromEntries(FIELDS.map((f) => [f, current[f] == null ? "" : String(current[f])])) as Record<Field, string>;
}
