// The hand: which one is on, who posts the big blind, "New hand" — locked while hand-for-hand
// waits or the table is held — and, before the first hand, where the button is.
import { t } from "../../../i18n";
import { occupant, type TableLike } from "../../../seating/positions";
import type { HfhState } from "../../../seating/moves";
import type { Halt, Redraw, Seat, TableView } from "../../../api/views";
import { NewBigBlindLines } from "./DealerRules";
import { ButtonPicker, NoButtonCard } from "./ButtonCards";

type Next = { button: number; sb: number; bb: number; utg: number };

export function HandCard(props: {
  compact?: boolean;
  table: TableView;
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
  const tb = props.table as unknown as TableLike & TableView;
  const handNo = Number(tb.hand_no ?? 0);
  const name = (seat: number | null | undefined) => occupant(tb, seat)?.name ?? t("dealer.dead");
  if (props.seats.length < 2) return null;
  const noButton = tb.button == null && props.pendingButton == null;

  if (props.picking) return <ButtonPicker seats={props.seats} onPick={props.onSetButton} onCancel={() => props.setPicking(false)} />;
  if (noButton) return <NoButtonCard redraw={props.redraw} onSetButton={() => props.setPicking(true)} />;

  const next = tb.next as Next | null | undefined;
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
