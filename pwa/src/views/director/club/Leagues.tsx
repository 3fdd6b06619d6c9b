// Leagues and series (V-XII, V-I.e, N-3.7, P-Satellite): list, create, add tournaments, standings.
// Plain requests (they need the server); standings CSV as a blob download (token in the header).
import { useState } from "preact/hooks";
import { t, useLang, ordinal } from "../../../i18n";
import { Shell } from "../../../ui/Shell";
import { request, NetworkError } from "../../../sync/api";
import type { League } from "../../../api/views";
import { fetchErrorText, listAnswer, objectAnswer, useCachedFetch } from "../../../ui/useCachedFetch";
import { setDirectorAuth } from "../../../sync/session";
import { navigate } from "../../../router";
import { useDirectorAuth, useSignOutOnRefusal } from "../shared/useDirector";
import { LEAGUE_KINDS, needsPoints, parsePointsTable, periodLabel, type LeagueKind } from "../../../league/league";
import { fetchFile, saveBlob } from "../../../sync/download";
import { PersonSearch, PersonSeason, personLink, seasonQuery } from "./PersonSeason";
import { PublishCard } from "./PublishCard";
import { SeasonCard } from "./SeasonCard";

// The standings' rows are free-form on the server (Standings is open there): spelt out here.
interface Line {
  rank: number;
  person_id: number | null;
  name: string;
  points: number;
  tournaments: number;
  wins: number;
  best_place: number | null;
}
interface Period {
  period: string;
  provisional: boolean;
  standings: Line[];
}
interface Standings {
  league: League;
  overall: Line[];
  months: Period[];
  half_years: Period[];
  qualification: {
    for: string | null;
    rule?: string;
    qualified: { person_id: number; name: string; period?: string; tournament_id?: number }[];
    semifinal?: boolean;
  } | null;
  tournaments: { id: number; name: string; played_on: string; status: string; provisional: boolean }[];
}

async function authFail(status: number): Promise<boolean> {
  if (status !== 401) return false;
  await setDirectorAuth(null);
  navigate("/login");
  return true;
}

function errText(err: unknown, r?: { status: number; data: any }): string {
  if (err instanceof NetworkError) return t("common.network_error");
  if (r) return r.data?.message ?? `${t("common.error")} (${r.status})`;
  return t("common.error");
}

/** The leagues, or a person's season when the route's query names one (PersonSeason.tsx). */
export function Leagues() {
  const { person, league } = seasonQuery(location.hash);
  return person ? <PersonSeason id={person} league={league} key={`p${person}`} /> : <LeagueList />;
}

