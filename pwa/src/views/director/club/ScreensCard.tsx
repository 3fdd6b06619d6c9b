import { useEffect, useState } from "preact/hooks";
import { getLang, t, useLang } from "../../../i18n";
import { request, NetworkError } from "../../../sync/api";
import { report } from "../../../sync/report";
import type { DirectorAuth } from "../../../sync/session";
import { AskConfirm, type Ask } from "../../../ui/Confirm";
import { THEMES } from "../../../ui/screens";
import type { components } from "../../../api/types.gen";
import "./clubScreens.css";

type Screens = components["schemas"]["ClubScreens"];
type Image = components["schemas"]["ClubImage"];
type Theme = Screens["theme"]; // the server's list is ui/screens.ts THEMES (the API types check both)

const ROTATIONS = [6, 8, 12, 20, 30, 60];
const PATH = "/api/club/images";

type Note = { ok: boolean; text: string } | null;

/** The server's sentence for a refusal (it names the reason: too big, SVG, not an image…). */
function refusal(status: number, data: unknown): string {
  const message = (data as { message?: unknown } | null)?.message;
  if (typeof message === "string" && message) return message;
  if (status === 413) return t("clubscreens.too_big_proxy");
  return `${t("common.error")} (${status})`;
}

/** A file to the club's images as multipart/form-data (request() speaks JSON only). */
async function send(token: string, file: File, kind: "logo" | "sponsor", name: string): Promise<{ ok: boolean; status: number; data: unknown }> {
  const form = new FormData();
  form.append("kind", kind);
  form.append("name", name);
  form.append("file", file, file.name || "image");
  let res: Response;
  try {
    res = await fetch(PATH, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form, cache: "no-store" });
  } catch (e) {
    throw new NetworkError(e instanceof Error ? e.message : String(e));
  }
  const data = (res.headers.get("Content-Type") || "").includes("json") ? await res.json().catch(() => null) : null;
  return { ok: res.ok, status: res.status, data };
}

/** 5 MB, 6.3 MB (6,3 MB in German). */
function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toLocaleString(getLang() === "de" ? "de-DE" : "en-GB", { maximumFractionDigits: 1 });
}

/**
 * "The room's screens": the club's logo and sponsor images for its TVs (uploaded from this phone,
 * re-encoded by the server: docs/club-images.md), their order, the rotation and the TVs' colours.
 * A director with full access changes them; the others see them.
 */
