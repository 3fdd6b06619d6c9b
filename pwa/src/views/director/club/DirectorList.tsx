import { useState } from "preact/hooks";
import { t, useLang, getLang, type MessageKey } from "../../../i18n";
import { Shell } from "../../../ui/Shell";
import { withRule } from "../../../ui/reasons";
import { VenueAlarms, VenueCard } from "./VenueCard";
import { useVenue } from "./venue";
import { request, NetworkError } from "../../../sync/api";
import { setDirectorAuth } from "../../../sync/session";
import type { PresetSummary, Tournament } from "../../../api/views";
import { listAnswer, useCachedFetch } from "../../../ui/useCachedFetch";
import * as outbox from "../../../sync/outbox";
import { report } from "../../../sync/report";
import { navigate } from "../../../router";
import { useDirectorAuth, useSignOutOnRefusal } from "../shared/useDirector";
import { ClubDirectors, accessLabel } from "./ClubDirectors";
import { AdminClubs } from "./AdminClubs";
import { ClubPageCard } from "./ClubPageCard";
import { ScreensCard } from "./ScreensCard";
import { ChipSetCard } from "./ChipSetCard";


type LegalWarning = { code: string; rule: string; message: string; params: Record<string, unknown> };

/** A preset's text in the phone's language (a preset gives one text, or one per language). */
function inLang(text: PresetSummary["name"], lang: string): string {
  return typeof text === "string" ? text : (text[lang] ?? text.en ?? "");
}

/** The plain generic preset first, when there is one; else the first listed. */
function defaultPreset(list: PresetSummary[]): string {
  return list.find((p) => p.id === "generic")?.id ?? list[0]?.id ?? "";
}

