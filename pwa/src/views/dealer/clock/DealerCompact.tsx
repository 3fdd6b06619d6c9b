// The dealer's screen while a hand is on: the clock in one line and the hand in one
// row, so the ten seats' Bust buttons are on the first screen at 390×844.
import type { ClockAnchor, StructureEntry } from "../../../clock/clock";
import { formatRemaining } from "../../../clock/clock";
import type { ClockRules } from "../../../clock/model";
import { formatNumber, t, useLang } from "../../../i18n";
import { useClockState } from "../../../ui/useClockState";
import { ClockNotices, StatusPill } from "../../../ui/Clock";
import { blindsLabel, currentLabel, entryLabel } from "../../../ui/clockText";

/** Level · blinds · time left in one tappable line (tap: the full clock). Same test ids as the
 * big clock, same alerts (beep and vibrate at a level change). */
export function ClockLine(props: {
  structure: StructureEntry[] | undefined;
  clock: ClockAnchor | undefined;
  rules?: ClockRules | null;
  onExpand: () => void;
}) {
  useLang();
  const m = useClockState(props.structure, props.clock, { rules: props.rules, alerts: true });
  const e = m.entry;
  const label = currentLabel(m);
  return (
    <section class={`card clock-line-card status-${m.status}`} data-testid="dealer-clock-line">
      <button type="button" class="clock-line" data-testid="dealer-clock-expand" aria-expanded="false" onClick={props.onExpand}>
        <span class="clock-level" data-testid="clock-level" data-level={m.level ?? undefined} data-index={m.index}>
          {label}
        </span>
        {e?.kind === "level" ? (
          <span class="cl-blinds" data-testid="clock-blinds">
            {blindsLabel(e)}
          </span>
        ) : null}
        {e?.kind === "level" && e.ante ? (
          <span class="cl-blinds clock-ante">
            {t("clock.ante")} {formatNumber(e.ante)}
          </span>
        ) : e && e.kind !== "level" ? (
          // a break or a race for chips says so on the line too (same test id as the big clock)
          <span class="cl-blinds" data-testid="clock-break" data-kind={e.kind} data-addon={e.addon ? "true" : undefined}>
            {entryLabel(e, m.level)}
          </span>
        ) : null}
        <span class="cl-time" data-testid="clock-time" data-remaining-ms={m.remaining_ms}>
          {formatRemaining(m.remaining_ms)}
        </span>
        {m.status !== "running" && <StatusPill m={m} />}
        {/* the name is the visible line plus these words (axe label-content-name-mismatch) */}
        <span class="visually-hidden">{t("dealer.clock_more")}</span>
        <span class="cl-more" aria-hidden="true">▾</span>
      </button>
      <ClockNotices m={m} class="cl-notices" />
    </section>
  );
}
