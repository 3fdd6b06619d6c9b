// What every clock screen shows, computed from the structure, the anchor and server time.
// Pure (no DOM, no i18n): the hook in ui/useClockState.ts and vitest both use it.
import type { ClockRules as ApiClockRules } from "../api/views";
import { clockAt, entryMs, type ClockAnchor, type ClockState, type StructureEntry } from "./clock";

/** The preset's `clock` block (docs/presets.md), carried in the public view as `clock_rules`. */
export type ClockRules = ApiClockRules;

export const DEFAULT_NOTICE_SECONDS = 120;

/** The status a screen shows: the clock's own, or `finished` past the last entry. */
export type DisplayStatus = "idle" | "running" | "paused" | "halted" | "finished";

export interface EntryRef {
  index: number;
  entry: StructureEntry;
  /** Level number (levels only; counts level entries from 1). */
  level: number | null;
}

export interface ClockModel {
  state: ClockState;
  status: DisplayStatus;
  index: number;
  entry: StructureEntry | undefined;
  /** Level number of the current entry (levels only). */
  level: number | null;
  /** The level in force: the current level, or during a break/stop the last one before it. */
  lastLevel: EntryRef | null;
  remaining_ms: number;
  /** Time already spent in the current entry (negative after time was added at its start). */
  elapsed_ms: number;
  /** The entry right after the current one (level, break or stop). */
  next: EntryRef | null;
  /** The next *level* after the current entry (breaks and stops skipped). */
  nextLevel: EntryRef | null;
  /** Clock time until the next break starts; 0 during a break; null if no break is ahead. */
  nextBreakMs: number | null;
  nextBreak: EntryRef | null;
  /** Why the clock stands still: the pause reason, or the stop's reason when halted. */
  reason: string | null;
  /** N-2.25 / S-#42: "new blinds from the next hand" during the first seconds of a new level. */
  newBlindsNotice: boolean;
  /** Colour-up of the current entry (or of the stop it halted at). */
  colourUp: { remove: number[]; method: string } | null;
  /** Current break is an add-on phase (V-XIII). */
  addon: boolean;
}

const IDLE: ClockAnchor = { status: "idle", level_index: 0, elapsed_ms: 0, anchor_at: null };

/** Level numbers count `level` entries only (the server sends them too; computed if missing). */
export function levelNumbers(structure: StructureEntry[]): (number | null)[] {
  let n = 0;
  return structure.map((e) => (e.kind === "level" ? (typeof e.level === "number" ? (n = e.level) : ++n) : null));
}

function ref(structure: StructureEntry[], levels: (number | null)[], index: number): EntryRef {
  return { index, entry: structure[index], level: levels[index] ?? null };
}

/** The next entry after `index` whose kind passes `accept`. */
export function findAfter(structure: StructureEntry[], index: number, accept: (e: StructureEntry) => boolean): number {
  for (let i = index + 1; i < structure.length; i++) if (accept(structure[i])) return i;
  return -1;
}

export function findBefore(structure: StructureEntry[], index: number, accept: (e: StructureEntry) => boolean): number {
  for (let i = Math.min(index, structure.length) - 1; i >= 0; i--) if (accept(structure[i])) return i;
  return -1;
}

/**
 * Clock time from now until the next break starts: what is left of the current entry plus the
 * entries in between (a stop lasts no clock time). 0 while a break runs; null without a break ahead.
 */
export function timeToNextBreak(structure: StructureEntry[], index: number, remaining_ms: number, finished: boolean): { ms: number; index: number } | null {
  if (finished || !structure.length) return null;
  if (structure[index]?.kind === "break") return { ms: 0, index };
  let ms = Math.max(0, remaining_ms);
  for (let i = index + 1; i < structure.length; i++) {
    if (structure[i].kind === "break") return { ms, index: i };
    ms += entryMs(structure[i]);
  }
  return null;
}

/** Average stack in big blinds of the level in force; null without a level or a stack. */
export function averageInBigBlinds(average: number | null | undefined, bb: number | null | undefined): number | null {
  const a = Number(average);
  const b = Number(bb);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a <= 0 || b <= 0) return null;
  return a / b;
}

/** "42", "7.5" — one decimal below 10 BB, where it matters; never rounds up past the truth. */
export function roundBigBlinds(x: number): number {
  return x < 10 ? Math.floor(x * 10) / 10 : Math.floor(x);
}

