import { useEffect, useState } from "preact/hooks";
import { t, useLang, formatNumber, formatMoney, formatDecimal } from "../../i18n";
import { Payouts } from "../../ui/Payouts";
import { SyncBadge } from "../../ui/SyncBadge";
import { LangSwitch } from "../../ui/LangSwitch";
import { InsecureNotice } from "../../ui/InsecureNotice";
import { useView } from "../../ui/hooks";
import { useLive } from "../../ui/live";
import { useMe } from "../../ui/useMe";
import { useWakeLock } from "../../ui/wakeLock";
import { primeAudio } from "../../ui/alerts";
import { viewKey } from "../../sync/viewCache";
import { formatRemaining } from "../../clock/clock";
import { averageInBigBlinds, bigBlindInForce, roundBigBlinds } from "../../clock/model";
import { useClockState } from "../../ui/useClockState";
import { ClockNotices, EntryLine, StatusPill } from "../../ui/Clock";
import { currentLabel, nextText } from "../../ui/clockText";

/** The TV clock: huge remaining time, level, blinds, next level, break, players, stacks, payouts. */
export function Display(props: { token: string }) {
  useLang();
  const { token } = props;
  const me = useMe(token);
  const tid = me.me?.tournament_id ?? null;
  const { invalid } = useLive({ token, tid });
  const { view: pub, loaded } = useView(tid != null ? viewKey(tid, "public") : null);
  const wake = useWakeLock(true);
  const m = useClockState(pub?.structure, pub?.clock, { rules: pub?.clock_rules, alerts: true });

  const [showUi, setShowUi] = useState(true);
  useEffect(() => {
    primeAudio(); // the TV's first tap or key unlocks the beeps
  }, []);
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

  const bb = bigBlindInForce(m);
  const avgBb = averageInBigBlinds(pub?.average_stack, bb);
  const kind = m.entry?.kind ?? "level";
  return (
    <div class={`display is-${kind} status-${m.status}`} onClick={() => setShowUi(true)}>
      <div class={`display-bar ${showUi ? "" : "is-dim"}`}>
        <span class="display-name">{pub?.name ?? ""}</span>
        <SyncBadge />
        <LangSwitch />
      </div>
      {showUi && <InsecureNotice />}
      {!pub && <p class="muted center">{loaded || me.status !== "loading" ? t("common.no_data") : t("common.loading")}</p>}
      <div class="display-body">
        <main class="display-main">
          <div class="display-level">
            <span data-testid="clock-level" data-level={m.level ?? undefined} data-index={m.index}>
              {currentLabel(m)}
            </span>
            <StatusPill m={m} />
            {pub?.hand_for_hand && (
              <span class="hfh-pill" data-testid="display-hfh" role="status">
                {t("display.hfh")}
              </span>
            )}
          </div>
          <ClockNotices m={m} class="display-notices" />
          {pub?.winner ? (
            <div class="display-winner" data-testid="display-winner" data-entry-id={pub.winner.entry_id}>
              <span class="label">{t("display.winner")}</span>
              <strong>{pub.winner.name}</strong>
            </div>
          ) : (
            <>
              <div class="display-time" data-testid="clock-time" data-remaining-ms={m.remaining_ms}>
                {formatRemaining(m.remaining_ms)}
              </div>
              <EntryLine m={m} class="display-blinds" />
            </>
          )}
          {m.entry && !pub?.winner && (
            <div class="display-next">
              <span class="muted">{t("clock.next")}: </span>
              <span data-testid="clock-next">{nextText(m)}</span>
            </div>
          )}
        </main>
        <aside class="display-side">
          <div class="display-stats">
            <div>
              <span class="label">{t("display.players_left")}</span>
              <strong>
                <span data-testid="players-left">{pub ? `${pub.players_left}` : "–"}</span>
                <span class="sub"> / {pub?.entries_total ?? "–"}</span>
              </strong>
            </div>
            <div>
              <span class="label">{t("display.avg_stack")}</span>
              <strong data-testid="average-stack">{formatNumber(pub?.average_stack)}</strong>
              <span class="sub" data-testid="display-avg-bb" data-bb={avgBb != null ? String(roundBigBlinds(avgBb)) : undefined}>
                {avgBb != null ? t("display.avg_bb", { n: formatDecimal(roundBigBlinds(avgBb), 1) }) : "–"}
              </span>
            </div>
            <div>
              <span class="label">{t("display.next_break")}</span>
              <strong data-testid="display-next-break" data-ms={m.nextBreakMs ?? undefined} class={m.nextBreakMs ? "" : "is-text"}>
                {m.nextBreakMs == null ? t("display.no_break") : m.nextBreakMs === 0 ? t("display.break_now") : formatRemaining(m.nextBreakMs)}
              </strong>
            </div>
            {/* No money in this tournament (no prize pool, no payouts): the tile is hidden, its test id stays. */}
            <div hidden={!pub?.prize_pool && !pub?.payouts?.length} class="prize-tile">
              <span class="label">{t("display.prize_pool")}</span>
              <strong data-testid="display-prize-pool" data-amount={pub?.prize_pool ?? 0} class={pub?.prize_pool ? "" : "is-text"}>
                {pub?.prize_pool ? formatMoney(pub.prize_pool, pub.currency) : "–"}
              </strong>
            </div>
          </div>
          <Payouts payouts={pub?.payouts} currency={pub?.currency} testid="display-payouts" class="display-payouts" />
        </aside>
      </div>
      {wake && <span class="visually-hidden">{t("display.wake_lock")}</span>}
    </div>
  );
}
