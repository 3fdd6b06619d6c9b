import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang, formatNumber, formatMoney } from "../../i18n";
import { SyncBadge } from "../../ui/SyncBadge";
import { LangSwitch } from "../../ui/LangSwitch";
import { useServerNow, useView } from "../../ui/hooks";
import { useLive } from "../../ui/live";
import { useMe } from "../../ui/useMe";
import { useWakeLock } from "../../ui/wakeLock";
import { levelChangeAlert, warningAlert } from "../../ui/alerts";
import { viewKey } from "../../sync/viewCache";
import { clockAt, formatRemaining, type ClockAnchor } from "../../clock/clock";
import { blindsLabel, levelLabel, nextLabel } from "../../ui/Clock";

/** The TV clock: huge remaining time, level, blinds, next level, players, average stack. */
export function Display(props: { token: string }) {
  useLang();
  const { token } = props;
  const me = useMe(token);
  const tid = me.me?.tournament_id ?? null;
  const { invalid } = useLive({ token, tid });
  const { view: pub, loaded } = useView(tid != null ? viewKey(tid, "public") : null);
  const wake = useWakeLock(true);
  const now = useServerNow(250);
  const structure = pub?.structure ?? [];
  const anchor: ClockAnchor = pub?.clock ?? { status: "idle", level_index: 0, elapsed_ms: 0, anchor_at: null };
  const st = clockAt(structure, anchor, now);
  const entry = structure[st.index];

  const anchorKey = `${anchor.status}:${anchor.level_index}:${anchor.elapsed_ms}:${anchor.anchor_at}:${structure.length}`;
  const prev = useRef({ index: st.index, anchorKey, remaining: st.remaining_ms });
  const warned = useRef(-1);
  useEffect(() => {
    // Alert only when time moved the clock into the next level, not when a new view arrived.
    if (prev.current.index !== st.index && prev.current.anchorKey === anchorKey && st.status === "running") levelChangeAlert();
    const crossedOneMinute =
      prev.current.anchorKey === anchorKey && prev.current.index === st.index && prev.current.remaining > 60_000 && st.remaining_ms <= 60_000;
    prev.current = { index: st.index, anchorKey, remaining: st.remaining_ms };
    if (crossedOneMinute && st.status === "running" && !st.finished && warned.current !== st.index) {
      warned.current = st.index;
      warningAlert();
    }
  });

  const [showUi, setShowUi] = useState(true);
  useEffect(() => {
    // Hide the controls after a while on the TV; a tap brings them back.
    if (!showUi) return;
    const id = setTimeout(() => setShowUi(false), 8000);
    return () => clearTimeout(id);
  }, [showUi]);

  if (me.status === "invalid" || invalid) {
    return (
      <div class="display">
        <p class="card error" role="alert">{t("token.invalid")}</p>
      </div>
    );
  }

  const statusText = st.finished ? t("clock.finished") : t(`clock.${st.status}` as "clock.idle");
  return (
    <div class={`display ${entry?.kind === "break" ? "is-break" : ""} status-${st.status}`} onClick={() => setShowUi(true)}>
      <div class={`display-bar ${showUi ? "" : "is-dim"}`}>
        <span class="display-name">{pub?.name ?? ""}</span>
        <SyncBadge />
        <LangSwitch />
      </div>
      {!pub && <p class="muted center">{loaded || me.status !== "loading" ? t("common.no_data") : t("common.loading")}</p>}
      <div class="display-main">
        <div class="display-level">
          <span>{levelLabel(entry, st.index)}</span>
          <span class={`clock-status status-${st.status}`} data-testid="clock-status" data-status={st.status} data-finished={st.finished ? "true" : "false"}>
            {statusText}
          </span>
        </div>
        <div class="display-time" data-testid="clock-time" data-remaining-ms={st.remaining_ms}>
          {formatRemaining(st.remaining_ms)}
        </div>
        {entry && entry.kind !== "break" ? (
          <div class="display-blinds">
            <span data-testid="clock-blinds">{blindsLabel(entry)}</span>
            {entry.ante ? (
              <span class="display-ante">
                {t("clock.ante")} {formatNumber(entry.ante)}
              </span>
            ) : null}
          </div>
        ) : (
          <div class="display-blinds">{entry ? t("clock.break") : ""}</div>
        )}
        {structure.length > 0 && (
          <div class="display-next">
            <span class="muted">{t("display.next")}: </span>
            <span data-testid="clock-next">{nextLabel(structure, st.index)}</span>
          </div>
        )}
      </div>
      <div class="display-stats">
        <div>
          <span class="label">{t("display.players_left")}</span>
          <strong data-testid="players-left">{pub ? `${pub.players_left}` : "–"}</strong>
          <span class="sub">/ {pub?.entries_total ?? "–"}</span>
        </div>
        <div>
          <span class="label">{t("display.avg_stack")}</span>
          <strong data-testid="average-stack">{formatNumber(pub?.average_stack)}</strong>
        </div>
        {pub?.prize_pool ? (
          <div>
            <span class="label">{t("display.prize_pool")}</span>
            <strong>{formatMoney(pub.prize_pool, pub.currency)}</strong>
          </div>
        ) : null}
      </div>
      {wake && <span class="visually-hidden">{t("display.wake_lock")}</span>}
    </div>
  );
}
