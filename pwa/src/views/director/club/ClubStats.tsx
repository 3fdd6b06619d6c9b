// The season in numbers (docs/statistics.md): the club's nights, their fields and prize pools,
// re-entry and no-show rates, durations against the plan and the desk's busiest hours, as pictures.
// One GET per season, kept for offline like the other lists; SVG drawn here (no chart library).
import { useState } from "preact/hooks";
import { t, useLang, formatNumber, formatMoney, formatDecimal } from "../../../i18n";
import { Shell } from "../../../ui/Shell";
import { fetchErrorText, objectAnswer, useCachedFetch } from "../../../ui/useCachedFetch";
import { useDirectorAuth, useSignOutOnRefusal } from "../shared/useDirector";
import {
  busiestHour,
  durationPlot,
  fieldBars,
  heatLevel,
  hourWindow,
  hoursText,
  nightRates,
  overText,
  percent,
  phoneTimeZone,
  sparkPath,
  statsUrl,
  weekdayNames,
  type ClubStats as Stats,
  type StatsNight,
} from "./clubStats";
import "../../../ui/charts/charts.css";
import "./clubStats.css";

const W = 340;

function dayText(date: string, locale: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function ClubStats() {
  const lang = useLang();
  // Dates in the UI's language (not ui/dates.ts nor i18n's numberLocale: either, newly shared with
  // the director, grows a chunk every player loads, and the player's bundle is at its budget).
  const locale = lang === "de" ? "de-DE" : "en-GB";
  const { auth, ready } = useDirectorAuth();
  const [season, setSeason] = useState("");
  const tz = phoneTimeZone();
  const stats = useCachedFetch<Stats>(auth ? statsUrl(season, tz) : null, {
    where: "club.stats",
    token: auth?.token,
    cache: `club-stats:${season}`,
    select: objectAnswer,
  });
  useSignOutOnRefusal(stats.error);
  const data = stats.data;

  if (!ready || !auth) return <Shell title={t("stats.title")}>{<p class="muted">{t("common.loading")}</p>}</Shell>;
  return (
    <Shell title={t("stats.title")} back={{ href: "#/director", label: t("director.all_tournaments") }} class="director club-stats" badge="status">
      <section class="card stats-season">
        <label class="field">
          <span>{t("stats.season")}</span>
          <select data-testid="stats-season" value={data?.season ?? season} onChange={(e) => setSeason((e.target as HTMLSelectElement).value)}>
            {(data?.seasons ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.kind === "league" ? t("stats.season_league", { name: s.name }) : s.name}
              </option>
            ))}
          </select>
        </label>
        {data && (
          <p class="muted small" data-testid="stats-scope">
            {data.scope === "own" ? `${t("stats.scope_own")} · ` : ""}
            {t("stats.time_zone", { tz: data.time_zone })}
          </p>
        )}
      </section>
      {stats.error && !data && (
        <p class="error" role="alert">
          {fetchErrorText(stats.error)}
        </p>
      )}
      {!data ? (
        stats.loading && <p class="muted">{t("common.loading")}</p>
      ) : data.nights.length === 0 ? (
        <p class="card muted" data-testid="stats-empty">
          {t("stats.empty")}
        </p>
      ) : (
        <>
          <Tiles data={data} />
          <section class="card" aria-labelledby="stats-fields-h">
            <h2 id="stats-fields-h">{t("stats.fields")}</h2>
            <FieldsChart nights={data.nights} locale={locale} />
          </section>
          <section class="card" aria-labelledby="stats-duration-h">
            <h2 id="stats-duration-h">{t("stats.duration")}</h2>
            <DurationChart nights={data.nights} locale={locale} />
          </section>
          <section class="card" aria-labelledby="stats-hours-h">
            <h2 id="stats-hours-h">{t("stats.hours")}</h2>
            <HeatStrip counts={data.hours.counts} locale={locale} />
          </section>
          <NightList nights={data.nights} locale={locale} />
        </>
      )}
    </Shell>
  );
}

function Tile(props: { label: string; value: string; note?: string; testid: string; trend?: (number | null)[] }) {
  const spark = props.trend ? sparkPath(props.trend, { x0: 2, x1: 98, y0: 3, y1: 27 }) : "";
  return (
    <div class="stats-tile" data-testid={props.testid}>
      <span class="stats-tile-label">{props.label}</span>
      <strong class={`stats-tile-value ${props.value.length > 10 ? "stats-tile-longer" : props.value.length > 7 ? "stats-tile-long" : ""}`}>{props.value}</strong>
      {props.note && <span class="stats-tile-note muted">{props.note}</span>}
      {spark && (
        <svg class="stats-spark" viewBox="0 0 100 30" preserveAspectRatio="none" aria-hidden="true">
          <path d={spark} />
        </svg>
      )}
    </div>
  );
}

function pct(rate: number | null | undefined): string {
  const p = percent(rate);
  return p == null ? "–" : t("stats.percent", { n: p });
}

