import { useState } from "preact/hooks";
import type { StructureEntry } from "../../../clock/clock";
import { findAfter, findBefore, levelNumbers, type ClockModel } from "../../../clock/model";
import { t, useLang, type MessageKey } from "../../../i18n";
import type { OutboxEntry } from "../../../sync/db";
import { blindsLabel, entryLabel } from "../../../ui/clockText";
import { Confirm } from "../../../ui/Confirm";
import { StartClockConfirm } from "../moments/AfterDrawCard";
import type { Send } from "../../../sync/outbox";
import type { PayloadOf } from "../../../api/views";

type PauseReason = NonNullable<PayloadOf<"pause_clock">["reason"]>;

export const PAUSE_REASONS = ["director", "table_merge", "race_for_chips"] as const;

const notStop = (e: StructureEntry) => e.kind !== "stop";

/** What the start/pause/resume button should offer once the queued clock commands are applied. */
export function effectiveClockStatus(m: ClockModel, serverStatus: string, pending: OutboxEntry[]): string {
  const last = [...pending].reverse().find((e) => e.state === "pending" && (e.type === "start_clock" || e.type === "pause_clock" || e.type === "resume_clock"));
  if (last) return last.type === "pause_clock" ? "paused" : "running";
  if (m.status === "finished") return serverStatus; // the last level stays on screen; pause still works
  return m.status;
}

/** The index the clock will stand at once queued jumps are applied (so "next" twice moves twice). */
export function effectiveIndex(m: ClockModel, pending: OutboxEntry[]): number {
  const last = [...pending].reverse().find((e) => e.state === "pending" && e.type === "jump_to_level");
  return last ? Number(last.payload.index) : m.index;
}

export function jumpOptionLabel(e: StructureEntry, level: number | null): string {
  if (e.kind === "level") return `${entryLabel(e, level)} · ${blindsLabel(e)}${e.ante ? ` (${e.ante})` : ""}`;
  return `${entryLabel(e, level)} · ${t("clock.minutes", { m: e.minutes })}`;
}

/** Start / pause / resume, ±1 min, previous / next level, jump to an entry: big thumb targets. */
export function ClockControls(props: {
  m: ClockModel;
  structure: StructureEntry[];
  serverStatus: string;
  pending: OutboxEntry[];
  send: Send;
}) {
  useLang();
  const { m, structure, send } = props;
  const [reason, setReason] = useState<PauseReason>("director");
  const [jumpTo, setJumpTo] = useState<string>("");
  const status = effectiveClockStatus(m, props.serverStatus, props.pending);
  const at = effectiveIndex(m, props.pending);
  const levels = levelNumbers(structure);
  const prev = findBefore(structure, at, notStop);
  const next = findAfter(structure, at, notStop);
  // The server refuses ±time at a stop and past the end of the structure.
  const canAdjust = (status === "running" || status === "paused") && m.status !== "finished" && m.status !== "halted";
  const hasStructure = structure.length > 0;

  // A level jump moves every clock in the room: it asks once. So does the start.
  const [asked, setAsked] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  function jump(index: number) {
    if (structure[index]) setAsked(index);
  }
  function doJump(index: number) {
    const e = structure[index];
    setAsked(null);
    if (!e) return;
    send("jump_to_level", { index }, { what: jumpOptionLabel(e, levels[index]) });
  }

  return (
    <div class="clock-controls">
      <div class="clock-buttons">
        {status === "idle" && (
          <button type="button" class="btn btn-primary btn-block btn-huge" data-testid="clock-start" disabled={!hasStructure} onClick={() => setStarting(true)}>
            {t("clock.start")}
          </button>
        )}
        {status === "running" && (
          <div class="pause-row">
            <button
              type="button"
              class="btn btn-warn btn-huge"
              data-testid="clock-pause"
              onClick={() => send("pause_clock", { reason }, { reason: t(`clock.reason.${reason}` as MessageKey) })}
            >
              {t("clock.pause")}
            </button>
            <label class="pause-reason">
              <span class="visually-hidden">{t("clock.pause_for")}</span>
              <select data-testid="clock-pause-reason" aria-label={t("clock.pause_for")} value={reason} onChange={(e) => setReason((e.target as HTMLSelectElement).value as PauseReason)}>
                {PAUSE_REASONS.map((r) => (
                  <option value={r} key={r}>
                    {t(`clock.reason.${r}` as MessageKey)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
        {(status === "paused" || status === "halted") && (
          <button type="button" class="btn btn-primary btn-block btn-huge" data-testid="clock-resume" onClick={() => send("resume_clock", {})}>
            {status === "halted" ? t("clock.continue") : t("clock.resume")}
          </button>
        )}
      </div>
      <div class="control-grid">
        <button type="button" class="btn btn-secondary btn-big" data-testid="clock-minus" disabled={!canAdjust} onClick={() => send("adjust_clock", { seconds: -60 }, { delta: t("clock.minus") })}>
          {t("clock.minus")}
        </button>
        <button type="button" class="btn btn-secondary btn-big" data-testid="clock-plus" disabled={!canAdjust} onClick={() => send("adjust_clock", { seconds: 60 }, { delta: t("clock.plus") })}>
          {t("clock.plus")}
        </button>
        <button type="button" class="btn btn-secondary btn-big" data-testid="clock-prev" aria-label={t("clock.prev_label")} disabled={prev < 0} onClick={() => jump(prev)}>
          {t("clock.prev")}
        </button>
        <button type="button" class="btn btn-secondary btn-big" data-testid="clock-next-level" aria-label={t("clock.next_level_label")} disabled={next < 0} onClick={() => jump(next)}>
          {t("clock.next_level")}
        </button>
      </div>
      {hasStructure && (
        <form
          class="row jump-row"
          onSubmit={(e) => {
            e.preventDefault();
            const i = parseInt(jumpTo, 10);
            if (Number.isInteger(i) && i !== at) jump(i);
            setJumpTo("");
          }}
        >
          <select data-testid="clock-jump-select" aria-label={t("clock.jump")} value={jumpTo} onChange={(e) => setJumpTo((e.target as HTMLSelectElement).value)}>
            <option value="">{t("clock.jump")} …</option>
            {structure.map((e, i) =>
              e.kind === "stop" ? null : (
                <option value={String(i)} key={i} disabled={i === at}>
                  {jumpOptionLabel(e, levels[i])}
                  {i === at ? ` ← ${t("clock.now")}` : ""}
                </option>
              ),
            )}
          </select>
          <button class="btn btn-secondary" type="submit" data-testid="clock-jump-submit" disabled={jumpTo === ""}>
            {t("clock.jump_go")}
          </button>
        </form>
      )}
      {asked != null && structure[asked] && (
        <Confirm
          title={t("clock.jump_confirm_title", { what: jumpOptionLabel(structure[asked], levels[asked]) })}
          text={t("clock.jump_confirm_text")}
          confirmLabel={t("clock.jump_confirm")}
          testid="clock-jump-confirm"
          onCancel={() => setAsked(null)}
          onConfirm={() => doJump(asked)}
        />
      )}
      {starting && (
        <StartClockConfirm
          level={structure.find((e) => e.kind === "level") as { sb?: number; bb?: number; minutes?: number } | undefined}
          onCancel={() => setStarting(false)}
          onConfirm={() => {
            send("start_clock", {});
            setStarting(false);
          }}
        />
      )}
    </div>
  );
}
