// A time call at the table (N-2.5 / V-X.a, S-#19): the preset's `time_call`.
//   final_count "after"  — `seconds`, then a further `final_count_seconds` counted (60 + 10 = 70 s)
//   final_count "within" — `seconds` in all, the last `final_count_seconds` counted (30 s, last 5)
// Pure: the screen asks `timeCallAt(rule, startedAt, now)` as often as it likes.

export interface TimeCallRule {
  seconds: number;
  final_count_seconds: number;
  final_count?: "after" | "within";
}

export type TimeCallPhase = "running" | "final" | "over";

export interface TimeCallState {
  phase: TimeCallPhase;
  /** ms until the call ends (0 when over). */
  remaining_ms: number;
  /** During the final count: the number to call out (10, 9, … 1); otherwise null. */
  count: number | null;
  total_ms: number;
  /** When the final count starts, ms after the start. */
  final_at_ms: number;
}

export const DEFAULT_TIME_CALL: TimeCallRule = { seconds: 30, final_count_seconds: 5, final_count: "within" };

/** A usable rule from whatever the preset holds (missing or broken → the generic 30 s / last 5). */
export function timeCallRule(raw: unknown): TimeCallRule {
  const r = (raw ?? {}) as Record<string, unknown>;
  const seconds = Number(r.seconds);
  const fc = Number(r.final_count_seconds);
  if (!Number.isFinite(seconds) || seconds <= 0) return DEFAULT_TIME_CALL;
  const mode = r.final_count === "within" ? "within" : "after";
  let final = Number.isFinite(fc) && fc >= 0 ? Math.floor(fc) : 0;
  if (mode === "within") final = Math.min(final, seconds);
  return { seconds, final_count_seconds: final, final_count: mode };
}

export function timeCallAt(rule: TimeCallRule, startedAt: number, now: number): TimeCallState {
  const within = rule.final_count === "within";
  const total_ms = (within ? rule.seconds : rule.seconds + rule.final_count_seconds) * 1000;
  const final_at_ms = total_ms - rule.final_count_seconds * 1000;
  const elapsed = Math.max(0, now - startedAt);
  const remaining_ms = Math.max(0, total_ms - elapsed);
  if (remaining_ms === 0) return { phase: "over", remaining_ms: 0, count: null, total_ms, final_at_ms };
  if (rule.final_count_seconds > 0 && elapsed >= final_at_ms) {
    return { phase: "final", remaining_ms, count: Math.ceil(remaining_ms / 1000), total_ms, final_at_ms };
  }
  return { phase: "running", remaining_ms, count: null, total_ms, final_at_ms };
}

/** Which alert a step from `prev` to `next` calls for: the final count begins, or time is up. */
export function timeCallAlert(prev: TimeCallPhase | null, next: TimeCallPhase): "final" | "over" | null {
  if (next === prev) return null;
  if (next === "final" && prev === "running") return "final";
  if (next === "over" && prev !== null) return "over";
  return null;
}
