// A person's season for the director (docs/season.md): the same page the player sees from his
// link (src/season/), reached from a league's standings or the players' search (Leagues).
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { Shell } from "../../../ui/Shell";
import { request } from "../../../sync/api";
import { report } from "../../../sync/report";
import { SeasonView } from "../../../season/SeasonView";
import { useHistory } from "../../../season/useHistory";
import { useDirectorAuth, useSignOutOnRefusal } from "../shared/useDirector";

/** `#/director/leagues?person=<id>[&league=<id>]`: the query of the leagues' route names a person. */
export function personLink(personId: number, leagueId?: number | string): string {
  return `#/director/leagues?person=${personId}${leagueId != null ? `&league=${encodeURIComponent(String(leagueId))}` : ""}`;
}

export function seasonQuery(hash: string): { person: string | null; league: string | null } {
  const q = new URLSearchParams(hash.split("?")[1] ?? "");
  return { person: q.get("person"), league: q.get("league") };
}

export function PersonSeason(props: { id: string; league: string | null }) {
  useLang();
  const { auth } = useDirectorAuth();
  const state = useHistory(auth ? `/api/persons/${encodeURIComponent(props.id)}/history` : null, auth?.token);
  useSignOutOnRefusal(state.error);
  const back = props.league ? `#/director/leagues/${encodeURIComponent(props.league)}` : "#/director/leagues";
  return (
    <Shell title={state.data?.person?.name ?? t("season.person_title")} back={{ href: back, label: t("leagues.title") }} class="director season" badge="status">
      <SeasonView state={state} />
    </Shell>
  );
}

interface Person {
  id: number;
  name: string;
}

/** The club's players by name (accents and ß aside, GET /api/persons?q=), each a link to his season. */
export function PersonSearch(props: { token: string }) {
  useLang();
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Person[] | null>(null);
  useEffect(() => {
    const typed = q.trim();
    if (!typed) return setFound(null);
    let alive = true;
    const timer = setTimeout(() => {
      request<Person[]>(`/api/persons?q=${encodeURIComponent(typed)}`, { token: props.token })
        .then((r) => alive && setFound(r.ok && Array.isArray(r.data) ? r.data : []))
        .catch((e) => report("league.persons", e)); // offline: the list stays as it was
    }, 250);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [q, props.token]);
  return (
    <section class="card" aria-labelledby="players-h" data-testid="person-search">
      <h2 id="players-h">{t("leagues.players")}</h2>
      <p class="muted small" style="margin: 0 0 10px">
        {t("leagues.players_hint")}
      </p>
      <label class="field">
        <span>{t("leagues.players_search")}</span>
        <input type="search" value={q} maxLength={80} autocomplete="off" data-testid="person-search-q" onInput={(e) => setQ((e.target as HTMLInputElement).value)} />
      </label>
      {found && found.length === 0 && <p class="muted">{t("leagues.players_none")}</p>}
      {found && found.length > 0 && (
        <ul class="list">
          {found.map((p) => (
            <li key={p.id}>
              <a class="list-link" href={personLink(p.id)} data-testid={`person-link-${p.id}`}>
                <span class="list-main">{p.name}</span>
                <span aria-hidden="true">›</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
