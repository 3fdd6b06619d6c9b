import { useEffect, useState } from "preact/hooks";
import { t, useLang, ordinal, formatTime, formatNumber } from "../../i18n";
import { Shell } from "../../ui/Shell";
import { PushCard } from "../../ui/PushCard";
import { Clock } from "../../ui/Clock";
import { BustDialog, ChipCount, MultiBust } from "./DealerBusts";
import { TimeCall } from "./TimeCall";
import { ClockLine } from "./DealerCompact";
import { BustToast, useBustToast } from "./BustToast";
import "./dealer.css";
import { placeText } from "../../money/money";
import { penaltyLeftText } from "../../money/penalties";
import { Confirm } from "../../ui/Confirm";
import { PendingList, RejectedList } from "../../ui/Rejected";
import { DealerPenaltyDialog, NewBigBlindLines, dealerPenalties } from "./DealerRules";
import { report } from "../../sync/report";
import { withRule } from "../../ui/reasons";
import { useConnection, useOutbox, useServerNow, useView } from "../../ui/hooks";
import { useLive } from "../../ui/live";
import { useMe } from "../../ui/useMe";
import { useWakeLock } from "../../ui/wakeLock";
import { TableOval } from "../../ui/TableOval";
import { setHouseRules } from "../../ui/houseRules";
import { viewKey } from "../../sync/viewCache";
import * as outbox from "../../sync/outbox";
import { badgesFor, occupant, type Badge, type TableLike } from "../../seating/positions";
import { brokenTableMoves, dealerMoves, hfhState, hfhStillPlaying, type HandForHand, type HfhState, type TableMove } from "../../seating/moves";
import type * as api from "../../api/views";
import type { PublicView, TableView } from "../../api/views";

type Seat = api.Seat;
/** Who sits out at this table (N-2.23). */
type SitOut = api.SitOut;

const HFH_OFF: HandForHand = { active: false, round: 0, done: [] };

/** V-III.h / TDA 11D: the table view's hold, while the table is too short to deal. */
type Halt = api.Halt;
/** V-III.i, V-IV.d, S-#4: why the button must be drawn again before the next hand. */
type Redraw = api.Redraw;

function reasonText(reason: string): string {
  if (reason === "table_broken") return t("reason.table_broken");
  if (reason === "final_table_formed") return t("reason.final_table_formed");
  if (reason === "two_tables_formed") return t("reason.two_tables_formed"); // G-Final at 16
  return t("reason.director");
}

