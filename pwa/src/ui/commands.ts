import { t } from "../i18n";
import type { OutboxEntry } from "../sync/db";

/** A human description of a queued command, for pending and rejected lists. */
export function describeCommand(e: OutboxEntry): string {
  const p = { ...(e.payload as Record<string, any>), ...(e.label ?? {}) };
  switch (e.type) {
    case "register_player":
      return t("cmd.register_player", { name: p.name });
    case "draw_seats":
      return t("cmd.draw_seats", { tables: p.tables });
    case "start_clock":
      return t("cmd.start_clock");
    case "pause_clock":
      return t("cmd.pause_clock");
    case "resume_clock":
      return t("cmd.resume_clock");
    case "record_bust":
      return t("cmd.record_bust", { name: p.name ?? `#${p.entry_id}` });
    default:
      return t("cmd.unknown", { type: e.type });
  }
}
