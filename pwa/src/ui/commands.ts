import { t, type MessageKey } from "../i18n";
import type { OutboxEntry } from "../sync/db";

/** A human description of a queued command, for the pending and rejected lists. The words are the
 * server's (backend/words.py COMMANDS, generated into i18n/commands.gen.ts); this fills the
 * placeholders they name from the payload and the label the screen stored with it. */
export function describeCommand(e: OutboxEntry): string {
  const p = { ...(e.payload as Record<string, any>), ...(e.label ?? {}) };
  const who = (id: unknown) => (id == null ? "?" : `#${id}`);
  const busts: { entry_id?: number }[] = Array.isArray(p.busts) ? p.busts : [];
  const params = {
    name: p.name ?? who(p.entry_id ?? p.id ?? p.wait_id),
    pname: p.name ?? "?",
    names: p.names ?? busts.map((b) => who(b.entry_id)).join(", "),
    table: p.table_no,
    to_table: p.to_table,
    to_seat: p.to_seat,
    tables: Array.isArray(p.tables) ? p.tables.length : p.tables,
    max: p.max,
    penalty: p.penalty ?? (p.kind ? t(`penalty.kind.${p.kind}` as MessageKey) : "?"),
    type: e.type.replace(/_/g, " "),
  };
  const key = `cmd.${e.type}` as MessageKey;
  const text = t(key, params);
  const shown = text === key ? t("cmd.unknown", params) : text;
  return shown.charAt(0).toUpperCase() + shown.slice(1); // the server's words start mid-sentence
}