export function Dealer(props: { token: string }) {
  const lang = useLang();
  const { token } = props;
  const me = useMe(token);
  const tid = me.me?.tournament_id ?? null;
  const tableNo = me.me?.table_no ?? null;
  const { invalid, refusal } = useLive({ token, tid, watch: tid != null && tableNo != null ? viewKey(tid, "table", tableNo) : null });
  const conn = useConnection();
  const online = conn === "online";
  // Not while connecting at start-up (no verdict yet); the words follow the badge's state.
  const cachedNote = online || conn === "connecting" ? null : t(conn === "unreachable" ? "offline.cached_unreachable" : "offline.cached");
  useWakeLock(true);
  const now = useServerNow(5000);
  const { view: table, loaded } = useView<TableView>(tid != null && tableNo != null ? viewKey(tid, "table", tableNo) : null);
  const { view: pub } = useView<PublicView>(tid != null ? viewKey(tid, "public") : null);
  if (table?.rules) setHouseRules(table.rules); // the house's own rule ids in the helpers' texts
  const queue = useOutbox();
  const mine = queue.filter((e) => e.token === token);
  const pendingBusts = new Set(mine.filter((e) => e.state === "pending" && e.type === "record_bust").map((e) => Number(e.payload.entry_id)));
  for (const e of mine) {
    if (e.state === "pending" && e.type === "record_busts") for (const b of (e.payload.busts as any[]) ?? []) pendingBusts.add(Number(b.entry_id));
  }
  // Latest queued set_away per entry (what the toggle shows until the view catches up).
  const awayQueued = new Map<number, boolean>();
  for (const e of mine) if (e.state === "pending" && e.type === "set_away") awayQueued.set(Number(e.payload.entry_id), Boolean(e.payload.away));
  const countQueued = mine.some((e) => e.state === "pending" && e.type === "chip_count");
  const [confirm, setConfirm] = useState<Seat | null>(null);
  const [panel, setPanel] = useState<"multi" | "count" | "pots" | null>(null);
  const [editing, setEditing] = useState<outbox.OutboxEntry | null>(null);
  const [warn, setWarn] = useState(false);
  const [picking, setPicking] = useState(false);
  const [clockOpen, setClockOpen] = useState(false);

  const bustedIds = new Set<number>((table?.busts ?? []).map((b: any) => Number(b.entry_id)));
  const seats: Seat[] = [...(table?.seats ?? [])].sort((a: Seat, b: Seat) => a.seat - b.seat);
  const maxSeats: number = table?.max_seats ?? 0;
  const liveSeats = seats.filter((x) => !bustedIds.has(x.entry_id) && !pendingBusts.has(x.entry_id));
  const stacks: Record<string, number> | null = table?.chip_count?.stacks ?? null;
  const hfh: HandForHand = table?.hand_for_hand ?? HFH_OFF;
  const handNo: number = Number(table?.hand_no ?? 0);
  const doneQueued = mine.some((e) => e.state === "pending" && e.type === "hand_done");
  const handQueued = mine.some((e) => e.state === "pending" && e.type === "new_hand");
  // N-2.13, V-V.b: the server says which tables dealt this round and which are done.
  const hstate: HfhState = tableNo != null ? hfhState(hfh, tableNo, doneQueued, handQueued) : "off";
  const stillPlaying = hfhStillPlaying(hfh);
  const halt: Halt | null = table?.halt ?? null;
  const redraw: Redraw | null = table?.redraw ?? null;
  // While a hand is on, the clock is one line and the hand one row, so every seat's
  // Bust button is on the first screen; the full clock is a tap away (and back at the next hand).
  const handOn = Boolean(table) && !table?.broken && handNo > 0 && hstate === "off" && !halt && !picking && seats.length >= 2;
  const compact = handOn && !clockOpen;
  useEffect(() => setClockOpen(false), [handNo]);
  const toast = useBustToast({ tid, token, table, pub, queue: mine });

  function send(type: string, payload: Record<string, unknown>, label?: Record<string, string | number>) {
    if (tid == null) return;
    return outbox.enqueue({ tournament_id: tid, type, payload, token, label });
  }

  if (me.status === "invalid" || invalid) {
    // A replaced link (the director issued a new QR for this table): say which table this phone
    // ran and that its unsent entries were not applied, so the dealer can tell the director.
    const revoked = me.code === "revoked" || refusal?.error === "revoked";
    const lostTable = me.tableNo ?? refusal?.table_no ?? tableNo;
    return (
      <Shell title={t("dealer.title", { n: lostTable ?? "?" })}>
        <section class="card error dealer-invalid" role="alert" data-testid="dealer-invalid" data-reason={revoked ? "revoked" : "invalid"}>
          {revoked ? (
            <>
              <h2>{t("dealer.revoked_title", { n: lostTable ?? "?" })}</h2>
              <p>{t("dealer.revoked_text")}</p>
            </>
          ) : (
            <p>{t("token.invalid")}</p>
          )}
        </section>
        <PendingList filter={(e) => e.token === token} />
        <RejectedList filter={(e) => e.token === token} />
      </Shell>
    );
  }
  if (!me.me) {
    return (
      <Shell title={t("dealer.unknown_table")}>
        <p class="card muted">{me.status === "loading" ? t("common.loading") : t("common.no_data")}</p>
        <RejectedList filter={(e) => e.token === token} />
      </Shell>
    );
  }

  const clockCard = compact ? (
    <ClockLine structure={pub?.structure} clock={pub?.clock} rules={pub?.clock_rules} onExpand={() => setClockOpen(true)} />
  ) : (
    <section class="card clock-card">
      {handOn && (
        <button type="button" class="btn btn-ghost clock-shrink" data-testid="dealer-clock-shrink" aria-expanded="true" onClick={() => setClockOpen(false)}>
          {t("dealer.clock_less")} ▴
        </button>
      )}
      <Clock structure={pub?.structure} clock={pub?.clock} rules={pub?.clock_rules} size={table?.broken ? "normal" : "big"} alerts />
      {pub && (
        <div class="stats">
          <div>
            <span class="muted">{t("player.left")}</span> <strong data-testid="players-left">{pub.players_left}</strong>
          </div>
        </div>
      )}
    </section>
  );

  if (table?.broken) {
    const gone = brokenTableMoves(table.moves, tableNo!);
    return (
      <Shell title={t("dealer.title", { n: tableNo ?? "?" })} class="dealer is-broken">
        {cachedNote && <p class="offline-note">{cachedNote}</p>}
        <RejectedList filter={(e) => e.token === token} />
        <section class="card dealer-broken" data-testid="dealer-broken" role="status">
          <h2>{t("dealer.broken_title")}</h2>
          {gone.length ? (
            <>
              <p class="broken-lead">{t("dealer.broken_text")}</p>
              <ul class="broken-list">
                {gone.map((m) => (
                  <li key={m.entry_id} data-testid={`dealer-move-${m.entry_id}`} data-to-table={m.to_table} data-to-seat={m.to_seat}>
                    <span class="seat-no">{m.from_seat ?? "–"}</span>
                    <span class="broken-name">{m.name}</span>
                    <span class="broken-dest">→ {t("dealer.broken_row", { to: m.to_table, to_seat: m.to_seat })}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t("dealer.broken_none")}</p>
          )}
          <p class="muted">{t("dealer.broken_end")}</p>
        </section>
        {clockCard}
      </Shell>
    );
  }

  const badges = badgesFor(table as unknown as TableLike);
  // Who sits out (table view `penalties`); a time penalty is dropped by the server once over.
  const sitOut: SitOut[] = (table?.penalties ?? [])
    .filter((p) => p.until == null || p.until > now)
    .sort((a, b) => a.seat - b.seat);
  const outBySeat = new Map(sitOut.map((p) => [p.seat, p]));
  const awayShort = new Map<number, string>();
  for (const x of seats) if (x.away || x.absent) awayShort.set(x.seat, x.away ? t("away.short") : t("away.absent_short"));
  const outShort = new Map(sitOut.map((p) => [p.seat, p.hands_left != null ? `${t("sitout.badge")} ${p.hands_left}` : t("sitout.badge")]));
  const warnQueued = mine.filter((e) => e.state === "pending" && e.type === "penalize").length;
  const moves = tableNo != null ? dealerMoves(table?.moves as TableMove[], tableNo, now) : [];

  return (
    <Shell title={t("dealer.title", { n: tableNo ?? "?" })} class={`dealer ${handOn ? "is-hand-on" : ""} ${compact ? "is-compact" : ""}`} secure>
      {cachedNote && (table || pub) && <p class="offline-note">{cachedNote}</p>}
      <RejectedList
        filter={(e) => e.token === token}
        canEdit={(e) => e.type === "record_bust" || e.type === "chip_count"}
        onEdit={(e) => {
          setPanel(null);
          setEditing(e);
        }}
      />
      {editing?.type === "chip_count" && tableNo != null && (
        <ChipCount
          key={editing.op_id}
          tableNo={tableNo}
          seats={liveSeats}
          initial={(editing.payload.stacks as Record<string, unknown>) ?? {}}
          lead={t("rejected.edit_count_lead")}
          onCancel={() => setEditing(null)}
          onSubmit={(payload) => {
            void outbox.resend(editing.op_id, payload, { table_no: tableNo });
            setEditing(null);
          }}
        />
      )}

      {halt && (
        <section class="card halt-banner" data-testid="dealer-halt" data-short={halt.short} data-rule={halt.rule} role="alert">
          <p class="halt-title">{t("dealer.halt_title")}</p>
          <p class="halt-text">{t("dealer.halt_text", { n: halt.short })}</p>
          <span class="tag tag-rule">{t("sugg.rule", { rule: halt.rule })}</span>
        </section>
      )}

      {table?.note && (
        <section class="card table-note" data-testid="table-note" role="status">
          <p class="muted small">{t("cmd.set_table_note.shown")}</p>
          <p>{table.note}</p>
        </section>
      )}

      {/* N-3.2: the director collects the absent player's stake; the dealer leaves the stack for him */}
      {(table?.removed_stacks ?? []).map((r) => (
        <p key={r.entry_id} class="card removed-note" data-testid={`removed-note-${r.entry_id}`} role="status">
          {withRule(t("removed.dealer_note", { seat: r.seat ?? "–", name: r.name }), r.rule ?? "")}
        </p>
      ))}

      {hstate !== "off" && (
        <section class={`card hfh-banner hfh-${hstate}`} data-testid="dealer-hfh-banner" data-state={hstate} data-round={hfh.round} role="status">
          <p class="hfh-round muted small">
            {t("dealer.hfh_round", { n: hfh.round })}
            {hfh.rule ? ` · ${hfh.rule}` : ""}
          </p>
          {hstate === "playing" && (
            <>
              <p class="hfh-text">{t("dealer.hfh_banner")}</p>
              <p class="hfh-sub">{t("dealer.hfh_playing_sub")}</p>
            </>
          )}
          {hstate === "wait" && (
            <div data-testid="dealer-hfh-wait" data-playing={stillPlaying ?? undefined}>
              <p class="hfh-text">{stillPlaying === 1 ? t("dealer.hfh_wait_one") : stillPlaying ? t("dealer.hfh_wait_n", { n: stillPlaying }) : t("dealer.hfh_wait")}</p>
              <p class="hfh-sub">{t("dealer.hfh_wait_sub")}</p>
              {doneQueued && <span class="tag tag-pending">{t("common.pending")}</span>}
            </div>
          )}
          {hstate === "next" && <p class="hfh-text">{t("dealer.hfh_next")}</p>}
        </section>
      )}

      {compact && (
        <div class="dealer-topline">
          {clockCard}
          {table && <TimeCall presetId={pub?.preset_id} token={token} compact />}
        </div>
      )}

      {table && (
        <HandCard
          compact={handOn}
          table={table as unknown as TableLike}
          seats={seats}
          hstate={hstate}
          halt={halt}
          redraw={redraw}
          picking={picking}
          setPicking={setPicking}
          pendingHands={mine.filter((e) => e.state === "pending" && e.type === "new_hand").length}
          pendingButton={mine.find((e) => e.state === "pending" && e.type === "set_button")?.payload.seat as number | undefined}
          pendingBusts={pendingBusts}
          onNewHand={() => send("new_hand", { table_no: tableNo })}
          onSetButton={(seat) => {
            send("set_button", { table_no: tableNo, seat }, { seat });
            setPicking(false);
          }}
          onHandDone={() => send("hand_done", { table_no: tableNo })}
        />
      )}

      {table && !compact && <TimeCall presetId={pub?.preset_id} token={token} />}

      {sitOut.length > 0 && (
        <section class="card sitout-card" data-testid="dealer-sitout" aria-labelledby="sitout-h" role="status">
          <h2 id="sitout-h">{t("sitout.title")}</h2>
          <ul class="sitout-list">
            {sitOut.map((p) => (
              <li
                key={p.entry_id}
                class="sitout-row"
                data-testid={`sitout-${p.seat}`}
                data-entry-id={p.entry_id}
                data-kind={p.kind}
                data-hands-left={p.hands_left ?? undefined}
                data-until={p.until ?? undefined}
              >
                <span class="seat-no" aria-label={`Seat ${p.seat}`}>{p.seat}</span>
                <span class="sitout-name">
                  {p.name}
                  <span class="sitout-kind">
                    {t(`penalty.kind.${p.kind}` as "penalty.kind.warning")}
                    {p.reason ? ` · ${p.reason}` : ""}
                  </span>
                </span>
                <span class="sitout-left" data-testid={`sitout-left-${p.seat}`}>{penaltyLeftText(p, lang)}</span>
              </li>
            ))}
          </ul>
          <p class="muted small">{t("sitout.hint")}</p>
        </section>
      )}

      {!compact && clockCard}

      <section class="card dealer-seats-card" aria-labelledby="seats-h">
        <h2 id="seats-h" class={handOn ? "visually-hidden" : undefined}>
          {t("dealer.seats")} <span class="muted small">{maxSeats ? `(${seats.length}/${maxSeats})` : ""}</span>
        </h2>
        {!table && loaded && <p class="muted">{t("common.no_data")}</p>}
        {table && seats.length === 0 && <p class="muted">{t("dealer.no_seats")}</p>}
        {table && maxSeats > 0 && seats.length > 0 && (
          <TableOval
            class={`dealer-oval ${handOn ? "is-after-list" : ""}`}
            maxSeats={maxSeats}
            seats={seats}
            badges={badges}
            names
            marked={new Set(moves.filter((m) => m.fresh && m.kind !== "leave").map((m) => m.to_seat))}
            out={outShort}
            away={awayShort}
            center={[t("dealer.title", { n: tableNo ?? "?" }), handNo ? t("floor.hand", { n: handNo }) : null]}
            dealerLabel={t("floor.dealer")}
            label={t("dealer.title", { n: tableNo ?? "?" })}
          />
        )}
        <ul class="dealer-seats">
          {seatRows(seats, badges).map((row) => {
            if (!row.s) {
              return (
                <li key={`e${row.seat}`} class="dealer-seat is-empty-badge">
                  <span class="seat-no">{row.seat}</span>
                  <span class="seat-main">
                    <span class="seat-name muted">
                      {t("floor.empty")} ({t("dealer.dead")})
                    </span>
                    <SeatBadge seat={row.seat} badges={row.badges} />
                  </span>
                </li>
              );
            }
            const s = row.s;
            const pend = pendingBusts.has(s.entry_id);
            const busted = bustedIds.has(s.entry_id);
            const out = outBySeat.get(s.seat);
            const awayNow = awayQueued.get(s.entry_id) ?? Boolean(s.away);
            return (
              <li
                key={s.seat}
                class={`dealer-seat ${pend ? "is-pending" : ""} ${busted ? "is-busted" : ""} ${out ? "is-out" : ""}`}
                data-testid={`seat-${s.seat}`}
                data-entry-id={s.entry_id}
                data-pending={pend ? "true" : undefined}
                data-busted={busted ? "true" : undefined}
              >
                <span class="seat-no" aria-label={`Seat ${s.seat}`}>
                  {s.seat}
                </span>
                <span class="seat-main">
                  <span class="seat-name">{s.name}</span>
                  <SeatBadge seat={s.seat} badges={row.badges} />
                  {stacks && stacks[String(s.seat)] != null && (
                    <span class="seat-stack muted small" data-testid={`stack-${s.seat}`}>
                      {formatNumber(Number(stacks[String(s.seat)]))} · {t("dealer.counted", { time: formatTime(table?.chip_count?.at) })}
                    </span>
                  )}
                  {out && (
                    <span class="tag tag-out" data-testid={`sitout-seat-${s.seat}`} data-hands-left={out.hands_left ?? undefined}>
                      {penaltyLeftText(out, lang) || t("sitout.title")}
                    </span>
                  )}
                </span>
                {!busted && !pend && (
                  <button
                    type="button"
                    class={`btn btn-away ${awayNow ? "is-on" : "btn-secondary"}`}
                    data-testid={`away-toggle-${s.seat}`}
                    aria-pressed={awayNow ? "true" : "false"}
                    aria-label={awayNow ? undefined : awayName(handOn, s.name)}
                    onClick={() => send("set_away", { entry_id: s.entry_id, away: !awayNow }, { name: s.name, seat: s.seat })}
                  >
                    {awayNow ? t("away.back") : handOn ? t("dealer.away_short_button") : t("away.button")}
                    {awayQueued.has(s.entry_id) && <span class="tag tag-pending">{t("common.pending")}</span>}
                  </button>
                )}
                {s.away && (
                  <span class="tag tag-away" data-testid={`away-badge-${s.seat}`}>{t("away.badge")}</span>
                )}
                {s.absent && (
                  <span class="tag tag-away" data-testid={`absent-badge-${s.seat}`}>{t("away.absent")}</span>
                )}
                {s.sits_out && (
                  // S-#4: a newcomer never enters on the small blind: dealt in from the hand after it
                  <span class="tag tag-away" data-testid={`sits-out-badge-${s.seat}`} data-hand-no={s.sits_out.hand_no}>
                    {withRule(t(s.sits_out.hand_no > handNo ? "dealer.joins_after_next_hand" : "dealer.sits_out_this_hand"), s.sits_out.rule ?? "")}
                  </span>
                )}
                {busted ? (
                  <span class="tag tag-busted">{t("dealer.busted")}</span>
                ) : pend ? (
                  <span class="tag tag-pending">{t("bust.pending")}</span>
                ) : (
                  <button type="button" class="btn btn-danger btn-bust" data-testid={`bust-${s.entry_id}`} onClick={() => setConfirm(s)}>
                    {t("bust.button")}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {table && tableNo != null && panel === null && (
          <div class="dealer-tools">
            {liveSeats.length >= 2 && (
              <button type="button" class="btn btn-secondary btn-big" data-testid="dealer-multi-bust" onClick={() => setPanel("multi")}>
                {t("bust.multi")}
              </button>
            )}
            {liveSeats.length >= 1 && (
              <button type="button" class="btn btn-secondary btn-big" data-testid="dealer-chip-count" onClick={() => setPanel("count")}>
                {t("chipcount.open")}
                {countQueued && <span class="tag tag-pending">{t("common.pending")}</span>}
              </button>
            )}
            {liveSeats.length >= 2 && (
              <button type="button" class="btn btn-secondary btn-big" data-testid="dealer-pots" onClick={() => setPanel("pots")}>
                {t("pots.open")}
              </button>
            )}
            {liveSeats.length >= 1 && (
              <button type="button" class="btn btn-secondary btn-big" data-testid="dealer-warn" onClick={() => setWarn(true)}>
                {dealerPenalties(table).kinds.length > 1 ? t("dpen.open") : t("warn.open")}
                {warnQueued > 0 && <span class="tag tag-pending">{t("common.pending")}</span>}
              </button>
            )}
          </div>
        )}
        {table && seats.length >= 2 && table.button != null && !picking && (
          <button type="button" class="btn btn-ghost btn-block redraw" data-testid="dealer-set-button" onClick={() => { setPicking(true); window.scrollTo({ top: 0, behavior: "smooth" }); }}>
            {t("dealer.redraw_button")}
          </button>
        )}
      </section>

      {/* Below the seat rows (the oval marks who just arrived): only the last minutes' moves, never the night's */}
      {moves.length > 0 && (
        <section class="card dealer-moves" data-testid="dealer-moves" aria-labelledby="moves-h">
          <h2 id="moves-h">{t("dealer.moves")}</h2>
          <ul>
            {moves.map((m) => (
              <li
                key={m.entry_id}
                class={`dmove dmove-${m.kind} ${m.fresh ? "is-fresh" : ""}`}
                data-testid={`dealer-move-${m.entry_id}`}
                data-kind={m.kind}
                data-fresh={m.fresh ? "true" : undefined}
              >
                <span class="dmove-icon" aria-hidden="true">
                  {m.kind === "arrive" ? "→" : m.kind === "leave" ? "←" : "↻"}
                </span>
                <span class="dmove-text">
                  {m.kind === "arrive"
                    ? t("dealer.move_arrive", { seat: m.to_seat, name: m.name, from: m.from_table })
                    : m.kind === "leave"
                      ? t("dealer.move_leave", { seat: m.from_seat, name: m.name, to: m.to_table, to_seat: m.to_seat })
                      : t("dealer.move_reseat", { name: m.name, from_seat: m.from_seat, to_seat: m.to_seat })}
                  <span class="muted small dmove-meta">
                    {reasonText(m.reason)}
                    {m.at ? ` · ${formatTime(m.at)}` : ""}
                  </span>
                </span>
                {m.fresh && <span class="tag tag-new">{t("dealer.move_new")}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      {panel === "multi" && tableNo != null && (
        <MultiBust
          tableNo={tableNo}
          seats={liveSeats}
          onCancel={() => setPanel(null)}
          onSubmit={(payload, label) => {
            send("record_busts", payload, label);
            setPanel(null);
          }}
        />
      )}
      {panel === "pots" && (
        <LazyPots seats={liveSeats} button={table?.button ?? null} pub={pub ?? null} onClose={() => setPanel(null)} />
      )}
      {panel === "count" && tableNo != null && (
        <ChipCount
          tableNo={tableNo}
          seats={liveSeats}
          previous={table?.last_count}
          onCancel={() => setPanel(null)}
          onSubmit={(payload) => {
            send("chip_count", payload, { table_no: tableNo });
            setPanel(null);
          }}
        />
      )}

      {table?.busts?.length ? (
        <section class="card" aria-labelledby="tbusts-h">
          <h2 id="tbusts-h">{t("busts.title")}</h2>
          <ol class="busts">
            {table.busts.slice(0, 10).map((b: any) => (
              <li key={b.entry_id}>
                <span class="bust-place">{b.place != null ? placeText(b.place, b.tie, lang) : "–"}</span>
                <span class="bust-name">{b.name}</span>
                <span class="muted small">{formatTime(b.at)}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <PushCard token={token} role="dealer" />

      {warn && (
        <DealerPenaltyDialog
          seats={liveSeats}
          allowed={dealerPenalties(table)}
          onCancel={() => setWarn(false)}
          onSubmit={(s, payload) => {
            send("penalize", payload, { name: s.name, seat: s.seat });
            setWarn(false);
          }}
        />
      )}

      {editing?.type === "record_bust" && (
        <Confirm
          title={t("rejected.edit_bust_title")}
          text={t("rejected.edit_bust_text", { name: String(editing.label?.name ?? `#${editing.payload.entry_id}`) })}
          confirmLabel={t("common.dismiss")}
          testid="edit-bust-dismiss"
          onCancel={() => setEditing(null)}
          onConfirm={() => {
            void outbox.dismiss(editing.op_id);
            setEditing(null);
          }}
        >
          <div class="pick-grid" data-testid="edit-bust">
            {liveSeats.map((s) => (
              <button
                type="button"
                key={s.seat}
                class="btn btn-danger pick-seat"
                data-testid={`edit-bust-seat-${s.seat}`}
                onClick={() => {
                  const payload: Record<string, unknown> = { entry_id: s.entry_id };
                  const by = editing.payload.eliminated_by;
                  if (by != null && by !== s.entry_id && liveSeats.some((x) => x.entry_id === by)) payload.eliminated_by = by;
                  void outbox.resend(editing.op_id, payload, { name: s.name, seat: s.seat });
                  setEditing(null);
                }}
              >
                <span class="seat-no">{s.seat}</span>
                <span class="pick-name">{s.name}</span>
              </button>
            ))}
          </div>
        </Confirm>
      )}

      {confirm && (
        <BustDialog
          seat={confirm}
          seats={seats.filter((x) => !bustedIds.has(x.entry_id) && !pendingBusts.has(x.entry_id))}
          onCancel={() => setConfirm(null)}
          onConfirm={(by) => {
            const seat = confirm;
            const queued = send(
              "record_bust",
              by ? { entry_id: seat.entry_id, eliminated_by: by.entry_id } : { entry_id: seat.entry_id },
              { name: seat.name, seat: seat.seat },
            );
            toast.show(seat, queued);
            setConfirm(null);
          }}
        />
      )}
      <BustToast toast={toast} />
    </Shell>
  );
}

/** Occupied seats, plus an empty seat where it carries the (dead) button or small blind. */
function seatRows(seats: Seat[], badges: Map<number, Badge[]>): { seat: number; s?: Seat; badges?: Badge[] }[] {
  const rows: { seat: number; s?: Seat; badges?: Badge[] }[] = seats.map((s) => ({ seat: s.seat, s, badges: badges.get(s.seat) }));
  for (const [seat, b] of badges) if (!seats.some((s) => s.seat === seat)) rows.push({ seat, badges: b });
  return rows.sort((a, b) => a.seat - b.seat);
}

function SeatBadge(props: { seat: number; badges?: Badge[] }) {
  if (!props.badges?.length) return null;
  return (
    <span class="badges" data-testid={`seat-badge-${props.seat}`} data-badges={props.badges.join(",")}>
      {props.badges.map((b, i) => (
        <span key={b} class={`badge badge-${b.toLowerCase()}`}>
          {b}
          {i < props.badges!.length - 1 ? <span class="visually-hidden"> · </span> : null}
        </span>
      ))}
    </span>
  );
}

function HandCard(props: {
  compact?: boolean;
  table: TableLike & Record<string, any>;
  seats: Seat[];
  hstate: HfhState;
  halt: Halt | null;
  redraw: Redraw | null;
  picking: boolean;
  setPicking: (v: boolean) => void;
  pendingHands: number;
  pendingButton: number | undefined;
  /** Busts queued on this phone: the server has not moved the next big blind past them yet. */
  pendingBusts: Set<number>;
  onNewHand: () => void;
  onSetButton: (seat: number) => void;
  onHandDone: () => void;
}) {
  const tb = props.table;
  const handNo = Number(tb.hand_no ?? 0);
  const name = (seat: number | null | undefined) => occupant(tb, seat)?.name ?? t("dealer.dead");
  if (props.seats.length < 2) return null;
  const noButton = tb.button == null && props.pendingButton == null;

  if (props.picking) {
    return (
      <section class="card hand-card picking" aria-labelledby="pick-h">
        <h2 id="pick-h">{t("dealer.set_button")}</h2>
        <p class="pick-lead">{t("dealer.pick_seat")}</p>
        <div class="pick-grid">
          {props.seats.map((s) => (
            <button type="button" key={s.seat} class="btn btn-secondary pick-seat" data-testid={`dealer-button-seat-${s.seat}`} onClick={() => props.onSetButton(s.seat)}>
              <span class="seat-no">{s.seat}</span>
              <span class="pick-name">{s.name}</span>
            </button>
          ))}
        </div>
        <button type="button" class="btn btn-ghost btn-block" data-testid="dealer-pick-cancel" onClick={() => props.setPicking(false)}>
          {t("common.cancel")}
        </button>
      </section>
    );
  }

  if (noButton && props.redraw) {
    // V-III.i (two or more newcomers), V-IV.d / S-#4 (the final table): a new high-card draw.
    const r = props.redraw;
    return (
      <section class="card hand-card no-button is-redraw" aria-labelledby="nob-h" data-testid="dealer-redraw" data-reason={r.reason} data-rule={r.rule ?? undefined}>
        <h2 id="nob-h">{t("dealer.redraw_title")}</h2>
        <p>{t(r.reason === "final_table" ? "dealer.redraw_text.final_table" : r.reason === "two_tables" ? "dealer.redraw_text.two_tables" : "dealer.redraw_text.new_players")}</p>
        {r.rule && <span class="tag tag-rule">{t("sugg.rule", { rule: r.rule })}</span>}
        <button type="button" class="btn btn-primary btn-block btn-huge" data-testid="dealer-set-button" onClick={() => props.setPicking(true)}>
          {t("dealer.set_button")}
        </button>
      </section>
    );
  }

  if (noButton) {
    return (
      <section class="card hand-card no-button" aria-labelledby="nob-h">
        <h2 id="nob-h">{t("dealer.no_button_title")}</h2>
        <p>{t("dealer.no_button_text")}</p>
        <button type="button" class="btn btn-primary btn-block btn-huge" data-testid="dealer-set-button" onClick={() => props.setPicking(true)}>
          {t("dealer.set_button")}
        </button>
      </section>
    );
  }

  const next = tb.next as { button: number; sb: number; bb: number; utg: number } | null | undefined;
  // The server names the next big blind; a bust of that player still queued here makes its answer
  // stale, and who follows is the server's to say once it has the bust.
  const nextBusted = next != null && props.pendingBusts.has(occupant(tb, next.bb)?.entry_id ?? -1);
  const nextBb = next ? (nextBusted ? t("dealer.next_bb_after_bust") : t("dealer.next_bb", { seat: next.bb, name: name(next.bb) })) : null;
  const waiting = props.hstate === "wait";
  // The server refuses a new hand while hand-for-hand waits (N-2.13, V-V.b) or the table is held
  // (V-III.h, TDA 11D): the button says so instead of offering it.
  const locked: "playing" | "wait" | "halt" | null =
    props.hstate === "playing" ? "playing" : waiting ? "wait" : props.halt ? "halt" : null;
  const pendingN = props.pendingHands;
  if (props.compact && handNo > 0 && !locked) {
    // One row while a hand is on — which hand and who posts the big blind, and "New hand".
    return (
      <section class="card hand-card is-compact" aria-labelledby="hand-h">
        <div class="hand-row">
          <div class="hand-info">
            <h2 id="hand-h" class="hand-no" data-testid="dealer-hand-no" data-hand-no={handNo}>
              {t("dealer.hand_no", { n: handNo })}
              {pendingN > 0 && <span class="tag tag-pending">+{pendingN}</span>}
            </h2>
            {tb.bb != null && (
              <p class="hand-bb" data-testid="dealer-bb" data-seat={tb.bb}>
                {t("dealer.bb_now", { seat: tb.bb, name: name(tb.bb) })}
              </p>
            )}
          </div>
          <button type="button" class="btn btn-primary hand-new" data-testid="dealer-new-hand" onClick={props.onNewHand}>
            {t("dealer.new_hand")}
          </button>
        </div>
        <NewBigBlindLines table={tb} />
        {next && (
          <p class="visually-hidden" data-testid="dealer-next-bb" data-seat={nextBusted ? undefined : next.bb} data-pending={nextBusted ? "true" : undefined}>
            {nextBb}
          </p>
        )}
      </section>
    );
  }
  return (
    <section class={`card hand-card hfh-${props.hstate}`} aria-labelledby="hand-h">
      <div class="hand-top">
        <h2 id="hand-h" class="hand-no" data-testid="dealer-hand-no" data-hand-no={handNo}>
          {handNo ? t("dealer.hand_no", { n: handNo }) : t("dealer.no_hand")}
        </h2>
        {pendingN > 0 && <span class="tag tag-pending">+{pendingN} {t("common.pending")}</span>}
      </div>
      {handNo > 0 && tb.bb != null ? (
        <p class="hand-bb" data-testid="dealer-bb" data-seat={tb.bb}>
          {t("dealer.bb_now", { seat: tb.bb, name: name(tb.bb) })}
        </p>
      ) : tb.button != null || props.pendingButton != null ? (
        <p class="hand-bb" data-testid="dealer-button-at" data-seat={tb.button ?? props.pendingButton}>
          {t("dealer.button_at", { seat: tb.button ?? props.pendingButton, name: name(tb.button ?? props.pendingButton) })}
          {props.pendingButton != null && <span class="tag tag-pending">{t("common.pending")}</span>}
        </p>
      ) : null}
      {handNo > 0 && (
        <p class="hand-pos muted" data-testid="dealer-positions">
          {(
            [
              ["D", tb.button],
              ["SB", tb.sb],
              ["BB", tb.bb],
            ] as [string, number | null | undefined][]
          )
            .map(([k, seat]) => `${k} ${seat ?? "–"}${seat != null && !occupant(tb, seat) ? ` (${t("dealer.dead")})` : ""}`)
            .join(" · ")}
        </p>
      )}
      <NewBigBlindLines table={tb} />
      {props.hstate === "playing" && (
        <button type="button" class="btn btn-warn btn-block btn-huge" data-testid="dealer-hand-done" onClick={props.onHandDone}>
          {t("dealer.hand_done")}
        </button>
      )}
      <button
        type="button"
        class={`btn btn-block btn-huge ${locked ? "btn-secondary is-locked" : "btn-primary"}`}
        data-testid="dealer-new-hand"
        data-locked={locked ?? undefined}
        disabled={locked != null}
        aria-describedby={locked ? "new-hand-why" : undefined}
        onClick={props.onNewHand}
      >
        {handNo ? t("dealer.new_hand") : t("dealer.first_hand")}
      </button>
      {locked && (
        <p class="new-hand-why" id="new-hand-why" data-testid="dealer-new-hand-why" data-reason={locked}>
          {t(`dealer.new_hand_why.${locked}` as "dealer.new_hand_why.wait")}
        </p>
      )}
      {next && !waiting && (
        <p class="hand-next muted" data-testid="dealer-next-bb" data-seat={nextBusted ? undefined : next.bb} data-pending={nextBusted ? "true" : undefined}>
          {nextBb}
        </p>
      )}
    </section>
  );
}

/** "Away: Anna" / "Abw. (Abwesend): Anna": the name starts with the visible word, short or not
 * (axe label-content-name-mismatch; voice control says what it sees). */
function awayName(handOn: boolean, name: string): string {
  const shown = handOn ? t("dealer.away_short_button") : t("away.button");
  return shown === t("away.button") ? `${shown}: ${name}` : `${shown} (${t("away.button")}): ${name}`;
}

type PotsProps = Parameters<typeof import("./DealerPots").DealerPotsNow>[0];
let potsLoaded: ((p: PotsProps) => any) | undefined;

/** The side-pot helper, opened now and then: fetched when opened, not with the first screen. */
function LazyPots(props: PotsProps) {
  const [Pots, setPots] = useState(() => potsLoaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    Pots || import("./DealerPots").then((m) => setPots(() => (potsLoaded = m.DealerPotsNow)), (e) => (report("dealer.pots", e), setFailed(true)));
  }, []);
  if (Pots) return <Pots {...props} />;
  return <p class="card muted" role="status">{failed ? t("app.load_failed") : t("common.loading")}</p>;
}
