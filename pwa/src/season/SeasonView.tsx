import { t, useLang, formatNumber } from "../i18n";
import { SeasonChart } from "./SeasonChart";
import { dayText, placeWord, prizeSums, prizeText, type HistoryNight } from "./history";
import type { HistoryState } from "./useHistory";
import "./season.css";

/**
 * A player's season (docs/season.md): what the nights add up to, the chart, the points per
 * league and every night, newest first. The player's own page and the director's person page.
 */
export function SeasonView(props: {
  state: HistoryState;
  /** The player's own page: his name on top (the director's title says it) and "you" in the words. */
  own?: boolean;
}) {
  const lang = useLang();
  const { data, loading, error } = props.state;
  if (!data) {
    if (loading) return <p class="card muted" role="status">{t("common.loading")}</p>;
    return (
      <p class="card error" role="alert" data-testid="season-error">
        {error?.status != null ? error.message ?? `${t("common.error")} (${error.status})` : t("common.no_data")}
      </p>
    );
  }
  const totals = data.totals;
  const best = totals.best;
  return (
    <>
      {error && (
        <p class={`card ${error.status == null ? "muted" : "error"}`} role="status" data-testid="season-stale">
          {error.status == null ? t("season.kept") : error.message ?? `${t("common.error")} (${error.status})`}
        </p>
      )}
      {props.own && data.person && (
        <p class="season-who" data-testid="season-person" data-person={data.person.id}>
          {data.person.name}
        </p>
      )}
      {data.nights.length === 0 ? (
        <p class="card muted" data-testid="season-none">
          {props.own ? t("season.none") : t("season.none_person")}
        </p>
      ) : (
        <>
          <section class="card season-totals" data-testid="season-totals" data-nights={totals.nights} data-cashes={totals.cashes}>
            <div class="season-grid">
              <Stat label={t("season.nights")} value={formatNumber(totals.nights)} testid="season-total-nights" />
              <Stat label={t("season.cashes")} value={formatNumber(totals.cashes)} testid="season-total-cashes" />
              <Stat label={t("season.wins")} value={formatNumber(totals.wins)} testid="season-total-wins" />
              <Stat label={t("season.best")} value={best ? placeWord(best.place, best.tie, lang) : "–"} testid="season-best" />
              <Stat label={t("season.knockouts")} value={formatNumber(totals.knockouts)} testid="season-total-knockouts" />
              <Stat label={t("season.reentries")} value={formatNumber(totals.reentries)} testid="season-total-reentries" />
            </div>
            <p class="season-prizes">
              <span class="muted">{t("season.prizes")}</span>
              <strong class={totals.cashes ? "" : "is-none"} data-testid="season-total-prizes">
                {prizeSums(data, lang)}
              </strong>
            </p>
            {totals.hh_chips != null && (
              <p class="muted season-hh" data-testid="season-hh">
                {t("player.hh_chips", { n: formatNumber(totals.hh_chips) })}
              </p>
            )}
            {data.provisional && <p class="muted small season-note">{t("season.provisional_hint")}</p>}
          </section>
          <section class="card" data-testid="season-chart-card">
            <h2>{t("season.chart_title")}</h2>
            <SeasonChart nights={data.nights} />
            <p class="muted small season-note">{t("season.chart_hint")}</p>
          </section>
          {totals.leagues.length > 0 && (
            <section class="card" data-testid="season-leagues">
              <h2>{t("season.leagues")}</h2>
              <ul class="season-leagues">
                {totals.leagues.map((l) => (
                  <li key={l.league_id} data-testid={`season-league-${l.league_id}`} data-points={l.points}>
                    <span class="season-league-name">{l.name}</span>
                    <strong>{t("season.league_points", { points: formatNumber(l.points) })}</strong>
                    <span class="muted small">{t("season.league_nights", { n: l.nights })}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section class="card" data-testid="season-nights">
            <h2>{t("season.every_night")}</h2>
            <ul class="season-nights">
              {data.nights.map((n) => (
                <NightRow night={n} key={`${n.tournament_id}-${n.entry_id}`} />
              ))}
            </ul>
          </section>
        </>
      )}
    </>
  );
}

function Stat(props: { label: string; value: string; testid: string }) {
  return (
    <div>
      <span class="muted">{props.label}</span>
      <strong data-testid={props.testid}>{props.value}</strong>
    </div>
  );
}

function placeLine(n: HistoryNight, lang: "de" | "en"): string {
  if (n.disqualified) return t("season.disqualified");
  if (n.place == null) return t("season.still_in");
  return t("season.place_of", { place: placeWord(n.place, n.tie, lang), n: n.players });
}

function NightRow(props: { night: HistoryNight }) {
  const lang = useLang();
  const n = props.night;
  const facts = [
    n.knockouts ? t("season.knockouts_n", { n: n.knockouts }) : null,
    n.reentries ? t("season.reentries_n", { n: n.reentries }) : null,
    n.rebuys ? t("season.rebuys_n", { n: n.rebuys }) : null,
    n.hh_chips != null ? t("player.hh_chips", { n: n.hh_chips }) : null,
    ...n.points.map((p) => t("season.points_in", { league: p.name, n: p.points })),
  ].filter(Boolean);
  return (
    <li
      class={`season-night${n.prize > 0 ? " is-cashed" : ""}`}
      data-testid="season-night"
      data-tid={n.tournament_id}
      data-place={n.place ?? ""}
      data-prize={n.prize}
    >
      <div class="season-night-head">
        <strong class="season-night-name">{n.name}</strong>
        <span class="season-place" data-testid="season-night-place">
          {placeLine(n, lang)}
        </span>
      </div>
      <div class="muted small">
        {dayText(n.played_on, lang)} · {n.preset_id}
        {n.provisional && <span class="tag tag-provisional season-tag">{t("season.provisional")}</span>}
      </div>
      {n.prize > 0 && (
        <div class="season-prize" data-testid="season-night-prize">
          {prizeText(n.prize, n.currency, lang)}
        </div>
      )}
      {facts.length > 0 && <div class="season-facts small">{facts.join(" · ")}</div>}
    </li>
  );
}
