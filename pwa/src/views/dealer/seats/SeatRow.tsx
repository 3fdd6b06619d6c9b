// One seat in the dealer's list: the player, his badges (D / SB / BB, away, sitting out, his
// counted stack), "Away" and "Bust" — or an empty seat that carries the dead button or blind.
import { t, useLang, formatNumber, formatTime } from "../../../i18n";
import { penaltyLeftText } from "../../../money/penalties";
import { withRule } from "../../../ui/reasons";
import type { Badge } from "../../../seating/positions";
import type { Seat, SitOut } from "../../../api/views";

export interface SeatRowProps {
  s: Seat;
  badges?: Badge[];
  handOn: boolean;
  handNo: number;
  busted: boolean;
  /** A bust queued on this phone. */
  pending: boolean;
  out: SitOut | undefined;
  awayNow: boolean;
  awayQueued: boolean;
  /** Counted chips and when (the table's chip count), if counted. */
  stack: { chips: number; at: number | undefined } | null;
  onAway: () => void;
  onBust: () => void;
}

export function SeatRow(props: SeatRowProps) {
  const lang = useLang();
  const { s, busted, pending: pend, out, awayNow, handOn } = props;
  return (
    <li
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
        <SeatBadge seat={s.seat} badges={props.badges} />
        {props.stack && (
          <span class="seat-stack muted small" data-testid={`stack-${s.seat}`}>
            {formatNumber(props.stack.chips)} · {t("dealer.counted", { time: formatTime(props.stack.at) })}
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
          onClick={props.onAway}
        >
          {awayNow ? t("away.back") : handOn ? t("dealer.away_short_button") : t("away.button")}
          {props.awayQueued && <span class="tag tag-pending">{t("common.pending")}</span>}
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
          {withRule(t(s.sits_out.hand_no > props.handNo ? "dealer.joins_after_next_hand" : "dealer.sits_out_this_hand"), s.sits_out.rule ?? "")}
        </span>
      )}
      {busted ? (
        <span class="tag tag-busted">{t("dealer.busted")}</span>
      ) : pend ? (
        <span class="tag tag-pending">{t("bust.pending")}</span>
      ) : (
        <button type="button" class="btn btn-danger btn-bust" data-testid={`bust-${s.entry_id}`} onClick={props.onBust}>
          {t("bust.button")}
        </button>
      )}
    </li>
  );
}

/** An empty seat that carries the (dead) button or small blind. */
export function EmptySeatRow(props: { seat: number; badges?: Badge[] }) {
  return (
    <li class="dealer-seat is-empty-badge">
      <span class="seat-no">{props.seat}</span>
      <span class="seat-main">
        <span class="seat-name muted">
          {t("floor.empty")} ({t("dealer.dead")})
        </span>
        <SeatBadge seat={props.seat} badges={props.badges} />
      </span>
    </li>
  );
}

/** Occupied seats, plus an empty seat where it carries the (dead) button or small blind. */
export function seatRows(seats: Seat[], badges: Map<number, Badge[]>): { seat: number; s?: Seat; badges?: Badge[] }[] {
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

/** "Away: Anna" / "Abw. (Abwesend): Anna": the name starts with the visible word, short or not
 * (axe label-content-name-mismatch; voice control says what it sees). */
function awayName(handOn: boolean, name: string): string {
  const shown = handOn ? t("dealer.away_short_button") : t("away.button");
  return shown === t("away.button") ? `${shown}: ${name}` : `${shown} (${t("away.button")}): ${name}`;
}
