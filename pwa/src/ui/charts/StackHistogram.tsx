import { t, useLang, formatNumber, formatDecimal } from "../../i18n";
import { averagePosition, stackBuckets } from "./geometry";
import { roundBigBlinds } from "../../clock/model";
import "./charts.css";

const W = 340;
const H = 184;

/**
 * The dealers' latest counted stacks in big blinds (<10, 10–20, 20–40, 40–80, >80 BB), one bar
 * per bucket with its count, and the average stack marked. "No chip counts yet" when empty.
 */
export function StackHistogram(props: { stacks: number[] | null | undefined; bb: number | null; averageStack: number | null | undefined; testid: string }) {
  useLang();
  const stacks = Array.isArray(props.stacks) ? props.stacks.filter((s) => s > 0) : [];
  if (!stacks.length) {
    return (
      <p class="muted chart-empty" data-testid={`${props.testid}-empty`}>
        {t("charts.stacks_empty")}
      </p>
    );
  }
  if (!props.bb) {
    return (
      <p class="muted chart-empty" data-testid={`${props.testid}-empty`}>
        {t("charts.stacks_no_level")}
      </p>
    );
  }
  const buckets = stackBuckets(stacks, props.bb);
  const box = { x0: 8, x1: W - 8, y0: 44, y1: H - 26 }; // the average's label has its own row on top
  const slot = (box.x1 - box.x0) / buckets.length;
  const most = Math.max(1, ...buckets.map((b) => b.count));
  const avgBb = props.averageStack && props.bb ? props.averageStack / props.bb : null;
  const pos = averagePosition(avgBb, buckets.length);
  const avgX = pos == null ? null : box.x0 + pos * (box.x1 - box.x0);
  return (
    <svg
      class="chart chart-bars"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t("charts.stacks_label", { n: stacks.length })}
      data-testid={props.testid}
      data-counts={buckets.map((b) => b.count).join(",")}
      data-avg-bb={avgBb == null ? undefined : roundBigBlinds(avgBb)}
    >
      {buckets.map((b, i) => {
        const h = ((box.y1 - box.y0) * b.count) / most;
        const x = box.x0 + i * slot + 4;
        return (
          <g key={b.key} class="chart-bar" data-bucket={b.key} data-count={b.count}>
            <rect x={x} y={box.y1 - h} width={slot - 8} height={Math.max(h, b.count ? 2 : 0)} rx={4} />
            <text class="chart-count" x={x + (slot - 8) / 2} y={box.y1 - h - 5} text-anchor="middle">
              {b.count ? formatNumber(b.count) : ""}
            </text>
            <text class="chart-axis" x={x + (slot - 8) / 2} y={H - 8} text-anchor="middle">
              {b.to == null ? `>${b.from}` : b.from === 0 ? `<${b.to}` : `${b.from}–${b.to}`}
            </text>
          </g>
        );
      })}
      {avgX != null && avgBb != null && (
        <g class="chart-avg" data-testid={`${props.testid}-avg`}>
          <line x1={avgX} x2={avgX} y1={22} y2={box.y1} />
          <text {...labelAt(avgX)} y={15}>
            {t("charts.average_bb", { bb: formatDecimal(roundBigBlinds(avgBb), avgBb < 10 ? 1 : 0) })}
          </text>
        </g>
      )}
    </svg>
  );
}

/** The average's label: centred on its line, but kept inside the chart near either edge
 *  (German "Durchschnitt 111 BB" is ~150 units wide; centred at the edge it was cut off). */
function labelAt(x: number): { x: number; "text-anchor": "start" | "middle" | "end" } {
  if (x > W - 90) return { x: W - 4, "text-anchor": "end" };
  if (x < 90) return { x: 4, "text-anchor": "start" };
  return { x, "text-anchor": "middle" };
}
