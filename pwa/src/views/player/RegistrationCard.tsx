import { useEffect, useState } from "preact/hooks";
import { t, useLang, type MessageKey } from "../../i18n";
import { Confirm } from "../../ui/Confirm";
import { useOutbox } from "../../ui/hooks";
import * as outbox from "../../sync/outbox";
import { request } from "../../sync/api";
import { getDeviceId } from "../../sync/db";
import { refreshViews } from "../../sync/session";
import { report } from "../../sync/report";
import { registrationWords, type RegistrationStatus } from "./registration";
import { dateLocale, dayText, phoneLangs, timeText } from "../../ui/dates";
import "./registration.css";

// The refusals a player's own commands can meet, in his words (ui/reasons.ts would bring every
// refusal's words into this chunk); anything else shows the server's sentence.
const REFUSED: Record<string, MessageKey> = {
  seats_drawn: "reg.refused_seats_drawn",
  already_cancelled: "reg.refused_already_cancelled",
};
function refusedText(error: string | null | undefined, message: string | null | undefined): string {
  const key = error ? REFUSED[error] : undefined;
  return key ? t(key) : (message ?? error ?? "");
}

/** Where his registration stands before the draw, in big words, with what to do (check in, ID,
 * pay), and "Cancel my registration" / "Delete my data". */
export function RegistrationCard(props: {
  token: string;
  tid: number;
  registration: RegistrationStatus | null | undefined;
  waitingTotal?: number | null;
  startsAt?: number | null;
  now: number;
}) {
  const lang = useLang();
  const words = registrationWords(props.registration, props.waitingTotal);
  if (!words) return null;
  const locale = dateLocale(lang, phoneLangs());
  const when = props.startsAt ? `${dayText(props.startsAt, locale, props.now)}, ${timeText(props.startsAt, locale)}` : "";
  return (
    <section class={`card reg-card is-${words.tone}`} data-testid="registration" data-status={words.status} data-position={props.registration?.position ?? ""}>
      {/* The title alone is the live region: a screen reader says "Moved up!" when it changes. */}
      <p class="reg-title" data-testid="registration-title" role="status">
        {t(words.title, words.titleParams)}
      </p>
      {props.registration?.name && <p class="reg-who">{props.registration.name}</p>}
      <ul class="reg-lines">
        {words.lines
          .filter((x) => x.key !== "reg.check_in" || when)
          .map((x) => (
            <li key={x.key}>{t(x.key, { ...x.params, when })}</li>
          ))}
      </ul>
      {props.registration?.confirmed === false && words.mayCancel && <ConfirmButton token={props.token} tid={props.tid} />}
      {words.mayCancel && <CancelButton token={props.token} tid={props.tid} waiting={words.status === "waiting"} />}
      <EraseLink token={props.token} tid={props.tid} />
    </section>
  );
}

/** "I'm coming": where the director asks for it, a player with a place confirms from his link
 * (the command `confirm_sign_up` through the outbox); the desk then sees him confirmed. */
function ConfirmButton(props: { token: string; tid: number }) {
  const [opId, setOpId] = useState<string | null>(null);
  const entries = useOutbox();
  const mine = opId ? entries.find((e) => e.op_id === opId) : undefined;
  const send = () => {
    outbox
      .enqueue({ tournament_id: props.tid, type: "confirm_sign_up", payload: {}, token: props.token })
      .then((e) => setOpId(e.op_id))
      .catch((e) => report("reg.confirm", e));
  };
  return (
    <>
      <p class="reg-confirm-ask" data-testid="registration-confirm-ask">{t("reg.confirm_ask")}</p>
      <button type="button" class="btn btn-primary btn-block reg-confirm" data-testid="registration-confirm" disabled={mine?.state === "pending"} onClick={send}>
        {mine?.state === "pending" ? t("reg.cancel_sent") : t("reg.confirm")}
      </button>
    </>
  );
}

/** "Cancel my registration": the command `cancel_sign_up` through the outbox (kept and sent again
 * when the network is back), confirmed first; a refusal stays on the card in his words. */
function CancelButton(props: { token: string; tid: number; waiting: boolean }) {
  const [asking, setAsking] = useState(false);
  const [opId, setOpId] = useState<string | null>(null);
  const entries = useOutbox();
  const mine = opId ? entries.find((e) => e.op_id === opId) : undefined;
  useEffect(() => {
    if (!opId) return;
    // Applied: the views usually come pushed; a GET makes sure this screen shows "Cancelled".
    return outbox.onApplied(({ entry }) => {
      if (entry.op_id === opId) refreshViews(props.tid, props.token).catch((e) => report("reg.cancel_refresh", e));
    });
  }, [opId]);
  const send = () => {
    setAsking(false);
    outbox
      .enqueue({ tournament_id: props.tid, type: "cancel_sign_up", payload: {}, token: props.token })
      .then((e) => setOpId(e.op_id))
      .catch((e) => report("reg.cancel", e)); // enqueue has shown it already
  };
  const pending = mine?.state === "pending";
  const refused = mine?.state === "rejected";
  return (
    <>
      {refused && (
        <p class="error reg-refused" role="alert" data-testid="registration-cancel-refused">
          {t("reg.cancel_refused", { reason: refusedText(mine!.error, mine!.message) })}
        </p>
      )}
      <button type="button" class="btn btn-secondary btn-block reg-cancel" data-testid="registration-cancel" disabled={pending}
        onClick={() => {
          if (refused) void outbox.dismiss(mine!.op_id);
          setAsking(true);
        }}>
        {pending ? t("reg.cancel_sent") : props.waiting ? t("reg.cancel_waiting") : t("reg.cancel")}
      </button>
      {asking && (
        <Confirm title={t("reg.cancel_title")} text={t("reg.cancel_text")} confirmLabel={t("reg.cancel_yes")} danger testid="registration-cancel-confirm"
          onConfirm={send} onCancel={() => setAsking(false)} />
      )}
    </>
  );
}

/** "Delete my data" (POST /api/tournaments/<tid>/my-data/erase): his e-mail and push subscriptions,
 * and before the draw his registration; the name stays in the results (docs/privacy.md). */
function EraseLink(props: { token: string; tid: number }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; bad: boolean } | null>(null);
  const erase = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const body = { op_id: crypto.randomUUID(), device_id: await getDeviceId() };
      const r = await request(`/api/tournaments/${props.tid}/my-data/erase`, { method: "POST", token: props.token, body });
      if (r.ok) setSaid({ text: t("reg.erase_done"), bad: false });
      else setSaid({ text: t("reg.erase_failed", { reason: refusedText(r.data?.error, r.data?.message ?? `HTTP ${r.status}`) }), bad: true });
    } catch (e) {
      report("reg.erase", e);
      setSaid({ text: t("reg.erase_failed", { reason: t("club.offline") }), bad: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {said && (
        <p class={said.bad ? "error small" : "small reg-erased"} role="status" data-testid="registration-erase-said">
          {said.text}
        </p>
      )}
      <button type="button" class="linkish reg-erase" data-testid="registration-erase" disabled={busy} onClick={() => setAsking(true)}>
        {t("reg.erase")}
      </button>
      {asking && (
        <Confirm title={t("reg.erase_title")} text={t("reg.erase_text")} confirmLabel={t("reg.erase_yes")} danger testid="registration-erase-confirm"
          onConfirm={erase} onCancel={() => setAsking(false)} />
      )}
    </>
  );
}
