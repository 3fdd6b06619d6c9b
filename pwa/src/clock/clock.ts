// The tournament clock, computed locally from an anchor (docs/api.md, "The clock").
// Must agree with backend/engine/clock.py on shared_rules/vectors/clock.json.

export type StructureEntry = {
  index?: number;
  kind: "level" | "break" | "stop" | string;
  level?: number | null;
  sb?: number;
  bb?: number;
  ante?: number;
  minutes?: number;
  colour_up?: { remove?: number[]; method?: "race" | "round_up" | string };
  addon?: boolean;
  reason?: string;
  label?: string;
};

/** The anchor's status; `halted` only comes out of clockAt (running, stopped at a `stop` entry). */
export type ClockStatus = "idle" | "running" | "paused" | "halted";

export interface ClockAnchor {
  status: ClockStatus;
  level_index: number;
  elapsed_ms: number;
  anchor_at: number | null;
  reason?: string | null;
}

export interface ClockState {
  index: number;
  remaining_ms: number;
  status: ClockStatus;
  finished: boolean;
}

export function entryMs(e: StructureEntry): number {
  if (e.kind === "stop") return 0;
  return Math.round(Number(e.minutes) * 60_000);
}

/**
 * Mirrors backend/engine/clock.py `clock_at`.
 * t = elapsed_ms + (running ? now - anchor_at : 0); walk the structure from level_index,
 * subtracting each entry's duration. A `stop` entry halts a running clock (P-Race).
 * Past the last entry: finished, last entry, 0 remaining.
 */
export function clockAt(structure: StructureEntry[], clock: ClockAnchor, now: number): ClockState {
  let index = Math.trunc(Number(clock?.level_index ?? 0)) || 0;
  const status: ClockStatus = clock?.status ?? "idle";
  const n = structure?.length ?? 0;
  if (n === 0) return { index: 0, remaining_ms: 0, status, finished: true };
  if (status === "idle" && index >= 0 && index < n) {
    return { index, remaining_ms: entryMs(structure[index]), status, finished: false };
  }
  let t = Math.trunc(Number(clock?.elapsed_ms ?? 0)) || 0;
  if (status === "running") {
    // A phone whose clock runs behind the anchor sees the anchor, never a negative time.
    t += Math.max(0, now - Number(clock.anchor_at ?? now));
  }
  if (index < 0) index = 0;
  while (index < n) {
    if (structure[index].kind === "stop") {
      return { index, remaining_ms: 0, status: status === "running" ? "halted" : status, finished: false };
    }
    const length = entryMs(structure[index]);
    if (t < length) return { index, remaining_ms: length - t, status, finished: false };
    t -= length;
    index++;
  }
  return { index: n - 1, remaining_ms: 0, status, finished: true };
}

/** "MM:SS", or "H:MM:SS" from one hour; counts up the partial second (12:00 at the start). */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, "0");
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
