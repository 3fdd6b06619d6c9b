// The structure builder and the chip plan, for the director's phone to preview offline: a line-by-line
// port of backend/engine/structure_builder.py and backend/engine/chip_plan.py (docs/structures.md).
// Whole numbers only (the geometric path compares powers as BigInt), so both give the same structure:
// shared_rules/vectors/structure_builder.json is run by pytest and by structureBuilder.test.ts.

export type AnteStyle = "none" | "bb" | "per_player";

export interface StackChip {
  value: number;
  count: number;
}

export interface ClubChip extends StackChip {
  colour: string;
}

export interface Breaks {
  every_levels: number;
  minutes: number;
}

export interface BuildInputs {
  field: number;
  start_chips: StackChip[];
  level_minutes: number;
  target_minutes: number;
  ante?: AnteStyle;
  breaks?: Breaks | null;
  reentries?: number;
  rebuys?: number;
  addons?: number;
  rebuy_chips?: StackChip[] | null;
  addon_chips?: StackChip[] | null;
  chip_set?: ClubChip[] | null;
  colour_up?: "race" | "round_up";
}

export interface ColourUp {
  remove: number[];
  method: "race" | "round_up";
}

export interface BuiltEntry {
  kind: "level" | "break";
  sb?: number;
  bb?: number;
  ante?: number;
  minutes: number;
  colour_up?: ColourUp;
}

export interface BuildWarning {
  code: string;
  message: string;
  params: Record<string, number | null>;
}

export interface EndEstimate {
  end_level: number | null;
  end_minutes: number | null;
  end_bb: number | null;
}

export interface Built {
  structure: BuiltEntry[];
  start_stack: number;
  total_chips: number;
  estimate: EndEstimate & { method: string; end_pots: number; target_minutes: number };
  warnings: BuildWarning[];
}

export const METHOD = "pots_in_play";
export const END_POTS = 20;
const FULL_TABLE = 9;
const MIN_LEVELS = 2;
const MAX_LEVELS = 80;
const EXTRA_LEVELS = 4;
const MAX_DEPTH_BB = 200;
const ANTE_FROM_LEVEL = 5;
const LADDER_LIMIT = 10 ** 15;
const CHIPS_PER_UNIT = 4;
const BB_MANTISSAS = [10, 12, 15, 16, 20, 30, 40, 50, 60, 80];
const ANTE_MANTISSAS = [10, 12, 15, 20, 25, 30, 40, 50, 60, 80];

type Level = { kind: "level"; sb: number; bb: number; ante: number; minutes: number; colour_up?: ColourUp };

export function chipsTotal(chips: StackChip[]): number {
  return chips.reduce((sum, c) => sum + c.value * c.count, 0);
}

export function expectedStacks(players: number, perPlayer: number): number {
  return Math.max(0, Math.ceil(players * perPlayer - 1e-9));
}

function orStart(chips: StackChip[] | null | undefined, start: StackChip[]): StackChip[] {
  return chips && chips.length ? chips : start;
}

export function totalChips(inputs: BuildInputs): number {
  const start = chipsTotal(inputs.start_chips);
  const rebuy = chipsTotal(orStart(inputs.rebuy_chips, inputs.start_chips));
  const addon = chipsTotal(orStart(inputs.addon_chips, inputs.start_chips));
  return (
    (inputs.field + expectedStacks(inputs.field, inputs.reentries ?? 0)) * start +
    expectedStacks(inputs.field, inputs.rebuys ?? 0) * rebuy +
    expectedStacks(inputs.field, inputs.addons ?? 0) * addon
  );
}

function nice(mantissas: number[], limit: number): number[] {
  const values = new Set<number>();
  for (let base = 1; base / 10 <= limit; base *= 10) {
    for (const m of mantissas) {
      if ((m * base) % 10 === 0 && (m * base) / 10 <= limit) values.add((m * base) / 10);
    }
  }
  return [...values].filter((v) => v > 0).sort((a, b) => a - b);
}

export function unit(amount: number, chips: number[]): number {
  let best = chips[0];
  for (const c of chips) if (c * CHIPS_PER_UNIT <= amount && c > best) best = c;
  return best;
}

