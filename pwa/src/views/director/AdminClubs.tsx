import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { request, NetworkError } from "../../sync/api";
import { report } from "../../sync/report";
import { InvitationCard, type Invitation } from "./InvitationCard";
import "./directorTools.css";

interface ClubSummary {
  id: number;
  name: string;
  created_at: number;
  directors: number;
  tournaments: number;
}

/** The server's clubs, for its admin: each with its directors and tournaments counted (never their
 * data), a new club with the setup link for its first director, a new link for a club. */
export function AdminClubs(props: { token: string }) {
  useLang();
  const [clubs, setClubs] = useState<ClubSummary[]>([]);
  const [name, setName] = useState("");
  const [invite, setInvite] = useState<Invitation | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = () =>
    request<ClubSummary[]>("/api/clubs", { token: props.token })
      .then((r) => r.ok && Array.isArray(r.data) && setClubs(r.data))
      .catch((e) => report("director.clubs", e)); // offline: the list stays as it was

  useEffect(() => {
    void load();
  }, [props.token]);

  async function run(path: string, body?: object) {
    setBusy(true);
    setError(null);
    try {
      const r = await request<any>(path, { method: "POST", token: props.token, body });
      if (!r.ok) {
        setError(r.data?.message ?? `${t("common.error")} (${r.status})`);
        return;
      }
      setInvite(r.data.invitation ?? r.data);
      setName("");
      void load();
    } catch (err) {
      setError(err instanceof NetworkError ? t("common.network_error") : t("common.error"));
    } finally {
      setBusy(false);
    }
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
              <small class="muted"> · {t("clubs.counts", { d: c.directors, t: c.tournaments })}</small>
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