function LeagueList() {
  useLang();
  const { auth, ready } = useDirectorAuth();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<LeagueKind>("v_ranking");
  const [points, setPoints] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const leagues = useCachedFetch<League[]>(auth ? "/api/leagues" : null, { where: "league.list", token: auth?.token, cache: "leagues", select: listAnswer });
  useSignOutOnRefusal(leagues.error);
  // Offline with nothing kept: an empty list, not "loading" for ever.
  const list = leagues.data ?? (leagues.loading ? null : []);

  const table = parsePointsTable(points);
  // Every kind may count points: a series without a table ranks by who qualifies only (N-3.7).
  const pointsMissing = (needsPoints(kind) || points.trim() !== "") && !table;

  async function create(e: Event) {
    e.preventDefault();
    if (!auth || busy || !name.trim() || pointsMissing) return;
    setBusy(true);
    setError(null);
    const body: Record<string, unknown> = { name: name.trim(), kind };
    if (table) body.points = { table };
    let r;
    try {
      r = await request<League>("/api/leagues", { method: "POST", token: auth.token, body });
      if (await authFail(r.status)) return;
      if (r.ok && r.data?.id != null) {
        navigate(`/director/leagues/${r.data.id}`);
        return;
      }
      setError(errText(null, r));
    } catch (err) {
      setError(errText(err));
    } finally {
      setBusy(false);
    }
  }

  if (!ready || !auth) return <Shell title={t("leagues.title")}>{<p class="muted">{t("common.loading")}</p>}</Shell>;
  return (
    <Shell title={t("leagues.title")} back={{ href: "#/director", label: t("director.all_tournaments") }} class="director leagues">
      <section class="card" aria-labelledby="leagues-h">
        <h2 id="leagues-h">{t("leagues.title")}</h2>
        {list === null ? (
          <p class="muted">{t("common.loading")}</p>
        ) : list.length === 0 ? (
          <p class="muted" data-testid="leagues-none">{t("leagues.none")}</p>
        ) : (
          <ul class="list league-list">
            {list.map((l) => (
              <li key={l.id}>
                <a class="list-link" href={`#/director/leagues/${l.id}`} data-testid={`league-link-${l.id}`}>
                  <span class="list-main">
                    {l.name}
                    <span class="muted small" style="display:block">
                      {t(`leagues.kind.${l.kind}` as "leagues.kind.v_ranking")} · {t("leagues.n_tournaments", { n: l.tournaments?.length ?? 0 })}
                    </span>
                  </span>
                  <span aria-hidden="true">›</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <PersonSearch token={auth.token} />

      <SeasonCard token={auth.token} />

      <form class="card form" onSubmit={create} aria-labelledby="league-new-h">
        <h2 id="league-new-h">{t("leagues.new")}</h2>
        <label class="field">
          <span>{t("leagues.name")}</span>
          <input data-testid="league-name" value={name} required maxLength={120} autocomplete="off" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <label class="field">
          <span>{t("leagues.kind")}</span>
          <select data-testid="league-kind" value={kind} onChange={(e) => setKind((e.target as HTMLSelectElement).value as LeagueKind)}>
            {LEAGUE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`leagues.kind.${k}` as "leagues.kind.v_ranking")}
              </option>
            ))}
          </select>
        </label>
        <label class="field">
          <span>{t("leagues.points")}</span>
          <input
            data-testid="league-points"
            value={points}
            inputMode="numeric"
            placeholder={t("leagues.points_hint")}
            autocomplete="off"
            onInput={(e) => setPoints((e.target as HTMLInputElement).value)}
          />
          {pointsMissing ? (
            <span class="muted small">{t("leagues.points_missing")}</span>
          ) : (
            !needsPoints(kind) && (
              <span class="muted small" data-testid="league-points-optional">
                {kind === "v_ranking" ? t("leagues.points_optional_v") : t("leagues.points_optional_none")}
              </span>
            )
          )}
        </label>
        {error && (
          <p class="error" role="alert" data-testid="league-error">
            {error}
          </p>
        )}
        <button class="btn btn-primary btn-block" type="submit" data-testid="league-create" disabled={busy || !name.trim() || pointsMissing}>
          {t("leagues.create")}
        </button>
      </form>
    </Shell>
  );
}

export function LeagueDetail(props: { id: string }) {
  const lang = useLang();
  const { auth, ready } = useDirectorAuth();
  const [period, setPeriod] = useState("overall");
  const [pick, setPick] = useState("");
  const [playedOn, setPlayedOn] = useState("");
  const [ownError, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const standings = useCachedFetch<Standings>(auth ? `/api/leagues/${encodeURIComponent(props.id)}/standings` : null, {
    where: "league.standings",
    token: auth?.token,
    cache: `league-standings:${props.id}`,
    select: objectAnswer,
  });
  const played = useCachedFetch<{ id: number; name: string; status: string | null }[]>(auth ? "/api/tournaments" : null, {
    where: "league.tournaments",
    token: auth?.token,
    cache: "tournaments",
    select: listAnswer,
  });
  useSignOutOnRefusal(standings.error);
  const data = standings.data;
  const tournaments = played.data ?? [];
  const error = ownError ?? (standings.error ? fetchErrorText(standings.error) : null);

  async function add(e: Event) {
    e.preventDefault();
    if (!auth || busy || !pick) return;
    setBusy(true);
    setError(null);
    setNote(null);
    const body: Record<string, unknown> = { tournament_id: Number(pick) };
    if (playedOn) body.played_on = playedOn;
    try {
      const r = await request(`/api/leagues/${encodeURIComponent(props.id)}/tournaments`, { method: "POST", token: auth.token, body });
      if (await authFail(r.status)) return;
      if (r.ok) {
        setPick("");
        setPlayedOn("");
        setNote(t("leagues.added"));
        standings.refresh();
        played.refresh();
      } else setError(errText(null, r));
    } catch (err) {
      setError(errText(err));
    } finally {
      setBusy(false);
    }
  }

  // CSV: the period on screen; Excel: every period, a sheet each (docs/exports.md).
  async function download(kind: "csv" | "xlsx") {
    if (!auth) return;
    setError(null);
    const q = kind === "csv" ? `?period=${encodeURIComponent(period)}&lang=${lang}` : `?lang=${lang}`;
    const r = await fetchFile(`/api/leagues/${encodeURIComponent(props.id)}/standings.${kind}${q}`, auth.token, `standings-${props.id}.${kind}`);
    if (!r.ok) setError(t("download.failed", { message: r.status === 0 ? t("common.network_error") : r.message }));
    else saveBlob(r.blob, r.filename);
  }

  const league = data?.league;
  const periods: Period[] = data ? [{ period: "overall", provisional: data.tournaments.some((x) => x.provisional), standings: data.overall }, ...data.months, ...data.half_years] : [];
  const current = periods.find((p) => p.period === period) ?? periods[0];
  const inLeague = new Set((data?.tournaments ?? []).map((x) => x.id));
  const addable = tournaments.filter((x) => !inLeague.has(x.id));
  const qual = data?.qualification;

  // Who qualifies (V-I.e, N-3.7, P-Satellite). A league that ranks by qualification only (no points:
  // n_series, p_satellite) shows it first: its standings are everyone at 0 points.
  const qualCard = qual && qual.for ? (
    <section class="card" aria-labelledby="qual-h" data-testid="league-qualification">
      <h2 id="qual-h">
        {t("leagues.qualification")}: {t(`leagues.qual.${qual.for}` as "leagues.qual.final")}
      </h2>
      {qual.qualified.length === 0 ? (
        <p class="muted">{t("leagues.qual_none")}</p>
      ) : (
        <ul class="qual-list">
          {qual.qualified.map((q, i) => (
            <li key={`${q.person_id}-${i}`} data-testid={`qualified-${q.person_id}`}>
              <strong>{q.name}</strong>{" "}
              <span class="muted small">
                {q.period ? periodLabel(q.period, lang) : q.tournament_id != null ? data?.tournaments.find((x) => x.id === q.tournament_id)?.name ?? `#${q.tournament_id}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      {qual.semifinal && <p class="muted" data-testid="league-semifinal">{t("leagues.semifinal")}</p>}
    </section>
  ) : null;
  const qualFirst = !!league && !league.points;
  // A league without a points table ranks by wins and best place: no column of zeros.
  const counts = !league || !!league.points;

  if (!ready || !auth) return <Shell title={t("leagues.title")}>{<p class="muted">{t("common.loading")}</p>}</Shell>;
  return (
    <Shell title={league?.name ?? t("leagues.title")} back={{ href: "#/director/leagues", label: t("leagues.title") }} class="director league">
      {error && (
        <p class="card error" role="alert" data-testid="league-error">
          {error}
        </p>
      )}
      {!data && !error && <p class="card muted">{t("common.loading")}</p>}
      {qualFirst && qualCard}

      {data && (
        <section class="card" aria-labelledby="standings-h" data-testid="league-standings">
          <h2 id="standings-h">
            {t("leagues.standings")}
            {league && <span class="muted small"> · {t(`leagues.kind.${league.kind}` as "leagues.kind.v_ranking")}</span>}
          </h2>
          {data.tournaments.length === 0 ? (
            <p class="muted">{t("leagues.empty")}</p>
          ) : (
            <>
              <div class="period-tabs" role="tablist" aria-label={t("leagues.standings")}>
                {periods.map((p) => (
                  <button
                    type="button"
                    key={p.period}
                    role="tab"
                    aria-selected={current?.period === p.period}
                    class={`btn btn-secondary btn-small ${current?.period === p.period ? "is-on" : ""}`}
                    data-testid={`period-${p.period}`}
                    onClick={() => setPeriod(p.period)}
                  >
                    {periodLabel(p.period, lang)}
                    {p.provisional ? " *" : ""}
                  </button>
                ))}
              </div>
              {current && (
                <>
                  <h3 data-testid="standings-period" data-period={current.period}>
                    {periodLabel(current.period, lang)}{" "}
                    {current.provisional && <span class="tag tag-provisional" data-testid="standings-provisional">{t("leagues.provisional")}</span>}
                  </h3>
                  {current.provisional && <p class="muted small">{t("leagues.provisional_hint")}</p>}
                  {!counts && (
                    <p class="muted small" data-testid="standings-no-points">
                      {t("leagues.no_points")}
                    </p>
                  )}
                  <div class="standings-wrap">
                    <table class="standings" data-testid="standings-table">
                      <thead>
                        <tr>
                          <th scope="col">{t("leagues.col.rank")}</th>
                          <th scope="col" class="st-name">{t("leagues.col.name")}</th>
                          {counts && <th scope="col">{t("leagues.col.points")}</th>}
                          <th scope="col">{t("leagues.col.tournaments")}</th>
                          <th scope="col">{t("leagues.col.wins")}</th>
                          <th scope="col">{t("leagues.col.best")}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {current.standings.map((l) => (
                          <tr
                            key={l.person_id}
                            class={l.rank === 1 ? "is-first" : ""}
                            data-testid={`standing-${l.person_id}`}
                            data-rank={l.rank}
                            data-points={l.points}
                          >
                            <td>{l.rank}</td>
                            <td class="st-name">
                              {l.person_id != null ? (
                                <a href={personLink(l.person_id, props.id)} data-testid={`standing-person-${l.person_id}`}>
                                  {l.name}
                                </a>
                              ) : (
                                l.name
                              )}
                            </td>
                            {counts && (
                              <td class="st-pts" data-testid={`standing-points-${l.person_id}`}>
                                {l.points}
                              </td>
                            )}
                            <td>{l.tournaments}</td>
                            <td>{l.wins}</td>
                            <td>{l.best_place != null ? ordinal(l.best_place, lang) : "–"}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </>
              )}
              <div class="results-actions" style="margin-top:12px">
                <button type="button" class="btn btn-secondary" data-testid="standings-csv" onClick={() => download("csv")}>
                  {t("leagues.csv")}
                </button>
                <button type="button" class="btn btn-secondary" data-testid="standings-xlsx" onClick={() => download("xlsx")}>
                  {t("leagues.xlsx")}
                </button>
              </div>
            </>
          )}
        </section>
      )}

      {!qualFirst && qualCard}

      {data && data.tournaments.length > 0 && (
        <section class="card" aria-labelledby="lt-h">
          <h2 id="lt-h">{t("leagues.tournaments")}</h2>
          <ul class="list">
            {data.tournaments.map((x) => (
              <li key={x.id}>
                <a class="list-link" href={`#/director/${x.id}`} data-testid={`league-tournament-${x.id}`}>
                  <span class="list-main">
                    {x.name}
                    <span class="muted small" style="display:block">
                      {x.played_on}
                      {x.provisional ? ` · ${t("leagues.provisional")}` : ""}
                    </span>
                  </span>
                  <span class={`tag tag-${x.status}`}>{t(`director.status.${x.status}` as "director.status.running") ?? x.status}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      {data && <PublishCard auth={auth} leagueId={props.id} />}

      {data && (
        <form class="card form" onSubmit={add} aria-labelledby="ladd-h">
          <h2 id="ladd-h">{t("leagues.add")}</h2>
          <label class="field">
            <span>{t("leagues.tournament")}</span>
            <select data-testid="league-add-tournament" value={pick} onChange={(e) => setPick((e.target as HTMLSelectElement).value)}>
              <option value="">–</option>
              {addable.map((x) => (
                <option key={x.id} value={String(x.id)}>
                  {x.name} (#{x.id})
                </option>
              ))}
            </select>
          </label>
          <label class="field">
            <span>{t("leagues.played_on")}</span>
            <input data-testid="league-played-on" type="date" value={playedOn} onInput={(e) => setPlayedOn((e.target as HTMLInputElement).value)} />
          </label>
          {note && <p class="muted" role="status">{note}</p>}
          <button class="btn btn-primary btn-block" type="submit" data-testid="league-add-submit" disabled={busy || !pick}>
            {t("leagues.add_submit")}
          </button>
        </form>
      )}
    </Shell>
  );
}
