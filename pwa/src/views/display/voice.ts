// What the TV says, and when (issue #33): the level change, the break, "one minute left" and the
// re-entry deadline, spoken by the browser's own speech synthesis in the TV's language. Pure: the
// hook (useTvVoice.ts) feeds it two snapshots of the clock the TV runs; vitest checks it.
//
// Once per event: only a change seen between two renders of the same structure speaks (a reload
// or a first view never does: clock/model.ts detectAlert). Not for a level passed while the TV was
// offline or asleep: the new entry must have started within FRESH_MS (a TV waking after 30 minutes
// finds level 9 running for 4 minutes and says nothing; levels it skipped are never said).
import { t, type Lang, type MessageKey } from "../../i18n";
import type { StructureEntry } from "../../clock/clock";
import { WARNING_MS, detectAlert, type AlertSnapshot } from "../../clock/model";

/** How recent a change must be to be announced (the TV renders every 250 ms; a throttled tab less). */
export const FRESH_MS = 30_000;

export interface VoiceSnapshot extends AlertSnapshot {
  /** Time spent in the current entry (clock/model.ts ClockModel.elapsed_ms). */
  elapsed_ms: number;
}

export interface Line {
  key: MessageKey;
  params?: Record<string, number>;
}

export interface Announcement {
  /** The tone: three beeps for a new entry, one for a warning (ui/alerts.ts). */
  alert: "level" | "warning";
  /** What to say, in order; may be empty (the clock reached a stop: a tone only). */
  lines: Line[];
}

/** Structure indexes of the preset's deadlines (the public view's `deadlines`). */
export type Deadlines = Partial<Record<string, number>>;

/** The deadlines the TV announces: re-entries, and rebuys where they close at another point. */
function deadlineKinds(deadlines: Deadlines): ("reentry" | "rebuy")[] {
  const out: ("reentry" | "rebuy")[] = [];
  if (deadlines.reentry != null) out.push("reentry");
  if (deadlines.rebuy != null && deadlines.rebuy !== deadlines.reentry) out.push("rebuy");
  return out;
}

function entryLines(entry: StructureEntry | undefined, level: number | null): Line[] {
  if (!entry) return [];
  if (entry.kind === "level") {
    const params = { n: level ?? 0, sb: Number(entry.sb ?? 0), bb: Number(entry.bb ?? 0), ante: Number(entry.ante ?? 0) };
    return [{ key: params.ante > 0 ? "voice.level_ante" : "voice.level", params }];
  }
  if (entry.kind === "break") {
    const minutes = Number(entry.minutes ?? 0);
    return [minutes > 0 ? { key: "voice.break", params: { m: minutes } } : { key: "voice.break_now" }];
  }
  return []; // a stop (race for chips, the final table): the floor explains it, the TV beeps
}

/** Level numbers count level entries only (like the clock). */
function levelAt(structure: StructureEntry[], index: number): number | null {
  let n = 0;
  for (let i = 0; i <= index && i < structure.length; i++) {
    const e = structure[i];
    if (e.kind === "level") n = typeof e.level === "number" ? e.level : n + 1;
  }
  return structure[index]?.kind === "level" ? n : null;
}

/**
 * What to announce between two snapshots of the TV's clock, or null. A new entry: its level and
 * blinds ("Level 7. Blinds 200, 400, ante 400.") or the break ("Break, 15 minutes."), then the
 * re-entry deadline when it is crossed ("Re-entries are closed.") or its last level starts ("Last
 * level for re-entries."). One minute before a level's end: "One minute left in this level."
 */
export function announcement(
  prev: VoiceSnapshot | null | undefined,
  cur: VoiceSnapshot,
  structure: StructureEntry[],
  deadlines: Deadlines = {},
): Announcement | null {
  const alert = detectAlert(prev, cur);
  if (!alert || !prev) return null;
  if (alert === "warning") {
    if (cur.remaining_ms <= WARNING_MS - FRESH_MS) return null; // crossed long ago (the TV slept)
    const entry = structure[cur.index];
    const lines: Line[] = [{ key: entry?.kind === "break" ? "voice.one_minute_break" : "voice.one_minute" }];
    for (const kind of deadlineKinds(deadlines)) {
      if (cur.index === (deadlines[kind] as number) - 1) lines.push({ key: kind === "reentry" ? "voice.reentry_soon" : "voice.rebuy_soon" });
    }
    return { alert, lines };
  }
  if (cur.status === "finished") return { alert, lines: [] }; // the end of the structure: a tone
  if (cur.elapsed_ms > FRESH_MS) return null; // a level passed while the TV was offline or asleep
  const lines = entryLines(structure[cur.index], levelAt(structure, cur.index));
  for (const kind of deadlineKinds(deadlines)) {
    const at = deadlines[kind] as number;
    if (prev.index < at && cur.index >= at) lines.push({ key: kind === "reentry" ? "voice.reentry_closed" : "voice.rebuy_closed" });
    else if (cur.index === at - 1 && prev.index < cur.index && structure[cur.index]?.kind === "level") {
      lines.push({ key: kind === "reentry" ? "voice.reentry_last" : "voice.rebuy_last" });
    }
  }
  return { alert, lines };
}

/** The words of an announcement in language l (the words table: i18n/en.ts and de.ts, voice.*).
 * Numbers stay plain digits: "1.000" or "1'000" is read as a decimal by some voices. */
export function spokenText(lines: Line[], l: Lang): string {
  return lines.map((x) => t(x.key, x.params, l)).join(" ");
}

/** The speech language for the TV's language and the tournament's region (public view `region`):
 * German as spoken in Switzerland, Austria or Germany; English as in Britain. */
export function speechLang(l: Lang, region: string | null | undefined): string {
  const r = String(region ?? "").toUpperCase();
  if (l === "de") return ["DE", "AT", "CH", "LI", "LU"].includes(r) ? `de-${r}` : "de-DE";
  return "en-GB";
}

/** The installed voice for a language: the exact one (de-CH), else one of the language (de-DE),
 * a local one first (it works offline). Null: the browser picks by `lang`. */
export function pickVoice<V extends { lang: string; localService?: boolean }>(voices: readonly V[], lang: string): V | null {
  const norm = (s: string) => s.replace("_", "-").toLowerCase();
  const want = norm(lang);
  const base = want.split("-")[0];
  const rank = (v: V) => (norm(v.lang) === want ? 0 : norm(v.lang).split("-")[0] === base ? 2 : 9) + (v.localService === false ? 1 : 0);
  const best = [...voices].filter((v) => rank(v) < 9).sort((a, b) => rank(a) - rank(b));
  return best[0] ?? null;
}
