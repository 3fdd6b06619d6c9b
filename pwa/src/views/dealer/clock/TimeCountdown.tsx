// Loaded with the other panels after the first screen (lazyPanels.ts).
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { beep, vibrate } from "../../../ui/alerts";
import { timeCallAlert, timeCallAt, type TimeCallPhase, type TimeCallRule } from "../../../clock/timeCall";

/** A called clock on a player: the seconds, then the final count out loud, then "time". */
export function TimeCountdown(props: { rule: TimeCallRule; ruleText: string; startedAt: number; onStop: () => void }) {
  useLang();
  const { rule, ruleText, startedAt } = props;
  const [now, setNow] = useState(() => Date.now());
  const phase = useRef<TimeCallPhase | null>(null);
  const state = timeCallAt(rule, startedAt, now);

  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(id);
  }, [startedAt]);

  useEffect(() => {
    const alert = timeCallAlert(phase.current, state.phase);
    phase.current = state.phase;
    if (alert === "final") {
      beep(1, 660);
      vibrate(200);
    } else if (alert === "over") {
      beep(3, 988);
      vibrate([300, 100, 300]);
    }
  }, [state.phase, startedAt]);

  const secs = Math.ceil(state.remaining_ms / 1000);
  return (
    <section class={`card time-call time-${state.phase}`} data-testid="time-call" data-phase={state.phase} data-remaining-ms={state.remaining_ms} role="timer" aria-live="off">
      <h2 class="time-title">
        {state.phase === "final" ? t("time.final") : state.phase === "over" ? t("time.over") : t("time.title")}
        {state.phase === "running" && <span class="muted small"> · {ruleText}</span>}
      </h2>
      <p class="time-big" data-testid="time-count" data-count={state.count ?? undefined}>
        {state.phase === "over" ? "0" : state.phase === "final" ? state.count : secs}
      </p>
      <button type="button" class="btn btn-secondary btn-block btn-huge" data-testid="time-stop" onClick={props.onStop}>
        {state.phase === "over" ? t("time.close") : t("time.stop")}
      </button>
    </section>
  );
}
