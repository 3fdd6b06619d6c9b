// The director's suggestions (balancing, breaking, final table, halt, hand-for-hand): the words
// in the director's language and the one command that applies each.
import { t, type Lang, getLang } from "../i18n";
import { withHouseRule } from "../ui/houseRules";
import type { CommandSpec } from "../api/views";

export type SuggestionKind = "move" | "break" | "final_table" | "halt" | "hand_for_hand";

export interface Suggestion {
  id: string;
  kind: SuggestionKind | string;
  text: string;
  rule?: string;
  entry_id?: number;
  name?: string;
  from_table?: number;
  from_seat?: number;
  to_table?: number;
  to_seat?: number;
  who?: string;
  where?: string;
  table_no?: number;
  /** final_table: players left, tables to form (1, or 2 for G-Final), players per table. */
  players_left?: number;
  tables?: number;
  seats?: number[];
  size?: number;
  /** move: the destination draws for the button again after it (V-III.i). */
  redraw_button?: boolean;
  /** move: the equally full tables the source was drawn from by lot (G-Sitzordnung). */
  lot_among?: number[];
}

export interface SuggestionContext {
  players_left?: number | null;
  /** Tables in play, with their player counts. */
  tables?: { table_no: number; players: number }[];
}

const num = (re: RegExp, text: string, group = 1): number | null => {
  const m = re.exec(text ?? "");
  return m ? Number(m[group]) : null;
};

const WHO_KEYS: Record<string, "sugg.who.next_big_blind" | "sugg.who.utg_next_hand" | "sugg.who.same_relative_position" | "sugg.who.lot" | "sugg.who.lot_no_button"> = {
  next_big_blind: "sugg.who.next_big_blind",
  utg_next_hand: "sugg.who.utg_next_hand",
  same_relative_position: "sugg.who.same_relative_position",
  lot: "sugg.who.lot",
  lot_no_button: "sugg.who.lot_no_button",
};

/**
 * The suggestion's reason as a sentence. English: the server's own text. German: built from the
 * structured fields (numbers the fields lack are read from the server's text or the view); the
 * English text is the fallback whenever a field is missing or unknown.
 */
export function suggestionText(s: Suggestion, ctx: SuggestionContext = {}, lang: Lang = getLang()): string {
  if (lang === "en" || !s) return s?.text ?? "";
  const text = s.text ?? "";
  const count = (n: number | undefined) => ctx.tables?.find((x) => x.table_no === n)?.players;
  switch (s.kind) {
    case "move": {
      const { from_table: from, from_seat, to_table: to, to_seat, name } = s;
      const whoKey = s.who ? WHO_KEYS[s.who] : undefined;
      if (from == null || to == null || from_seat == null || to_seat == null || !whoKey) break;
      const diff = num(/which has (\d+) more/, text) ?? (count(from) != null && count(to) != null ? count(from)! - count(to)! : null);
      let where = "";
      if (s.where === "next_big_blind") where = t("sugg.where.next_big_blind", undefined, lang);
      else if (/^big_blind_in_(\d+)$/.test(s.where ?? "")) where = t("sugg.where.big_blind_in", { n: num(/^big_blind_in_(\d+)$/, s.where!) }, lang);
      const who = t("sugg.move.who", { seat: from_seat, name: name ?? "?", table: from, why: t(whoKey, undefined, lang) }, lang);
      const why = diff != null && diff > 0 ? t("sugg.move.diff", { from, to, n: diff }, lang) : t("sugg.move.more", { from, to }, lang);
      const redraw = s.redraw_button ? ` ${t("sugg.move.redraw", { table: to, rule: /\(([^()]*)\)\.$/.exec(text)?.[1] ?? "V-III.i" }, lang)}` : "";
      const among = s.lot_among ?? [];
      const lotRule = /drawn by lot among [^()]*\(([^()]*)\)\./.exec(text)?.[1];
      const lot = among.length > 1
        ? ` ${t(lotRule ? "sugg.move.lot" : "sugg.move.lot_plain", { table: from, tables: `${among.slice(0, -1).join(", ")} ${t("sugg.and", undefined, lang)} ${among[among.length - 1]}`, rule: lotRule ?? "" }, lang)}`
        : "";
      return `${who} ${why}: ${t("sugg.move.to", { seat: to_seat, table: to }, lang)}${where}.${lot}${redraw}`;
    }
    case "break": {
      if (s.table_no == null) break;
      const players = num(/^(\d+) players fit/, text) ?? ctx.players_left;
      const fit = num(/fit at (\d+) tables/, text) ?? (ctx.tables ? ctx.tables.length - 1 : null);
      if (players == null || fit == null) return t("sugg.break.short", { table: s.table_no }, lang);
      return t("sugg.break", { n: players, k: fit, table: s.table_no }, lang);
    }
    case "final_table": {
      // The real counts (N-2.9: everyone left; G-Final: two tables as even as the redraw makes them).
      const players = s.players_left ?? num(/^(\d+) players left/, text) ?? ctx.players_left;
      if (players == null) return t("sugg.final.short", undefined, lang);
      if ((s.tables ?? 1) === 2) {
        const [a, b] = s.seats?.length === 2 ? s.seats : [Math.ceil(players / 2), Math.floor(players / 2)];
        return a === b ? t("sugg.final_two.even", { n: players, a }, lang) : t("sugg.final_two", { n: players, a, b }, lang);
      }
      return t("sugg.final", { n: players }, lang);
    }
    case "halt": {
      if (s.table_no == null) break;
      let short = num(/is (\d+) players short/, text);
      if (short == null && ctx.tables?.length) {
        const fullest = Math.max(...ctx.tables.map((x) => x.players));
        const mine = count(s.table_no);
        if (mine != null) short = fullest - mine;
      }
      return short != null ? t("sugg.halt", { table: s.table_no, n: short }, lang) : t("sugg.halt.short", { table: s.table_no }, lang);
    }
    case "hand_for_hand": {
      const players = num(/^(\d+) players left/, text) ?? ctx.players_left;
      return players != null ? t("sugg.hfh", { n: players }, lang) : t("sugg.hfh.short", undefined, lang);
    }
  }
  return text;
}

