import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { listAnswer, useCachedFetch } from "../../../ui/useCachedFetch";
import type { TournamentDirectors as Runs } from "../../../api/views";
import type { DirectorInfo } from "../../../sync/session";
import { accessLabel } from "../club/ClubDirectors";
import { InvitationCard, type Invitation } from "../club/InvitationCard";
import { usePostNow } from "../club/usePostNow";
import "./directorTools.css";

/** Who runs this tournament: the club's full directors and the limited ones given it. A full
 * director gives it to a limited one (or takes it back: he is signed out), or invites a new
 * director for this tournament only. */
export function TournamentDirectors(props: { tid: string; token: string; me: DirectorInfo | null }) {
  useLang();
  const manager = (props.me?.access ?? "full") === "full";
  const runners = useCachedFetch<Runs>(`/api/tournaments/${props.tid}/directors`, {
    where: "director.tournament_directors",
    token: props.token,
    cache: `directors:${props.tid}`,
    select: (r) => (Array.isArray(r?.directors) ? r : null),
  });
  const club = useCachedFetch<DirectorInfo[]>(manager ? "/api/directors" : null, { where: "director.directors", token: props.token, cache: "directors", select: listAnswer });
  const runs = runners.data?.directors ?? [];
  const limited = (club.data ?? []).filter((d) => d.access === "limited");
  const [invite, setInvite] = useState<Invitation | null>(null);
  const { busy, error, post: postNow } = usePostNow(props.token);

  async function post(path: string, body: object, then: (data: any) => void) {
    const data = await postNow(path, body);
    if (data) then(data);
  }

  const running = new Set(runs.map((d) => d.id));
  return (
    <section class="card" aria-labelledby="tdirs-h" data-testid="tournament-directors">
      <h2 id="tdirs-h">{t("club.tournament_directors")}</h2>
      <ul class="club-directors">
        {runs.map((d) => (
          <li key={d.id} class="club-director" data-testid={`runs-${d.username}`}>
            <span class="club-director-name">{d.username}</span>
            <span class="tag">{accessLabel(d.access)}</span>
          </li>
        ))}
      </ul>
      {manager &&
        limited.map((d) => (
          <label class={`scheck ${running.has(d.id) ? "is-on" : ""}`} key={d.id}>
            <input
              type="checkbox"
              data-testid={`give-${d.username}`}
              checked={running.has(d.id)}
              disabled={busy}
              onChange={(e) => {
                const on = (e.target as HTMLInputElement).checked;
                if (!on && !window.confirm(t("club.take_back_confirm", { name: d.username }))) {
                  (e.target as HTMLInputElement).checked = true;
                  return;
                }
                void post(`/api/tournaments/${props.tid}/directors`, { director_id: d.id, runs: on }, runners.replace);
              }}
            />
            <span>{t("club.give", { name: d.username })}</span>
          </label>
        ))}
      {manager && (
        <button
          type="button"
          class="btn btn-secondary btn-block"
          data-testid="invite-for-tournament"
          disabled={busy}
          onClick={() => void post("/api/directors/invite", { access: "limited", tournament_id: Number(props.tid) }, setInvite)}
        >
          {t("club.invite_for_tournament")}
        </button>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {invite && <InvitationCard invite={invite} />}
    </section>
  );
}
