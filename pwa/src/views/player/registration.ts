// Where a player's registration stands, in the big clear words of his personal link's screen
// (engine/sign_up.py signup_status/entry_status). Pure: vitest covers it (registration.test.ts).
import type { MessageKey } from "../../i18n";
import type { components } from "../../api/types.gen";

export type RegistrationStatus = components["schemas"]["RegistrationStatus"];

export type Tone = "ok" | "wait" | "up" | "done" | "off";

export interface RegistrationWords {
  status: RegistrationStatus["status"];
  tone: Tone;
  title: MessageKey;
  titleParams?: Record<string, string | number>;
  /** What to do, one short sentence each, in order. */
  lines: { key: MessageKey; params?: Record<string, string | number> }[];
  /** He may still call it off from his phone (before the draw). */
  mayCancel: boolean;
}

/** The words for a registration before the draw; null once seats are drawn (seated, out): then
 * the seat, the clock and the prize screen speak. `waitingTotal`: the waiting list's length. */
export function registrationWords(reg: RegistrationStatus | null | undefined, waitingTotal?: number | null): RegistrationWords | null {
  if (!reg) return null;
  const bring = (): RegistrationWords["lines"] => [
    ...(reg.id_check ? [{ key: "reg.bring_id" as MessageKey }] : []),
    ...(reg.pays_at_check_in ? [{ key: "reg.pay_at_check_in" as MessageKey }] : []),
  ];
  switch (reg.status) {
    case "registered":
      return { status: reg.status, tone: "ok", title: "reg.registered", lines: [{ key: "reg.check_in" }, ...bring()], mayCancel: true };
    case "promoted":
      return { status: reg.status, tone: "up", title: "reg.promoted", lines: [{ key: "reg.promoted_text" }, { key: "reg.check_in" }, ...bring()], mayCancel: true };
    case "waiting": {
      const n = reg.position ?? 0;
      const m = Math.max(n, waitingTotal ?? n);
      return {
        status: reg.status,
        tone: "wait",
        title: "reg.waiting",
        titleParams: { n, m },
        lines: [{ key: n <= 1 ? "reg.waiting_next" : "reg.waiting_text", params: { ahead: Math.max(0, n - 1) } }],
        mayCancel: true,
      };
    }
    case "checked_in":
      return { status: reg.status, tone: "done", title: "reg.checked_in", lines: [{ key: "reg.checked_in_text" }], mayCancel: false };
    case "cancelled":
      return { status: reg.status, tone: "off", title: "reg.cancelled", lines: [{ key: "reg.cancelled_text" }], mayCancel: false };
    case "no_show":
      return { status: reg.status, tone: "off", title: "reg.no_show", lines: [{ key: "reg.no_show_text" }], mayCancel: false };
    default:
      return null; // seated, out, unknown: the existing screen
  }
}
