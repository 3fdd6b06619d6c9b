import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang, ordinal, formatNumber, formatTime } from "../../i18n";
import { TableOval } from "../../ui/TableOval";
import { metaDelete, metaGet, metaSet } from "../../sync/db";
import { report } from "../../sync/report";
import { detectMove, nextMoveCard, seatOf, type PlayerMove, type SeatRef } from "../../seating/playerMove";
import { Shell } from "../../ui/Shell";
import { Clock } from "../../ui/Clock";
import { Payouts } from "../../ui/Payouts";
import { PushCard } from "../../ui/PushCard";
import { useConnection, useView } from "../../ui/hooks";
import { useLive } from "../../ui/live";
import { useMe } from "../../ui/useMe";
import { viewKey } from "../../sync/viewCache";
import { amountText, placeText } from "../../money/money";
import { AverageStack, PlayerPhoneExtras } from "./PlayerExtras";
import { PlayerDeal } from "./PlayerDeal";
import { MomentBanner } from "../../ui/Moments";
import { DeskQr } from "./DeskQr";
import type { PlayerView, PublicView } from "../../api/views";
import { RegistrationCard } from "./RegistrationCard";
import { registrationWords } from "./registration";
import { SignUpScreen, usePromotion } from "./SignUpScreen";
import { useServerNow } from "../../ui/hooks";
import { announceText, running } from "../../ui/announce";

// The club's public page and its sign-up form (route "club", app.tsx) are the players' side too.
export { ClubPage } from "./club/ClubPage";

