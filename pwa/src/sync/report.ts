// One sink for the failures the app used to swallow. Every report is logged with a
// stable prefix and kept (the last KEEP, for a diagnostics list; window.__pokerfloorReports in
// the browser). A report a person must know about (a command not stored on the phone, a failed
// download or sign-out) is also shown: ui/ReportBanner.tsx, mounted once by app.tsx. Best-effort
// work (a cache write, a prefetch, a vibration) is reported without `show`: logged, not shown.
// Lives in sync/ (no UI imports) because the sync code reports too.
import type { MessageKey } from "../i18n";

export type Report = {
  where: string;
  message: string;
  at: number;
  /** false: logged only; true: shown with the generic text; a key: shown with that text. */
  show: boolean | MessageKey;
};

const KEEP = 20;
const kept: Report[] = [];
const listeners = new Set<(r: Report | null) => void>();
let shown: Report | null = null;
(globalThis as any).__pokerfloorReports = kept;

/** Log `err` as a failure at `where` ("module.action"); keep it; show it if a person must know. */
export function report(where: string, err: unknown, opts: { show?: boolean | MessageKey } = {}): void {
  // String(an Error) is "TypeError: Failed to fetch": its name and message.
  const r: Report = { where, message: String(err), at: Date.now(), show: opts.show ?? false };
  console.warn(`[pokerfloor] ${where}:`, err);
  kept.push(r);
  if (kept.length > KEEP) kept.shift();
  if (r.show) setShown(r);
}

/** The last few reports, oldest first. */
export function reports(): readonly Report[] {
  return kept;
}

/** The report on screen now (null: none, or dismissed). */
export function shownReport(): Report | null {
  return shown;
}

/** Put a report on screen, or take it off (null). */
export function setShown(r: Report | null): void {
  shown = r;
  for (const fn of listeners) fn(r);
}

export function onShown(fn: (r: Report | null) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
