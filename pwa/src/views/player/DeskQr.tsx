// "Show this at the desk": before the draw the player's phone shows his personal link as a big QR
// code; the desk scans it and checks him in in seconds (docs/sign-up.md). The server draws the code
// (GET my-qr.svg, documents/qr.py), so the player's app carries no QR encoder; the phone keeps the
// last one for a desk without network (sync/cachedFetch.ts).
import { useRef } from "preact/hooks";
import { t } from "../../i18n";
import { useView } from "../../ui/hooks";
import { useCachedFetch } from "../../ui/useCachedFetch";
import { viewKey } from "../../sync/viewCache";
import type { PlayerView } from "../../api/views";
import type { components } from "../../api/types.gen";
import "./desk-qr.css";

type SignUpView = components["schemas"]["SignUpView"];

/** Before check-in: registered (a place), promoted (moved up), waiting (the desk finds him there). */
const SHOWN = new Set(["registered", "promoted", "waiting"]);

const svgAnswer = (answer: unknown): string | null => (typeof answer === "string" && answer.startsWith("<svg") ? answer : null);

export function DeskQr(props: { token: string; tid: number | string | null; entryId: number | null; signupNo?: number }) {
  const { token, tid, entryId } = props;
  const { view: pv } = useView<PlayerView>(tid != null && entryId != null ? viewKey(tid, "player", entryId) : null);
  // A sign-up still waiting has no entry: his link's view is the sign-up's (read/views.py signup_view).
  const { view: su } = useView<SignUpView>(tid != null && entryId == null ? viewKey(tid, "signup", props.signupNo) : null);
  const status = (entryId != null ? pv?.registration?.status : su?.registration?.status) ?? null;
  const shown = status != null && SHOWN.has(status);
  const wasShown = useRef(false);
  const qr = useCachedFetch<string>(shown && tid != null ? `/api/tournaments/${tid}/my-qr.svg` : null, {
    where: "player.desk_qr",
    token,
    cache: `my-qr:${tid}:${token.slice(0, 16)}`,
    select: svgAnswer,
  });
  if (status === "checked_in" && wasShown.current) {
    // Where he held the code up, the answer: the desk has checked him in.
    return (
      <section class="card desk-qr is-done" data-testid="desk-qr-checked-in" role="status">
        <strong class="desk-qr-title">{t("deskqr.checked_in")}</strong>
        <span class="muted">{t("deskqr.checked_in_text")}</span>
      </section>
    );
  }
  if (!shown) return null;
  wasShown.current = true;
  return (
    <section class="card desk-qr" data-testid="desk-qr" data-status={status} aria-labelledby="desk-qr-h">
      <h2 id="desk-qr-h" class="desk-qr-title">{t("deskqr.title")}</h2>
      {qr.data ? (
        <img class="desk-qr-code" data-testid="desk-qr-code" alt={t("deskqr.alt")} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data)}`} />
      ) : (
        <p class="muted" role="status">{qr.loading ? t("common.loading") : t("deskqr.offline")}</p>
      )}
      <p class="desk-qr-text">{t("deskqr.text")}</p>
    </section>
  );
}
