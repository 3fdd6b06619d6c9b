import { useEffect, useMemo, useState } from "preact/hooks";
import { t, useLang, type MessageKey } from "../../../i18n";
import { Shell } from "../../../ui/Shell";
import { withRule } from "../../../ui/reasons";
import { RejectedList } from "../../../ui/Rejected";
import { useOnline, useOutbox } from "../../../ui/hooks";
import { request, NetworkError } from "../../../sync/api";
import * as outbox from "../../../sync/outbox";
import { setDirectorAuth } from "../../../sync/session";
import { navigate } from "../../../router";
import { useDirectorTournament } from "../shared/useDirector";
import type { StructureEntry } from "../../../clock/clock";
import {
  STOP_REASONS,
  moveRow,
  newBreak,
  newStop,
  rowsFromStructure,
  rowsSignature,
  rowsToStructure,
  suggestLevel,
  totalMinutes,
  validateRows,
  type Problem,
  type Row,
  type RowField,
} from "../../../clock/structureEdit";
import type { StackChip } from "../../../clock/structureBuilder";
import { StructureBuilder, type BuiltChoice } from "./StructureBuilder";

function problemText(p: Problem): string {
  return t(p.key as MessageKey, p.params);
}

function hoursText(min: number): string {
  const h = Math.floor(min / 60);
  const m = Math.round(min % 60);
  return `${h}:${String(m).padStart(2, "0")} h`;
}

