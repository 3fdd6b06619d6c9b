import type { ClockAnchor, StructureEntry } from "../clock/clock";
import { formatRemaining } from "../clock/clock";
import type { ClockModel, ClockRules } from "../clock/model";
import { t, useLang, formatNumber } from "../i18n";
import { useClockState } from "./useClockState";
import { blindsLabel, colourUpText, currentLabel, entryLabel, nextText, reasonText, statusText } from "./clockText";

export { blindsLabel } from "./clockText";

export interface ClockProps {
  structure: StructureEntry[] | undefined;
  clock: ClockAnchor | undefined;
  rules?: ClockRules | null;
  size?: "normal" | "big";
  showNext?: boolean;
  /** Beep and vibrate at level changes and one minute before the end (dealer, display). */
  alerts?: boolean;
}

/** The running clock of the director's, dealer's and player's screens. */
export function Clock(p: ClockProps) {
  const m = useClockState(p.structure, p.clock, { rules: p.rules, alerts: p.alerts });
  return <ClockView m={m} size={p.size} showNext={p.showNext} />;
}

export function StatusPill(props: { m: ClockModel }) {
  const { m } = props;
  return (
    <span class={`clock-status status-${m.status}`} data-testid="clock-status" data-status={m.status} data-finished={m.status === "finished" ? "true" : "false"}>
      {statusText(m)}
    </span>
  );
}

/** Pause/stop reason, "new blinds from the next hand", colour-up: the same on every screen. */
export function ClockNotices(props: { m: ClockModel; class?: string }) {
  const { m } = props;
  const reason = reasonText(m);
  const colour = colourUpText(m.colourUp);
  if (!reason && !m.newBlindsNotice && !colour) return null;
  return (
    <div class={`clock-notices ${props.class ?? ""}`}>
      {reason && (
        <p class={`notice notice-${m.status}`} data-testid="clock-reason" data-reason={m.reason ?? undefined} role="status">
          {reason}
        </p>
      )}
      {m.newBlindsNotice && (
        <p class="notice notice-next-hand" data-testid="clock-notice-next-hand" role="status">
          {t("clock.notice_next_hand")}
        </p>
      )}
      {colour && (
        <p class="notice notice-colour-up" data-testid="clock-notice-colour-up" data-method={m.colourUp?.method}>
          {colour}
        </p>
      )}
    </div>
  );
}

/** Blinds of a level, or the break / stop line, under the time. */
export function EntryLine(props: { m: ClockModel; class?: string }) {
  const { m } = props;
  const e = m.entry;
  if (!e) return null;
  if (e.kind === "level") {
    return (
      <div class={props.class ?? "clock-blinds"}>
        <span data-testid="clock-blinds">{blindsLabel(e)}</span>
        {e.ante ? (
          <span class="clock-ante">
            {t("clock.ante")} {formatNumber(e.ante)}
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <div class={`${props.class ?? "clock-blinds"} is-${e.kind}`} data-testid="clock-break" data-kind={e.kind} data-addon={e.addon ? "true" : undefined}>
      <span>{entryLabel(e, m.level)}</span>
    </div>
  );
}

export function ClockView(props: { m: ClockModel; size?: "normal" | "big"; showNext?: boolean }) {
  useLang();
  const { m } = props;
  const kind = m.entry?.kind ?? "level";
  return (
    <section class={`clock clock-${props.size ?? "normal"} is-${kind} status-${m.status}`} aria-label={statusText(m)}>
      <div class="clock-top">
        <span class="clock-level" data-testid="clock-level" data-level={m.level ?? undefined} data-index={m.index}>
          {currentLabel(m)}
        </span>
        <StatusPill m={m} />
      </div>
      <ClockNotices m={m} />
      <div class="clock-time" data-testid="clock-time" data-remaining-ms={m.remaining_ms} aria-live="off">
        {formatRemaining(m.remaining_ms)}
      </div>
      <EntryLine m={m} />
      {props.showNext !== false && m.entry && (
        <div class="clock-next">
          <span class="muted">{t("clock.next")}: </span>
          <span data-testid="clock-next">{nextText(m)}</span>
        </div>
      )}
    </section>
  );
}