export function Player(props: { token: string }) {
  const lang = useLang();
  const { token } = props;
  const [askMe, setAskMe] = useState(0);
  const me = useMe(token, askMe);
  const tid = me.me?.tournament_id ?? null;
  const entryId = me.me?.entry_id ?? null;
  // A personal link from a sign-up that waits for a place: no entry yet, its own screen.
  const waitingLink = tid != null && entryId == null && me.me?.signup_no != null;
  usePromotion(tid, waitingLink, askMe, () => setAskMe((n) => n + 1));
  const { invalid } = useLive({ token, tid });
  const { view: pv, loaded } = useView<PlayerView>(tid != null && entryId != null ? viewKey(tid, "player", entryId) : null);
  const { view: pub } = useView<PublicView>(tid != null ? viewKey(tid, "public") : null);
  const [moved, dismissMoved] = useMoveCard(token, pv);
  const finished = pub?.status === "finished" || !!pub?.winner;
  useEffect(() => {
    if (finished && moved) dismissMoved(); // a move card is stale once nobody plays any more
  }, [finished, !!moved]);
  const conn = useConnection();
  const now = useServerNow(30_000);
  const cantAsk = conn === "offline" || conn === "unreachable"; // nothing cached and no server to ask

  if (me.status === "invalid" || invalid) {
    return (
      <Shell title={t("app.name")} class="player" badge="status">
        <p class="card error" role="alert">{t("token.invalid")}</p>
      </Shell>
    );
  }
  if (waitingLink && tid != null) return <SignUpScreen token={token} tid={tid} signupNo={me.me!.signup_no!} />;
  // Before the draw a signed-up player's registration speaks (registered, moved up, checked in,
  // cancelled, no-show); from the draw on, the seat, the clock and the prize as for everyone.
  const reg = registrationWords(pv?.registration);
  const gone = reg?.tone === "off";
  const busted = pv?.status === "busted";
  // Once it is over, nobody moves any more: the winner's phone leads with "You won!", and no
  // phone offers or keeps move news.
  const over = pub?.status === "finished" || !!pub?.winner;
  const won = over && entryId != null && (pub?.winner?.entry_id === entryId || (pv?.place === 1 && !busted));
  return (
    <Shell title={pv?.name ?? pub?.name ?? t("app.name")} class="player" badge="status">
      {!me.me && me.status !== "loading" && <p class="card muted">{t("common.no_data")}</p>}
      {pub && <p class="muted center tournament-name">{pub.name}</p>}
      {won && (
        <section class="card player-won" data-testid="player-won" role="status">
          <strong class="player-won-title">{t("player.won")}</strong>
          <span class="player-won-sub">{t("player.won_text", { n: pub?.entries_total ?? "–" })}</span>
        </section>
      )}
      {pv?.deal ? (
        // The final table's deal (issue 32): on top while it waits for his answer, and its outcome
        <PlayerDeal deal={pv.deal} entryId={entryId} tid={tid} token={token} currency={pub?.currency} placedPrize={pv.place != null || won ? pv.prize : null} />
      ) : null}
      {running(pub, now).reverse().map((a) => (
        // the director's announcement (issue 33), newest first: worded in this phone's language
        <p class="card player-announce" role="status" key={a.id} data-testid="player-announcement" data-id={a.id}>{announceText(a, now)}</p>
      ))}
      {!over && <MomentBanner moments={pub?.moments} playersLeft={pub?.players_left ?? 0} audience="player" stillIn={!busted} />}
      {pub?.hand_for_hand && !busted && !over && (
        // N-2.13, V-V.b: on top, where the player looks first: every table waits for the others
        <section class="card player-hfh" data-testid="player-hfh" role="status">
          <strong class="player-hfh-title">{t("display.hfh")}</strong>
          <span class="player-hfh-sub">{t("player.hfh_sub")}</span>
        </section>
      )}
      {moved && !busted && !over && <MovedCard move={moved} onDismiss={dismissMoved} />}
      {reg && tid != null && (
        <RegistrationCard token={token} tid={tid} registration={pv?.registration} startsAt={pv?.sign_up?.starts_at ?? null} now={now} />
      )}
      <DeskQr token={token} tid={tid} entryId={entryId} />
      {/* Checked in: the seat card ("not drawn yet", then the seat) stays with the registration. */}
      {(!reg || reg.status === "checked_in") && <section class="card seat-card">
        <div class="player-name" data-testid="player-name">
          {pv?.name ?? ""}
        </div>
        {won ? (
          <div class="player-busted player-winner" data-testid="player-place" data-place={1}>
            {t("player.first_place")}
          </div>
        ) : busted ? (
          <div class="player-busted" data-testid="player-place" data-place={pv?.place ?? undefined}>
            {pv?.place != null ? t("player.busted", { place: placeText(pv.place, pv.tie, lang) }) : t("player.busted_noplace")}
          </div>
        ) : pv && pv.table_no != null && pv.seat != null ? (
          <div class="player-seat" data-testid="player-seat" data-table={pv.table_no} data-seat={pv.seat}>
            <span class="seat-line">{t("player.table_only", { t: pv.table_no })}</span>
            <span class="seat-line">{t("player.seat_only", { s: pv.seat })}</span>
          </div>
        ) : (
          // "Not drawn yet" only from a view that says so: a first scan knows nothing until the
          // server's answer (or the cache) arrives, and a phone that cannot ask says that instead.
          <div class="player-seat muted" data-testid="player-seat" role="status">
            {pv ? t("player.not_seated") : (loaded || me.status === "offline") && cantAsk ? t("common.no_data") : t("common.loading")}
          </div>
        )}
        {!busted && !over && pv && pv.table_no != null && pv.seat != null && pv.max_seats > 0 && (
          <TableOval
            maxSeats={pv.max_seats}
            seats={[]}
            plain
            highlight={pv.seat}
            highlightLabel={t("player.you")}
            badges={pv.button != null ? new Map([[pv.button, ["D" as const]]]) : undefined}
            center={[t("player.table_only", { t: pv.table_no })]}
            dealerLabel={t("floor.dealer")}
            label={`${t("player.your_seat")}: ${t("player.seat", { t: pv.table_no, s: pv.seat })}`}
            testid="player-table-map"
            class="player-oval"
          />
        )}
        {pv && (pv.prize ?? 0) > 0 && (
          <div class={`player-prize ${pv.paid != null ? "is-paid" : ""}`} data-testid="player-prize" data-amount={pv.prize} data-paid={pv.paid != null ? "true" : "false"}>
            <span class="prize-line">{t("player.prize", { amount: amountText(pv.prize, pub?.currency, lang) })}</span>
            <span class="muted">{pv.paid != null ? `${t("player.prize_paid", { amount: amountText(pv.paid, pub?.currency, lang) })} ✓` : t("player.prize_unpaid")}</span>
          </div>
        )}
        {hhChips(pv) != null && (
          <div class="player-hh" data-testid="player-hh-chips" data-n={hhChips(pv)}>
            {t("player.hh_chips", { n: formatNumber(hhChips(pv)) })}
          </div>
        )}
        {pv?.penalty && (
          <div class="player-penalty" data-testid="player-penalty" data-kind={pv.penalty.kind ?? ""} role="status">
            {penaltyText(pv.penalty)}
            {pv.penalty.reason ? <span class="muted small penalty-reason"> {String(pv.penalty.reason)}</span> : null}
          </div>
        )}
      </section>}
      {!busted && !over && !gone && <PushCard token={token} role="player" before={!!reg} />}
      <section class="card clock-card">
        {pub ? (
          <Clock structure={pub.structure} clock={pub.clock} rules={pub.clock_rules} size="big" />
        ) : (
          <p class="muted center clock-loading" data-testid="clock-loading" role="status">
            {t("common.loading")}
          </p>
        )}
      </section>
      {pub && (
        <section class="card stats stats-grid">
          <div>
            <span class="muted">{t("player.left")}</span>
            <strong data-testid="players-left">{pub.players_left}</strong>
          </div>
          <div>
            <span class="muted">{t("player.entries")}</span>
            <strong>{pub.entries_total}</strong>
          </div>
          <div>
            <span class="muted">{t("display.avg_stack")}</span>
            <AverageStack pub={pub} />
          </div>
        </section>
      )}
      {pub?.payouts?.length ? (
        <section class="card">
          <Payouts payouts={pub.payouts} currency={pub.currency} testid="player-payouts" />
        </section>
      ) : null}
      <PlayerPhoneExtras pub={pub} pv={pv} token={token} />
      <a class="btn btn-secondary btn-block" href={`#/season/${token}`} data-testid="player-season">
        {t("player.my_season")}
      </a>
    </Shell>
  );
}

