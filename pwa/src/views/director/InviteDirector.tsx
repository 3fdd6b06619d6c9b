import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { request, NetworkError } from "../../sync/api";
import { report } from "../../sync/report";
import "./directorTools.css";

interface Invite {
  url: string;
  qr_svg: string;
}

/** Several directors: the accounts, and a one-time setup link (with its QR) for a new one. */
export function InviteDirector(props: { token: string }) {
  useLang();
  const [directors, setDirectors] = useState<{ id: number; username: string }[]>([]);
  const [invite, setInvite] = useState<Invite | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    request<{ id: number; username: string }[]>("/api/directors", { token: props.token })
      .then((r) => alive && r.ok && Array.isArray(r.data) && setDirectors(r.data))
      .catch((e) => report("director.directors", e)); // only the list of names is missing
    return () => {
      alive = false;
    };
  }, [props.token]);

  async function create() {
    setBusy(true);
    setError(null);
    try {
      const r = await request<Invite>("/api/directors/invite", { method: "POST", token: props.token });
      if (r.ok && r.data?.url) setInvite(r.data);
      else setError((r.data as any)?.message ?? `${t("common.error")} (${r.status})`);
    } catch (err) {
      setError(err instanceof NetworkError ? t("common.network_error") : t("common.error"));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!invite) return;
    try {
      await navigator.clipboard.writeText(invite.url);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch (e) {
      report("director.copy", e); // no clipboard: the link to copy by hand
      window.prompt(t("invite.button"), invite.url);
    }
  }

  return (
    <section class="card" aria-labelledby="invite-h" data-testid="invite-card">
      <h2 id="invite-h">{t("invite.title")}</h2>
      {directors.length > 0 && (
        <p class="muted" data-testid="invite-directors">
          {directors.map((d) => d.username).join(" · ")}
        </p>
      )}
      <button type="button" class="btn btn-secondary btn-block" data-testid="invite-button" disabled={busy} onClick={create}>
        {busy ? t("common.loading") : t("invite.button")}
      </button>
      {error && (
        <p class="error" role="alert" data-testid="invite-error">
          {error}
        </p>
      )}
      {invite && (
        <div data-testid="invite-result">
          <p class="muted small">{t("invite.hint")}</p>
          <div class="tools-links">
            <a class="invite-url" href={invite.url} data-testid="invite-url" target="_blank" rel="noopener">
              {invite.url}
            </a>
          </div>
          <button type="button" class="btn btn-secondary btn-block" onClick={copy} data-testid="invite-copy">
            {copied ? t("common.copied") : t("common.copy")}
          </button>
          <div class="invite-qr">
            <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(invite.qr_svg)}`} alt={t("invite.qr")} data-testid="invite-qr" />
          </div>
        </div>
      )}
    </section>
  );
}