export function bbLadder(chips: number[]): number[] {
  return nice(BB_MANTISSAS, LADDER_LIMIT).filter(
    (bb) => bb % 2 === 0 && bb >= 2 * chips[0] && (bb / 2) % unit(bb, chips) === 0,
  );
}

export function perPlayerAnte(bb: number, chips: number[]): number {
  const cap = Math.floor(bb / 8);
  const candidates = nice(ANTE_MANTISSAS, cap).filter((a) => a % unit(a, chips) === 0);
  if (!candidates.length) return 0;
  const below = candidates.filter((a) => a * 10 <= bb);
  const above = candidates.filter((a) => a * 10 > bb);
  if (!below.length) return above[0];
  if (!above.length) return below[below.length - 1];
  const a = below[below.length - 1];
  const b = above[0];
  return BigInt(bb) * BigInt(bb) >= BigInt(a) * BigInt(b) * 100n ? b : a;
}

export function anteFrom(levels: number): number {
  return Math.max(2, Math.min(ANTE_FROM_LEVEL, Math.ceil(levels / 3) + 1));
}

export function handPot(sb: number, bb: number, ante: number, style: AnteStyle): number {
  return sb + bb + (style === "per_player" ? ante * FULL_TABLE : ante);
}

function levelAnte(bb: number, levelNo: number, style: AnteStyle, first: number, chips: number[]): number {
  if (style === "none" || levelNo < first) return 0;
  return style === "bb" ? bb : perPlayerAnte(bb, chips);
}

interface AnyEntry {
  kind: string;
  minutes?: number;
  sb?: number;
  bb?: number;
  ante?: number;
  colour_up?: ColourUp;
}

export function estimateEnd(structure: AnyEntry[], total: number, style: AnteStyle): EndEstimate {
  let minutes = 0;
  let levelNo = 0;
  for (const entry of structure) {
    if (entry.kind === "stop") continue;
    minutes += entry.minutes ?? 0;
    if (entry.kind !== "level") continue;
    levelNo += 1;
    if (END_POTS * handPot(entry.sb ?? 0, entry.bb ?? 0, entry.ante ?? 0, style) >= total) {
      return { end_level: levelNo, end_minutes: minutes, end_bb: entry.bb ?? null };
    }
  }
  return { end_level: null, end_minutes: null, end_bb: null };
}

function time(n: number, levelMinutes: number, breaks: Breaks | null): number {
  const passed = breaks ? Math.floor((n - 1) / breaks.every_levels) : 0;
  return n * levelMinutes + passed * (breaks ? breaks.minutes : 0);
}

export function levelsFor(target: number, levelMinutes: number, breaks: Breaks | null): number {
  let best = MIN_LEVELS;
  let bestGap = Infinity;
  for (let n = MIN_LEVELS; n <= MAX_LEVELS; n++) {
    const gap = Math.abs(time(n, levelMinutes, breaks) - target);
    if (gap < bestGap) {
      best = n;
      bestGap = gap;
    }
  }
  return best;
}

function pow(x: number, e: number): bigint {
  return BigInt(x) ** BigInt(e);
}

function atOrBelow(x: number, nSteps: number, step: number, first: number, last: number): boolean {
  let left = pow(x, nSteps);
  let right = pow(last, step);
  if (step > nSteps) left *= pow(first, step - nSteps);
  else right *= pow(first, nSteps - step);
  return left <= right;
}

function nearestIndex(ladder: number[], nSteps: number, step: number, first: number, last: number): number {
  let lo = 0;
  let hi = ladder.length - 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (atOrBelow(ladder[mid], nSteps, step, first, last)) lo = mid;
    else hi = mid - 1;
  }
  if (lo + 1 >= ladder.length) return lo;
  const a = ladder[lo];
  const b = ladder[lo + 1];
  let left = (BigInt(a) * BigInt(b)) ** BigInt(nSteps);
  let right = pow(last, 2 * step);
  if (step > nSteps) left *= pow(first, 2 * (step - nSteps));
  else right *= pow(first, 2 * (nSteps - step));
  return right >= left ? lo + 1 : lo;
}