/** Headhunter chips: `headhunter.hh_chips` (or a flat `hh_chips`); null where the preset has none. */
function hhChips(pv: any): number | null {
  const v = pv?.headhunter?.hh_chips ?? pv?.hh_chips;
  return v == null || !Number.isFinite(Number(v)) ? null : Number(v);
}

/** The penalty the player sits out: hands left, or until a time (N-2.23). */
function penaltyText(p: any): string {
  if (typeof p === "string") return t("player.penalty", { text: p });
  if (p?.hands_left != null) return t("player.penalty_hands", { n: p.hands_left });
  if (p?.until) return t("player.penalty_until", { time: formatTime(p.until) });
  return t("player.penalty", { text: String(p?.reason ?? p?.kind ?? "") });
}

function movedWhy(reason: string | null): string {
  if (reason === "balancing") return t("player.moved_why.balancing");
  if (reason === "director") return t("player.moved_why.director");
  if (reason === "table_broken") return t("player.moved_why.table_broken");
  if (reason === "final_table_formed") return t("player.moved_why.final_table_formed");
  if (reason === "two_tables_formed") return t("player.moved_why.two_tables_formed"); // G-Final at 16
  return t("player.moved_why.unknown");
}

function MovedCard(props: { move: PlayerMove; onDismiss: () => void }) {
  const m = props.move;
  return (
    <section class="card moved-card" data-testid="player-moved" data-table={m.to_table} data-seat={m.to_seat} data-reason={m.reason ?? ""} role="alert">
      <p class="moved-title">{t("player.moved_title", { t: m.to_table, s: m.to_seat })}</p>
      <p class="moved-from">{t("player.moved_from", { t: m.from_table, s: m.from_seat })}</p>
      <p class="moved-why">{movedWhy(m.reason)}</p>
      <p class="moved-take">{t("player.moved_take")}</p>
      <button type="button" class="btn btn-primary btn-block btn-big" data-testid="player-moved-dismiss" onClick={props.onDismiss}>
        {t("player.moved_ok")}
      </button>
    </section>
  );
}

/**
 * The "you moved" card: each new player view is compared with the seat this phone saw last
 * (kept in IndexedDB, so it also works after a reload); the card stays until dismissed.
 */
function useMoveCard(token: string, pv: any): [PlayerMove | null, () => void] {
  const [card, setCard] = useState<PlayerMove | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const seatKey = `seat:${token}`;
  const cardKey = `moved:${token}`;
  useEffect(() => {
    let alive = true;
    chain.current = chain.current.then(async () => {
      const stored = await metaGet<PlayerMove>(cardKey).catch((e) => report("player.card_read", e));
      if (alive && stored) setCard(stored);
    });
    return () => {
      alive = false;
    };
  }, [token]);
  useEffect(() => {
    if (!pv) return;
    chain.current = chain.current
      .then(async () => {
        const prev = (await metaGet<SeatRef>(seatKey)) ?? null;
        const move = detectMove(prev, pv);
        const cur = seatOf(pv);
        if (cur && (!prev || prev.table_no !== cur.table_no || prev.seat !== cur.seat)) await metaSet(seatKey, cur);
        if (!move) return;
        const stored = (await metaGet<PlayerMove>(cardKey)) ?? null;
        const next = nextMoveCard(stored, move);
        if (next) await metaSet(cardKey, next);
        else await metaDelete(cardKey);
        setCard(next);
        try {
          navigator.vibrate?.([200, 100, 200]);
        } catch (e) {
          report("player.vibrate", e);
        }
      })
      // Not shown: the screen shows the new seat anyway; only the "you were moved" card is missing.
      .catch((e) => report("player.card", e));
  }, [pv?.seq, pv?.table_no, pv?.seat]);
  const dismiss = () => {
    setCard(null);
    chain.current = chain.current.then(() => metaDelete(cardKey)).catch((e) => report("player.card_dismiss", e));
  };
  return [card, dismiss];
}
