import { t, useLang, formatNumber, formatDecimal, type Lang } from "../../i18n";
import type { MyLeague } from "../../api/views";
import { useCachedFetch } from "../../ui/useCachedFetch";
import { averageInBigBlinds, bigBlindInForce, computeClock, roundBigBlinds } from "../../clock/model";
import { useServerNow } from "../../ui/hooks";
import { periodLabel } from "../../league/league";
import { PlayersLeftChart } from "../../ui/charts/PlayersLeftChart";
import "./player-extras.css";

/** The average stack in chips and in big blinds of the level in force (the player's yardstick). */
export function AverageStack(props: { pub: any }) {
  useLang();
  const now = useServerNow(5000);
  const { pub } = props;
  const bb = bigBlindInForce(computeClock(pub?.structure, pub?.clock, now));
  const inBb = averageInBigBlinds(pub?.average_stack, bb);
  return (
    <strong class="avg-stack" data-testid="player-avg-stack" data-chips={pub?.average_stack ?? 0} data-bb={inBb == null ? undefined : roundBigBlinds(inBb)}>
      {formatNumber(pub?.average_stack)}
      {inBb != null && <span class="avg-bb">{t("phone.avg_bb", { bb: formatDecimal(roundBigBlinds(inBb), inBb < 10 ? 1 : 0) })}</span>}
    </strong>
  );
}

/** Below the payouts: the league standing, the small players-left chart, the house rules. */
export function PlayerPhoneExtras(props: { pub: any; pv: any; token: string }) {
  const lang = useLang();
  const now = useServerNow(15000);
  const { pub, pv, token } = props;
  const league = useMyLeague(token, pub?.tournament_id ?? pv?.tournament_id, `${pv?.status ?? ""}:${pv?.place ?? ""}:${pub?.status ?? ""}`);
  const rules = useHouseRules(pub?.preset_id, token);
  return (
    <>
      {league?.leagues?.length ? <LeagueCard data={league} lang={lang} /> : null}
      {pub && (
        <section class="card" data-testid="player-chart-card">
          <h2>{t("charts.players_left")}</h2>
          <PlayersLeftChart history={pub.players_history} structure={pub.structure} now={now} small testid="player-chart-players-left" />
        </section>
      )}
      {rules && <HouseRules rules={rules} lang={lang} />}
    </>
  );
}

function LeagueCard(props: { data: any; lang: Lang }) {
  return (
    <section class="card league-card" data-testid="player-league">
      <h2>{t("phone.league_title")}</h2>
      {props.data.leagues.map((l: any) => (
        <div class="league-block" key={l.id} data-testid={`player-league-${l.id}`} data-rank={l.me?.rank ?? ""} data-points={l.me?.points ?? ""}>
          <p class="league-name">
            <strong>{l.name}</strong>
            {l.provisional && <span class="muted small"> · {t("leagues.provisional")}</span>}
          </p>
          <p class="league-me" data-testid="player-league-me">
            {l.me ? t("phone.league_me", { rank: l.me.rank, n: l.players, points: formatNumber(l.me.points) }) : t("phone.league_unranked")}
          </p>
          {l.month?.me && (
            <p class="muted small" data-testid="player-league-month">
              {t("phone.league_month", { period: periodLabel(l.month.period, props.lang), rank: l.month.me.rank, points: formatNumber(l.month.me.points) })}
            </p>
          )}
          <Qualification q={l.qualification} />
          <ol class="league-top" data-testid="player-league-top">
            {l.top.map((x: any, i: number) => (
              <li key={i} class={x.me ? "is-me" : ""} data-me={x.me ? "true" : undefined}>
                <span class="league-rank">{x.rank}.</span>
                <span class="league-who">{x.name}</span>
                <span class="league-pts">{formatNumber(x.points)}</span>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}

function Qualification(props: { q: any }) {
  const q = props.q;
  if (!q?.for) return null;
  const what = t(`leagues.qual.${q.for}` as any);
  const how = q.by === "month" ? t("phone.qual_month", { what }) : t("phone.qual_win", { what });
  return (
    <p class={`league-qual ${q.qualified ? "is-in" : ""}`} data-testid="player-league-qual" data-qualified={q.qualified ? "true" : "false"}>
      {q.qualified ? `✓ ${t("phone.qual_yes", { what })}` : how}
    </p>
  );
}

function HouseRules(props: { rules: { en: string[]; de: string[] }; lang: Lang }) {
  const items = props.rules[props.lang] ?? props.rules.en ?? [];
  if (!items.length) return null;
  return (
    <details class="card house-rules" data-testid="house-rules">
      <summary data-testid="house-rules-toggle">{t("phone.house_rules")}</summary>
      <ul>
        {items.map((x, i) => (
          <li key={i} data-testid="house-rule">
            {x}
          </li>
        ))}
      </ul>
    </details>
  );
}

const LEAGUE_REFRESH_MS = 5 * 60_000;

/**
 * GET /my-league when the screen opens, when the player's own result or the tournament's status
 * changed, and every 5 minutes (others' busts move the table too, but 10,000 phones must not ask
 * at every bust); the last answer is kept in IndexedDB (shown offline and before the first answer).
 */
function useMyLeague(token: string, tid: number | string | undefined, changed: string): MyLeague | null {
  const url = tid == null ? null : `/api/tournaments/${tid}/my-league`;
  return useCachedFetch<MyLeague>(url, { where: "player.league", token, cache: `my-league:${token}`, refreshMs: LEAGUE_REFRESH_MS, deps: [changed] }).data;
}

type HouseRules = { en: string[]; de: string[] };

/** The preset's house rules (GET /api/presets/<id>; the seat's token lets a club's own preset through), kept for offline. */
function useHouseRules(presetId: string | undefined, token: string): HouseRules | null {
  const url = presetId ? `/api/presets/${encodeURIComponent(presetId)}` : null;
  const select = (p: any): HouseRules | null => (Array.isArray(p?.house_rules?.en) ? p.house_rules : null);
  return useCachedFetch<HouseRules>(url, { where: "player.rules", token, cache: `house-rules:${presetId}`, select }).data;
}
