import { useState } from "preact/hooks";
import { t, useLang, type MessageKey } from "../../../i18n";
import { listAnswer, useCachedFetch } from "../../../ui/useCachedFetch";
import type { Access, DirectorInfo } from "../../../sync/session";
import { InvitationCard, type Invitation } from "./InvitationCard";
import { usePostNow } from "./usePostNow";
import "../tools/directorTools.css";

const GIVEN: Access[] = ["full", "limited", "observer"];
const RANK: Record<Access, number> = { removed: 0, observer: 1, limited: 2, full: 3 };

export const accessLabel = (a: Access | undefined) => t(`access.${a ?? "full"}` as MessageKey);

/** The club's directors and what each may do; a full director invites (with the access the new one
 * gets) and changes another's access. Less access signs that director out on every phone. */
export function ClubDirectors(props: { token: string; me: DirectorInfo | null }) {
  useLang();
  // Offline: only the list of names is missing (or the last one seen).
  const list = useCachedFetch<DirectorInfo[]>("/api/directors", { where: "director.directors", token: props.token, cache: "directors", select: listAnswer });
  const directors = list.data ?? [];
  const [access, setAccess] = useState<Access>("full");
  const [invite, setInvite] = useState<Invitation | null>(null);
  const { busy, error, post } = usePostNow(props.token);
  const [note, setNote] = useState<string | null>(null);
  const manager = (props.me?.access ?? "full") === "full";

  async function create() {
    const made = await post<Invitation>("/api/directors/invite", { access });
    if (made?.url) setInvite(made);
  }

  async function change(d: DirectorInfo, next: Access) {
    const lower = RANK[next] < RANK[d.access ?? "full"];
    if (lower && !window.confirm(t("club.lower_confirm", { name: d.username, access: accessLabel(next) }))) return;
    setNote(null);
    if (!(await post(`/api/directors/${d.id}/access`, { access: next }))) return;
    setNote(lower ? t("club.signed_out", { name: d.username }) : null);
    list.refresh();
  }

  return (
    <section class="card" aria-labelledby="invite-h" data-testid="invite-card">
      <h2 id="invite-h">{t("invite.title")}</h2>
      <ul class="club-directors" data-testid="invite-directors">
        {directors.map((d) => (
          <li key={d.id} class={`club-director access-${d.access ?? "full"}`} data-testid={`club-director-${d.username}`} data-access={d.access}>
            <span class="club-director-name">
              {d.username}
              {d.id === props.me?.id && <span class="muted"> ({t("club.you")})</span>}
              {d.admin && <span class="tag">{t("club.admin")}</span>}
            </span>
            {manager && d.id !== props.me?.id && !d.admin ? (
              <select
                aria-label={t("club.access_of", { name: d.username })}
                data-testid={`access-${d.username}`}
                value={d.access ?? "full"}
                onChange={(e) => void change(d, (e.target as HTMLSelectElement).value as Access)}
              >
                {[...GIVEN, "removed" as Access].map((a) => (
                  <option value={a} key={a}>
                    {accessLabel(a)}
                  </option>
                ))}
              </select>
            ) : (
              <span class="tag">{accessLabel(d.access)}</span>
            )}
            {d.access === "limited" && (
              <small class="muted club-director-runs">{d.tournaments?.length ? t("club.runs", { list: d.tournaments.map((n) => `#${n}`).join(", ") }) : t("club.runs_none")}</small>
            )}
          </li>
        ))}
      </ul>
      {note && (
        <p class="muted" role="status" data-testid="club-note">
          {note}
        </p>
      )}
      {manager && (
        <>
          <label class="field">
            <span>{t("club.invite_as")}</span>
            <select data-testid="invite-access" value={access} onChange={(e) => setAccess((e.target as HTMLSelectElement).value as Access)}>
              {GIVEN.map((a) => (
                <option value={a} key={a}>
                  {accessLabel(a)}
                </option>
              ))}
            </select>
            <small class="muted">{t(`access.${access}_hint` as MessageKey)}</small>
          </label>
          <button type="button" class="btn btn-secondary btn-block" data-testid="invite-button" disabled={busy} onClick={create}>
            {busy ? t("common.loading") : t("invite.button")}
          </button>
        </>
      )}
      {error && (
        <p class="error" role="alert" data-testid="invite-error">
          {error}
        </p>
      )}
      {invite && <InvitationCard invite={invite} />}
    </section>
  );
}
