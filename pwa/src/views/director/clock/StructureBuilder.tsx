import { useMemo, useState } from "preact/hooks";
import { t, useLang, type MessageKey } from "../../../i18n";
import { formatNumber } from "../../../i18n/format";
import { useCachedFetch } from "../../../ui/useCachedFetch";
import {
  buildStructure,
  chipPlan,
  type AnteStyle,
  type BuildWarning,
  type Built,
  type BuiltEntry,
  type ChipPlan,
  type ClubChip,
  type StackChip,
} from "../../../clock/structureBuilder";
import { swatchOf } from "../club/chipColours";
import "./builder.css";

interface StackRow {
  value: number;
  count: string;
}
interface Form {
  field: string;
  levelMinutes: string;
  hours: string;
  ante: AnteStyle;
  breakEvery: string;
  breakMinutes: string;
  reentries: string;
  addons: string;
}
export interface BuiltChoice {
  structure: BuiltEntry[];
  startChips: StackChip[];
}

const MAX_FIELD = 5000; // as POST /api/structures/build takes it (backend/api/chip_sets.py)
const whole = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : null);
const decimal = (s: string) => (/^\d+([.,]\d+)?$/.test(s.trim()) ? Number(s.trim().replace(",", ".")) : null);

function hm(min: number): string {
  return `${Math.floor(min / 60)}:${String(Math.round(min % 60)).padStart(2, "0")} h`;
}

/** A warning in the phone's language (the builder's own English text is for the API's callers). The
 * builder's `seats` are players the chips can seat, not seat numbers: worded as `players`. */
function warningText(w: BuildWarning): string {
  const p = Object.fromEntries(Object.entries(w.params).map(([k, v]) => [k === "seats" ? "players" : k, k.endsWith("minutes") && v != null ? hm(v) : formatNumber(v)]));
  return t(`builder.w.${w.code}` as MessageKey, p);
}

/** The stack rows: the tournament's own chips, else the club's colours with no count yet. */
function initialStack(start: StackChip[] | null | undefined, chipSet: ClubChip[] | null): StackRow[] {
  if (start?.length) return start.map((c) => ({ value: c.value, count: String(c.count) }));
  return (chipSet ?? []).map((c) => ({ value: c.value, count: "" }));
}

/**
 * The structure builder (docs/structures.md): the night's numbers in, a structure that ends near
 * the target out, with the chips it needs at the start and after each colour-up against the
 * club's set. Works offline (clock/structureBuilder.ts, the server's builder line by line);
 * "Use it" puts it into the editor below, where the director can change it before saving.
 */
