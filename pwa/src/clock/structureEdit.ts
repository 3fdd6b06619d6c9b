// The structure editor's model: rows of strings as typed, validation that mirrors the server
// (backend/engine/structure.py, docs/presets.md), and the payload of `set_structure`.
import type { StructureEntry } from "./clock";

export type RowKind = "level" | "break" | "stop";
export type RowField = "sb" | "bb" | "ante" | "minutes" | "reason" | "kind";

export interface Row {
  key: string;
  kind: RowKind;
  sb: string;
  bb: string;
  ante: string;
  minutes: string;
  addon: boolean;
  reason: string;
  /** Fields the editor does not show but must keep (colour_up, label). */
  keep: Record<string, unknown>;
}

export interface Problem {
  /** Row index, or -1 for the whole structure. */
  index: number;
  field: RowField | "structure";
  /** i18n key and its parameters. */
  key: string;
  params?: Record<string, string | number>;
}

export const STOP_REASONS = ["race_for_chips", "colour_up", "table_merge"] as const;
export const MAX_ENTRIES = 200;
export const MAX_MINUTES = 24 * 60;
const KEEP = { level: ["colour_up", "label"], break: ["colour_up", "label"], stop: ["colour_up", "label"] } as const;

let counter = 0;
export function newKey(): string {
  counter += 1;
  return `r${Date.now().toString(36)}${counter}`;
}

function str(v: unknown): string {
  return v === undefined || v === null ? "" : String(v);
}

export function rowFromEntry(e: StructureEntry): Row {
  const kind: RowKind = e.kind === "break" || e.kind === "stop" ? e.kind : "level";
  const keep: Record<string, unknown> = {};
  for (const k of KEEP[kind]) if ((e as any)[k] !== undefined && (e as any)[k] !== null) keep[k] = (e as any)[k];
  return {
    key: newKey(),
    kind,
    sb: kind === "level" ? str(e.sb) : "",
    bb: kind === "level" ? str(e.bb) : "",
    ante: kind === "level" ? str(e.ante ?? 0) : "",
    minutes: kind === "stop" ? "" : str(e.minutes),
    addon: kind === "break" && !!e.addon,
    reason: kind === "stop" ? str(e.reason || "race_for_chips") : "",
    keep,
  };
}

export function rowsFromStructure(structure: StructureEntry[] | undefined | null): Row[] {
  return (structure ?? []).map(rowFromEntry);
}

/** A whole number as typed on a numeric keypad ("1 000" and "1'000" allowed); NaN otherwise. */
export function parseChips(s: string): number {
  const x = s.trim().replace(/[\s'’]/g, "");
  return /^\d+$/.test(x) ? Number(x) : NaN;
}

/** Minutes: "20", "7.5" or "7,5"; NaN otherwise. */
export function parseMinutes(s: string): number {
  const x = s.trim().replace(",", ".");
  return /^(\d+(\.\d*)?|\.\d+)$/.test(x) ? Number(x) : NaN;
}

/** Every problem, per field (the server reports only the first). */
export function validateRows(rows: Row[], opts: { clockIndex?: number | null } = {}): Problem[] {
  const out: Problem[] = [];
  if (!rows.some((r) => r.kind === "level")) out.push({ index: -1, field: "structure", key: "structure.err.no_level" });
  if (rows.length > MAX_ENTRIES) out.push({ index: -1, field: "structure", key: "structure.err.too_long" });
  const ci = opts.clockIndex;
  if (ci != null && ci >= 0 && rows.length > 0 && ci >= rows.length) {
    out.push({ index: -1, field: "structure", key: "structure.err.too_short", params: { n: ci + 1 } });
  }
  rows.forEach((r, i) => {
    if (r.kind === "stop") {
      if (i === 0) out.push({ index: i, field: "kind", key: "structure.err.first_stop" });
      return;
    }
    const m = parseMinutes(r.minutes);
    if (!(m > 0)) out.push({ index: i, field: "minutes", key: "structure.err.minutes" });
    else if (m > MAX_MINUTES) out.push({ index: i, field: "minutes", key: "structure.err.minutes_max" });
    if (r.kind !== "level") return;
    const sb = parseChips(r.sb);
    const bb = parseChips(r.bb);
    const ante = r.ante.trim() === "" ? 0 : parseChips(r.ante);
    if (!(sb >= 1)) out.push({ index: i, field: "sb", key: "structure.err.sb" });
    if (!(bb >= 1)) out.push({ index: i, field: "bb", key: "structure.err.bb" });
    else if (sb >= 1 && bb < sb) out.push({ index: i, field: "bb", key: "structure.err.bb_below_sb", params: { sb } });
    if (!(ante >= 0)) out.push({ index: i, field: "ante", key: "structure.err.ante" });
  });
  return out;
}

/** The `set_structure` payload: numbers, only the keys the server accepts for each kind. */
export function rowsToStructure(rows: Row[]): StructureEntry[] {
  return rows.map((r) => {
    if (r.kind === "stop") return { kind: "stop", reason: r.reason || "race_for_chips", ...r.keep };
    if (r.kind === "break") {
      const e: StructureEntry = { kind: "break", minutes: parseMinutes(r.minutes), ...r.keep };
      if (r.addon) e.addon = true;
      return e;
    }
    return {
      kind: "level",
      sb: parseChips(r.sb),
      bb: parseChips(r.bb),
      ante: r.ante.trim() === "" ? 0 : parseChips(r.ante),
      minutes: parseMinutes(r.minutes),
      ...r.keep,
    };
  });
}

/** A new level after the last one: its big blind becomes the small blind, the big blind doubles. */
export function suggestLevel(rows: Row[]): Row {
  const last = [...rows].reverse().find((r) => r.kind === "level");
  const bb = last ? parseChips(last.bb) : NaN;
  const ante = last ? parseChips(last.ante || "0") : NaN;
  const minutes = last ? parseMinutes(last.minutes) : NaN;
  const nsb = bb >= 1 ? bb : 25;
  const nbb = nsb * 2;
  const nante = ante > 0 && bb >= 1 ? Math.round((ante / bb) * nbb) : 0;
  return {
    key: newKey(),
    kind: "level",
    sb: String(nsb),
    bb: String(nbb),
    ante: String(nante),
    minutes: String(minutes > 0 ? minutes : 20),
    addon: false,
    reason: "",
    keep: {},
  };
}

export function newBreak(): Row {
  return { key: newKey(), kind: "break", sb: "", bb: "", ante: "", minutes: "10", addon: false, reason: "", keep: {} };
}

export function newStop(): Row {
  return { key: newKey(), kind: "stop", sb: "", bb: "", ante: "", minutes: "", addon: false, reason: "race_for_chips", keep: {} };
}

export function moveRow(rows: Row[], index: number, by: -1 | 1): Row[] {
  const j = index + by;
  if (index < 0 || index >= rows.length || j < 0 || j >= rows.length) return rows;
  const out = rows.slice();
  [out[index], out[j]] = [out[j], out[index]];
  return out;
}

/** Rows' content without keys: to compare a draft with the server's structure. */
export function rowsSignature(rows: Row[]): string {
  return JSON.stringify(rows.map(({ key: _k, ...rest }) => rest));
}

/** Clock minutes of all levels and breaks. */
export function totalMinutes(rows: Row[]): number {
  return rows.reduce((s, r) => (r.kind === "stop" ? s : s + (parseMinutes(r.minutes) || 0)), 0);
}
