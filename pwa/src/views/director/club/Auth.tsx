import { useEffect, useState } from "preact/hooks";
import { t, useLang, type MessageKey } from "../../../i18n";
import { Shell } from "../../../ui/Shell";
import { request, NetworkError } from "../../../sync/api";
import { setDirectorAuth } from "../../../sync/session";
import { navigate } from "../../../router";
import type { InvitationInfo } from "../../../api/views";

type Mode = "setup" | "login";

/** What a setup link leads to (POST /api/auth/invitation): the server's first setup, or a club's invitation. */
type Invitation = InvitationInfo;

function useInvitation(setupToken: string | undefined): { invitation: Invitation | null; invalid: string | null } {
  const [state, set] = useState<{ invitation: Invitation | null; invalid: string | null }>({ invitation: null, invalid: null });
  useEffect(() => {
    if (!setupToken) return;
    let alive = true;
    request<Invitation>("/api/auth/invitation", { method: "POST", body: { setup_token: setupToken } })
      .then((r) => {
        if (!alive) return;
        if (r.ok && r.data) set({ invitation: r.data, invalid: null });
        else if (r.status === 401) set({ invitation: null, invalid: t("setup.invalid") });
      })
      .catch(() => undefined); // offline: the form still works once the network is back
    return () => {
      alive = false;
    };
  }, [setupToken]);
  return state;
}

export function AuthScreen(props: { mode: Mode; setupToken?: string }) {
  useLang();
  const { mode } = props;
  const { invitation, invalid } = useInvitation(mode === "setup" ? props.setupToken : undefined);
  const [clubName, setClubName] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    if (mode === "setup" && password.length < 8) {
      setError(t("auth.password_short"));
      return;
    }
    setBusy(true);
    try {
      const body =
        mode === "setup"
          ? { setup_token: props.setupToken, username: username.trim(), password, ...(invitation?.first_setup && clubName.trim() ? { club_name: clubName.trim() } : {}) }
          : { username: username.trim(), password };
      const r = await request(`/api/auth/${mode}`, { method: "POST", body });
      if (r.ok && r.data?.token) {
        await setDirectorAuth({ token: r.data.token, director: r.data.director ?? null, club: r.data.club ?? null });
        navigate("/director");
        return;
      }
      if (mode === "login" && r.status === 401) setError(t("login.bad"));
      else if (r.status === 429) setError(t("login.too_many", { s: Number(r.data?.retry_after ?? 60) }));
      else setError(r.data?.message ?? `${t("common.error")} (${r.status})`);
    } catch (err) {
      setError(err instanceof NetworkError ? t("common.network_error") : t("common.error"));
    } finally {
      setBusy(false);
    }
  }

  const p = mode === "setup" ? "setup" : "login";
  return (
    <Shell title={mode === "setup" ? t("setup.title") : t("login.title")}>
      <form class="card form" onSubmit={submit}>
        {mode === "setup" && <p class="muted">{t("setup.intro")}</p>}
        {invalid && (
          <p class="error" role="alert" data-testid="setup-invalid">
            {invalid}
          </p>
        )}
        {invitation && !invitation.first_setup && invitation.club && (
          <p class="setup-club" data-testid="setup-club">
            {t(`setup.joins_${invitation.access}` as MessageKey, { club: invitation.club.name })}
          </p>
        )}
        {invitation?.first_setup && (
          <label class="field">
            <span>{t("setup.club_name")}</span>
            <input
              data-testid="setup-club-name"
              name="organization"
              autocomplete="organization"
              maxLength={120}
              placeholder={t("setup.club_placeholder")}
              value={clubName}
              onInput={(e) => setClubName((e.target as HTMLInputElement).value)}
            />
            <small class="muted">{t("setup.club_hint")}</small>
          </label>
        )}
        <label class="field">
          <span>{t("auth.username")}</span>
          <input
            data-testid={`${p}-username`}
            name="username"
            autocomplete="username"
            autocapitalize="none"
            spellcheck={false}
            required
            value={username}
            onInput={(e) => setUsername((e.target as HTMLInputElement).value)}
          />
        </label>
        <label class="field">
          <span>{t("auth.password")}</span>
          <input
            data-testid={`${p}-password`}
            name="password"
            type="password"
            autocomplete={mode === "setup" ? "new-password" : "current-password"}
            required
            minLength={mode === "setup" ? 8 : undefined}
            value={password}
            onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
          />
          {mode === "setup" && <small class="muted">{t("auth.password_hint")}</small>}
        </label>
        {error && (
          <p class="error" role="alert" data-testid={`${p}-error`}>
            {error}
          </p>
        )}
        <button class="btn btn-primary btn-block" type="submit" data-testid={`${p}-submit`} disabled={busy}>
          {mode === "setup" ? t("setup.submit") : t("login.submit")}
        </button>
      </form>
    </Shell>
  );
}
