// The sign-up card's times: <input type="datetime-local"> speaks the phone's local wall time
// ("2026-12-04T19:00"), the server epoch ms; the phone's timezone is the club's (the director is there).
import { t, type Lang } from "../../../i18n";

const pad = (n: number) => String(n).padStart(2, "0");

/** Epoch ms → the input's value in the phone's timezone ("" for none). */
export function toLocalInput(ms: number | null | undefined): string {
  if (ms == null) return "";
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The input's value → epoch ms (null for empty or unreadable). */
export function fromLocalInput(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  // Built from parts, not Date.parse: every engine reads them as local time.
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isNaN(d.getTime()) ? null : d.getTime();
}

/** "Fr., 4. Dez., 19:00" / "Fri 4 Dec, 19:00": the weekday too, so nobody misreads the night. */
export function formatWhen(ms: number, lang: Lang): string {
  return new Date(ms).toLocaleString(lang === "de" ? "de-DE" : "en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
}

export interface SignUpDraft {
  starts: string;
  online: boolean;
  confirm?: boolean; // a player with a place confirms from his link that he comes
  opens: string;
  closes: string;
}

export type SignUpPayload = { starts_at: number; online: boolean; opens_at: number | null; closes_at: number | null; confirm: boolean };
type Field = "starts" | "opens" | "closes";

/** The set_sign_up payload of a filled card, or what is wrong field by field (the server checks
 * the same again). Empty "opens" is now; empty "closes" is until the seat draw. */
export function signUpPayload(d: SignUpDraft): { ok: true; payload: SignUpPayload } | { ok: false; errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  const starts = fromLocalInput(d.starts);
  const opens = d.opens.trim() ? fromLocalInput(d.opens) : null;
  const closes = d.closes.trim() ? fromLocalInput(d.closes) : null;
  if (starts == null) errors.starts = t("signup_card.bad_start");
  if (d.opens.trim() && opens == null) errors.opens = t("signup_card.bad_time");
  if (d.closes.trim() && closes == null) errors.closes = t("signup_card.bad_time");
  else if (closes != null && opens != null && closes <= opens) errors.closes = t("signup_card.closes_before_opens");
  else if (closes != null && starts != null && closes > starts) errors.closes = t("signup_card.closes_after_start");
  if (Object.keys(errors).length || starts == null) return { ok: false, errors };
  return { ok: true, payload: { starts_at: starts, online: d.online, opens_at: opens, closes_at: closes, confirm: d.online && !!d.confirm } };
}