export function StructureBuilder(props: {
  token: string;
  field: number;
  startChips: StackChip[] | null | undefined;
  /** After the seat draw: the stack in play, not to be changed here. */
  stackLocked?: boolean;
  onUse: (c: BuiltChoice) => void;
  onClose: () => void;
}) {
  useLang();
  const club = useCachedFetch<ClubChip[] | null>("/api/club/chips", { where: "director.chips", token: props.token, cache: "club-chips", select: (a) => (a && "chips" in a ? (a.chips ?? []) : null) });
  const chipSet = club.data?.length ? club.data : null;
  const [stack, setStack] = useState<StackRow[] | null>(null);
  const rows = stack ?? initialStack(props.startChips, chipSet);
  const [form, setForm] = useState<Form>({ field: String(props.field || 40), levelMinutes: "20", hours: "4", ante: "none", breakEvery: "4", breakMinutes: "10", reentries: "0", addons: "0" });
  const [result, setResult] = useState<{ built: Built; plan: ChipPlan; chips: StackChip[] } | null>(null);
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const set = (patch: Partial<Form>) => {
    setForm({ ...form, ...patch });
    setResult(null);
  };
  const startChips = rows.filter((r) => (whole(r.count) ?? 0) > 0).map((r) => ({ value: r.value, count: whole(r.count)! }));
  const stackTotal = startChips.reduce((s, c) => s + c.value * c.count, 0);

  function build(e: Event) {
    e.preventDefault();
    const field = whole(form.field);
    const level = decimal(form.levelMinutes);
    const hours = decimal(form.hours);
    const every = whole(form.breakEvery) ?? 0;
    const breakMin = decimal(form.breakMinutes) ?? 0;
    const reentries = whole(form.reentries);
    const addons = whole(form.addons);
    const bad: MessageKey | null =
      field == null || field < 2 || field > MAX_FIELD ? "builder.bad_field"
      : !startChips.length || rows.some((r) => r.count.trim() !== "" && whole(r.count) == null) ? "builder.bad_stack"
      : level == null || level < 1 || level > 240 ? "builder.bad_level"
      : hours == null || hours < 0.5 || hours > 24 ? "builder.bad_hours"
      : reentries == null || addons == null ? "builder.bad_entries"
      : null; // prettier-ignore
    setProblem(bad);
    if (bad) return;
    const inputs = {
      field: field!,
      start_chips: startChips,
      level_minutes: level!,
      target_minutes: Math.round(hours! * 60),
      ante: form.ante,
      breaks: every > 0 && breakMin > 0 ? { every_levels: every, minutes: breakMin } : null,
      reentries: reentries! / field!,
      addons: addons! / field!,
      chip_set: chipSet,
    };
    try {
      const built = buildStructure(inputs);
      setResult({ built, plan: chipPlan(chipSet, startChips, inputs, built.structure), chips: startChips });
    } catch {
      setProblem("builder.no_blinds"); // a stack with no chip small enough for a first level
    }
  }

  const num = (k: keyof Form, label: string, testid: string, hint?: string) => (
    <label class="field bfield">
      <span>{label}</span>
      <input data-testid={testid} inputMode="decimal" value={form[k]} onInput={(e) => set({ [k]: (e.target as HTMLInputElement).value } as Partial<Form>)} />
      {hint && <span class="muted small">{hint}</span>}
    </label>
  );

  return (
    <section class="card builder" aria-labelledby="builder-h" data-testid="builder">
      <div class="builder-head">
        <h2 id="builder-h">{t("builder.title")}</h2>
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onClose}>
          {t("builder.close")}
        </button>
      </div>
      <form class="form builder-form" onSubmit={build} noValidate>
        <div class="bgrid">
          {num("field", t("builder.field"), "builder-field")}
          {num("hours", t("builder.hours"), "builder-hours")}
          {num("levelMinutes", t("builder.level_minutes"), "builder-level")}
          <label class="field bfield">
            <span>{t("builder.ante")}</span>
            <select data-testid="builder-ante" value={form.ante} onChange={(e) => set({ ante: (e.target as HTMLSelectElement).value as AnteStyle })}>
              <option value="none">{t("builder.ante_none")}</option>
              <option value="bb">{t("builder.ante_bb")}</option>
              <option value="per_player">{t("builder.ante_per_player")}</option>
            </select>
          </label>
          {num("breakEvery", t("builder.break_every"), "builder-break-every", t("builder.break_none"))}
          {num("breakMinutes", t("builder.break_minutes"), "builder-break-minutes")}
          {num("reentries", t("builder.reentries"), "builder-reentries")}
          {num("addons", t("builder.addons"), "builder-addons")}
        </div>
        <fieldset class="bstack">
          <legend>{t("builder.stack")}</legend>
          {!rows.length && <p class="muted small">{club.loading ? t("common.loading") : t("builder.no_chip_set")}</p>}
          {rows.map((r, i) => (
            <label class="bstack-row" key={r.value}>
              <span class="chip-swatch" style={{ background: swatchOf(chipSet?.find((c) => c.value === r.value)?.colour ?? "") }} aria-hidden="true" />
              <input
                data-testid={`builder-count-${r.value}`}
                inputMode="numeric"
                aria-label={t("builder.count_of", { value: formatNumber(r.value) })}
                value={r.count}
                disabled={props.stackLocked}
                onInput={(e) => {
                  setStack(rows.map((x, j) => (j === i ? { ...x, count: (e.target as HTMLInputElement).value } : x)));
                  setResult(null);
                }}
              />
              <span>× {formatNumber(r.value)}</span>
            </label>
          ))}
          <p class="small" data-testid="builder-stack-total">{t("builder.stack_total", { chips: formatNumber(stackTotal) })}</p>
          {props.stackLocked && <p class="muted small">{t("builder.stack_locked")}</p>}
        </fieldset>
        {problem && (
          <p class="field-error" role="alert" data-testid="builder-problem">
            {t(problem)}
          </p>
        )}
        <button type="submit" class="btn btn-primary btn-block" data-testid="builder-build">
          {t("builder.build")}
        </button>
      </form>
      {result && <BuiltPreview {...result} onUse={() => props.onUse({ structure: result.built.structure, startChips: result.chips })} />}
    </section>
  );
}

