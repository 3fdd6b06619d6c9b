// The pure parts of signing up from the club's page: where a tournament's sign-up stands now,
// the countdown to its opening, a refusal in the words a player understands, and the dates in
// the phone's own locale. No DOM, no network: vitest covers them (signUp.test.ts).
import type { MessageKey } from "../../../i18n";
import { dayText, timeText, weekdayText } from "../../../ui/dates";
import type { components } from "../../../api/types.gen";

export type Listing = components["schemas"]["Listing"];
export type ClubPageData = components["schemas"]["ClubPage"];

/** Statuses before the seat draw (backend/engine/registration.py OPEN). */
const BEFORE_DRAW = new Set(["new", "registering"]);

export type SignUpState =
  | { kind: "opens"; at: number } // online, not open yet: "opens Monday 12:00" and a countdown
  | { kind: "open"; closes_at: number | null } // the form
  | { kind: "closed" } // the sign-up time is over, or the seats are drawn
  | { kind: "desk" }; // the club takes this one at its desk only

/** Where a listed tournament's sign-up stands at `now` (server time), as the engine decides it
 * (engine/sign_up.py sign_up_refusal): recomputed on the phone so "opens at" turns into the form
 * at the minute without a reload. */
export function signUpState(l: Pick<Listing, "status" | "sign_up">, now: number): SignUpState {
  const s = l.sign_up;
  if (!s || !s.online) return { kind: "desk" };
  if (!BEFORE_DRAW.has(l.status)) return { kind: "closed" };
  if (s.opens_at != null && now < s.opens_at) return { kind: "opens", at: s.opens_at };
  if (s.closes_at != null && now >= s.closes_at) return { kind: "closed" };
  return { kind: "open", closes_at: s.closes_at ?? null };
}

export interface Countdown {
  key: "club.countdown_days" | "club.countdown_hours" | "club.countdown_minutes";
  d: number;
  h: number;
  m: number;
  s: string; // two digits
}

/** Time left until an opening, rounded down: days+hours, hours+minutes, or minutes:seconds in
 * the last hour (where a player watches it tick). Null when it is due. */
export function countdown(msLeft: number): Countdown | null {
  if (!(msLeft > 0)) return null;
  const total = Math.floor(msLeft / 1000);
  const d = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  const key = d > 0 ? "club.countdown_days" : h > 0 ? "club.countdown_hours" : "club.countdown_minutes";
  return { key, d, h, m, s };
}

/** When sign-up opens, as a person says it: "today 12:00", "tomorrow 12:00", "Monday 12:00" within
 * a week, else the date. Returns the i18n key and its params. */
export function opensText(at: number, now: number, locale: string): { key: MessageKey; params: Record<string, string> } {
  const time = timeText(at, locale);
  const day = (ms: number) => new Date(new Date(ms).getFullYear(), new Date(ms).getMonth(), new Date(ms).getDate()).getTime();
  const days = Math.round((day(at) - day(now)) / 86_400_000);
  if (days <= 0) return { key: "club.opens_today", params: { time } };
  if (days === 1) return { key: "club.opens_tomorrow", params: { time } };
  if (days < 7) return { key: "club.opens_weekday", params: { day: weekdayText(at, locale), time } };
  return { key: "club.opens_date", params: { day: dayText(at, locale, now), time } };
}

/** A refused sign-up, for the form: which field it belongs to (null: the whole form), the words'
 * key and params. `retryAfter`: seconds (429). */
export interface Refusal {
  field: "name" | "email" | null;
  key: MessageKey;
  params: Record<string, string | number>;
  /** Sign-up opens later: the form goes and "opens at" shows again. */
  opensAt?: number;
}

/** The server's answer to a sign-up that was not applied, in a player's words. `when` formats an
 * opening time (opensText with the phone's locale). */
export function refusalOf(status: number, body: any, when: (ms: number) => string): Refusal {
  const code = String(body?.error ?? "");
  const params = (body?.params ?? {}) as Record<string, unknown>;
  if (status === 409) {
    if (code === "sign_up_not_open") {
      const at = Number(params.opens_at);
      return Number.isFinite(at) && at > 0
        ? { field: null, key: "club.refused.sign_up_not_open", params: { when: when(at) }, opensAt: at }
        : { field: null, key: "club.refused.sign_up_not_open_soon", params: {} };
    }
    if (code === "duplicate_name") return { field: "name", key: "club.refused.duplicate_name", params: { name: String(params.name ?? "") } };
    if (code === "sign_up_over" || code === "seats_drawn" || code === "sign_up_offline") return { field: null, key: `club.refused.${code}` as MessageKey, params: {} };
  }
  if (status === 429) {
    const seconds = Number(body?.retry_after ?? params.retry_after);
    const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.max(1, Math.ceil(seconds / 60)) : 10;
    return { field: null, key: "club.refused.too_many_sign_ups", params: { minutes } };
  }
  if (status === 400) {
    const field = String(body?.field ?? "");
    if (field === "name") return { field: "name", key: "club.error.name", params: {} };
    if (field === "email") return { field: "email", key: "club.error.email", params: {} };
    return { field: null, key: "club.error.form", params: {} };
  }
  if (status === 404) return { field: null, key: "club.refused.gone", params: {} };
  return { field: null, key: "club.refused.other", params: { message: String(body?.message ?? `HTTP ${status}`) } };
}

/** A personal link kept on this phone after signing up (IndexedDB meta `signup:<tid>`). */
export interface KeptSignUp {
  tid: number;
  token: string;
  name: string;
  waiting: boolean;
  at: number;
}

export const keptKey = (tid: number | string) => `signup:${tid}`;
