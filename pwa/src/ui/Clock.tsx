import { useEffect, useRef } from "preact/hooks";
import { clockAt, formatRemaining, type ClockAnchor, type StructureEntry } from "../clock/clock";
import { t, useLang, formatNumber } from "../i18n";
import { useServerNow } from "./hooks";

export interface ClockProps {
  structure: StructureEntry[] | undefined;
  clock: ClockAnchor | undefined;
  size?: "normal" | "big" | "huge";
  showNext?: boolean;
  /** Called when the level index changes while mounted (sound/vibration). */
  onLevelChange?: (index: number) => void;
  onWarning?: () => void;
}

export function levelLabel(e: StructureEntry | undefined, index: number): string {
  if (!e) return "";
  if (e.kind === "break") return t("clock.break");
  return t("clock.level", { n: e.level ?? index + 1 });
}

export function blindsLabel(e: StructureEntry | undefined): string {
  if (!e || e.kind === "break") return "";
  return `${formatNumber(e.sb)} / ${formatNumber(e.bb)}`;
}

export function nextLabel(structure: StructureEntry[], index: number): string {
  const n = structure[index + 1];
  if (!n) return t("clock.no_next");
  if (n.kind === "break") return t("clock.next_break", { m: n.minutes });
  const ante = n.ante ? ` (${t("clock.ante")} ${formatNumber(n.ante)})` : "";
  return `${levelLabel(n, index + 1)}: ${blindsLabel(n)}${ante}`;
}

/** The running clock, computed locally every 250 ms from the anchor and the server offset. */
export function Clock(p: ClockProps) {
  useLang();
  const now = useServerNow(250);
  const structure = p.structure ?? [];
  const anchor: ClockAnchor = p.clock ?? { status: "idle", level_index: 0, elapsed_ms: 0, anchor_at: null };
  const st = clockAt(structure, anchor, now);
  const entry = structure[st.index];
  const anchorKey = `${anchor.status}:${anchor.level_index}:${anchor.elapsed_ms}:${anchor.anchor_at}:${structure.length}`;
  const prev = useRef({ index: st.index, anchorKey, remaining: st.remaining_ms });
  const warned = useRef(-1);
  useEffect(() => {
    // Alert only when time moved the clock into the next level, not when a new view arrived.
    if (prev.current.index !== st.index && prev.current.anchorKey === anchorKey && st.status === "running") {
      p.onLevelChange?.(st.index);
    }
    const crossedOneMinute =
      prev.current.anchorKey === anchorKey && prev.current.index === st.index && prev.current.remaining > 60_000 && st.remaining_ms <= 60_000;
    prev.current = { index: st.index, anchorKey, remaining: st.remaining_ms };
    if (crossedOneMinute && st.status === "running" && !st.finished && warned.current !== st.index) {
      warned.current = st.index;
      p.onWarning?.();
    }
  });
  const statusText = st.finished ? t("clock.finished") : t(`clock.${st.status}` as "clock.idle");
  return (
    <section class={`clock clock-${p.size ?? "normal"} ${entry?.kind === "break" ? "is-break" : ""}`} aria-label={statusText}>
      <div class="clock-top">
        <span class="clock-level">{levelLabel(entry, st.index)}</span>
        <span
          class={`clock-status status-${st.status}`}
          data-testid="clock-status"
          data-status={st.status}
          data-finished={st.finished ? "true" : "false"}
        >
          {statusText}
        </span>
      </div>
      <div class="clock-time" data-testid="clock-time" data-remaining-ms={st.remaining_ms} aria-live="off">
        {formatRemaining(st.remaining_ms)}
      </div>
      {entry && entry.kind !== "break" && (
        <div class="clock-blinds">
          <span data-testid="clock-blinds">{blindsLabel(entry)}</span>
          {entry.ante ? (
            <span class="clock-ante">
              {" "}
              · {t("clock.ante")} {formatNumber(entry.ante)}
            </span>
          ) : null}
        </div>
      )}
      {p.showNext !== false && structure.length > 0 && (
        <div class="clock-next">
          <span class="muted">{t("clock.next")}: </span>
          <span data-testid="clock-next">{nextLabel(structure, st.index)}</span>
        </div>
      )}
    </section>
  );
}
