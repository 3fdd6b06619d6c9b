import { t, type MessageKey } from "../i18n";
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
      return (e.payload as any).reason && (e.payload as any).reason !== "director" && e.label?.reason ? t("cmd.pause_clock_reason", { reason: e.label.reason }) : t("cmd.pause_clock");
    case "adjust_clock": {
      const s = Number((e.payload as any).seconds) || 0;
      const delta = s % 60 === 0 ? `${s > 0 ? "+" : "−"}${Math.abs(s) / 60} min` : `${s > 0 ? "+" : "−"}${Math.abs(s)} s`;
      return t("cmd.adjust_clock", { delta });
    }
    case "jump_to_level":
      return t("cmd.jump_to_level", { what: p.what ?? `#${Number(p.index) + 1}` });
    case "set_structure":
      return t("cmd.set_structure");
    case "resume_clock":
      return t("cmd.resume_clock");
    case "record_bust":
      return t("cmd.record_bust", { name: p.name ?? `#${p.entry_id}` });
    case "move_player":
      return t("cmd.move_player", { name: p.name ?? `#${p.entry_id}`, t: p.to_table, s: p.to_seat });
    case "break_table":
      return t("cmd.break_table", { n: p.table_no });
    case "set_break_order":
      return t("cmd.set_break_order");
    case "form_final_table":
      return t("cmd.form_final_table");
    case "start_hand_for_hand":
      return t("cmd.start_hand_for_hand");
    case "stop_hand_for_hand":
      return t("cmd.stop_hand_for_hand");
    case "hand_done":
      return t("cmd.hand_done", { n: p.table_no });
    case "new_hand":
      return t("cmd.new_hand", { n: p.table_no });
    case "override_halt":
      return t("cmd.override_halt", { n: p.table_no });
    case "set_button":
      return t("cmd.set_button", { s: p.seat, n: p.table_no });
    case "record_busts":
      return t("cmd.record_busts", { n: p.table_no });
    case "confirm_payout":
    case "settle_correction":
    case "rebuy":
    case "addon":
    case "reentry":
    case "check_in":
    case "player_leaves":
    case "disqualify":
    case "penalize":
    case "lift_penalty":
    case "use_wild_card":
    case "undo_bust":
      return t(`cmd.${e.type}` as "cmd.rebuy", { name: p.name ?? `#${p.entry_id ?? p.id}` });
    case "seat_alternate":
      return t("cmd.seat_alternate", { name: p.name, for: e.label?.for ?? `#${p.replaces}` });
    case "chip_count":
      return t("cmd.chip_count", { n: p.table_no });
    case "set_registration_flags":
    case "remove_waiting":
      return t(`cmd.${e.type}` as "cmd.remove_waiting", { name: p.name ?? `#${p.entry_id ?? p.wait_id}` });
    case "close_check_in":
    case "promote_waiting":
      return t(`cmd.${e.type}` as "cmd.close_check_in");
    case "set_capacity":
      return t("cmd.set_capacity", { max: p.max });
    case "edit_settings":
      return t("cmd.edit_settings");
    case "set_away":
      return t(p.away ? "cmd.set_away" : "cmd.set_back", { name: p.name ?? `#${p.entry_id}` });
    case "import_players":
      return t("cmd.import_players", { n: Array.isArray(p.rows) ? p.rows.length : 0 });
    default: {
      // A new command needs no case here: its cmd.<type> words name its payload's fields.
      const key = `cmd.${e.type}` as MessageKey;
      const text = t(key, p);
      return text === key ? t("cmd.unknown", { type: e.type }) : text;
    }
  }
}
