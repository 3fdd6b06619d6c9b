import { useEffect, useMemo, useState } from "preact/hooks";
import { t, useLang, formatNumber, formatMoney, formatDecimal } from "../../i18n";
import { Payouts } from "../../ui/Payouts";
import { SyncBadge } from "../../ui/SyncBadge";
import { LangSwitch } from "../../ui/LangSwitch";
import { useServerNow, useView } from "../../ui/hooks";
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
import { MomentBanner, currentMoment, isNew } from "../../ui/Moments";
import { HfhBanner, MovesTicker, SeatingList, UpcomingLevels, WinnerScreen, seatingLayout, tickerItems, useSeatingPage } from "./TvRoom";
import { isPortrait, screenOptions } from "../../ui/screens";
import { themeOf, useLook } from "./look";
import { BrandSlot } from "./BrandSlot";
import { LobbyBody, RecentMoves } from "./Layouts";
import { useTvVoice } from "./useTvVoice";
import { SoundGate } from "./SoundGate";
import { AnnouncementBand } from "./Announcement";
import "./tv-room.css";
import "./layouts.css";
import type { DisplayView, PublicView } from "../../api/views";

/** The TV alternates: the clock for CLOCK_MS, then PAGES_PER_TURN pages of the seating list. */
const CLOCK_MS = 40_000;
const PAGE_MS = 20_000;
const PAGES_PER_TURN = 2;
/** The clock stays up in a level's last minute (the room watches the change). */
const HOLD_CLOCK_MS = 60_000;

/** The TV (docs/screens.md). Its link picks the layout (`?layout=`): `clock` — huge remaining
 * time, level, blinds, next levels, break, players, stacks, payouts, and every ~40 s the seating
 * list by name; `payouts` — the clock and the payout table large; `moves` — the clock and the seat
 * changes of the last minutes; `seating` — the seating list all the time under a clock strip;
 * `lobby` — the club's tournaments of tonight side by side. A screen taller than wide stacks.
 * Every layout: the hand-for-hand banner, the moves ticker, the club's brand slot, and at the end
 * the winner with the places and prizes. The theme: the link's `?theme=`, else the club's. */