export function DirectorList() {
  useLang();
  const { auth, ready } = useDirectorAuth();
  const venue = useVenue(auth?.token);
  const [name, setName] = useState("");
  const [chosenPreset, setPreset] = useState("");
  const [error, setError] = useState<string | null>(null);
  // A tournament created with the law's warnings (a fifth of the day, a short structure): said before it opens.
  const [warned, setWarned] = useState<{ id: number; warnings: LegalWarning[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const tournaments = useCachedFetch<Tournament[]>(auth ? "/api/tournaments" : null, { where: "director.list", token: auth?.token, cache: "tournaments", select: listAnswer });
  const presetList = useCachedFetch<PresetSummary[]>(auth ? "/api/presets" : null, { where: "director.presets", token: auth?.token, cache: "presets", select: listAnswer });
  useSignOutOnRefusal(tournaments.error);
  // Offline with nothing kept: an empty list, not "loading" for ever.
  const list = tournaments.data ?? (tournaments.loading ? null : []);
  const presets = presetList.data ?? [];
  const preset = chosenPreset || defaultPreset(presets);

  async function create(e: Event) {
    e.preventDefault();
    if (!auth || busy || !name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const r = await request<Tournament>("/api/tournaments", {
        method: "POST",
        token: auth.token,
        body: { name: name.trim(), preset: preset || "generic" },
      });
      if (r.ok && r.data?.id !== undefined) {
        tournaments.replace([r.data, ...(list ?? [])]);
        const warnings = ((r.data as { warnings?: LegalWarning[] }).warnings ?? []).filter((w) => w.code);
        if (warnings.length) setWarned({ id: r.data.id, warnings });
        else navigate(`/director/${r.data.id}`);
        return;
      }
      setError((r.data as any)?.message ?? `${t("common.error")} (${r.status})`);
    } catch (err) {
      setError(err instanceof NetworkError ? t("common.network_error") : t("common.error"));
    } finally {
      setBusy(false);
    }
  }

  async function logout() {
    if (!auth) return;
    // Shown: the server did not hear the sign-out, so this login stays valid until it does.
    request("/api/auth/logout", { method: "POST", token: auth.token }).catch((e) => report("director.logout", e, { show: "report.logout_failed" }));
    // Not shown: left-over commands go out with a dead login and come back rejected, in plain sight.
    await outbox.discardForToken(auth.token).catch((e) => report("director.logout_discard", e));
    await setDirectorAuth(null);
    navigate("/login");
  }

  const lang = getLang();
  const chosen = presets.find((p) => p.id === preset);
  const description = chosen ? inLang(chosen.description, lang) : "";
  const observer = auth?.director?.access === "observer";
  if (!ready || !auth) return <Shell title={t("director.title")}>{<p class="muted">{t("common.loading")}</p>}</Shell>;
  return (
    <Shell
      title={t("director.title")}
      secure
      actions={
        <button type="button" class="btn btn-ghost" data-testid="logout" onClick={logout}>
          {t("common.logout")}
        </button>
      }
    >
      <VenueAlarms venue={venue} />
      {auth.club && (
        <p class="club-line" data-testid="club-line">
          <strong data-testid="club-name-line">{auth.club.name}</strong>
          <span class="muted">
            {" · "}
            {auth.director?.username} · {accessLabel(auth.director?.access)}
          </span>
        </p>
      )}
      {observer && (
        <p class="card observer-banner" role="status" data-testid="observer-banner">
          {t("club.observer_banner")}
        </p>
      )}
      {!observer && (
        <form class="card form" onSubmit={create}>
          <h2>{t("director.new")}</h2>
          <label class="field">
            <span>{t("director.name")}</span>
            <input
              data-testid="new-tournament-name"
              value={name}
              required
              maxLength={120}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
            />
          </label>
          <label class="field">
            <span>{t("director.preset")}</span>
            <select data-testid="new-tournament-preset" value={preset} onChange={(e) => setPreset((e.target as HTMLSelectElement).value)}>
              {presets.map((p) => (
                <option value={p.id} key={p.id}>
                  {inLang(p.name, lang) || p.id}
                  {p.custom ? ` (${t("preset.custom")})` : ""}
                </option>
              ))}
            </select>
            {description && (
              <small class="muted" data-testid="new-tournament-preset-description">
                {description}
              </small>
            )}
          </label>
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {warned && (
            <div class="notice notice-paused" role="status" data-testid="create-warnings">
              {warned.warnings.map((w) => (
                <p key={w.code} data-code={w.code}>
                  {withRule(t(`legal.warning.${w.code}` as MessageKey, w.params as Record<string, string | number>), w.rule)}
                </p>
              ))}
              <button type="button" class="btn btn-primary btn-block" data-testid="create-warnings-open" onClick={() => navigate(`/director/${warned.id}`)}>
                {t("list.open_created")}
              </button>
            </div>
          )}
          <button class="btn btn-primary btn-block" type="submit" data-testid="new-tournament-submit" disabled={busy || !name.trim()}>
            {t("director.create")}
          </button>
        </form>
      )}

      <a class="btn btn-secondary btn-block" href="#/director/leagues" data-testid="leagues-link">
        {t("leagues.link")} ›
      </a>
      <a class="btn btn-secondary btn-block" href="#/director/stats" data-testid="stats-link">
        {t("stats.link")} ›
      </a>

      <section class="card">
        <h2>{t("director.title")}</h2>
        {list === null ? (
          <p class="muted">{t("common.loading")}</p>
        ) : list.length === 0 ? (
          <p class="muted">{t("director.none")}</p>
        ) : (
          <ul class="list">
            {list.map((tr) => (
              <li key={tr.id}>
                <a class="list-link" href={`#/director/${tr.id}`} data-testid={`tournament-link-${tr.id}`}>
                  <span class="list-main">{tr.name}</span>
                  <span class={`tag tag-${tr.status}`}>
                    {t(`director.status.${tr.status}` as "director.status.running") ?? tr.status}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ClubPageCard auth={auth} />
      <ScreensCard auth={auth} />
      <ChipSetCard auth={auth} />
      <VenueCard venue={venue} />
      <ClubDirectors token={auth.token} me={auth.director} />
      {auth.director?.admin && <AdminClubs token={auth.token} />}
    </Shell>
  );
}
