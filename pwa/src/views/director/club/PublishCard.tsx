// A league's public standings (docs/standings-publish.md): on or off, how names are shown, the club
// websites that may frame the page, its address with copy and QR, the iframe to paste, a new address
// when the old one leaked; and how many of the league's players get the standings by mail.
// Plain requests (it needs the server); a full director changes it, the others read it.
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { request, NetworkError } from "../../../sync/api";
import { report } from "../../../sync/report";
import type { PublishSettings } from "../../../api/views";
import type { DirectorAuth } from "../../../sync/session";
import { useQr } from "../tools/Links";
import "./publish.css";

type Names = PublishSettings["names"];
const NAMES: Names[] = ["full", "initials", "hidden"];
const NAME_LABEL = { full: "publish.names_full", initials: "publish.names_initials", hidden: "publish.names_hidden" } as const;

/** The websites as typed, one per line, blank lines dropped. */
function originsOf(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The server names a refused website "origins.<n>": shown with its line. */
function refusalText(r: { status: number; data: any }): string {
  const field: string | undefined = r.data?.field;
  const line = field?.startsWith("origins.") ? Number(field.split(".")[1]) + 1 : null;
  const message = r.data?.message ?? `${t("common.error")} (${r.status})`;
  return line != null ? t("publish.origin_refused", { line, message: message.replace(/^origins\.\d+: /, "") }) : message;
}

function CopyButton(props: { text: string; testid: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch (e) {
      report("director.copy", e); // no clipboard (plain HTTP): the text to copy by hand
      window.prompt(props.label ?? t("common.copy"), props.text);
    }
  }
  return (
    <button type="button" class="btn btn-secondary" data-testid={props.testid} onClick={copy}>
      {copied ? t("common.copied") : props.label ?? t("common.copy")}
    </button>
  );
}

export function PublishCard(props: { auth: DirectorAuth; leagueId: string }) {
  useLang();
  const { auth, leagueId } = props;
  const path = `/api/leagues/${encodeURIComponent(leagueId)}/publish`;
  const [saved, setSaved] = useState<PublishSettings | null>(null);
  const [on, setOn] = useState(false);
  const [names, setNames] = useState<Names>("initials");
  const [origins, setOrigins] = useState("");
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const mayChange = (auth.director?.access ?? "full") === "full";
  const qr = useQr(saved ? `${path}/qr.svg` : null, auth.token, !!saved?.published, saved?.link ?? "");

  function take(s: PublishSettings) {
    setSaved(s);
    setOn(s.published);
    setNames(s.names);
    setOrigins(s.origins.join("\n"));
  }

  useEffect(() => {
    let alive = true;
    request<PublishSettings>(path, { token: auth.token })
      .then((r) => {
        if (!alive) return;
        if (r.ok && r.data) take(r.data);
        else setNote({ ok: false, text: refusalText(r) });
      })
      .catch((e) => alive && setNote({ ok: false, text: e instanceof NetworkError ? t("common.network_error") : t("common.error") }));
    return () => {
      alive = false;
    };
  }, [path, auth.token]);

  const changed = !!saved && (on !== saved.published || names !== saved.names || originsOf(origins).join("\n") !== saved.origins.join("\n"));

  async function send(method: "PUT" | "POST", url: string, body: unknown, done: string) {
    setBusy(true);
    setNote(null);
    try {
      const r = await request<PublishSettings>(url, { method, token: auth.token, body });
      if (r.ok && r.data) {
        take(r.data);
        setNote({ ok: true, text: done });
      } else setNote({ ok: false, text: refusalText(r) });
    } catch (e) {
      setNote({ ok: false, text: e instanceof NetworkError ? t("common.network_error") : t("common.error") });
    } finally {
      setBusy(false);
    }
  }

  function save(e: Event) {
    e.preventDefault();
    if (busy || !changed) return;
    void send("PUT", path, { published: on, names, origins: originsOf(origins) }, t("publish.saved"));
  }

  function newAddress() {
    if (!window.confirm(t("publish.new_address_confirm"))) return;
    void send("POST", `${path}/new-address`, undefined, t("publish.new_address_done"));
  }

  if (!saved)
    return (
      <section class="card" aria-labelledby="publish-h" data-testid="publish-card">
        <h2 id="publish-h">{t("publish.title")}</h2>
        {note ? <p class="error" role="alert">{note.text}</p> : <p class="muted">{t("common.loading")}</p>}
      </section>
    );
  return (
    <section class="card publish-card" aria-labelledby="publish-h" data-testid="publish-card" data-published={saved.published}>
      <h2 id="publish-h">{t("publish.title")}</h2>
      <p class="muted small">{t("publish.text")}</p>
      <form class="form publish-form" onSubmit={save} noValidate>
        <label class="scheck publish-switch">
          <input type="checkbox" role="switch" data-testid="publish-on" checked={on} disabled={!mayChange} onChange={(e) => setOn((e.target as HTMLInputElement).checked)} />
          <span>{on ? t("publish.on") : t("publish.off")}</span>
        </label>
        <fieldset class="publish-names" disabled={!mayChange}>
          <legend>{t("publish.names")}</legend>
          {NAMES.map((n) => (
            <label class="scheck" key={n}>
              <input type="radio" name="publish-names" value={n} data-testid={`publish-names-${n}`} checked={names === n} onChange={() => setNames(n)} />
              <span>{t(NAME_LABEL[n])}</span>
            </label>
          ))}
        </fieldset>
        <label class="field">
          <span>{t("publish.origins")}</span>
          <textarea
            data-testid="publish-origins"
            rows={3}
            value={origins}
            disabled={!mayChange}
            placeholder="https://club.example.ch"
            autocapitalize="off"
            spellcheck={false}
            onInput={(e) => setOrigins((e.target as HTMLTextAreaElement).value)}
          />
          <span class="muted small">{t("publish.origins_hint")}</span>
        </label>
        {mayChange ? (
          <button type="submit" class="btn btn-primary btn-block" data-testid="publish-save" disabled={busy || !changed}>
            {busy ? t("common.loading") : t("settings.save")}
          </button>
        ) : (
          <p class="muted small">{t("publish.full_only")}</p>
        )}
        {note && (
          <p class={note.ok ? "muted" : "error"} role={note.ok ? "status" : "alert"} data-testid="publish-note">
            {note.text}
          </p>
        )}
      </form>

      <p class="muted small publish-mail" data-testid="publish-subscribers">
        {saved.subscribers === 1 ? t("publish.subscribers_one") : t("publish.subscribers", { n: saved.subscribers })}
      </p>

      {saved.published && (
        <div class="publish-share">
          <h3>{t("publish.link")}</h3>
          <p class="publish-link">
            <a href={saved.link} target="_blank" rel="noopener" data-testid="publish-link">
              {saved.link}
            </a>
          </p>
          <div class="publish-actions">
            <CopyButton text={saved.link} testid="publish-copy-link" />
          </div>
          <div class="publish-qr">{qr ? <img src={qr} alt={t("clubpage.qr_alt", { link: saved.link })} width={200} height={200} data-testid="publish-qr" /> : <div class="publish-qr-wait" aria-hidden="true" />}</div>
          <h3>{t("publish.embed")}</h3>
          <p class="muted small">{saved.origins.length ? t("publish.embed_hint") : t("publish.embed_none")}</p>
          <textarea class="publish-snippet" readOnly rows={4} value={saved.embed} data-testid="publish-embed" onFocus={(e) => (e.target as HTMLTextAreaElement).select()} />
          <div class="publish-actions">
            <CopyButton text={saved.embed} testid="publish-copy-embed" label={t("publish.copy_embed")} />
          </div>
          {mayChange && (
            <>
              <h3>{t("publish.new_address")}</h3>
              <p class="muted small">{t("publish.new_address_hint")}</p>
              <button type="button" class="btn btn-ghost btn-block" data-testid="publish-new-address" disabled={busy} onClick={newAddress}>
                {t("publish.new_address")}
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
