import { useEffect, useState } from "preact/hooks";
import { t, useLang, getLang } from "../../../i18n";
import { request, NetworkError } from "../../../sync/api";
import { report } from "../../../sync/report";
import { fetchFile, openBlob } from "../../../sync/download";
import { setDirectorAuth, type DirectorAuth } from "../../../sync/session";
import { useQr } from "../tools/Links";
import "./clubPage.css";

const QR_PATH = "/api/clubs/mine/page-qr.svg";
const POSTER_PATH = "/api/clubs/mine/print/page-poster";

/** The page's short link as the server says it (its public address, which may not be the one this
 * phone uses); this phone's own origin while offline. */
function usePageLink(slug: string | null | undefined): { link: string | null; listed: number | null; calendar: string | null } {
  const [answer, setAnswer] = useState<{ link: string; listed: number; calendar: string } | null>(null);
  useEffect(() => {
    if (!slug) return;
    let alive = true;
    request<{ link: string; calendar: string; tournaments: unknown[] }>(`/api/public/clubs/${encodeURIComponent(slug)}`)
      .then((r) => {
        if (alive && r.ok && r.data) setAnswer({ link: r.data.link, listed: r.data.tournaments.length, calendar: r.data.calendar });
      })
      .catch((e) => report("director.club_page", e)); // offline: the link from this phone's address
    return () => {
      alive = false;
    };
  }, [slug]);
  if (!slug) return { link: null, listed: null, calendar: null };
  return {
    link: answer?.link ?? `${location.origin}/c/${slug}`,
    listed: answer?.listed ?? null,
    calendar: answer?.calendar ?? `${location.origin}/api/public/clubs/${encodeURIComponent(slug)}/calendar.ics`,
  };
}

/**
 * The club's public page (docs/sign-up.md): its short link to copy or share, the QR code for the
 * wall and a poster to print, and what the page shows of the players (docs/privacy.md).
 */
export function ClubPageCard(props: { auth: DirectorAuth }) {
  useLang();
  const { auth } = props;
  const club = auth.club;
  const { link, listed, calendar } = usePageLink(club?.slug);
  const qr = useQr(club?.slug ? QR_PATH : null, auth.token, true, link ?? "");
  const [copied, setCopied] = useState(false);
  const [printError, setPrintError] = useState<string | null>(null);
  if (!club?.slug || !link) return null;
  const canShare = typeof navigator.share === "function";

  async function copy() {
    try {
      await navigator.clipboard.writeText(link!);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch (e) {
      report("director.copy", e); // no clipboard: the link to copy by hand
      window.prompt(t("clubpage.title"), link!);
    }
  }

  async function share() {
    try {
      await navigator.share({ title: club!.name, text: t("clubpage.share_text", { club: club!.name }), url: link! });
    } catch (e) {
      if ((e as DOMException)?.name !== "AbortError") report("director.share", e); // closed the sheet: fine
    }
  }

  /** The server's printout (api/sign_up.py page_poster), opened as a blob page like the others. */
  async function poster() {
    setPrintError(null);
    const win = window.open("", "_blank"); // inside the tap, so a popup blocker lets it through
    const r = await fetchFile(`${POSTER_PATH}?lang=${getLang()}`, auth.token, "club-poster.html");
    if (!r.ok) {
      win?.close();
      setPrintError(r.status === 0 ? t("common.network_error") : r.message);
      return;
    }
    openBlob(new Blob([r.blob], { type: "text/html;charset=utf-8" }), win);
  }

  return (
    <section class="card club-page-card" aria-labelledby="club-page-h" data-testid="club-page-card">
      <h2 id="club-page-h">{t("clubpage.title")}</h2>
      <p class="muted small">{t("clubpage.text")}</p>
      <p class="club-page-link">
        <a href={link} data-testid="club-page-link" target="_blank" rel="noopener">
          {link}
        </a>
      </p>
      <div class="club-page-actions">
        <button type="button" class="btn btn-secondary" data-testid="club-page-copy" onClick={copy}>
          {copied ? t("common.copied") : t("common.copy")}
        </button>
        {canShare && (
          <button type="button" class="btn btn-secondary" data-testid="club-page-share" onClick={share}>
            {t("clubpage.share")}
          </button>
        )}
      </div>
      {listed != null && (
        <p class="muted small" data-testid="club-page-listed">
          {listed ? t("clubpage.listed", { n: listed }) : t("clubpage.listed_none")}
        </p>
      )}
      <div class="club-page-qr">
        {qr ? <img src={qr} alt={t("clubpage.qr_alt", { link })} width={200} height={200} data-testid="club-page-qr" /> : <div class="club-page-qr-wait" aria-hidden="true" />}
      </div>
      <button type="button" class="btn btn-primary btn-block" data-testid="club-page-poster" onClick={poster}>
        {t("clubpage.poster")}
      </button>
      {printError && (
        <p class="error" role="alert">
          {printError}
        </p>
      )}
      {calendar && <ClubCalendar feed={calendar} />}
      <ClubPrivacy auth={auth} />
    </section>
  );
}

/** The club's calendar feed (docs/exports.md): a phone subscribes with the webcal:// link (its
 * calendar app opens), Google Calendar and Outlook take the https address ("From URL"). */
function ClubCalendar(props: { feed: string }) {
  const webcal = props.feed.replace(/^https?:\/\//, "webcal://");
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.feed);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch (e) {
      report("director.copy", e); // no clipboard: the address to copy by hand
      window.prompt(t("calendar.title"), props.feed);
    }
  }
  return (
    <div class="club-calendar" data-testid="club-calendar">
      <h3>{t("calendar.title")}</h3>
      <p class="muted small">{t("calendar.text")}</p>
      <a class="btn btn-primary btn-block" href={webcal} data-testid="club-calendar-webcal">
        {t("calendar.subscribe")}
      </a>
      <p class="muted small">{t("calendar.other_apps")}</p>
      <p class="club-calendar-url" data-testid="club-calendar-https">
        {props.feed}
      </p>
      <button type="button" class="btn btn-secondary btn-block" data-testid="club-calendar-copy" onClick={copy}>
        {copied ? t("common.copied") : t("calendar.copy")}
      </button>
    </div>
  );
}