export function Display(props: { token: string; query?: string }) {
  useLang();
  const { token } = props;
  const screen = useMemo(() => screenOptions(props.query ?? ""), [props.query]);
  const look = useLook(token);
  const theme = themeOf(screen.theme, look);
  const layoutName = screen.layout;
  const me = useMe(token);
  const tid = me.me?.tournament_id ?? null;
  const { invalid } = useLive({ token, tid });
  const { view: pub, loaded } = useView<PublicView>(tid != null ? viewKey(tid, "public") : null);
  const wake = useWakeLock(true);
  const m = useClockState(pub?.structure, pub?.clock, { rules: pub?.clock_rules }); // tones: useTvVoice
  const voice = useTvVoice(pub, m, screen.soundOff); // tone and speech at a level change (issue #33)
  const { view: tv } = useView<DisplayView>(tid != null ? viewKey(tid, "display") : null);
  const seatingOn = !pub?.winner && (tv?.seated ?? 0) > 0;
  const holdClock = m.status === "running" && m.remaining_ms < HOLD_CLOCK_MS;
  // Only the clock layout takes turns with the seating list; the seating layout shows it always.
  const pages = usePages(seatingOn && layoutName === "clock", holdClock, layoutName === "seating" && seatingOn);
  const now = useServerNow(5000);
  const hfh = !!pub?.hand_for_hand && !pub?.winner;
  // The moves layout lists the moves large itself: no ticker under it.
  const ticker = !pub?.winner && layoutName !== "moves" && layoutName !== "lobby" && tickerItems(tv?.moves ?? [], now).length > 0;
  const moment = currentMoment(pub?.moments);
  const momentBig = !!moment && isNew(moment, now);
  const size = useViewport();
  const portrait = isPortrait(size[0], size[1]);
  const layout = seatingLayout(size[0], size[1], (hfh ? 200 : 0) + (momentBig ? 200 : 0) + (ticker ? 90 : 0) + (layoutName === "seating" ? 60 : 0));
  const perPage = layout.cols * layout.rows;
  const seating = useSeatingPage(tid, token, pages.page, perPage, tv?.seq, pages.mode === "seating");
  const total = seating.data?.pages ?? 1;
  useEffect(() => {
    if (pages.page > total) pages.setPage(1); // the field shrank: start over
  }, [total, pages.page]);

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
      <div class={`display theme-${theme}`}>
        <p class="card error" role="alert">{t("token.invalid")}</p>
      </div>
    );
  }

  const bb = bigBlindInForce(m);
  const avgBb = averageInBigBlinds(pub?.average_stack, bb);
  const kind = m.entry?.kind ?? "level";
  const mode = pages.mode === "seating" && seatingOn ? "seating" : "clock";
  const over = !!pub?.winner;
  const lobby = layoutName === "lobby";
  const brandInSide = !lobby && mode !== "seating" && !over;
  return (
    <div
      class={`display layout-${layoutName} theme-${theme} ${portrait ? "is-portrait" : "is-landscape"} is-${kind} status-${m.status} page-${mode} ${over ? "is-over" : ""} ${hfh ? "has-hfh" : ""} ${ticker ? "has-ticker" : ""}`}
      data-testid="display"
      data-layout={layoutName}
      data-theme={theme}
      data-orientation={portrait ? "portrait" : "landscape"}
      data-page={mode}
      data-seating={seatingOn ? "on" : "off"}
      onClick={() => setShowUi(true)}
    >
      <header class={`display-bar ${showUi ? "" : "is-dim"}`}>
        <h1 class="display-name">{lobby ? t("display.lobby") : (pub?.name ?? "")}</h1>
        {seatingOn && layoutName === "clock" && (
          <button
            type="button"
            class="btn btn-ghost tv-page-btn"
            data-testid={mode === "seating" ? "display-show-clock" : "display-show-seating"}
            onClick={() => pages.show(mode === "seating" ? "clock" : "seating")}
          >
            {mode === "seating" ? t("display.show_clock") : t("display.show_seating")}
          </button>
        )}
        {mode === "seating" && total > 1 && (
          <button type="button" class="btn btn-ghost tv-page-btn" data-testid="display-next-page" onClick={() => pages.setPage((pages.page % total) + 1)}>
            {t("display.next_page")}
          </button>
        )}
        <SyncBadge counts={false} />
        <LangSwitch />
        {wake && <span class="visually-hidden">{t("display.wake_lock")}</span>}
      </header>
      {/* The slot above every layout: announcements (a band across the screen) go here. */}
      <div class="display-top" data-testid="display-top">
        <AnnouncementBand pub={pub} />
      </div>
      <SoundGate sound={voice.sound} voice={voice.voice} />
      {!pub && !lobby && <p class="muted center">{loaded || me.status !== "loading" ? t("common.no_data") : t("common.loading")}</p>}
      {!lobby && <HfhBanner on={hfh} />}
      {!lobby && <MomentBanner moments={pub?.moments} playersLeft={pub?.players_left ?? 0} audience="tv" only="new" />}
      {lobby ? (
        <LobbyBody token={token} portrait={portrait} />
      ) : (
        <div class="display-body">
          <main class="display-main">
            <div class="display-level">
              <span data-testid="clock-level" data-level={m.level ?? undefined} data-index={m.index}>
                {currentLabel(m)}
              </span>
              <StatusPill m={m} />
              <MomentBanner moments={pub?.moments} playersLeft={pub?.players_left ?? 0} audience="tv" only="quiet" />
            </div>
            <ClockNotices m={m} class="display-notices" />
            {pub?.winner ? (
              <WinnerScreen winner={pub.winner} results={pub.results} currency={pub.currency} />
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
            {mode === "clock" && layoutName === "clock" && <UpcomingLevels structure={pub?.structure} index={m.index + 1} finished={over || m.status === "finished"} />}
          </main>
          <aside class="display-side">
            {layoutName === "moves" && !over ? (
              <RecentMoves moves={tv?.moves} />
            ) : (
              <>
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
                <Payouts payouts={pub?.payouts} currency={pub?.currency} testid="display-payouts" class="display-payouts" max={layoutName === "payouts" ? 12 : 10} />
              </>
            )}
            {brandInSide && <BrandSlot look={look} />}
          </aside>
          {mode === "seating" && <SeatingList data={seating.data} cols={layout.cols} failed={seating.failed} />}
        </div>
      )}
      {!brandInSide && <BrandSlot look={look} class="tv-brand-foot" />}
      {ticker && <MovesTicker moves={tv?.moves} />}
    </div>
  );
}

/** Clock and seating pages in turn: CLOCK_MS on the clock (longer while `hold`), then up to
 * PAGES_PER_TURN seating pages of PAGE_MS each, the next turn going on where this one stopped. */
function usePages(enabled: boolean, hold: boolean, always = false) {
  const [mode, setMode] = useState<"clock" | "seating">("clock");
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState(0); // seating pages shown in this turn
  const [tick, setTick] = useState(0); // a manual switch restarts the timer
  useEffect(() => {
    if (always) {
      // the seating layout: the list stays, its pages turn
      const id = setTimeout(() => setPage((p) => p + 1), PAGE_MS);
      return () => clearTimeout(id);
    }
    if (!enabled) {
      setMode("clock");
      return;
    }
    const id = setTimeout(
      () => {
        if (mode === "clock") {
          if (hold) setTick((x) => x + 1);
          else {
            setMode("seating");
            setShown(1);
          }
        } else if (shown < PAGES_PER_TURN && !hold) {
          setPage((p) => p + 1); // wrapped to 1 by the caller past the last page
          setShown((n) => n + 1);
        } else {
          setMode("clock");
          setPage((p) => p + 1);
        }
      },
      mode === "clock" ? (hold ? 5_000 : CLOCK_MS) : PAGE_MS,
    );
    return () => clearTimeout(id);
  }, [enabled, mode, page, shown, tick, hold, always]);
  return {
    mode: always ? ("seating" as const) : mode,
    page,
    setPage: (p: number) => {
      setPage(p);
      setTick((x) => x + 1);
    },
    show: (next: "clock" | "seating") => {
      setMode(next);
      setShown(1);
      setTick((x) => x + 1);
    },
  };
}

/** The window's size, again on every resize (a TV turned on its side, a browser made smaller). */
function useViewport(): [number, number] {
  const [size, setSize] = useState<[number, number]>(() => [window.innerWidth, window.innerHeight]);
  useEffect(() => {
    const on = () => setSize([window.innerWidth, window.innerHeight]);
    window.addEventListener("resize", on);
    return () => window.removeEventListener("resize", on);
  }, []);
  return size;
}
