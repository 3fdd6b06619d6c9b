// Words for the clock, shared by every screen (levels, blinds, next entry, reasons, notices).
import type { StructureEntry } from "../clock/clock";
import type { ClockModel, EntryRef } from "../clock/model";
import { t, formatNumber, type MessageKey } from "../i18n";

export function reasonWord(reason: string | null | undefined): string {
  const r = reason || "race_for_chips";
  const key = `clock.stop.${r}` as MessageKey;
  const s = t(key);
  return s === key ? r.replace(/_/g, " ") : s;
}

export function entryLabel(e: StructureEntry | undefined, level: number | null): string {
  if (!e) return "";
  if (e.kind === "break") return e.addon ? t("clock.break_addon") : t("clock.break");
  if (e.kind === "stop") return reasonWord(e.reason);
  return t("clock.level", { n: level ?? "?" });
}

export function blindsLabel(e: StructureEntry | undefined): string {
  if (!e || e.kind !== "level") return "";
  return `${formatNumber(e.sb)} / ${formatNumber(e.bb)}`;
}

/** "Level 5: 100 / 200 · Ante 200", "Break (10 min)", "Stop: Race for chips". */
export function refLabel(r: EntryRef): string {
  const e = r.entry;
  if (e.kind === "break") return e.addon ? t("clock.next_break_addon", { m: e.minutes }) : t("clock.next_break", { m: e.minutes });
  if (e.kind === "stop") return t("clock.next_stop", { reason: reasonWord(e.reason) });
  const ante = e.ante ? ` · ${t("clock.ante")} ${formatNumber(e.ante)}` : "";
  return `${entryLabel(e, r.level)}: ${blindsLabel(e)}${ante}`;
}

/** The next entry; when it is a break or a stop, also the level after it. */
export function nextText(m: ClockModel): string {
  if (!m.next) return m.status === "finished" ? t("clock.finished") : t("clock.no_next");
  const first = refLabel(m.next);
  if (m.next.entry.kind !== "level" && m.nextLevel) return `${first}, ${t("clock.then", { what: refLabel(m.nextLevel) })}`;
  return first;
}

export function statusText(m: ClockModel): string {
  switch (m.status) {
    case "finished":
      return t("clock.finished");
    case "halted":
      return t("clock.halted");
    case "paused":
      return t("clock.paused");
    case "running":
      return t("clock.running");
    default:
      return t("clock.idle");
  }
}

/** Why the clock stands: "Paused — tables are being merged", "Race for chips — clock stopped". */
export function reasonText(m: ClockModel): string | null {
  if (m.status === "paused") {
    const key = `clock.paused_by.${m.reason ?? "director"}` as MessageKey;
    const s = t(key);
    return s === key ? t("clock.paused") : s;
  }
  if (m.status === "halted") return t("clock.halted_reason", { reason: reasonWord(m.reason) });
  return null;
}

function chipsList(values: number[]): string {
  const xs = values.map((v) => formatNumber(v));
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} ${t("clock.and")} ${xs[xs.length - 1]}`;
}

/** "Colour-up: remove the 25 chips — chip race" (N-2.19) / "— round up" (V-VII.a, S-#10). */
export function colourUpText(c: { remove: number[]; method: string } | null): string | null {
  if (!c) return null;
  if (!c.remove.length) return t("clock.colour_up_any");
  const key = `clock.colour_up.${c.method}` as MessageKey;
  const method = t(key);
  return method === key ? t("clock.colour_up_plain", { chips: chipsList(c.remove) }) : t("clock.colour_up", { chips: chipsList(c.remove), method });
}

/** The label above the time: "Level 5"; during a break or a stop "After level 4" (the big line names it). */
export function currentLabel(m: ClockModel): string {
  if (!m.entry) return "";
  if (m.entry.kind !== "level") return afterLevelText(m) ?? entryLabel(m.entry, m.level);
  return entryLabel(m.entry, m.level);
}

/** Under a break or stop: "after level 4". */
export function afterLevelText(m: ClockModel): string | null {
  if (!m.entry || m.entry.kind === "level" || !m.lastLevel?.level) return null;
  return t("clock.after_level_title", { n: m.lastLevel.level });
}
