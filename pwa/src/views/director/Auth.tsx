import { useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { Shell } from "../../ui/Shell";
import { request, NetworkError } from "../../sync/api";
import { setDirectorAuth } from "../../sync/session";
import { navigate } from "../../router";

type Mode = "setup" | "login";

export function AuthScreen(props: { mode: Mode; setupToken?: string }) {
  useLang();
  const { mode } = props;
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
        mode === "setup" ? { setup_token: props.setupToken, username: username.trim(), password } : { username: username.trim(), password };
      const r = await request(`/api/auth/${mode}`, { method: "POST", body });
      if (r.ok && r.data?.token) {
        await setDirectorAuth({ token: r.data.token, director: r.data.director ?? null });
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
