import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import type { DirCtx } from "../shared/types";
import { formatWhen, signUpPayload, toLocalInput, type SignUpDraft } from "./signUpTimes";
import "./signUp.css";

type Settings = { starts_at: number; online: boolean; opens_at?: number | null; closes_at?: number | null; confirm?: boolean };

function draftOf(s: Settings | null | undefined): SignUpDraft {
  return { starts: toLocalInput(s?.starts_at), online: s?.online ?? true, opens: toLocalInput(s?.opens_at), closes: toLocalInput(s?.closes_at), confirm: s?.confirm ?? false };
}

/** Where online sign-up stands right now, in the words the club page uses (engine/sign_up.py). */
function stateOf(s: Settings, now: number): "offline" | "not_yet" | "over" | "open" {
  if (!s.online) return "offline";
  if (s.opens_at != null && now < s.opens_at) return "not_yet";
  if (s.closes_at != null && now >= s.closes_at) return "over";
  return "open";
}

/**
 * Before the draw: when the tournament starts and whether players may sign up on the club's page
 * (set_sign_up). With a start it is listed on the club's page; sign-ups take places up to the
 * capacity (the card above), then the waiting list, both on the desk below.
 */
export function SignUpCard(props: { ctx: DirCtx }) {
  const lang = useLang();
  const { dview, mine, send } = props.ctx;
  const settings = (dview?.sign_up ?? null) as Settings | null;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<SignUpDraft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Partial<Record<"starts" | "opens" | "closes", string>>>({});
  const key = JSON.stringify(settings);
  useEffect(() => {
    if (!open) setDraft(draftOf(settings));
  }, [key, open]);
  const desk = dview?.registration;
  if (!dview || !desk?.open) return null;
  const queued = mine.some((p) => p.state === "pending" && p.type === "set_sign_up");
  const online = desk.signed_up?.length ?? 0;
  const onlineWaiting = desk.waiting.filter((w) => w.signed_up).length;

  function edit() {
    setDraft(draftOf(settings));
    setErrors({});
    setOpen(true);
  }

  function save(e: Event) {
    e.preventDefault();
    const r = signUpPayload(draft);
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setErrors({});
    send("set_sign_up", r.payload);
    setOpen(false);
  }

  const field = (name: "starts" | "opens" | "closes", label: string, hint?: string) => (
    <label class="field">
      <span>{label}</span>
      <input
        type="datetime-local"
        data-testid={`signup-${name}`}
        value={draft[name]}
        class={errors[name] ? "is-invalid" : ""}
        aria-invalid={errors[name] ? true : undefined}
        required={name === "starts"}
        onInput={(ev) => {
          setDraft({ ...draft, [name]: (ev.target as HTMLInputElement).value });
          if (errors[name]) setErrors({ ...errors, [name]: undefined }); // being fixed: no longer shouted
        }}
      />
      {hint && <small class="muted">{hint}</small>}
      {errors[name] && (
        <span class="field-error" role="alert" data-testid={`signup-error-${name}`}>
          {errors[name]}
        </span>
      )}
    </label>
  );

  const now = Date.now();
  const status = settings ? stateOf(settings, now) : null;
  return (
    <section class="card signup-card" data-testid="signup-card" aria-labelledby="signup-h">
      <div class="card-head">
        <h2 id="signup-h">{t("signup_card.title")}</h2>
        {!open && settings && (
          <button type="button" class="btn btn-secondary" data-testid="signup-edit" onClick={edit}>
            {t("settings.edit")}
          </button>
        )}
      </div>
      {!open && !settings && (
        <>
          <p class="muted">{t("signup_card.none")}</p>
          <button type="button" class="btn btn-primary btn-block btn-big" data-testid="signup-edit" onClick={edit}>
            {t("signup_card.set")}
          </button>
        </>
      )}
      {!open && settings && (
        <dl class="signup-summary" data-testid="signup-summary" data-status={status}>
          <div class="signup-wide">
            <dt>{t("signup_card.starts")}</dt>
            <dd data-testid="signup-starts-at" data-ms={settings.starts_at}>{formatWhen(settings.starts_at, lang)}</dd>
          </div>
          <div class="signup-wide">
            <dt>{t("signup_card.online")}</dt>
            <dd data-testid="signup-status">
              <span class={`signup-dot is-${status}`} aria-hidden="true" />
              {status === "open" && t("signup_card.open_now")}
              {status === "offline" && t("signup_card.offline")}
              {status === "over" && t("signup_card.over")}
              {status === "not_yet" && t("signup_card.opens_at", { when: formatWhen(settings.opens_at!, lang) })}
            </dd>
            {settings.online && status !== "over" && (
              <dd class="muted small" data-testid="signup-closes">
                {settings.closes_at != null ? t("signup_card.closes_at", { when: formatWhen(settings.closes_at, lang) }) : t("signup_card.closes_at_draw")}
              </dd>
            )}
          </div>
          <div>
            <dt>{t("signup_card.places")}</dt>
            <dd data-testid="signup-places">{desk.capacity != null ? `${desk.field} / ${desk.capacity}` : String(desk.field)}</dd>
          </div>
          <div>
            <dt>{t("signup_card.waiting")}</dt>
            <dd data-testid="signup-waiting">{desk.waiting_total}</dd>
          </div>
          <div class="signup-wide">
            <dd class="muted small" data-testid="signup-online-count">
              {t("signup_card.online_count", { n: online + onlineWaiting })}
            </dd>
          </div>
          {queued && <p class="tag tag-pending">{t("common.pending")}</p>}
        </dl>
      )}
      {open && (
        <form class="form signup-form" onSubmit={save} noValidate>
          {field("starts", t("signup_card.starts"))}
          <label class="scheck signup-online">
            <input type="checkbox" data-testid="signup-online" checked={draft.online} onChange={(ev) => setDraft({ ...draft, online: (ev.target as HTMLInputElement).checked })} />
            <span>{t("signup_card.online_label")}</span>
          </label>
          {draft.online && (
            <>
              {field("opens", t("signup_card.opens"), t("signup_card.opens_hint"))}
              {field("closes", t("signup_card.closes"), t("signup_card.closes_hint"))}
              <label class="scheck signup-confirm">
                <input type="checkbox" data-testid="signup-confirm" checked={!!draft.confirm} onChange={(ev) => setDraft({ ...draft, confirm: (ev.target as HTMLInputElement).checked })} />
                <span>{t("signup_card.confirm_label")}</span>
              </label>
            </>
          )}
          <p class="muted small" data-testid="signup-capacity">
            {desk.capacity != null ? t("signup_card.capacity", { n: desk.capacity }) : t("signup_card.no_capacity")}
          </p>
          <div class="modal-actions">
            <button type="button" class="btn btn-secondary" data-testid="signup-cancel" onClick={() => { setErrors({}); setOpen(false); }}>
              {t("common.cancel")}
            </button>
            <button type="submit" class="btn btn-primary" data-testid="signup-save">
              {t("settings.save")}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