export function ScreensCard(props: { auth: DirectorAuth }) {
  useLang();
  const { auth } = props;
  const [screens, setScreens] = useState<Screens | null>(null);
  const [busy, setBusy] = useState<string | null>(null); // what is being sent: "logo", "sponsor", an id…
  const [note, setNote] = useState<Note>(null);
  const [sponsorName, setSponsorName] = useState("");
  const [ask, setAsk] = useState<Ask | null>(null);
  const canEdit = auth.director?.access === "full";

  useEffect(() => {
    let alive = true;
    request<Screens>(PATH, { token: auth.token })
      .then((r) => {
        if (alive && r.ok && r.data) setScreens(r.data);
      })
      .catch((e) => report("director.screens", e)); // offline: the card waits for the server
    return () => {
      alive = false;
    };
  }, [auth.token]);

  if (!screens) return null;
  const limits = screens.limits;
  const full = screens.sponsors.length >= limits.max_sponsors;

  async function run(what: string, work: () => Promise<Note>) {
    if (busy) return;
    setBusy(what);
    setNote(null);
    try {
      setNote(await work());
    } catch (e) {
      if (!(e instanceof NetworkError)) report("director.screens", e);
      setNote({ ok: false, text: e instanceof NetworkError ? t("common.network_error") : t("common.error") });
    } finally {
      setBusy(null);
    }
  }

  async function reload(): Promise<void> {
    const r = await request<Screens>(PATH, { token: auth.token });
    if (r.ok && r.data) setScreens(r.data);
  }

  function upload(kind: "logo" | "sponsor", input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = ""; // the same file again is a new choice
    if (!file) return;
    if (file.size > limits.max_bytes) {
      // refused here: a phone photo of 12 MB need not cross the venue's Wi-Fi to be refused
      setNote({ ok: false, text: t("clubscreens.too_big", { size: megabytes(file.size), max: megabytes(limits.max_bytes) }) });
      return;
    }
    void run(kind, async () => {
      const r = await send(auth.token, file, kind, kind === "sponsor" ? sponsorName.trim() : "");
      if (!r.ok) return { ok: false, text: refusal(r.status, r.data) };
      if (kind === "sponsor") setSponsorName("");
      await reload();
      return { ok: true, text: kind === "logo" ? t("clubscreens.logo_saved") : t("clubscreens.sponsor_saved") };
    });
  }

  function change(what: string, path: string, method: "PATCH" | "DELETE", body?: object, done?: string) {
    void run(what, async () => {
      const r = await request<Screens>(path, { method, token: auth.token, body });
      if (!r.ok || !r.data) return { ok: false, text: refusal(r.status, r.data) };
      setScreens(r.data);
      return done ? { ok: true, text: done } : null;
    });
  }

  function setLook(body: { theme?: Theme; rotate_s?: number }) {
    void run("look", async () => {
      const r = await request<components["schemas"]["ClubLook"]>("/api/club/look", { method: "PATCH", token: auth.token, body });
      if (!r.ok || !r.data) return { ok: false, text: refusal(r.status, r.data) };
      setScreens({ ...screens!, theme: r.data.theme, rotate_s: r.data.rotate_s });
      return { ok: true, text: t("clubpage.saved") };
    });
  }

  function remove(image: Image, title: string) {
    setAsk({
      title,
      text: t("clubscreens.delete_text"),
      label: t("clubscreens.delete"),
      danger: true,
      run: () => change(`del${image.id}`, `${PATH}/${image.id}`, "DELETE", undefined, t("clubscreens.deleted")),
    });
  }

  const logo = screens.logo;
  return (
    <section class="card club-screens" aria-labelledby="club-screens-h" data-testid="club-screens" aria-busy={busy ? true : undefined}>
      <h2 id="club-screens-h">{t("clubscreens.title")}</h2>
      <p class="muted small">{t("clubscreens.text")}</p>

      <h3>{t("clubscreens.logo")}</h3>
      <div class="screens-logo">
        {logo ? (
          <img src={logo.url} alt={t("clubscreens.logo_alt")} width={logo.width} height={logo.height} data-testid="screens-logo" />
        ) : (
          <p class="muted" data-testid="screens-no-logo">
            {t("clubscreens.no_logo")}
          </p>
        )}
      </div>
      {canEdit && (
        <div class="screens-actions">
          <FilePick testid="screens-logo-file" label={logo ? t("clubscreens.logo_replace") : t("clubscreens.logo_add")} busy={busy === "logo"} disabled={!!busy} onPick={(input) => upload("logo", input)} />
          {logo && (
            <button type="button" class="btn btn-ghost" data-testid="screens-logo-delete" disabled={!!busy} onClick={() => remove(logo, t("clubscreens.delete_logo"))}>
              {t("clubscreens.delete")}
            </button>
          )}
        </div>
      )}

      <h3>
        {t("clubscreens.sponsors")} <span class="muted">({screens.sponsors.length}/{limits.max_sponsors})</span>
      </h3>
      {screens.sponsors.length === 0 ? (
        <p class="muted">{t("clubscreens.no_sponsors")}</p>
      ) : (
        <ol class="screens-sponsors" data-testid="screens-sponsors">
          {screens.sponsors.map((s, i) => (
            <SponsorRow
              key={s.id}
              image={s}
              first={i === 0}
              last={i === screens.sponsors.length - 1}
              canEdit={canEdit}
              disabled={!!busy}
              onMove={(to) => change(`move${s.id}`, `${PATH}/${s.id}`, "PATCH", { position: to })}
              onDelete={() => remove(s, t("clubscreens.delete_sponsor", { name: s.name || t("clubscreens.unnamed") }))}
            />
          ))}
        </ol>
      )}
      {canEdit && !full && (
        <div class="screens-add">
          <label class="field">
            <span>{t("clubscreens.sponsor_name")}</span>
            <input data-testid="screens-sponsor-name" maxLength={60} value={sponsorName} placeholder={t("clubscreens.sponsor_name_hint")} onInput={(e) => setSponsorName((e.target as HTMLInputElement).value)} />
          </label>
          <FilePick testid="screens-sponsor-file" label={t("clubscreens.sponsor_add")} busy={busy === "sponsor"} disabled={!!busy} onPick={(input) => upload("sponsor", input)} />
        </div>
      )}
      {canEdit && full && <p class="muted small">{t("clubscreens.full", { n: limits.max_sponsors })}</p>}
      {canEdit && <p class="muted small">{t("clubscreens.limits", { max: megabytes(limits.max_bytes) })}</p>}

      {note && (
        <p class={note.ok ? "muted" : "error"} role={note.ok ? "status" : "alert"} data-testid="screens-note">
          {note.text}
        </p>
      )}

      <h3 id="screens-theme-h">{t("clubscreens.theme")}</h3>
      <div class="screens-themes" role="radiogroup" aria-labelledby="screens-theme-h">
        {THEMES.map((theme) => (
          <button
            type="button"
            role="radio"
            aria-checked={screens.theme === theme}
            class={`screens-theme swatch-${theme}`}
            data-testid={`screens-theme-${theme}`}
            disabled={!canEdit || !!busy}
            onClick={() => screens.theme !== theme && setLook({ theme })}
          >
            <span class="swatch-clock" aria-hidden="true">
              12:34
            </span>
            <span class="swatch-name">{t(`clubscreens.theme_${theme}` as "clubscreens.theme_night")}</span>
          </button>
        ))}
      </div>
      <label class="field screens-rotate">
        <span>{t("clubscreens.rotate")}</span>
        <select data-testid="screens-rotate" value={String(screens.rotate_s)} disabled={!canEdit || !!busy} onChange={(e) => setLook({ rotate_s: Number((e.target as HTMLSelectElement).value) })}>
          {[...new Set([...ROTATIONS, screens.rotate_s])]
            .sort((a, b) => a - b)
            .map((s) => (
              <option value={String(s)}>{t("clubscreens.seconds", { n: s })}</option>
            ))}
        </select>
      </label>
      <AskConfirm ask={ask} onClose={() => setAsk(null)} testid="screens-delete-confirm" />
    </section>
  );
}