function BuiltPreview(props: { built: Built; plan: ChipPlan; chips: StackChip[]; onUse: () => void }) {
  const { built, plan } = props;
  const levels = built.structure.filter((e) => e.kind === "level").length;
  const planned = built.structure.reduce((s, e) => s + e.minutes, 0);
  const est = built.estimate;
  const warnings = [...built.warnings, ...plan.warnings];
  let level = 0;
  return (
    <div class="builder-result" data-testid="builder-result">
      {est.end_minutes != null ? (
        <p class="builder-summary" data-testid="builder-estimate" data-end-minutes={est.end_minutes}>
          {t("builder.summary", { h: hm(est.end_minutes), level: est.end_level ?? "–", bb: formatNumber(est.end_bb) })}
        </p>
      ) : null}
      <p class="muted small" data-testid="builder-summary">
        {t("builder.estimate", { n: levels, planned: hm(planned), stack: formatNumber(built.start_stack) })}
      </p>
      {warnings.map((w) => (
        <p class="notice notice-paused" role="status" data-testid="builder-warning" data-code={w.code} key={`${w.code}-${w.params.value ?? ""}-${w.params.at ?? ""}`}>
          {warningText(w)}
        </p>
      ))}
      <h3>{t("builder.chip_plan")}</h3>
      {plan.seats != null && (
        <p class="small" data-testid="builder-seats" data-seats={plan.seats}>
          {t("builder.seats", { n: formatNumber(plan.seats) })}
        </p>
      )}
      <div class="chip-plan" data-testid="chip-plan">
        {plan.stages.map((s) => (
          <div class="chip-stage" key={String(s.at)} data-testid="chip-stage">
            <p class="chip-stage-title">{s.at == null ? t("builder.stage_start") : t("builder.stage_colour_up", { chips: s.removed.map((v) => formatNumber(v)).join(", "), n: stageLevel(built.structure, s.at) })}</p>
            <table class="chip-need">
              <thead>
                <tr>
                  <th>{t("chipset.value")}</th>
                  <th>{t("builder.needed")}</th>
                  <th>{t("chipset.owned")}</th>
                </tr>
              </thead>
              <tbody>
                {s.needed.map((n) => (
                  <tr key={n.value} class={n.owned != null && n.count > n.owned ? "is-short" : ""} data-testid="chip-need" data-value={n.value} data-count={n.count}>
                    <td>
                      <span class="chip-swatch" style={{ background: swatchOf(n.colour ?? "") }} aria-hidden="true" /> {formatNumber(n.value)}
                    </td>
                    <td>{formatNumber(n.count)}</td>
                    <td>{n.owned == null ? "–" : formatNumber(n.owned)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
      <h3>{t("builder.levels")}</h3>
      <ol class="built-levels" data-testid="built-levels">
        {built.structure.map((e, i) => {
          if (e.kind === "level") level += 1;
          return (
            <li key={i} class={`built-${e.kind}`}>
              {e.kind === "level" ? t("builder.level_line", { n: level, sb: formatNumber(e.sb), bb: formatNumber(e.bb), ante: e.ante ? ` · ${t("structure.ante")} ${formatNumber(e.ante)}` : "", m: e.minutes }) : t("builder.break_line", { m: e.minutes })}
              {e.colour_up && <span class="tag">{t("builder.colour_up_tag", { chips: e.colour_up.remove.map((v) => formatNumber(v)).join(", ") })}</span>}
            </li>
          );
        })}
      </ol>
      <button type="button" class="btn btn-primary btn-block btn-huge" data-testid="builder-use" onClick={props.onUse}>
        {t("builder.use")}
      </button>
    </div>
  );
}

/** The level number a colour-up at structure entry `at` belongs to (a break: the level after it). */
function stageLevel(structure: BuiltEntry[], at: number): number {
  let n = 0;
  for (let i = 0; i < structure.length; i++) {
    if (structure[i].kind === "level") n += 1;
    if (i >= at && structure[i].kind === "level") return n;
  }
  return n;
}