export function computeClock(
  structureIn: StructureEntry[] | undefined | null,
  anchorIn: ClockAnchor | undefined | null,
  now: number,
  rules?: ClockRules | null,
): ClockModel {
  const structure = structureIn ?? [];
  const anchor = anchorIn ?? IDLE;
  const state = clockAt(structure, anchor, now);
  const levels = levelNumbers(structure);
  const index = state.index;
  const entry = structure[index];
  const status: DisplayStatus = state.finished && structure.length ? "finished" : state.status;

  const isLevel = (e: StructureEntry) => e.kind === "level";
  const lastLevelIdx = entry?.kind === "level" ? index : findBefore(structure, index, isLevel);
  const nextIdx = index + 1 < structure.length && !state.finished ? index + 1 : -1;
  const nextLevelIdx = state.finished ? -1 : findAfter(structure, index, isLevel);
  const nb = timeToNextBreak(structure, index, state.remaining_ms, state.finished);
  const elapsed = entry ? entryMs(entry) - state.remaining_ms : 0;

  let reason: string | null = null;
  if (state.status === "paused") reason = anchor.reason ?? "director";
  else if (state.status === "halted") reason = entry?.reason ?? "race_for_chips";

  const noticeMs = Math.max(0, Number(rules?.new_blinds_notice_seconds ?? DEFAULT_NOTICE_SECONDS)) * 1000;
  const newBlindsNotice =
    rules?.level_change === "next_hand" &&
    entry?.kind === "level" &&
    (state.status === "running" || state.status === "paused") &&
    reason !== "tournament_over" && // the last bust stopped the clock: no next hand
    !state.finished &&
    findBefore(structure, index, isLevel) >= 0 && // the first level is no change of blinds
    elapsed < noticeMs;

  const cu = entry?.colour_up;
  const colourUp =
    cu && !state.finished
      ? { remove: Array.isArray(cu.remove) ? cu.remove.filter((x) => Number.isFinite(Number(x))).map(Number) : [], method: String(cu.method ?? "") }
      : null;

  return {
    state,
    status,
    index,
    entry,
    level: levels[index] ?? null,
    lastLevel: lastLevelIdx >= 0 ? ref(structure, levels, lastLevelIdx) : null,
    remaining_ms: state.remaining_ms,
    elapsed_ms: elapsed,
    next: nextIdx >= 0 ? ref(structure, levels, nextIdx) : null,
    nextLevel: nextLevelIdx >= 0 ? ref(structure, levels, nextLevelIdx) : null,
    nextBreakMs: nb ? nb.ms : null,
    nextBreak: nb ? ref(structure, levels, nb.index) : null,
    reason,
    newBlindsNotice: !!newBlindsNotice,
    colourUp,
    addon: entry?.kind === "break" && !!entry.addon,
  };
}

/** The big blind that counts for "average in BB": the level in force, else the next level. */
export function bigBlindInForce(m: ClockModel): number | null {
  const e = m.lastLevel?.entry ?? m.nextLevel?.entry;
  return e && Number(e.bb) > 0 ? Number(e.bb) : null;
}

// ---- Alerts: a level change and "one minute left", fired by time passing, not by new views ----

export interface AlertSnapshot {
  /** Changes when the structure changes (set_structure, first view): no alert across it. */
  structureKey: string;
  index: number;
  status: DisplayStatus;
  remaining_ms: number;
}

export type ClockAlert = "level" | "warning" | null;

export const WARNING_MS = 60_000;

export function structureKey(structure: StructureEntry[] | undefined | null): string {
  return (structure ?? []).map((e) => `${e.kind}:${e.sb ?? ""}/${e.bb ?? ""}/${e.ante ?? ""}:${e.minutes ?? ""}`).join("|");
}

export function snapshotOf(structure: StructureEntry[] | undefined | null, m: ClockModel): AlertSnapshot {
  return { structureKey: structureKey(structure), index: m.index, status: m.status, remaining_ms: m.remaining_ms };
}

/**
 * Between two renders of the same structure: a new entry started while the clock ran (also a
 * director's jump, a clock reaching a stop or the structure's end) → "level"; the current entry
 * crossed one minute left while running → "warning". Loading a view, pausing, resuming or a new
 * structure never beeps.
 */
export function detectAlert(prev: AlertSnapshot | null | undefined, cur: AlertSnapshot): ClockAlert {
  if (!prev || prev.structureKey !== cur.structureKey || !cur.structureKey) return null;
  if (prev.status !== "running") return null;
  if (prev.index !== cur.index) {
    return cur.status === "running" || cur.status === "halted" || cur.status === "finished" ? "level" : null;
  }
  if (cur.status === "finished") return "level";
  if (cur.status === "running" && prev.remaining_ms > WARNING_MS && cur.remaining_ms <= WARNING_MS && cur.remaining_ms > 0) return "warning";
  return null;
}
