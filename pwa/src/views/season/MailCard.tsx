import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { request, NetworkError } from "../../sync/api";
import { report } from "../../sync/report";
import "./mail.css";

interface MailSetting {
  email: string | null;
  subscribed: boolean;
}

/**
 * "Standings by e-mail": the address and whether the league standings go to it
 * (GET/PUT /api/tournaments/<tid>/my-standings-mail, {email, subscribed}). A server without that
 * route (404) or no answer at all: no card, there is nothing to set.
 */
export function MailCard(props: { tid: number; token: string }) {
  useLang();
  const url = `/api/tournaments/${props.tid}/my-standings-mail`;
  const [saved, setSaved] = useState<MailSetting | null>(null);
  const [email, setEmail] = useState("");
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);

  function show(s: MailSetting) {
    setSaved(s);
    setEmail(s.email ?? "");
    setOn(!!s.subscribed);
  }

  useEffect(() => {
    let alive = true;
    request<MailSetting>(url, { token: props.token })
      .then((r) => alive && r.ok && r.data && typeof r.data === "object" && show(r.data))
      .catch((e) => report("season.mail_get", e)); // offline: no card until the server answers
    return () => {
      alive = false;
    };
  }, [url, props.token]);

  if (!saved) return null;
  const changed = email.trim() !== (saved.email ?? "") || on !== saved.subscribed;
  const missing = on && !email.trim();

  async function save(e: Event) {
    e.preventDefault();
    if (busy || !changed || missing) return;
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const r = await request<MailSetting>(url, { method: "PUT", token: props.token, body: { email: email.trim(), subscribed: on } });
      if (r.ok && r.data && typeof r.data === "object") {
        show(r.data);
        setDone(true);
      } else setError({ message: (r.data as any)?.message ?? `${t("common.error")} (${r.status})`, field: (r.data as any)?.field ?? null });
    } catch (err) {
      setError({ message: err instanceof NetworkError ? t("common.network_error") : t("common.error"), field: null });
    } finally {
      setBusy(false);
    }
  }

  const badEmail = !!error?.field && /email/.test(error.field);
  return (
    <form class="card form season-mail" onSubmit={save} noValidate data-testid="season-mail" aria-labelledby="season-mail-h">
      <h2 id="season-mail-h">{t("season.mail_title")}</h2>
      <p class="muted small">{t("season.mail_hint")}</p>
      <label class={`field${badEmail ? " is-bad" : ""}`}>
        <span>{t("season.mail_email")}</span>
        <input
          type="email"
          inputMode="email"
          autocomplete="email"
          maxLength={254}
          value={email}
          data-testid="season-mail-email"
          aria-invalid={badEmail || undefined}
          onInput={(e) => (setEmail((e.target as HTMLInputElement).value), setDone(false))}
        />
      </label>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        class={`season-switch${on ? " is-on" : ""}`}
        data-testid="season-mail-switch"
        onClick={() => (setOn(!on), setDone(false))}
      >
        <span class="season-switch-track" aria-hidden="true">
          <span class="season-switch-knob" />
        </span>
        <span>{t("season.mail_on")}</span>
      </button>
      {missing && <p class="muted small">{t("season.mail_need_email")}</p>}
      {error && (
        <p class="error" role="alert" data-testid="season-mail-error">
          {error.message}
        </p>
      )}
      {done && !changed && (
        <p class="season-saved" role="status" data-testid="season-mail-saved">
          ✓ {saved.subscribed ? t("season.mail_saved_on") : t("season.mail_saved_off")}
        </p>
      )}
      <button type="submit" class="btn btn-primary btn-block" data-testid="season-mail-save" disabled={busy || !changed || missing}>
        {t("season.mail_save")}
      </button>
    </form>
  );
}