function Tiles(props: { data: Stats }) {
  const { totals, nights } = props.data;
  const pool = totals.prize_pools[0];
  return (
    <section class="stats-tiles" aria-label={t("stats.summary")}>
      <Tile testid="stats-nights" label={t("stats.nights")} value={formatNumber(totals.nights)} note={t("stats.finished", { n: totals.finished })} />
      <Tile
        testid="stats-players"
        label={t("stats.players_per_night")}
        value={formatDecimal(totals.average_players, 1)}
        note={t("stats.players_entries", { players: formatNumber(totals.players), entries: formatNumber(totals.entries) })}
      />
      <Tile
        testid="stats-pool"
        label={t("stats.prize_pools")}
        value={pool ? formatMoney(pool.total, pool.currency) : "–"}
        note={pool ? t("stats.per_night", { amount: formatMoney(pool.average, pool.currency) }) : undefined}
      />
      <Tile
        testid="stats-duration-avg"
        label={t("stats.average_duration")}
        value={hoursText(totals.average_duration_ms)}
        note={totals.average_planned_ms == null ? undefined : t("stats.planned_over", { planned: hoursText(totals.average_planned_ms), over: overText(totals.average_over_ms) })}
      />
      <Tile
        testid="stats-reentry"
        label={t("stats.reentry_rate")}
        value={pct(totals.reentry_rate)}
        note={t("stats.reentries", { n: formatNumber(totals.reentries) })}
        trend={nightRates(nights, "reentries", "players")}
      />
      <Tile
        testid="stats-no-show"
        label={t("stats.no_show_rate")}
        value={pct(totals.no_show_rate)}
        note={t("stats.no_shows", { n: formatNumber(totals.no_shows), of: formatNumber(totals.reserved) })}
        trend={nightRates(nights, "no_shows", "reserved")}
      />
    </section>
  );
}

function FieldsChart(props: { nights: StatsNight[]; locale: string }) {
  const H = 200;
  const box = { x0: 30, x1: W - 8, y0: 20, y1: H - 26 };
  const { bars, ticks, poolPath, maxPool } = fieldBars(props.nights, box);
  const currency = props.nights.find((n) => n.prize_pool)?.currency ?? props.nights[0]?.currency;
  const first = props.nights[0];
  const last = props.nights[props.nights.length - 1];
  return (
    <>
      <svg class="chart stats-fields" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t("stats.fields_label", { n: props.nights.length })} data-testid="stats-fields-chart">
        <g class="chart-grid">
          {ticks.map((tk) => (
            <g key={tk.value}>
              <line x1={box.x0} x2={box.x1} y1={tk.y} y2={tk.y} />
              <text x={box.x0 - 6} y={tk.y + 4} text-anchor="end">
                {formatNumber(tk.value)}
              </text>
            </g>
          ))}
        </g>
        {bars.map((b, i) => (
          <g key={b.id} class="stats-bar" data-players={props.nights[i].players} data-entries={props.nights[i].entries}>
            <rect class="stats-bar-players" x={b.x} y={b.playersY} width={b.width} height={b.playersH} rx={Math.min(3, b.width / 3)} />
            {b.reentriesH > 0 && <rect class="stats-bar-reentries" x={b.x} y={b.reentriesY} width={b.width} height={b.reentriesH} rx={Math.min(3, b.width / 3)} />}
          </g>
        ))}
        {maxPool > 0 && (
          <g class="stats-pool">
            <path d={poolPath} />
            {bars.map((b) => (
              <circle key={b.id} cx={b.poolX} cy={b.poolY} r={bars.length > 20 ? 2 : 3.5} />
            ))}
            <text x={box.x1} y={12} text-anchor="end">
              {t("stats.pool_max", { amount: formatMoney(maxPool, currency) })}
            </text>
          </g>
        )}
        {first && (
          <text class="stats-axis" x={box.x0} y={H - 8} text-anchor="start">
            {dayText(first.date, props.locale)}
          </text>
        )}
        {last && last !== first && (
          <text class="stats-axis" x={box.x1} y={H - 8} text-anchor="end">
            {dayText(last.date, props.locale)}
          </text>
        )}
      </svg>
      <p class="stats-legend small">
        <Key kind="players" text={t("stats.key_players")} />
        <Key kind="reentries" text={t("stats.key_reentries")} />
        <Key kind="pool" text={t("stats.key_pool")} />
      </p>
    </>
  );
}

/** A legend's entry: its colour and its words, kept on one line together. */
function Key(props: { kind: string; text: string }) {
  return (
    <span class="stats-legend-item">
      <span class={`stats-key stats-key-${props.kind}`} />
      {props.text}
    </span>
  );
}

