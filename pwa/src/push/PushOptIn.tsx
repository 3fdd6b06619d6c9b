import { useEffect, useState } from "preact/hooks";
import { spelled, useLang } from "../i18n";
import { report } from "../sync/report";
import { PUSH_STRINGS, type PushWord } from "./strings";
import { pushState, resend, turnOff, turnOn, type PushState } from "./subscribe";
import "./push.css";

type Role = "player" | "dealer" | "director";

/** "Tell me when I have to move": Web Push for this screen's token (a lazy chunk of its own). */
export default function PushOptIn(props: { token: string; role: Role; tid?: number | null; waiting?: boolean; before?: boolean }) {
  const lang = useLang();
  const words = PUSH_STRINGS[lang === "de" ? "de" : "en"];
  const say = (k: PushWord, reason = "") => spelled(words[k], lang).replace("{reason}", reason);
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tid = props.role === "director" ? (props.tid ?? null) : null;
  useEffect(() => {
    pushState().then(
      (found) => {
        setState(found);
        if (found === "on") resend(props.token, lang, tid).catch((e) => report("push.resend", e)); // the next visit tries again
      },
      (e) => (report("push.state", e), setState("unsupported")),
    );
  }, [props.token, tid]);
  if (state == null || state === "unsupported") return null; // nothing to offer; the open page works as before
  const act = (work: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    work()
      .then(setState)
      .catch((e) => {
        report("push.toggle", e);
        setError(say("failed", e instanceof Error ? e.message : String(e)));
      })
      .finally(() => setBusy(false));
  };
  return (
    <section class="card push-optin" data-testid="push-optin" data-state={state} aria-labelledby="push-h">
      <h2 id="push-h">{words.title}</h2>
      {state === "off" && (
        <button type="button" class="btn btn-primary btn-block btn-big" data-testid="push-on" disabled={busy}
          onClick={() => act(() => turnOn(props.token, lang, tid))}>
          {props.waiting ? words.player_waiting : props.before ? words.player_before : words[props.role]}
        </button>
      )}
      {state === "on" && (
        <p class="push-on-line" data-testid="push-is-on">
          <span>✓ {words.on}</span>
          <button type="button" class="btn btn-small" data-testid="push-off" disabled={busy} onClick={() => act(() => turnOff(props.token))}>
            {words.off_button}
          </button>
        </p>
      )}
      {state === "ios_home_screen" && <p class="muted" data-testid="push-ios">{words.ios}</p>}
      {state === "blocked" && <p class="muted" data-testid="push-blocked">{words.blocked}</p>}
      {error && <p class="error small" role="alert" data-testid="push-error">{error}</p>}
    </section>
  );
}
