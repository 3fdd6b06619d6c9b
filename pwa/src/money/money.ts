import { ordinal, formatMoney, type Lang } from "../i18n";
import type { PayoutDue } from "../api/views";

/** "5th" / "5." — and "5th=" / "5.=" when the place is shared (tie > 1). */
export function placeText(place: number | null | undefined, tie: number | null | undefined, l: Lang): string {
  if (place == null) return "–";
  return `${ordinal(place, l)}${(tie ?? 1) > 1 ? "=" : ""}`;
}

/** An amount: whole numbers without decimals, else to the cent, in the tournament's region
 * ("151 CHF", "75.50 €" / "75,50 €", de-CH "1'102 CHF"): i18n/format.ts formatMoney. */
export function amountText(n: number | null | undefined, currency: string | null | undefined, l: Lang): string {
  return formatMoney(n, currency, l);
}

export type { PayoutDue };

/** "Pay 151 CHF to P4 (4th)" / "151 CHF an P4 auszahlen (4.)". */
export function payoutRowText(row: PayoutDue, currency: string | null | undefined, l: Lang): string {
  const amount = amountText(row.amount, currency, l);
  const place = placeText(row.place, row.tie, l);
  return l === "de" ? `${amount} an ${row.name} auszahlen (${place})` : `Pay ${amount} to ${row.name} (${place})`;
}

/**
 * A typed chip count: "" → missing; digits only (spaces, ' . , as thousands separators allowed)
 * → a whole number ≥ 0; anything else (letters, "-5", "1.5") → invalid.
 */