function pickBigBlinds(ladder: number[], start: number, end: number, levels: number): number[] {
  const picked: number[] = [];
  if (end - start + 1 <= levels) {
    for (let i = start; i <= end; i++) picked.push(i);
    return picked;
  }
  const nSteps = levels - 1;
  for (let step = 0; step < levels; step++) {
    let i = nearestIndex(ladder, nSteps, step, ladder[start], ladder[end]);
    i = Math.max(i, picked.length ? picked[picked.length - 1] + 1 : start);
    picked.push(Math.min(i, end - (levels - 1 - step)));
  }
  return picked;
}

function extra(ladder: number[], picked: number[]): number[] {
  const nSteps = picked.length - 1;
  const first = ladder[picked[0]];
  const last = ladder[picked[picked.length - 1]];
  const more: number[] = [];
  for (let k = 1; k <= EXTRA_LEVELS; k++) {
    const prev = more.length ? more[more.length - 1] : picked[picked.length - 1];
    let i = nSteps ? nearestIndex(ladder, nSteps, nSteps + k, first, last) : prev + 1;
    i = Math.max(i, prev + 1);
    if (i >= ladder.length) break;
    more.push(i);
  }
  return more;
}

export function denominations(startChips: StackChip[], chipSet: ClubChip[] | null | undefined): number[] {
  const start = new Set(startChips.map((c) => c.value));
  const biggest = Math.max(...start);
  for (const c of chipSet ?? []) if (c.value > biggest && c.count > 0) start.add(c.value); // none owned: no colour-up into it
  return [...start].sort((a, b) => a - b);
}

function values(level: { sb: number; bb: number; ante?: number }): number[] {
  return level.ante ? [level.sb, level.bb, level.ante] : [level.sb, level.bb];
}

export function colourUpLevels(levels: Level[], chips: number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let after = 0;
  for (let k = 0; k + 1 < chips.length; k++) {
    const following = chips[k + 1];
    let lastNeed = -1;
    levels.forEach((lvl, i) => {
      if (values(lvl).some((v) => v % following !== 0)) lastNeed = i;
    });
    after = Math.max(after, lastNeed + 1);
    if (after >= levels.length) break;
    out.push([chips[k], after]);
  }
  return out;
}

function withBreaksAndColourUps(
  levels: Level[],
  breaks: Breaks | null,
  goes: Array<[number, number]>,
  method: "race" | "round_up",
): BuiltEntry[] {
  const entries: BuiltEntry[] = [];
  const levelEntry = new Map<number, number>();
  const breakAfter = new Map<number, number>();
  levels.forEach((level, i) => {
    levelEntry.set(i, entries.length);
    entries.push(level);
    if (breaks && (i + 1) % breaks.every_levels === 0 && i + 1 < levels.length) {
      breakAfter.set(i, entries.length);
      entries.push({ kind: "break", minutes: breaks.minutes });
    }
  });
  const placed = new Map<number, number[]>();
  const afterLevels = [...breakAfter.keys()].sort((a, b) => a - b);
  for (const [chip, freeFrom] of goes) {
    const at = afterLevels.find((i) => i >= freeFrom - 1);
    const index = at !== undefined ? (breakAfter.get(at) as number) : (levelEntry.get(freeFrom) as number);
    placed.set(index, [...(placed.get(index) ?? []), chip]);
  }
  for (const [index, chips] of placed) {
    entries[index] = { ...entries[index], colour_up: { remove: [...chips].sort((a, b) => a - b), method } };
  }
  return entries;
}

export function toleranceMinutes(levelMinutes: number, breaks: Breaks | null | undefined): number {
  return levelMinutes + (breaks ? breaks.minutes : 0);
}

function buildWarnings(end: EndEstimate, target: number, levelMinutes: number, breaks: Breaks | null): BuildWarning[] {
  if (end.end_minutes === null) return [{ code: "never_ends", message: "The blinds never reach the end point.", params: {} }];
  const allowed = toleranceMinutes(levelMinutes, breaks);
  const params = { end_minutes: end.end_minutes, target_minutes: target };
  if (end.end_minutes < target - allowed) {
    return [
      {
        code: "ends_early",
        message:
          `The chips run out of levels: the tournament ends after about ${end.end_minutes} ` +
          `minutes, not ${target}. Use smaller chips, a bigger stack or longer levels.`,
        params,
      },
    ];
  }
  if (end.end_minutes > target + allowed) {
    return [
      {
        code: "ends_late",
        message: `The tournament ends after about ${end.end_minutes} minutes, not ${target}: use shorter levels.`,
        params,
      },
    ];
  }
  return [];
}