function DurationChart(props: { nights: StatsNight[]; locale: string }) {
  const H = 186;
  const box = { x0: 30, x1: W - 12, y0: 12, y1: H - 30 };
  const plot = durationPlot(props.nights, box);
  const done = props.nights.filter((n) => n.duration_ms != null);
  if (!plot) {
    return (
      <p class="muted chart-empty" data-testid="stats-duration-empty">
        {t("stats.duration_none")}
      </p>
    );
  }
  return (
    <>
      <svg class="chart stats-durations" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t("stats.duration_label", { n: plot.points.length })} data-testid="stats-duration-chart">
        <g class="chart-grid">
          {plot.ticks.map((tk) => (
            <g key={tk.hours}>
              <line x1={box.x0} x2={box.x1} y1={tk.y} y2={tk.y} />
              <text x={box.x0 - 6} y={tk.y + 4} text-anchor="end">
                {t("stats.hours_tick", { n: formatNumber(tk.hours) })}
              </text>
            </g>
          ))}
        </g>
        <path class="stats-line-planned" d={plot.planned} />
        <path class="stats-line-actual" d={plot.actual} />
        <text class="stats-axis" x={box.x0} y={H - 8} text-anchor="start">
          {dayText(done[0].date, props.locale)}
        </text>
        {done.length > 1 && (
          <text class="stats-axis" x={box.x1} y={H - 8} text-anchor="end">
            {dayText(done[done.length - 1].date, props.locale)}
          </text>
        )}
        {plot.points.map((p) => (
          <g key={p.id}>
            {p.plannedY != null && <circle class="stats-dot-planned" cx={p.x} cy={p.plannedY} r={3} />}
            {p.actualY != null && <circle class="stats-dot-actual" cx={p.x} cy={p.actualY} r={3.5} />}
          </g>
        ))}
      </svg>
      <p class="stats-legend small">
        <Key kind="actual" text={t("stats.key_actual")} />
        <Key kind="planned" text={t("stats.key_planned")} />
      </p>
    </>
  );
}

function HeatStrip(props: { counts: number[][]; locale: string }) {
  const hours = hourWindow(props.counts);
  const days = weekdayNames(props.locale);
  const most = Math.max(0, ...props.counts.flat());
  const busiest = busiestHour(props.counts);
  const left = 34;
  const cell = (W - left - 4) / hours.length;
  const rowH = 24;
  const top = 18;
  const H = top + 7 * rowH + 4;
  const every = hours.length > 12 ? 3 : hours.length > 6 ? 2 : 1;
  return (
    <>
      <svg class="chart stats-heat" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t("stats.hours_label")} data-testid="stats-heat">
        {hours.map((h, i) =>
          i % every === 0 ? (
            <text key={`h${h}`} x={left + i * cell + cell / 2} y={12} text-anchor="middle">
              {h}
            </text>
          ) : null,
        )}
        {days.map((name, d) => (
          <g key={name}>
            <text x={left - 6} y={top + d * rowH + rowH / 2 + 4} text-anchor="end">
              {name}
            </text>
            {hours.map((h, i) => {
              const count = props.counts[d]?.[h] ?? 0;
              return (
                <g key={h}>
                  <rect
                    class={`stats-heat-cell heat-${heatLevel(count, most)}`}
                    x={left + i * cell + 1}
                    y={top + d * rowH + 1}
                    width={cell - 2}
                    height={rowH - 2}
                    rx={3}
                    data-day={d}
                    data-hour={h}
                    data-count={count}
                  >
                    <title>{t("stats.heat_cell", { day: name, hour: h, n: count })}</title>
                  </rect>
                  {count > 0 && cell >= 26 && (
                    <text class={`stats-heat-count heat-${heatLevel(count, most)}`} x={left + i * cell + cell / 2} y={top + d * rowH + rowH / 2 + 4} text-anchor="middle">
                      {count}
                    </text>
                  )}
                </g>
              );
            })}
          </g>
        ))}
      </svg>
      <p class="small" data-testid="stats-busiest">
        {busiest ? t("stats.busiest", { day: days[busiest.day], from: busiest.hour, to: (busiest.hour + 1) % 24, n: busiest.count }) : t("stats.hours_none")}
      </p>
      <p class="muted small">{t("stats.hours_note")}</p>
    </>
  );
}

function NightList(props: { nights: StatsNight[]; locale: string }) {
  const newest = [...props.nights].reverse();
  return (
    <section class="card" aria-labelledby="stats-nights-h">
      <h2 id="stats-nights-h">{t("stats.night_list")}</h2>
      <ul class="list stats-nights">
        {newest.map((n) => (
          <li key={n.tournament_id}>
            <a class="list-link" href={`#/director/${n.tournament_id}`} data-testid={`stats-night-${n.tournament_id}`}>
              <span class="list-main">
                {n.name}
                <span class="muted small stats-night-facts">
                  {dayText(n.date, props.locale)} · {n.reentries ? t("stats.night_field", { players: n.players, entries: n.entries }) : t("stats.night_players", { n: n.players })} · {formatMoney(n.prize_pool, n.currency)}
                  {n.duration_ms != null ? ` · ${hoursText(n.duration_ms)}` : ` · ${t("stats.running")}`}
                </span>
              </span>
              <span aria-hidden="true">›</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
