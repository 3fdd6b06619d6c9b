import { useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import type { ClubSummary } from "../../../api/views";
import { listAnswer, useCachedFetch } from "../../../ui/useCachedFetch";
import { InvitationCard, type Invitation } from "./InvitationCard";
import { usePostNow } from "./usePostNow";
import "../tools/directorTools.css";

/** The server's clubs, for its admin: each with its directors and tournaments counted (never their
 * data), a new club with the setup link for its first director, a new link for a club. */
export function AdminClubs(props: { token: string }) {
  useLang();
  const { data, refresh } = useCachedFetch<ClubSummary[]>("/api/clubs", { where: "director.clubs", token: props.token, cache: "clubs", select: listAnswer });
  const clubs = data ?? [];
  const [name, setName] = useState("");
  const [invite, setInvite] = useState<Invitation | null>(null);
  const { busy, error, post } = usePostNow(props.token);

  async function run(path: string, body?: object) {
    const made = await post(path, body);
    if (!made) return;
    setInvite(made.invitation ?? made); // a new club's answer holds its invitation; a new link is one
    setName("");
    refresh();
  }

  return (
    <section class="card" aria-labelledby="clubs-h" data-testid="admin-clubs">
      <h2 id="clubs-h">{t("clubs.title")}</h2>
      <p class="muted small">{t("clubs.hint")}</p>
      <ul class="club-directors">
        {clubs.map((c) => (
          <li key={c.id} class="club-director" data-testid={`club-${c.id}`}>
            <span class="club-director-name">
              {c.name}
              <small class="muted club-counts">{t("clubs.counts", { d: c.directors, t: c.tournaments })}</small>
            </span>
            <button type="button" class="btn btn-ghost" data-testid={`club-invite-${c.id}`} disabled={busy} onClick={() => void run(`/api/clubs/${c.id}/invite`)}>
              {t("clubs.new_link")}
            </button>
          </li>
        ))}
      </ul>
      <form
        class="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) void run("/api/clubs", { name: name.trim() });
        }}
      >
        <label class="field">
          <span>{t("clubs.new")}</span>
          <input data-testid="club-name" value={name} maxLength={120} required placeholder={t("setup.club_placeholder")} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <button class="btn btn-secondary btn-block" type="submit" data-testid="club-create" disabled={busy || !name.trim()}>
          {t("clubs.create")}
        </button>
      </form>
      {error && (
        <p class="error" role="alert" data-testid="clubs-error">
          {error}
        </p>
      )}
      {invite && <InvitationCard invite={invite} />}
    </section>
  );
}
