import { t, useLang } from "../i18n";
import { placeWord, seasonBars, shortDay, type HistoryNight } from "./history";

const W = 340;
const H = 150;

/**
 * The season at a glance, in the style of the players-left and stacks charts (ui/charts): one bar
 * per night, oldest left, as high as he got in that night's field, green where he won a prize, its
 * place on top. A night still running is drawn hollow; one he is still in has no bar yet.
 */
export function SeasonChart(props: { nights: HistoryNight[] }) {
  const lang = useLang();
  const box = { x0: 6, x1: W - 6, y0: 22, y1: H - 22 };
  const bars = seasonBars(props.nights, box);
  if (!bars.length) return null;
  const places = bars.map((b) => (b.place == null ? "–" : placeWord(b.place, b.tie, lang))).join(", ");
  return (
    <svg
      class="chart season-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t("season.chart_label", { n: bars.length, places })}
      data-testid="season-chart"
      data-bars={bars.length}
    >
      <line class="season-base" x1={box.x0} x2={box.x1} y1={box.y1} y2={box.y1} />
      <line class="season-top" x1={box.x0} x2={box.x1} y1={box.y0} y2={box.y0} />
      {bars.map((b) => (
        <g key={b.tournamentId} class={`season-bar${b.cashed ? " is-cashed" : ""}${b.provisional ? " is-provisional" : ""}`} data-place={b.place ?? ""}>
          <rect x={b.x} y={box.y1 - b.height} width={b.width} height={b.height} rx={3} />
          <text class="chart-count" x={b.x + b.width / 2} y={box.y1 - b.height - 5} text-anchor="middle">
            {b.place == null ? "…" : placeWord(b.place, b.tie, lang)}
          </text>
        </g>
      ))}
      <text class="chart-axis" x={bars[0].x} y={H - 6}>
        {shortDay(bars[0].day, lang)}
      </text>
      {bars.length > 1 && (
        <text class="chart-axis" x={bars[bars.length - 1].x + bars[bars.length - 1].width} y={H - 6} text-anchor="end">
          {shortDay(bars[bars.length - 1].day, lang)}
        </text>
      )}
    </svg>
  );
}
