import type { Lang } from "../i18n";
import type { PayloadOf } from "../api/views";

export interface PenaltyLike {
  kind?: string;
  reason?: string | null;
  hands_left?: number | null;
  until?: number | null;
}

export type PenaltyKind = "warning" | "missed_hand" | "missed_round" | "time" | "disqualification";

function clock(ms: number, l: Lang): string {
  return new Date(ms).toLocaleTimeString(l === "de" ? "de-DE" : "en-GB", { hour: "2-digit", minute: "2-digit" });
}

/** "3 hands left" / "noch 3 Hände", "1 hand left" / "noch 1 Hand", "until 21:14" / "bis 21:14". */
export function penaltyLeftText(p: PenaltyLike | null | undefined, l: Lang): string {
  if (!p) return "";
  if (p.hands_left != null) {
    const n = p.hands_left;
    if (l === "de") return `noch ${n} ${n === 1 ? "Hand" : "Hände"}`;
    return `${n} ${n === 1 ? "hand" : "hands"} left`;
  }
  if (p.until != null) return l === "de" ? `bis ${clock(p.until, l)}` : `until ${clock(p.until, l)}`;
  return "";
}

/** True while a time penalty still runs (director rows keep `until` after it passed). */
export function penaltyActive(p: PenaltyLike | null | undefined, serverNow: number): boolean {
  if (!p) return false;
  if (p.until != null) return p.until > serverNow;
  return true;
}

/**
 * The `penalize` payload, or the field that is missing/wrong. Sit-outs: `missed_round` needs
 * orbits; `missed_hand` takes orbits or hands; `time` needs minutes; `disqualification` needs a reason.
 */
export function buildPenalty(
  entryId: number,
  kind: PenaltyKind,
  amount: { orbits?: string; hands?: string; minutes?: string },
  reason: string,
  allowedOrbits: number[] = [],
): { ok: true; payload: PayloadOf<"penalize"> } | { ok: false; field: "orbits" | "hands" | "minutes" | "reason" } {
  const r = reason.trim();
  const p: PayloadOf<"penalize"> = { entry_id: entryId, kind };
  if (r) p.reason = r;
  const whole = (s: string | undefined) => (s != null && /^\s*\d+\s*$/.test(s) && Number(s) > 0 ? Number(s) : null);
  if (kind === "missed_round" || kind === "missed_hand") {
    const o = whole(amount.orbits);
    const h = whole(amount.hands);
    if (kind === "missed_hand" && h != null && !amount.orbits) p.hands = h;
    else if (o != null && (!allowedOrbits.length || allowedOrbits.includes(o))) p.orbits = o;
    else return { ok: false, field: kind === "missed_hand" && amount.hands ? "hands" : "orbits" };
  } else if (kind === "time") {
    const m = whole(amount.minutes);
    if (m == null) return { ok: false, field: "minutes" };
    p.minutes = m;
  } else if (kind === "disqualification" && !r) return { ok: false, field: "reason" };
  return { ok: true, payload: p };
}