export function parseChips(raw: string): { ok: true; value: number } | { ok: false; error: "missing" | "invalid" } {
  const s = raw.trim();
  if (!s) return { ok: false, error: "missing" };
  const compact = s.replace(/[\s'’]/g, "");
  // thousands separators only in groups of three: "12.500", "12,500"
  const normal = /^\d{1,3}([.,]\d{3})+$/.test(compact) ? compact.replace(/[.,]/g, "") : compact;
  if (!/^\d+$/.test(normal)) return { ok: false, error: "invalid" };
  const value = Number(normal);
  if (!Number.isSafeInteger(value)) return { ok: false, error: "invalid" };
  return { ok: true, value };
}

export interface ChipCountCheck {
  errors: Record<number, "missing" | "invalid">;
  total: number;
  stacks: Record<string, number> | null; // null while any seat has an error
}

/** Every occupied seat must have a count; the total adds the valid ones. */
export function checkChipCount(seats: number[], values: Record<number, string>): ChipCountCheck {
  const errors: Record<number, "missing" | "invalid"> = {};
  const stacks: Record<string, number> = {};
  let total = 0;
  for (const seat of seats) {
    const r = parseChips(values[seat] ?? "");
    if (r.ok) {
      stacks[String(seat)] = r.value;
      total += r.value;
    } else errors[seat] = r.error;
  }
  return { errors, total, stacks: Object.keys(errors).length ? null : stacks };
}

export interface MultiBustRow {
  entry_id: number;
  seat: number;
  stack: string;
  /** Who won the pot that put this player out (V-VII.r: he gets this player's headhunter chip). */
  by?: number | null;
}

export interface MultiBustItem {
  entry_id: number;
  starting_stack: number;
  eliminated_by?: number;
}

export type MultiBustResult =
  | { ok: true; payload: { table_no: number; busts: MultiBustItem[] } }
  | { ok: false; error: "too_few" | "stacks" | "eliminator_out"; seats?: number[] };

/** The `record_busts` payload for several players out in one hand, each with his starting stack
 * and, optionally, the player who won the pot that put him out (a side pot may go to another). */
export function buildMultiBust(tableNo: number, rows: MultiBustRow[]): MultiBustResult {
  if (rows.length < 2) return { ok: false, error: "too_few" };
  const bad = rows.filter((r) => !parseChips(r.stack).ok).map((r) => r.seat);
  if (bad.length) return { ok: false, error: "stacks", seats: bad };
  const out = new Set(rows.map((r) => r.entry_id));
  const selfOut = rows.filter((r) => r.by != null && out.has(r.by)).map((r) => r.seat);
  if (selfOut.length) return { ok: false, error: "eliminator_out", seats: selfOut };
  const busts = rows.map((r) => {
    const item: MultiBustItem = { entry_id: r.entry_id, starting_stack: (parseChips(r.stack) as { value: number }).value };
    if (r.by != null) item.eliminated_by = r.by;
    return item;
  });
  return { ok: true, payload: { table_no: tableNo, busts } };
}

export interface PresetFormat {
  rebuy?: { condition?: "busted" | "any" } | null;
  addon?: unknown | null;
  reentry?: unknown | null;
  alternates?: unknown | null;
}

export interface EntryLike {
  status: "active" | "busted" | "released";
  addon?: boolean;
  present?: boolean;
  disqualified?: boolean;
  out_reason?: string | null;
  /** S-#46: his seat is still empty, so an alternate may take it (false once someone sits there). */
  seat_free?: boolean;
}

export type EntryAction = "rebuy" | "addon" | "reentry" | "alternate" | "check_in" | "player_leaves" | "disqualify" | "remove_registration";

/** Which entry windows the clock has open now; a missing key is not known (offered, the server decides). */
export interface EntryWindows {
  rebuy?: boolean;
  reentry?: boolean;
  alternates?: boolean;
  addon?: boolean;
}

/**
 * The public view's `deadlines` (structure indexes) against the clock, as the engine's
 * `deadlines.is_open` / `is_at` decide them: a rebuy or re-entry is open while the clock stands
 * before its deadline (V-XIII "nur vor der Pause", S-#47; alternates S-#46), the add-on while it stands at its break
 * (V-XIII "nur zur Pause").
 */
export function entryWindows(
  deadlines: Record<string, number | null | undefined> | null | undefined,
  at: { index: number; status: string; finished: boolean },
): EntryWindows {
  const out: EntryWindows = {};
  if (!deadlines) return out;
  for (const k of ["rebuy", "reentry", "alternates"] as const) {
    const d = deadlines[k];
    if (typeof d === "number") out[k] = !at.finished && at.index < d;
  }
  if (typeof deadlines.addon === "number") out.addon = at.status !== "idle" && !at.finished && at.index === deadlines.addon;
  return out;
}

/** The entry actions the preset allows for this row, and the clock where its windows are known
 * (the server still decides the timing). */
export function entryActions(e: EntryLike, format: PresetFormat | null | undefined, finished: boolean, windows: EntryWindows = {}, drawn = true): EntryAction[] {
  const out: EntryAction[] = [];
  if (finished) return e.disqualified ? [] : ["disqualify"];
  // Before the draw a registration is checked in or taken back (N-3.5); nobody busts or leaves yet.
  if (!drawn) return e.status === "active" ? [...(e.present === false ? (["check_in"] as const) : []), "remove_registration"] : [];
  const f = format ?? {};
  const busted = e.status === "busted";
  const bustedPlain = busted && (e.out_reason == null || e.out_reason === "bust");
  if (f.rebuy && windows.rebuy !== false && ((f.rebuy.condition ?? "busted") === "any" ? !busted || bustedPlain : bustedPlain)) out.push("rebuy");
  if (f.reentry && windows.reentry !== false && bustedPlain) out.push("reentry");
  // S-#46: until the deadline an alternate may take a busted player's seat while it is empty.
  if (f.alternates && windows.alternates !== false && bustedPlain && e.seat_free !== false) out.push("alternate");
  if (f.addon && windows.addon !== false && !busted && !e.addon) out.push("addon");
  if (!busted && e.present === false) out.push("check_in");
  if (!busted) out.push("player_leaves");
  if (!e.disqualified) out.push("disqualify");
  return out;
}
