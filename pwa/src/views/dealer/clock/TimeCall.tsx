import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { request } from "../../../sync/api";
import { metaGet, metaSet } from "../../../sync/db";
import { report } from "../../../sync/report";
import { timeCallRule, type TimeCallRule } from "../../../clock/timeCall";
import { TimeCountdownPanel } from "../lazyPanels";

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
  const ruleText =
    rule.final_count === "within"
      ? t("time.rule_within", { s: rule.seconds, f: rule.final_count_seconds })
      : t("time.rule_after", { s: rule.seconds, f: rule.final_count_seconds });

  if (startedAt != null) return <TimeCountdownPanel rule={rule} ruleText={ruleText} startedAt={startedAt} onStop={() => setStartedAt(null)} />;
  return (
    <button
      type="button"
      class={props.compact ? "btn btn-warn time-button is-compact" : "btn btn-warn btn-block btn-huge time-button"}
      data-testid="dealer-time"
      data-seconds={rule.seconds}
      data-final={rule.final_count_seconds}
      data-mode={rule.final_count}
      onClick={() => setStartedAt(Date.now())}
    >
      {t("time.button")} <span class={props.compact ? "time-rule visually-hidden" : "time-rule"}>{ruleText}</span>
    </button>
  );
}
