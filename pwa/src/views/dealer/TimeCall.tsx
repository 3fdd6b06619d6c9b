import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { request } from "../../sync/api";
import { metaGet, metaSet } from "../../sync/db";
import { report } from "../../sync/report";
import { beep, vibrate } from "../../ui/alerts";
import { timeCallAlert, timeCallAt, timeCallRule, type TimeCallPhase, type TimeCallRule } from "../../clock/timeCall";

/** The preset's `time_call`, fetched once and kept in `meta` (`preset-time:<id>`) for offline use. */
function useTimeCallRule(presetId: string | null | undefined, token: string): TimeCallRule {
  const [rule, setRule] = useState<TimeCallRule>(() => timeCallRule(null));
  useEffect(() => {
    if (!presetId) return;
    let alive = true;
    const key = `preset-time:${presetId}`;
    metaGet<any>(key)
      .then((v) => alive && v && setRule(timeCallRule(v)))
      .catch((e) => report("dealer.time_call_cache", e));
    request<any>(`/api/presets/${encodeURIComponent(presetId)}`, { token })
      .then((r) => {
        if (!alive || !r.ok || !r.data?.time_call) return;
        setRule(timeCallRule(r.data.time_call));
        void metaSet(key, r.data.time_call).catch((e) => report("dealer.time_call_save", e));
      })
      .catch((e) => report("dealer.time_call", e)); // offline: the cached rule, or the default
    return () => {
      alive = false;
    };
  }, [presetId, token]);
  return rule;
}

/** A big "Time" button; tapped, the preset's countdown runs on this phone (nothing is sent). */
export function TimeCall(props: { presetId: string | null | undefined; token: string; compact?: boolean }) {
  useLang();
  const rule = useTimeCallRule(props.presetId, props.token);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const phase = useRef<TimeCallPhase | null>(null);
  const state = startedAt != null ? timeCallAt(rule, startedAt, now) : null;

  useEffect(() => {
    if (startedAt == null) return;
    const id = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(id);
  }, [startedAt]);

  useEffect(() => {
    if (!state) {
      phase.current = null;
      return;
    }
    const alert = timeCallAlert(phase.current, state.phase);
    phase.current = state.phase;
    if (alert === "final") {
      beep(1, 660);
      vibrate(200);
    } else if (alert === "over") {
      beep(3, 988);
      vibrate([300, 100, 300]);
    }
  }, [state?.phase, startedAt]);

  const ruleText =
    rule.final_count === "within"
      ? t("time.rule_within", { s: rule.seconds, f: rule.final_count_seconds })
      : t("time.rule_after", { s: rule.seconds, f: rule.final_count_seconds });

  if (!state) {
    return (
      <button
        type="button"
        class={props.compact ? "btn btn-warn time-button is-compact" : "btn btn-warn btn-block btn-huge time-button"}
        data-testid="dealer-time"
        data-seconds={rule.seconds}
        data-final={rule.final_count_seconds}
        data-mode={rule.final_count}
        onClick={() => {
          setNow(Date.now());
          setStartedAt(Date.now());
        }}
      >
        {t("time.button")} <span class={props.compact ? "time-rule visually-hidden" : "time-rule"}>{ruleText}</span>
      </button>
    );
  }
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
      <button type="button" class="btn btn-secondary btn-block btn-huge" data-testid="time-stop" onClick={() => setStartedAt(null)}>
        {state.phase === "over" ? t("time.close") : t("time.stop")}
      </button>
    </section>
  );
}
