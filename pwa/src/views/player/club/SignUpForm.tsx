import { useRef, useState } from "preact/hooks";
import { t, type Lang, type MessageKey } from "../../../i18n";
import { getDeviceId, metaSet } from "../../../sync/db";
import { report } from "../../../sync/report";

import { sendSignUp } from "./sendSignUp";
import { keptKey, opensText, refusalOf, type KeptSignUp, type Refusal } from "./signUp";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-up form on a tournament's card: name, e-mail (optional), a honeypot. On success the
 * personal link is kept on the phone and opened. */
export function SignUpForm(props: {
  tid: number;
  full: boolean;
  lang: Lang;
  locale: string;
  now: number;
  onNotOpen: (opensAt: number) => void;
  onDone: () => void;
}) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [website, setWebsite] = useState("");
  const [busy, setBusy] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // One op id per sign-up the person means: kept across tries (and presses) until the server
  // decided, so a lost answer never signs him up twice; a new one after a refusal he corrects.
  const opId = useRef<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const show = (r: Refusal) => {
    setRefusal(r);
    (r.field === "email" ? emailRef : nameRef).current?.focus();
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    const clean = name.trim().replace(/\s+/g, " ");
    if (!clean || clean.length > 80) return show({ field: "name", key: "club.error.name", params: {} });
    const mail = email.trim();
    if (mail && !EMAIL.test(mail)) return show({ field: "email", key: "club.error.email", params: {} });
    setBusy(true);
    setRefusal(null);
    try {
      opId.current ??= crypto.randomUUID();
      const device_id = await getDeviceId();
      const sent = await sendSignUp(
        props.tid,
        { op_id: opId.current, device_id, name: clean, email: mail || null, lang: props.lang, website },
        { onRetry: () => setRetrying(true) },
      );
      if (sent.ok) {
        const d = sent.data;
        const kept: KeptSignUp = { tid: props.tid, token: d.token, name: d.name ?? clean, waiting: !!d.waiting, at: Date.now() };
        await metaSet(keptKey(props.tid), kept).catch((err) => report("club.keep_link", err)); // the link opens anyway
        props.onDone();
        location.hash = `#/player/${encodeURIComponent(d.token)}`;
        return;
      }
      if (sent.status === 0) {
        show({ field: null, key: "club.offline" as MessageKey, params: {} });
        return; // the same op id goes again on the next press
      }
      opId.current = null; // decided: a corrected form is a new sign-up
      const r = refusalOf(sent.status, sent.data, (ms) => {
        const o = opensText(ms, props.now, props.locale);
        return t(o.key, o.params);
      });
      if (r.opensAt) props.onNotOpen(r.opensAt);
      show(r);
    } catch (err) {
      report("club.sign_up", err, { show: "common.error" });
    } finally {
      setBusy(false);
      setRetrying(false);
    }
  };

  const nameBad = refusal?.field === "name";
  const emailBad = refusal?.field === "email";
  const formBad = refusal && refusal.field == null;
  return (
    <form class="signup-form" data-testid="signup-form" onSubmit={submit} noValidate>
      {props.full && <p class="signup-full" data-testid="signup-full-note">{t("club.full_note")}</p>}
      <label class={`field ${nameBad ? "is-bad" : ""}`}>
        <span>{t("club.name")}</span>
        <input
          ref={nameRef}
          type="text"
          name="name"
          autocomplete="name"
          autocapitalize="words"
          enterkeyhint="next"
          maxLength={80}
          required
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
          aria-invalid={nameBad ? "true" : undefined}
          aria-describedby={nameBad ? `su-err-${props.tid}` : `su-nh-${props.tid}`}
          class={nameBad ? "is-invalid" : ""}
          data-testid="signup-name"
        />
        {nameBad ? (
          <span class="field-error signup-error" id={`su-err-${props.tid}`} role="alert" data-testid="signup-error" data-field="name">
            {t(refusal!.key, refusal!.params)}
          </span>
        ) : (
          <small class="muted" id={`su-nh-${props.tid}`}>
            {t("club.name_hint")}
          </small>
        )}
      </label>
      <label class={`field ${emailBad ? "is-bad" : ""}`}>
        <span>{t("club.email")}</span>
        <input
          ref={emailRef}
          type="email"
          name="email"
          autocomplete="email"
          inputMode="email"
          enterkeyhint="send"
          maxLength={254}
          value={email}
          onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
          aria-invalid={emailBad ? "true" : undefined}
          aria-describedby={emailBad ? `su-err-${props.tid}` : `su-eh-${props.tid}`}
          class={emailBad ? "is-invalid" : ""}
          data-testid="signup-email"
        />
        {emailBad ? (
          <span class="field-error signup-error" id={`su-err-${props.tid}`} role="alert" data-testid="signup-error" data-field="email">
            {t(refusal!.key, refusal!.params)}
          </span>
        ) : (
          <small class="muted" id={`su-eh-${props.tid}`}>
            {t("club.email_hint")}
          </small>
        )}
      </label>
      {/* For robots only: out of sight and out of the tab order, yet not display:none (a robot
          skips those); a person never fills it, a filled one is refused by the server. */}
      <div class="signup-hp" aria-hidden="true">
        <label>
          {t("club.website")}
          <input type="text" name="website" tabIndex={-1} autocomplete="off" value={website} onInput={(e) => setWebsite((e.target as HTMLInputElement).value)} data-testid="signup-website" />
        </label>
      </div>
      {formBad && (
        <p class="card error signup-error" role="alert" data-testid="signup-error" data-field="">
          {t(refusal!.key, refusal!.params)}
        </p>
      )}
      <button type="submit" class="btn btn-primary btn-block btn-big" disabled={busy} data-testid="signup-submit">
        {busy ? (retrying ? t("club.retrying") : t("club.sending")) : t("club.send")}
      </button>
    </form>
  );
}