export function buildStructure(inputs: BuildInputs): Built {
  const style: AnteStyle = inputs.ante ?? "none";
  const levelMinutes = inputs.level_minutes;
  const breaks = inputs.breaks ?? null;
  const chips = denominations(inputs.start_chips, inputs.chip_set);
  const smallest = chips[0];
  const startStack = chipsTotal(inputs.start_chips);
  const total = totalChips(inputs);
  const ladder = bbLadder(chips);
  const firstBb = Math.max(2 * smallest, Math.ceil(startStack / MAX_DEPTH_BB));
  const first = ladder.findIndex((bb) => bb >= firstBb);
  if (first < 0) {
    throw new Error(
      `The smallest chip (${smallest}) makes no usual blinds (25/50, 100/200 …): use chips of 1, 5, 25, 100, 500 …`,
    );
  }
  const wanted = levelsFor(inputs.target_minutes, levelMinutes, breaks);
  const antesFrom = anteFrom(wanted);
  const pot = (bb: number, levelNo: number) =>
    handPot(bb / 2, bb, levelAnte(bb, levelNo, style, antesFrom, chips), style);
  let last = ladder.length - 1;
  for (let i = first; i < ladder.length; i++) {
    if (END_POTS * pot(ladder[i], Math.min(wanted, i - first + 1)) >= total) {
      last = i;
      break;
    }
  }
  const picked = pickBigBlinds(ladder, first, last, wanted);
  picked.push(...extra(ladder, picked));
  const levels: Level[] = picked.map((i, n) => ({
    kind: "level",
    sb: ladder[i] / 2,
    bb: ladder[i],
    ante: levelAnte(ladder[i], n + 1, style, antesFrom, chips),
    minutes: levelMinutes,
  }));
  const goes = colourUpLevels(levels, chips);
  const structure = withBreaksAndColourUps(levels, breaks, goes, inputs.colour_up ?? "race");
  const end = estimateEnd(structure, total, style);
  return {
    structure,
    start_stack: startStack,
    total_chips: total,
    estimate: { ...end, method: METHOD, end_pots: END_POTS, target_minutes: inputs.target_minutes },
    warnings: buildWarnings(end, inputs.target_minutes, levelMinutes, breaks),
  };
}

// ------------------------------------------------------------------ the chip plan

export interface PlanEntries {
  field: number;
  reentries?: number;
  rebuys?: number;
  addons?: number;
  rebuy_chips?: StackChip[] | null;
  addon_chips?: StackChip[] | null;
}

export interface ChipNeed {
  value: number;
  colour: string | null;
  count: number;
  owned: number | null;
}

export interface ChipStage {
  at: number | null;
  label: string;
  removed: number[];
  needed: ChipNeed[];
}

export interface ChipPlan {
  seats: number | null;
  stages: ChipStage[];
  warnings: BuildWarning[];
}

const MAX_SEATS = 100_000;

type Counts = Map<number, number>;

function counts(chips: StackChip[]): Counts {
  const out: Counts = new Map();
  for (const c of chips) out.set(c.value, (out.get(c.value) ?? 0) + c.count);
  return out;
}

function planStacks(startChips: StackChip[], entries: PlanEntries, players: number): Array<[Counts, number]> {
  return [
    [counts(startChips), players + expectedStacks(players, entries.reentries ?? 0)],
    [counts(orStart(entries.rebuy_chips, startChips)), expectedStacks(players, entries.rebuys ?? 0)],
    [counts(orStart(entries.addon_chips, startChips)), expectedStacks(players, entries.addons ?? 0)],
  ];
}

type Stage = [number | null, number[], Counts, number[]];

