import { useEffect, useState } from "preact/hooks";
import { t, useLang, type MessageKey } from "../../../i18n";
import { request, NetworkError } from "../../../sync/api";
import { report } from "../../../sync/report";
import type { DirectorAuth } from "../../../sync/session";
import { formatNumber } from "../../../i18n/format";
import { CHIP_COLOURS, swatchOf } from "./chipColours";
import "./chipSet.css";

export interface Chip {
  value: number;
  colour: string;
  count: number;
}
interface Row {
  key: number;
  value: string;
  colour: string;
  count: string;
}

const PATH = "/api/club/chips";
// As the server checks them (backend/api/chip_sets.py): said here before anything is sent.
const MAX_ROWS = 12;
const MAX_VALUE = 10_000_000;
const MAX_COUNT = 100_000;
let nextKey = 1;
const row = (c?: Chip): Row => ({ key: nextKey++, value: c ? String(c.value) : "", colour: c?.colour ?? "white", count: c ? String(c.count) : "" });
const whole = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : null);

/** What is wrong with the rows (null: they can be saved): a value and a count per row, values unique. */
function rowsProblem(rows: Row[]): MessageKey | null {
  const values = rows.map((r) => whole(r.value));
  if (rows.length > MAX_ROWS) return "chipset.too_many";
  if (values.some((v) => v == null || v < 1 || v > MAX_VALUE)) return "chipset.bad_value";
  if (rows.some((r) => (whole(r.count) ?? MAX_COUNT + 1) > MAX_COUNT)) return "chipset.bad_count";
  if (new Set(values).size !== values.length) return "chipset.twice";
  return null;
}

/**
 * The club's chips (docs/structures.md): which colour is worth what and how many of each the club
 * owns. The structure builder plans starting stacks and colour-ups from it and says how many
 * players the set can seat. Needs the server now (a club setting, nothing here is queued).
 */
export function ChipSetCard(props: { auth: DirectorAuth }) {
  useLang();
  const { auth } = props;
  const observer = auth.director?.access === "observer";
  const [rows, setRows] = useState<Row[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let alive = true;
    request<{ chips: Chip[] | null }>(PATH, { token: auth.token })
      .then((r) => alive && r.ok && r.data && setRows((r.data.chips ?? []).map(row)))
      .catch((e) => report("director.chips", e)); // offline: the card waits for the server
    return () => {
      alive = false;
    };
  }, [auth.token]);
  if (rows === null) return null;

  const problem = rows.length ? rowsProblem(rows) : null;
  const total = rows.reduce((sum, r) => sum + (whole(r.value) ?? 0) * (whole(r.count) ?? 0), 0);
  const set = (key: number, patch: Partial<Row>) => setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function save(e: Event) {
    e.preventDefault();
    if (problem || busy || !rows) return;
    setBusy(true);
    setNote(null);
    try {
      const chips = rows.map((r) => ({ value: whole(r.value)!, colour: r.colour, count: whole(r.count)! })).sort((a, b) => a.value - b.value);
      const r = await request<{ chips: Chip[] | null }>(PATH, { method: "PUT", token: auth.token, body: { chips } });
      if (!r.ok || !r.data) {
        setNote({ ok: false, text: (r.data as any)?.message ?? `${t("common.error")} (${r.status})` });
        return;
      }
      setRows((r.data.chips ?? []).map(row));
      setNote({ ok: true, text: t("clubpage.saved") });
    } catch (err) {
      setNote({ ok: false, text: err instanceof NetworkError ? t("common.network_error") : t("common.error") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="card chip-set" aria-labelledby="chip-set-h" data-testid="chip-set-card" onSubmit={save} noValidate>
      <h2 id="chip-set-h">{t("chipset.title")}</h2>
      <p class="muted small">{t("chipset.text")}</p>
      {rows.length > 0 && (
        <div class="chip-rows" role="group" aria-label={t("chipset.title")}>
          <div class="chip-row chip-head muted small" aria-hidden="true">
            <span>{t("chipset.colour")}</span>
            <span>{t("chipset.value")}</span>
            <span>{t("chipset.owned")}</span>
            <span />
          </div>
          {rows.map((r, i) => (
            <div class="chip-row" key={r.key} data-testid="chip-row">
              <label class="chip-colour">
                <span class="chip-swatch" style={{ background: swatchOf(r.colour) }} aria-hidden="true" />
                <select data-testid="chip-colour" aria-label={t("chipset.colour_n", { n: i + 1 })} value={r.colour} disabled={observer} onChange={(e) => set(r.key, { colour: (e.target as HTMLSelectElement).value })}>
                  {Object.keys(CHIP_COLOURS).map((c) => (
                    <option key={c} value={c}>
                      {t(`chipset.c_${c}` as MessageKey)}
                    </option>
                  ))}
                </select>
              </label>
              <input data-testid="chip-value" inputMode="numeric" aria-label={t("chipset.value_n", { n: i + 1 })} value={r.value} disabled={observer} onInput={(e) => set(r.key, { value: (e.target as HTMLInputElement).value })} />
              <input data-testid="chip-count" inputMode="numeric" aria-label={t("chipset.owned_n", { n: i + 1 })} value={r.count} disabled={observer} onInput={(e) => set(r.key, { count: (e.target as HTMLInputElement).value })} />
              {!observer && (
                <button type="button" class="btn btn-ghost chip-remove" data-testid="chip-remove" aria-label={t("chipset.remove_n", { n: i + 1 })} onClick={() => setRows(rows.filter((x) => x.key !== r.key))}>
                  ×
                </button>
              )}
            </div>
          ))}
        </div>
      )}
      {rows.length > 0 && <p class="small" data-testid="chip-total">{t("chipset.total", { chips: formatNumber(total) })}</p>}
      {problem && (
        <p class="field-error" role="alert" data-testid="chip-problem">
          {t(problem)}
        </p>
      )}
      {!observer && (
        <div class="chip-actions">
          <button type="button" class="btn btn-secondary" data-testid="chip-add" onClick={() => setRows([...rows, row()])}>
            {t("chipset.add")}
          </button>
          <button type="submit" class="btn btn-primary" data-testid="chip-save" disabled={busy || !!problem || !rows.length}>
            {busy ? t("common.loading") : t("settings.save")}
          </button>
        </div>
      )}
      {note && (
        <p class={note.ok ? "muted" : "error"} role={note.ok ? "status" : "alert"} data-testid="chip-note">
          {note.text}
        </p>
      )}
    </form>
  );
}