type PageSettings = { show_names: boolean; retention_days: number };

/** What the public page shows and how long sign-ups' e-mail addresses are kept (PATCH
 * /api/clubs/mine/page answers with the club). Needs the server now: nothing here is queued. */
function ClubPrivacy(props: { auth: DirectorAuth }) {
  const { auth } = props;
  const club = auth.club!;
  const [saved, setSaved] = useState<PageSettings>({ show_names: club.show_names, retention_days: club.retention_days });
  const [showNames, setShowNames] = useState(saved.show_names);
  const [days, setDays] = useState(String(saved.retention_days));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const observer = auth.director?.access === "observer";
  const n = Number(days.trim());
  const daysOk = /^\d+$/.test(days.trim()) && n >= 0 && n <= 3650;
  const changed = showNames !== saved.show_names || (daysOk && n !== saved.retention_days);

  async function save(e: Event) {
    e.preventDefault();
    if (!daysOk || busy) return;
    setBusy(true);
    setNote(null);
    try {
      const body: Partial<PageSettings> = {};
      if (showNames !== saved.show_names) body.show_names = showNames;
      if (n !== saved.retention_days) body.retention_days = n;
      const r = await request<typeof club>("/api/clubs/mine/page", { method: "PATCH", token: auth.token, body });
      if (!r.ok || !r.data) {
        setNote({ ok: false, text: (r.data as any)?.message ?? `${t("common.error")} (${r.status})` });
        return;
      }
      const next = { show_names: r.data.show_names, retention_days: r.data.retention_days };
      setSaved(next);
      setShowNames(next.show_names);
      setDays(String(next.retention_days));
      setNote({ ok: true, text: t("clubpage.saved") });
      void setDirectorAuth({ ...auth, club: r.data }).catch((err) => report("director.club_save", err));
    } catch (err) {
      setNote({ ok: false, text: err instanceof NetworkError ? t("common.network_error") : t("common.error") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="form club-privacy" onSubmit={save} noValidate data-testid="club-privacy">
      <h3>{t("clubpage.privacy")}</h3>
      <label class="scheck">
        <input type="checkbox" data-testid="club-show-names" checked={showNames} disabled={observer} onChange={(e) => setShowNames((e.target as HTMLInputElement).checked)} />
        <span>{t("clubpage.show_names")}</span>
      </label>
      <label class="field">
        <span>{t("clubpage.retention")}</span>
        <span class="club-retention">
          <input
            data-testid="club-retention"
            inputMode="numeric"
            value={days}
            disabled={observer}
            class={daysOk ? "" : "is-invalid"}
            aria-invalid={daysOk ? undefined : true}
            onInput={(e) => setDays((e.target as HTMLInputElement).value)}
          />
          <span>{t("clubpage.days")}</span>
        </span>
        {!daysOk && (
          <span class="field-error" role="alert">
            {t("clubpage.bad_days")}
          </span>
        )}
      </label>
      {!observer && (
        <button type="submit" class="btn btn-secondary btn-block" data-testid="club-privacy-save" disabled={busy || !changed || !daysOk}>
          {busy ? t("common.loading") : t("settings.save")}
        </button>
      )}
      {note && (
        <p class={note.ok ? "muted" : "error"} role={note.ok ? "status" : "alert"} data-testid="club-privacy-note">
          {note.text}
        </p>
      )}
    </form>
  );
}