function stages(
  startChips: StackChip[],
  entries: PlanEntries,
  structure: AnyEntry[],
  chips: number[],
  players: number,
): Stage[] {
  const stacks = planStacks(startChips, entries, players).filter(([, n]) => n);
  const needed = (): Counts => {
    const total: Counts = new Map();
    for (const [stack, n] of stacks) {
      for (const [value, count] of stack) if (count) total.set(value, (total.get(value) ?? 0) + count * n);
    }
    return total;
  };
  const out: Stage[] = [[null, [], needed(), []]];
  let inPlay = [...chips];
  structure.forEach((entry, index) => {
    const removed = [...(entry.colour_up?.remove ?? [])].sort((a, b) => a - b);
    if (!removed.length) return;
    const going = removed.filter((c) => inPlay.includes(c));
    const top = Math.max(...removed);
    const bigger = going.length ? inPlay.filter((c) => c > top && !removed.includes(c)) : [];
    const stuck = going.length && !bigger.length ? going : [];
    if (going.length && bigger.length) {
      const into = bigger[0];
      for (const [stack] of stacks) {
        let value = 0;
        for (const chip of going) {
          value += (stack.get(chip) ?? 0) * chip;
          stack.delete(chip);
        }
        if (value) stack.set(into, (stack.get(into) ?? 0) + Math.ceil(value / into));
      }
      inPlay = inPlay.filter((c) => !going.includes(c));
    }
    out.push([index, removed, needed(), stuck]);
  });
  return out;
}

function chipValues(startChips: StackChip[], entries: PlanEntries, chipSet: ClubChip[] | null | undefined): number[] {
  const values = new Set<number>();
  for (const c of [...startChips, ...(entries.rebuy_chips ?? []), ...(entries.addon_chips ?? [])]) values.add(c.value);
  const biggest = Math.max(...values);
  for (const c of chipSet ?? []) if (c.value > biggest && c.count > 0) values.add(c.value);
  return [...values].sort((a, b) => a - b);
}

function fits(owned: Counts, all: Stage[]): boolean {
  return all.every(([, , need]) => [...need].every(([value, count]) => count <= (owned.get(value) ?? 0)));
}

export function seats(
  chipSet: ClubChip[],
  startChips: StackChip[],
  entries: PlanEntries,
  structure: AnyEntry[],
): number {
  const owned = counts(chipSet);
  const chips = chipValues(startChips, entries, chipSet);
  let lo = 0;
  let hi = MAX_SEATS;
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (fits(owned, stages(startChips, entries, structure, chips, mid))) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function label(removed: number[]): string {
  return removed.length ? `colour-up: ${removed.join(", ")} leave` : "start";
}

export function chipPlan(
  chipSet: ClubChip[] | null | undefined,
  startChips: StackChip[],
  entries: PlanEntries,
  structure: AnyEntry[],
): ChipPlan {
  const field = entries.field;
  const chips = chipValues(startChips, entries, chipSet);
  const all = stages(startChips, entries, structure, chips, field);
  const owned = chipSet ? counts(chipSet) : null;
  const colours = new Map((chipSet ?? []).map((c) => [c.value, c.colour]));
  const warnings: BuildWarning[] = [];
  const short = new Set<number>();
  const outStages: ChipStage[] = all.map(([index, removed, need, stuck]) => {
    const name = label(removed);
    const rows: ChipNeed[] = [...need.keys()]
      .sort((a, b) => a - b)
      .map((value) => {
        const count = need.get(value) as number;
        const have = owned ? (owned.get(value) ?? 0) : null;
        if (have !== null && count > have && !short.has(value)) {
          short.add(value);
          warnings.push({
            code: "chips_short",
            message: `${name}: ${count} chips of ${value} needed, the club has ${have}.`,
            params: { value, needed: count, owned: have, at: index },
          });
        }
        return { value, colour: colours.get(value) ?? null, count, owned: have };
      });
    for (const chip of stuck) {
      warnings.push({
        code: "no_bigger_chip",
        message: `${name}: the ${chip} chips have no bigger chip to be exchanged into.`,
        params: { value: chip, at: index },
      });
    }
    return { at: index, label: name, removed, needed: rows };
  });
  const room = chipSet ? seats(chipSet, startChips, entries, structure) : null;
  if (!chipSet) {
    warnings.unshift({
      code: "no_chip_set",
      message: "The club has no chip set saved: only what is needed is counted.",
      params: {},
    });
  } else if (room !== null && room < field) {
    warnings.push({
      code: "field_exceeds_seats",
      message: `The club's chips seat ${room} players, ${field} are expected.`,
      params: { seats: room, field },
    });
  }
  return { seats: room, stages: outStages, warnings };
}
