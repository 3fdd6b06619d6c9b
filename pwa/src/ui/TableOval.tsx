import { layoutSeats, shortName } from "../seating/oval";
import type { Badge } from "../seating/positions";

export interface OvalSeat {
  seat: number;
  name?: string | null;
}

const W = 360;
const H = 232;
const CX = W / 2;
const CY = 114;
const RING_RX = 142;
const RING_RY = 86;
const GAP_DEG = 44;

const BADGE_CLASS: Record<Badge, string> = { D: "chip-d", SB: "chip-sb", BB: "chip-bb" };

/**
 * A table seen from above: the felt, the seats clockwise from the dealer's left, D / SB / BB
 * chips. `names` shows short names in the seats (director, dealer); without it only seat numbers
 * (the player's picture). `highlight` marks one seat (the player's own).
 */
export function TableOval(props: {
  maxSeats: number;
  seats: OvalSeat[];
  badges?: Map<number, Badge[]>;
  highlight?: number | null;
  highlightLabel?: string;
  center?: (string | null | undefined)[];
  names?: boolean;
  /** Seats drawn as known-occupied without names (the player's picture: others are not shown). */
  plain?: boolean;
  /** Seats to draw attention to (a player who just arrived). */
  marked?: Set<number>;
  /** Seats sitting out a penalty, with a short label ("out 6"). */
  out?: Map<number, string>;
  /** Seats away from the table or not yet arrived, with a short label ("away"). */
  away?: Map<number, string>;
  dim?: boolean;
  dealerLabel?: string;
  label: string;
  /** Inside a button that names the table in words: the picture is hidden from screen readers,
   * so the button's name stays its short visible text ("Table 2 · 9/10 players · hand 5"). */
  decorative?: boolean;
  testid?: string;
  class?: string;
}) {
  const n = Math.max(0, Math.min(30, Math.floor(props.maxSeats || 0)));
  const pts = layoutSeats(n, RING_RX, RING_RY, GAP_DEG);
  const bySeat = new Map(props.seats.map((s) => [s.seat, s]));
  // Seat width from the room between neighbours along the edge.
  const spacing = pts.length > 1 ? Math.hypot(pts[1].x - pts[0].x, pts[1].y - pts[0].y) : 80;
  const pw = Math.max(40, Math.min(74, spacing - 5));
  const ph = props.names ? 38 : 34;
  const maxChars = Math.max(3, Math.floor((pw - 4) / 8.2));
  const lines = (props.center ?? []).filter(Boolean) as string[];
  return (
    <svg
      class={`table-oval ${props.dim ? "is-dim" : ""} ${props.class ?? ""}`}
      viewBox={`0 0 ${W} ${H}`}
      role={props.decorative ? undefined : "img"}
      aria-label={props.decorative ? undefined : props.label}
      aria-hidden={props.decorative ? "true" : undefined}
      data-testid={props.testid}
      preserveAspectRatio="xMidYMid meet"
    >
      <ellipse class="felt-rail" cx={CX} cy={CY} rx={RING_RX - 30} ry={RING_RY - 30} />
      <ellipse class="felt" cx={CX} cy={CY} rx={RING_RX - 38} ry={RING_RY - 38} />
      {lines.map((l, i) => (
        <text
          key={i}
          class={i === 0 ? "felt-title" : "felt-sub"}
          x={CX}
          y={CY + (i === 0 ? (lines.length > 1 ? -2 : 8) : 18 + (i - 1) * 16)}
          text-anchor="middle"
        >
          {l}
        </text>
      ))}
      {props.dealerLabel && (
        <text class="dealer-label" x={CX} y={CY + RING_RY + 6} text-anchor="middle">
          {props.dealerLabel}
        </text>
      )}
      {pts.map((p) => {
        const s = bySeat.get(p.seat);
        const x = CX + p.x;
        const y = CY + p.y;
        const mine = props.highlight === p.seat;
        const cls = `oval-seat ${props.plain ? "is-plain" : s ? "is-taken" : "is-empty"} ${mine ? "is-mine" : ""} ${props.marked?.has(p.seat) ? "is-marked" : ""} ${props.out?.has(p.seat) ? "is-out" : ""} ${props.away?.has(p.seat) ? "is-away" : ""}`;
        const outLabel = props.out?.get(p.seat) ?? props.away?.get(p.seat);
        const badges = props.badges?.get(p.seat) ?? [];
        // Chips sit on the felt, between the seat and the centre.
        const bx = CX + p.x * 0.6;
        const by = CY + p.y * 0.56;
        return (
          <g key={p.seat} class={cls} data-seat={p.seat}>
            <rect x={x - pw / 2} y={y - ph / 2} width={pw} height={ph} rx={ph / 2.4} />
            {props.names && s ? (
              <>
                <text class="seat-num" x={x} y={y - 5} text-anchor="middle">
                  {outLabel ? `${p.seat} · ${outLabel}` : p.seat}
                </text>
                <text class="seat-label" x={x} y={y + 12} text-anchor="middle">
                  {shortName(s.name ?? "", maxChars)}
                </text>
              </>
            ) : (
              <text class="seat-num-only" x={x} y={y + 6} text-anchor="middle">
                {p.seat}
              </text>
            )}
            {mine && props.highlightLabel && (
              <text class="seat-you" x={x} y={p.y < 0 ? y + ph / 2 + 15 : y - ph / 2 - 5} text-anchor="middle">
                {props.highlightLabel}
              </text>
            )}
            {badges.map((b, i) => {
              const off = (i - (badges.length - 1) / 2) * 26;
              return (
                <g key={b} class={`chip ${BADGE_CLASS[b]}`}>
                  <circle cx={bx + off} cy={by} r={12} />
                  <text x={bx + off} y={by + 4.5} text-anchor="middle">
                    {b}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