/** A short heading per kind. */
export function suggestionTitle(s: Suggestion, lang: Lang = getLang()): string {
  switch (s.kind) {
    case "move":
      return t("sugg.title.move", undefined, lang);
    case "break":
      return t("sugg.title.break", { table: s.table_no ?? "?" }, lang);
    case "final_table": // G-Final at 16: the last two tables first
      return t((s.tables ?? 1) === 2 ? "sugg.title.two_tables" : "sugg.title.final_table", undefined, lang);
    case "halt":
      return t("sugg.title.halt", { table: s.table_no ?? "?" }, lang);
    case "hand_for_hand":
      return t("sugg.title.hand_for_hand", undefined, lang);
    default:
      return String(s.kind);
  }
}

/** The one command that applies a suggestion; a halt's is the director's override (the table plays on). */
export function suggestionCommand(s: Suggestion): CommandSpec | null {
  switch (s.kind) {
    case "move":
      if (s.entry_id == null || s.to_table == null || s.to_seat == null) return null;
      return { type: "move_player", payload: { entry_id: s.entry_id, to_table: s.to_table, to_seat: s.to_seat, reason: "balancing" } };
    case "break":
      if (s.table_no == null) return null;
      return { type: "break_table", payload: { table_no: s.table_no } };
    case "final_table":
      return { type: "form_final_table", payload: {} };
    case "hand_for_hand":
      return { type: "start_hand_for_hand", payload: {} };
    case "halt":
      if (s.table_no == null) return null;
      return { type: "override_halt", payload: { table_no: s.table_no } };
    default:
      return null;
  }
}

/** The words on the apply button. */
export function applyLabel(s: Suggestion, lang: Lang = getLang()): string {
  switch (s.kind) {
    case "move":
      return t("sugg.apply.move", { name: s.name ?? `#${s.entry_id ?? "?"}`, table: s.to_table ?? "?", seat: s.to_seat ?? "?" }, lang);
    case "break":
      return t("sugg.apply.break", { table: s.table_no ?? "?" }, lang);
    case "final_table":
      return t((s.tables ?? 1) === 2 ? "sugg.apply.two_tables" : "sugg.apply.final_table", undefined, lang);
    case "hand_for_hand":
      return t("sugg.apply.hand_for_hand", undefined, lang);
    case "halt":
      return t("sugg.apply.halt", { table: s.table_no ?? "?" }, lang);
    default:
      return "";
  }
}

/** Tables named by a suggestion as short (a move's destination, a halt). */
export function shortTables(list: Suggestion[] | null | undefined): Set<number> {
  const out = new Set<number>();
  for (const s of list ?? []) {
    if (s.kind === "move" && s.to_table != null) out.add(s.to_table);
    if (s.kind === "halt" && s.table_no != null) out.add(s.table_no);
  }
  return out;
}

/**
 * A refused move in the director's language: English is the server's message; German is built
 * from the error code and the payload, falling back to the server's message for other codes.
 */
export function moveErrorText(
  e: { error: string | null; message: string | null; payload: Record<string, unknown> },
  lang: Lang = getLang(),
): string {
  const fallback = e.message ?? e.error ?? "";
  if (lang === "en") return fallback;
  const p = { t: e.payload.to_table as number, s: e.payload.to_seat as number };
  switch (e.error) {
    case "seat_taken":
      return t("moveerr.seat_taken", p, lang);
    case "between_button_and_small_blind":
      return withHouseRule(t("moveerr.between_button_and_small_blind", p, lang), "where_to");
    case "no_such_seat":
      return t("moveerr.no_such_seat", p, lang);
    case "table_broken":
      return t("moveerr.table_broken", p, lang);
    case "unknown_table":
      return t("moveerr.unknown_table", p, lang);
    case "not_seated":
      return t("moveerr.not_seated", p, lang);
    default:
      return fallback;
  }
}
