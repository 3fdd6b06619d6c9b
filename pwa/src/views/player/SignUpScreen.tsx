import { useEffect, useRef } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { Shell } from "../../ui/Shell";
import { PushCard } from "../../ui/PushCard";
import { useServerNow, useView } from "../../ui/hooks";
import { onView, viewKey } from "../../sync/viewCache";
import { reconnectNow } from "../../sync/socket";
import type { components } from "../../api/types.gen";
import { DeskQr } from "./DeskQr";
import { RegistrationCard } from "./RegistrationCard";
import { dateLocale, dayText, phoneLangs, timeText } from "../../ui/dates";

export type SignUpView = components["schemas"]["SignUpView"];

/** A personal link still on the waiting list (view kind "signup"): his number on the list, the
 * tournament he waits for, "tell me when I move up", and leaving the list. */
export function SignUpScreen(props: { token: string; tid: number; signupNo: number }) {
  const lang = useLang();
  const now = useServerNow(30_000);
  const { view, loaded } = useView<SignUpView>(viewKey(props.tid, "signup", props.signupNo));
  const locale = dateLocale(lang, phoneLangs());
  const startsAt = view?.sign_up?.starts_at ?? null;
  const waiting = view?.registration?.status === "waiting";
  return (
    <Shell title={view?.name ?? t("app.name")} class="player" badge="status">
      {startsAt != null && (
        <p class="muted center tournament-name" data-testid="signup-starts">
          {dayText(startsAt, locale, now)} · {timeText(startsAt, locale)}
        </p>
      )}
      {view ? (
        <RegistrationCard token={props.token} tid={props.tid} registration={view.registration} waitingTotal={view.waiting_total} startsAt={startsAt} now={now} />
      ) : (
        <p class="card muted center" role="status">
          {loaded ? t("common.no_data") : t("common.loading")}
        </p>
      )}
      <DeskQr token={props.token} tid={props.tid} entryId={null} signupNo={props.signupNo} />
      {waiting && <PushCard token={props.token} role="player" waiting />}
    </Shell>
  );
}

/**
 * A waiting link moves up: the server links its token to the new entry and drops its socket. The
 * screen then GETs its view, which comes as the entry's player view (or a pushed "signup" view
 * says it is no longer waiting): `onMoved` asks /api/me again (now with the entry), and once the
 * link has its entry the socket reconnects at once (as the entry's: its room and pushes) instead
 * of after the socket's long wait for a dropped connection.
 */
export function usePromotion(tid: number | null, waitingLink: boolean, asked: number, onMoved: () => void): void {
  const done = useRef(false);
  useEffect(() => {
    done.current = false;
    if (tid == null || !waitingLink) return;
    return onView((v) => {
      if (done.current || String(v.tournament_id) !== String(tid)) return;
      const movedOn = v.kind === "player" || (v.kind === "signup" && v.registration?.status !== "waiting" && v.registration?.entry_id != null);
      if (!movedOn) return;
      done.current = true;
      onMoved();
    });
  }, [tid, waitingLink]);
  useEffect(() => {
    if (asked && !waitingLink) reconnectNow({ restart: true });
  }, [asked, waitingLink]);
}