/** The director's blind-structure editor: #/director/<tid>/structure. */
export function StructureEditor(props: { tid: string }) {
  useLang();
  const { tid } = props;
  const { token, invalid, dview, view, loaded } = useDirectorTournament(tid);
  const server: StructureEntry[] | undefined = view?.structure;
  const serverSig = useMemo(() => (server ? rowsSignature(rowsFromStructure(server)) : null), [server]);
  const online = useOnline();
  const queue = useOutbox();

  const [rows, setRows] = useState<Row[] | null>(null);
  const [baseSig, setBaseSig] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [savedOp, setSavedOp] = useState<string | null>(null);
  const [sawPending, setSawPending] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [building, setBuilding] = useState(false);
  // The built stack's chips, sent with the structure (edit_settings, before the seat draw).
  const [builtChips, setBuiltChips] = useState<StackChip[] | null>(null);
  const [usedBuilt, setUsedBuilt] = useState(false);

  useEffect(() => {
    if (invalid) void setDirectorAuth(null).then(() => navigate("/login"));
  }, [invalid]);

  const dirty = rows !== null && baseSig !== null && rowsSignature(rows) !== baseSig;
  // Take the server's structure when first seen, and when it changes while nothing is edited here.
  useEffect(() => {
    if (!server || serverSig === null) return;
    if (rows === null || (!dirty && serverSig !== baseSig)) {
      setRows(rowsFromStructure(server));
      setBaseSig(serverSig);
      setTouched(new Set());
      setShowAll(false);
    }
  }, [serverSig]);
  const serverChanged = dirty && serverSig !== null && baseSig !== null && serverSig !== baseSig;

  const clockIndex: number | null = view?.clock && view.clock.status !== "idle" ? Number(view.clock.level_index) : null;
  const problems = rows ? validateRows(rows, { clockIndex }) : [];
  const visible = problems.filter((p) => showAll || p.index < 0 || touched.has(`${rows?.[p.index]?.key}:${p.field}`));

  const saveEntry = savedOp ? queue.find((e) => e.op_id === savedOp) : undefined;
  // The stack's chips go as a second command: "Saved" waits for both (they leave the outbox in order).
  const [chipsOp, setChipsOp] = useState<string | null>(null);
  const chipsEntry = chipsOp ? queue.find((e) => e.op_id === chipsOp) : undefined;
  useEffect(() => {
    if (saveEntry?.state === "pending") setSawPending(true);
    if (saveEntry?.state === "rejected") {
      // Not applied: the draft is unsaved again (the reason is in the list above).
      setBaseSig(serverSig);
      setSavedOp(null);
    }
  }, [saveEntry?.state]);
  const saveState: "none" | "pending" | "rejected" | "applied" = !savedOp
    ? "none"
    : saveEntry || chipsEntry
      ? (saveEntry ?? chipsEntry)?.state === "rejected"
        ? "rejected"
        : "pending"
      : sawPending || serverSig === baseSig
        ? "applied"
        : "pending";

  function update(i: number, patch: Partial<Row>, field?: RowField) {
    setRows((rs) => (rs ? rs.map((r, j) => (j === i ? { ...r, ...patch } : r)) : rs));
    if (field && rows?.[i]) {
      const k = `${rows[i].key}:${field}`;
      setTouched((s) => (s.has(k) ? s : new Set(s).add(k)));
    }
    setBlocked(false);
  }

  async function save(e: Event) {
    e.preventDefault();
    if (!rows || !token) return;
    setShowAll(true);
    if (problems.length) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    const entry = await outbox.enqueue({ tournament_id: Number(tid), type: "set_structure", payload: { structure: rowsToStructure(rows) }, token });
    if (builtChips) {
      const chips = await outbox.enqueue({ tournament_id: Number(tid), type: "edit_settings", payload: { start_chips: builtChips }, token });
      setChipsOp(chips.op_id);
      setBuiltChips(null);
    } else setChipsOp(null);
    setSavedOp(entry.op_id);
    setSawPending(false);
    // What was saved is the new base: the server's answer arrives as a new view.
    setBaseSig(rowsSignature(rows));
  }

  // The stack is the tournament's to change until the seat draw (edit_settings); after it the builder plans with the stack in play.
  const stackEditable = !!dview?.settings && ["new", "registering"].includes(String(view?.status));

  function useBuilt(choice: BuiltChoice) {
    setRows(rowsFromStructure(choice.structure));
    setTouched(new Set());
    setShowAll(true);
    setBlocked(false);
    setBuilding(false);
    setUsedBuilt(true);
    // The stack's chips go with the structure while players can still be given another stack.
    // Only a stack that differs from the tournament's own is sent (the same one would be refused as no change).
    const own = (dview?.settings?.start_chips as StackChip[] | null | undefined) ?? [];
    const same = stackKey(own) === stackKey(choice.startChips);
    setBuiltChips(!same && stackEditable ? choice.startChips : null);
  }

  function reset() {
    if (!server) return;
    setBuiltChips(null);
    setUsedBuilt(false);
    setRows(rowsFromStructure(server));
    setBaseSig(serverSig);
    setTouched(new Set());
    setShowAll(false);
    setBlocked(false);
  }

  const levelNo = (i: number) => (rows ?? []).slice(0, i + 1).filter((r) => r.kind === "level").length;
  const fieldProblems = (i: number) => visible.filter((p) => p.index === i);
  // The server's own refusal of a saved structure names the row and field (payload.structure.3.bb).
  const serverError = useMemo(() => {
    const rejected = [...queue].reverse().find((e) => e.state === "rejected" && e.type === "set_structure" && String(e.tournament_id) === String(tid) && e.field);
    const m = rejected ? /^(?:payload\.)?structure\.(\d+)\.(\w+)$/.exec(rejected.field!) : null;
    return m ? { index: Number(m[1]), field: m[2], message: rejected!.message ?? rejected!.error ?? "" } : null;
  }, [queue, tid]);
  const general = visible.filter((p) => p.index < 0);
  // VGS Art. 39 Abs. 5: a tournament "designed to last at least three hours" — flagged, not refused.
  const minPlanned = (dview?.legal as { limits?: Record<string, { value: number; cite: string }> } | null | undefined)?.limits?.min_planned_minutes;
  const shortForLaw = rows && minPlanned && totalMinutes(rows) < minPlanned.value ? minPlanned : null;
  const nLevels = (rows ?? []).filter((r) => r.kind === "level").length;

  return (
    <Shell title={view?.name ? `${t("structure.title")} · ${view.name}` : t("structure.title")} back={{ href: `#/director/${tid}`, label: t("common.back") }} class="director structure-screen">
      <RejectedList filter={(e) => String(e.tournament_id) === String(tid) && (e.type === "set_structure" || e.type === "edit_settings")} />
      {token && !building && (
        <button type="button" class="btn btn-secondary btn-block" data-testid="builder-open" onClick={() => setBuilding(true)}>
          {t("builder.open")}
        </button>
      )}
      {token && building && (
        <StructureBuilder
          token={token}
          field={Number(view?.entries_total) || Number(dview?.settings?.max_tables ?? 0) * Number(dview?.settings?.max_per_table ?? 0) || 40}
          startChips={dview?.settings?.start_chips as StackChip[] | null | undefined}
          stackLocked={!stackEditable && !!(dview?.settings?.start_chips as StackChip[] | null | undefined)?.length}
          onUse={useBuilt}
          onClose={() => setBuilding(false)}
        />
      )}
      {usedBuilt && dirty && (
        <p class="notice" role="status" data-testid="builder-used">
          {t("builder.used")}
        </p>
      )}
      {!rows && <p class="card muted">{loaded ? t("common.no_data") : t("common.loading")}</p>}
      {rows && (
        <form class="structure-form" onSubmit={save} noValidate>
          <p class="muted small structure-summary">
            {t("structure.total", { n: nLevels, h: hoursText(totalMinutes(rows)) })}
            {dirty && <span class="tag tag-pending">{t("structure.unsaved")}</span>}
          </p>
          {shortForLaw && (
            <p class="notice notice-paused" role="status" data-testid="structure-legal-short">
              {withRule(t("legal.warning.legal_short_structure", { minutes: Math.round(totalMinutes(rows)), min: shortForLaw.value }), shortForLaw.cite)}
            </p>
          )}
          {serverChanged && (
            <p class="notice notice-paused">
              {t("structure.server_changed")}{" "}
              <button type="button" class="btn btn-secondary btn-small" onClick={reset}>
                {t("structure.reset")}
              </button>
            </p>
          )}
          {rows.length === 0 && <p class="card muted">{t("structure.empty")}</p>}
          <ol class="structure-list">
            {rows.map((r, i) => {
              const ps = fieldProblems(i);
              const srvErr = serverError && serverError.index === i ? serverError : null;
              const bad = (f: RowField) => ps.some((p) => p.field === f) || srvErr?.field === f;
              const num = (f: "sb" | "bb" | "ante" | "minutes", label: string) => (
                <label class={`sfield ${bad(f) ? "is-bad" : ""}`}>
                  <span>{label}</span>
                  <input
                    data-testid={`structure-${f}-${i}`}
                    type="text"
                    inputMode="numeric"
                    autocomplete="off"
                    enterkeyhint="next"
                    aria-invalid={bad(f) ? "true" : undefined}
                    aria-describedby={bad(f) ? `serr-${r.key}` : undefined}
                    value={r[f]}
                    onInput={(e) => update(i, { [f]: (e.target as HTMLInputElement).value } as Partial<Row>, f)}
                  />
                </label>
              );
              const isCurrent = clockIndex === i;
              return (
                <li key={r.key} class={`srow srow-${r.kind} ${isCurrent ? "is-current" : ""}`} data-testid={`structure-row-${i}`} data-kind={r.kind}>
                  <div class="srow-head">
                    <span class="srow-title">
                      {r.kind === "level" ? t("structure.level", { n: levelNo(i) }) : r.kind === "break" ? t("structure.break") : t("structure.stop")}
                      {isCurrent && <span class="tag tag-running">{t("structure.current")}</span>}
                    </span>
                    <span class="srow-actions">
                      <button type="button" class="btn btn-ghost btn-icon" aria-label={t("structure.up")} title={t("structure.up")} data-testid={`structure-up-${i}`} disabled={i === 0} onClick={() => setRows(moveRow(rows, i, -1))}>
                        ↑
                      </button>
                      <button
                        type="button"
                        class="btn btn-ghost btn-icon"
                        aria-label={t("structure.down")}
                        title={t("structure.down")}
                        data-testid={`structure-down-${i}`}
                        disabled={i === rows.length - 1}
                        onClick={() => setRows(moveRow(rows, i, 1))}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        class="btn btn-ghost btn-icon btn-remove"
                        aria-label={t("structure.remove")}
                        title={t("structure.remove")}
                        data-testid={`structure-remove-${i}`}
                        onClick={() => setRows(rows.filter((_, j) => j !== i))}
                      >
                        ✕
                      </button>
                    </span>
                  </div>
                  {r.kind === "level" && (
                    <div class="sfields">
                      {num("sb", t("structure.sb"))}
                      {num("bb", t("structure.bb"))}
                      {num("ante", t("structure.ante"))}
                      {num("minutes", t("structure.minutes"))}
                    </div>
                  )}
                  {r.kind === "break" && (
                    <div class="sfields sfields-break">
                      {num("minutes", t("structure.minutes"))}
                      <label class="scheck">
                        <input type="checkbox" data-testid={`structure-addon-${i}`} checked={r.addon} onChange={(e) => update(i, { addon: (e.target as HTMLInputElement).checked })} />
                        <span>{t("structure.addon")}</span>
                      </label>
                    </div>
                  )}
                  {r.kind === "stop" && (
                    <div class="sfields sfields-stop">
                      <label class="sfield sfield-wide">
                        <span>{t("structure.reason")}</span>
                        <select data-testid={`structure-reason-${i}`} value={r.reason} onChange={(e) => update(i, { reason: (e.target as HTMLSelectElement).value }, "reason")}>
                          {STOP_REASONS.map((x) => (
                            <option key={x} value={x}>
                              {t(`clock.stop.${x}` as MessageKey)}
                            </option>
                          ))}
                        </select>
                      </label>
                    </div>
                  )}
                  {srvErr && (
                    <p class="error" role="alert" data-testid="structure-server-error" data-index={i} data-field={srvErr.field}>
                      {t("structure.server_error", { message: srvErr.message })}
                    </p>
                  )}
                  {ps.length > 0 && (
                    <div class="serrors" id={`serr-${r.key}`}>
                      {ps.map((p) => (
                        <p class="error" role="alert" data-testid="structure-error" data-index={i} data-field={p.field} key={p.field}>
                          {p.field === "kind" ? "" : `${fieldName(p.field)}: `}
                          {problemText(p)}
                        </p>
                      ))}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          <div class="structure-add">
            <button type="button" class="btn btn-secondary" data-testid="structure-add-level" onClick={() => setRows([...rows, suggestLevel(rows)])}>
              {t("structure.add_level")}
            </button>
            <button type="button" class="btn btn-secondary" data-testid="structure-add-break" onClick={() => setRows([...rows, newBreak()])}>
              {t("structure.add_break")}
            </button>
            <button type="button" class="btn btn-secondary" data-testid="structure-add-stop" onClick={() => setRows([...rows, newStop()])}>
              {t("structure.add_stop")}
            </button>
          </div>
          <div class="structure-savebar">
            {general.map((p) => (
              <p class="error" role="alert" data-testid="structure-error" data-index={-1} data-field="structure" key={p.key}>
                {problemText(p)}
              </p>
            ))}
            {blocked && problems.length > 0 && (
              <p class="error" role="alert" data-testid="structure-blocked">
                {t("structure.has_errors")}
              </p>
            )}
            {!dirty && saveState === "pending" && <p class="muted small" data-testid="structure-save-state" data-state="pending">{t("structure.saving")}</p>}
            {!dirty && saveState === "applied" && <p class="ok small" data-testid="structure-save-state" data-state="applied">{t("structure.saved")}</p>}
            <div class="row">
              {dirty && (
                <button type="button" class="btn btn-ghost" onClick={reset}>
                  {t("structure.reset")}
                </button>
              )}
              <button type="submit" class="btn btn-primary btn-block btn-huge" data-testid="structure-save" disabled={!token}>
                {t("structure.save")}
              </button>
            </div>
          </div>
        </form>
      )}
      {rows && token && <SavePreset tid={tid} token={token} online={online} unsaved={dirty || saveState === "pending"} />}
    </Shell>
  );
}

function stackKey(chips: StackChip[]): string {
  return [...chips].sort((a, b) => a.value - b.value).map((c) => `${c.value}x${c.count}`).join(",");
}

function fieldName(f: string): string {
  switch (f) {
    case "sb":
      return t("structure.sb");
    case "bb":
      return t("structure.bb");
    case "ante":
      return t("structure.ante");
    case "minutes":
      return t("structure.minutes");
    case "reason":
      return t("structure.reason");
    default:
      return f;
  }
}

/** POST /api/presets {name, from_tournament}: needs the server; shows its answer or error. */
function SavePreset(props: { tid: string; token: string; online: boolean; unsaved: boolean }) {
  useLang();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(e: Event) {
    e.preventDefault();
    const n = name.trim();
    if (!n || busy) return;
    setBusy(true);
    setResult(null);
    try {
      const r = await request<{ id: string; name: any }>("/api/presets", { method: "POST", token: props.token, body: { name: n, from_tournament: Number(props.tid) } });
      if (r.ok && r.data?.id) {
        const shown = typeof r.data.name === "string" ? r.data.name : (r.data.name?.en ?? n);
        setResult({ ok: true, text: t("preset.saved", { name: shown }) });
        setName("");
      } else {
        setResult({ ok: false, text: (r.data as any)?.message ?? `${t("common.error")} (${r.status})` });
      }
    } catch (err) {
      setResult({ ok: false, text: err instanceof NetworkError ? t("common.network_error") : t("common.error") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="card form" onSubmit={submit}>
      <h2>{t("preset.title")}</h2>
      <label class="field">
        <span>{t("preset.name")}</span>
        <input data-testid="save-preset-name" value={name} maxLength={80} autocomplete="off" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      {!props.online && <p class="muted small">{t("preset.offline")}</p>}
      {props.online && props.unsaved && <p class="muted small">{t("preset.unsaved")}</p>}
      {result && (
        <p class={result.ok ? "ok" : "error"} role="status" data-testid="save-preset-result" data-ok={result.ok ? "true" : "false"}>
          {result.text}
        </p>
      )}
      <button type="submit" class="btn btn-secondary btn-block" data-testid="save-preset-submit" disabled={busy || !name.trim() || !props.online || props.unsaved}>
        {t("preset.submit")}
      </button>
    </form>
  );
}