/** A big button that opens the phone's picker (camera or photos: no `capture`, so both are offered). */
function FilePick(props: { testid: string; label: string; busy: boolean; disabled: boolean; onPick: (input: HTMLInputElement) => void }) {
  return (
    <label class={`btn btn-secondary screens-pick${props.disabled ? " is-disabled" : ""}`}>
      <input type="file" accept="image/*" class="visually-hidden" data-testid={props.testid} disabled={props.disabled} onChange={(e) => props.onPick(e.target as HTMLInputElement)} />
      {props.busy ? t("clubscreens.uploading") : props.label}
    </label>
  );
}

function SponsorRow(props: { image: Image; first: boolean; last: boolean; canEdit: boolean; disabled: boolean; onMove: (to: number) => void; onDelete: () => void }) {
  const { image } = props;
  const name = image.name || t("clubscreens.unnamed");
  return (
    <li class="screens-sponsor" data-testid={`screens-sponsor-${image.id}`}>
      <img src={image.url} alt="" width={image.width} height={image.height} />
      <span class="screens-sponsor-name">{name}</span>
      {props.canEdit && (
        <span class="screens-sponsor-actions">
          <button type="button" class="btn btn-ghost btn-small" aria-label={t("clubscreens.up", { name })} disabled={props.disabled || props.first} onClick={() => props.onMove(image.position - 1)}>
            ↑
          </button>
          <button type="button" class="btn btn-ghost btn-small" aria-label={t("clubscreens.down", { name })} disabled={props.disabled || props.last} onClick={() => props.onMove(image.position + 1)}>
            ↓
          </button>
          <button type="button" class="btn btn-ghost btn-small" aria-label={t("clubscreens.remove", { name })} data-testid={`screens-sponsor-delete-${image.id}`} disabled={props.disabled} onClick={props.onDelete}>
            ✕
          </button>
        </span>
      )}
    </li>
  );
}
