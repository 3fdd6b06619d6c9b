import { t, useLang, formatNumber, formatTime } from "../../i18n";
import { levelNumbers } from "../../clock/model";
import { niceTicks, playersLeftPlot, type HistoryPoint } from "./geometry";
import "./charts.css";

const W = 340;

/**
 * Players left over time: a step line from the clock start to now, a dashed mark where a new
 * level or a break began. `small` is the player's version (less height, fewer labels).
 */
export function PlayersLeftChart(props: {
  history: HistoryPoint[] | null | undefined;
  structure?: any[] | null;
  now: number;
  small?: boolean;
  testid: string;
}) {
  useLang();
  const H = props.small ? 120 : 170;
  const box = { x0: 34, x1: W - 8, y0: 10, y1: H - 24 };
  const plot = playersLeftPlot(props.history, box, props.now);
  const last = Array.isArray(props.history) && props.history.length ? props.history[props.history.length - 1] : null;
  if (!plot) {
    return (
      <p class="muted chart-empty" data-testid={`${props.testid}-empty`}>
        {t("charts.players_left_empty")}
      </p>
    );
  }
  const levels = levelNumbers(props.structure ?? []);
  const ticks = niceTicks(plot.max, props.small ? 2 : 4);
  const marks = props.small ? plot.marks.slice(-6) : plot.marks;
  return (
    <svg
      class="chart chart-line"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t("charts.players_left_label", { n: last ? last[1] : 0 })}
      data-testid={props.testid}
      data-points={props.history?.length ?? 0}
      data-left={last ? last[1] : undefined}
    >
      {ticks.map((v) => (
        <g key={v} class="chart-grid">
          <line x1={box.x0} x2={box.x1} y1={plot.yScale(v)} y2={plot.yScale(v)} />
          <text x={box.x0 - 6} y={plot.yScale(v) + 4} text-anchor="end">
            {formatNumber(v)}
          </text>
        </g>
      ))}
      {marks.map((m) => {
        const entry = props.structure?.[m.index];
        const label = entry?.kind === "level" && levels[m.index] != null ? `L${levels[m.index]}` : entry ? "‖" : "";
        return (
          <g key={`${m.index}-${m.x}`} class="chart-mark" data-index={m.index}>
            <line x1={m.x} x2={m.x} y1={box.y0} y2={box.y1} />
            <text x={m.x + 2} y={box.y0 + 9}>
              {label}
            </text>
          </g>
        );
      })}
      <path class="chart-path" d={plot.path} />
      <text class="chart-axis" x={box.x0} y={H - 6}>
        {formatTime(plot.t0)}
      </text>
      <text class="chart-axis" x={box.x1} y={H - 6} text-anchor="end">
        {formatTime(plot.t1)}
      </text>
    </svg>
  );
}
