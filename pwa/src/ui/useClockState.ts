import { useEffect, useRef } from "preact/hooks";
import type { ClockAnchor, StructureEntry } from "../clock/clock";
import { computeClock, detectAlert, snapshotOf, type AlertSnapshot, type ClockModel, type ClockRules } from "../clock/model";
import { useServerNow } from "./hooks";
import { levelChangeAlert, warningAlert } from "./alerts";

export interface ClockStateOptions {
  rules?: ClockRules | null;
  /** Beep and vibrate at each level change and one minute before the end of a level. */
  alerts?: boolean;
  onLevelChange?: (index: number) => void;
  onWarning?: () => void;
  tickMs?: number;
}

/**
 * The one clock of every screen: computed every 250 ms from the anchor and the server offset
 * (so it runs offline), with the level-change and one-minute alerts fired by time passing.
 */
export function useClockState(
  structure: StructureEntry[] | undefined | null,
  clock: ClockAnchor | undefined | null,
  opts: ClockStateOptions = {},
): ClockModel {
  const now = useServerNow(opts.tickMs ?? 250);
  const m = computeClock(structure, clock, now, opts.rules);
  const snap = snapshotOf(structure, m);
  const prev = useRef<AlertSnapshot | null>(null);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  useEffect(() => {
    const alert = detectAlert(prev.current, snap);
    prev.current = snap;
    const o = optsRef.current;
    if (alert === "level") {
      if (o.alerts) levelChangeAlert();
      o.onLevelChange?.(snap.index);
    } else if (alert === "warning") {
      if (o.alerts) warningAlert();
      o.onWarning?.();
    }
  });
  return m;
}
