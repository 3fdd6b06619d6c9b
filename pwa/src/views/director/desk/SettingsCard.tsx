import { useEffect, useState } from "preact/hooks";
import { t, useLang, formatNumber } from "../../../i18n";
import { amountText } from "../../../money/money";
import type { OutboxEntry } from "../../../sync/db";

import type { Send } from "../../../sync/outbox";
type Field = "buy_in" | "fee" | "start_stack" | "currency" | "max_tables" | "max_per_table" | "capacity";
const FIELDS: Field[] = ["buy_in", "fee", "start_stack", "currency", "max_tables", "max_per_table", "capacity"];
const WHOLE: Field[] = ["start_stack", "max_tables", "max_per_table", "capacity"];

/** What a field's text means, or why it is wrong (the server checks the same again). An empty
 * tables or capacity field leaves it as it is. */
export function parseSetting(field: Field, raw: string): { ok: true; value: number | string | null } | { ok: false; error: string } {
  const s = raw.trim();
  if (field === "currency") {
    return s && s.length <= 8 ? { ok: true, value: s } : { ok: false, error: t("settings.bad_currency") };
  }
  if (!s && (field === "max_tables" || field === "capacity")) return { ok: true, value: null };
  const n = Number(s.replace(",", ".").replace(/['’\s]/g, ""));
  if (!s || !Number.isFinite(n) || n < 0) return { ok: false, error: t("settings.bad_number") };
  if (field === "max_per_table") return Number.isInteger(n) && n >= 2 && n <= 11 ? { ok: true, value: n } : { ok: false, error: t("settings.bad_seats") };
  if (field === "max_tables") return Number.isInteger(n) && n >= 1 ? { ok: true, value: n } : { ok: false, error: t("settings.bad_tables") };
  if (field === "capacity") return Number.isInteger(n) && n >= 2 ? { ok: true, value: n } : { ok: false, error: t("settings.bad_capacity") };
  if (WHOLE.includes(field)) {
    return Number.isInteger(n) && n >= 1 ? { ok: true, value: n } : { ok: false, error: t("settings.bad_stack") };
  }
  return Math.round(n * 100) === n * 100 ? { ok: true, value: n } : { ok: false, error: t("settings.bad_cents") };
}

/**
 * Tonight's tournament, editable until the seat draw: buy-in, fee, starting stack, currency, the
 * room (tables and seats per table: a club with 30 seats and 3 dealers) and the capacity (N-3.5,
 * never more than the room seats, N-3.12). Players already registered are re-priced.
 */
export function SettingsCard(props: { view: any; pending: OutboxEntry[]; send: Send }) {
  const lang = useLang();
  const desk = props.view?.registration;
  const current: Record<Field, unknown> = { ...(props.view?.settings ?? {}), capacity: desk?.capacity ?? null };
  const [draft, setDraft] = useState<Record<Field, string>>(() => toDraft(current));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [open, setOpen] = useState(false);
  const key = FIELDS.map((f) => String(current[f] ?? "")).join("|");
  useEffect(() => {
    if (!open) setDraft(toDraft(current));
  }, [key, open]);
  if (!props.view?.settings) return null;
  const queued = props.pending.some((p) => p.state === "pending" && (p.type === "edit_settings" || p.type === "set_capacity"));
  const currency = String(current.currency ?? "");
  const price = Number(current.buy_in ?? 0) + Number(current.fee ?? 0);

  function save(e: Event) {
    e.preventDefault();
    const changes: Record<string, number | string> = {};
    const bad: Partial<Record<Field, string>> = {};
    let capacity: number | null = null;
    for (const f of FIELDS) {
      const r = parseSetting(f, draft[f]);
      if (!r.ok) bad[f] = r.error;
      else if (r.value != null && String(r.value) !== String(current[f] ?? "")) {
        if (f === "capacity") capacity = Number(r.value);
        else changes[f] = r.value;
      }
    }
    const tables = Number(changes.max_tables ?? current.max_tables ?? 0);
    const seats = Number(changes.max_per_table ?? current.max_per_table ?? 0);
    const cap = capacity ?? (current.capacity as number | null);
    if (tables && seats && cap != null && cap > tables * seats) bad.capacity = t("settings.capacity_over_room", { n: tables * seats });
    setErrors(bad);
    if (Object.keys(bad).length) return;
    if (Object.keys(changes).length) props.send("edit_settings", changes);
    // The room first: a capacity above the old room's seats is accepted once the room has grown.
    if (capacity != null) props.send("set_capacity", { max: capacity }, { max: capacity });
    setOpen(false);
  }

  return (
    <section class="card settings-card" data-testid="settings-card" aria-labelledby="settings-h">
      <div class="card-head">
        <h2 id="settings-h">{t("settings.tonight")}</h2>
        {!open && (
          <button type="button" class="btn btn-secondary" data-testid="settings-edit" onClick={() => setOpen(true)}>
            {t("settings.edit")}
          </button>
        )}
      </div>
      {!open ? (
        <dl class="settings-summary" data-testid="settings-summary">
          <div>
            <dt>{t("settings.entry")}</dt>
            <dd data-testid="settings-entry">
              {price > 0 ? amountText(price, currency, lang) : t("settings.free")}{" "}
              <span class="muted small">
                (<span data-testid="settings-buy_in">{formatNumber(Number(current.buy_in ?? 0))}</span> + <span data-testid="settings-fee">{formatNumber(Number(current.fee ?? 0))}</span>)
              </span>
            </dd>
          </div>
          <div>
            <dt>{t("settings.start_stack_short")}</dt>
            <dd data-testid="settings-start_stack">{formatNumber(Number(current.start_stack ?? 0))}</dd>
          </div>
          <div>
            <dt>{t("settings.room")}</dt>
            <dd data-testid="settings-room" data-tables={String(current.max_tables ?? "")} data-seats={String(current.max_per_table ?? "")}>
              {current.max_tables
                ? t("settings.room_tables", { tables: Number(current.max_tables), seats: Number(current.max_per_table), total: Number(current.max_tables) * Number(current.max_per_table) })
                : t("settings.room_open", { seats: Number(current.max_per_table) })}
            </dd>
          </div>
          <div>
            <dt>{t("settings.capacity")}</dt>
            <dd data-testid="settings-capacity">{current.capacity != null ? String(current.capacity) : t("settings.no_limit")}</dd>
          </div>
          {queued && <p class="tag tag-pending">{t("common.pending")}</p>}
        </dl>
      ) : (
        <form class="form settings-form" onSubmit={save} noValidate>
          {FIELDS.map((f) => (
            <label class="field" key={f}>
              <span>{t(`settings.${f}` as "settings.buy_in")}</span>
              <input
                data-testid={`settings-input-${f}`}
                inputMode={f === "currency" ? "text" : WHOLE.includes(f) ? "numeric" : "decimal"}
                autocomplete="off"
                value={draft[f]}
                placeholder={f === "max_tables" || f === "capacity" ? t("settings.no_limit") : undefined}
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
