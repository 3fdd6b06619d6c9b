import { describe, expect, it } from "vitest";
import {
  buildStructure,
  chipPlan,
  estimateEnd,
  toleranceMinutes,
  totalChips,
  type AnteStyle,
  type BuildInputs,
} from "./structureBuilder";
// Shared conformance cases: the same file is run by pytest against backend/engine/structure_builder.py
// and backend/engine/chip_plan.py (tests/engine/test_structure_builder.py).
import vectors from "../../../shared_rules/vectors/structure_builder.json";
import nMonday from "../../../shared_rules/presets/n-monday.json";
import gTour from "../../../shared_rules/presets/g-tour.json";
import sTrophy from "../../../shared_rules/presets/s-trophy.json";
import vRanking from "../../../shared_rules/presets/v-ranking.json";
import pQualifier from "../../../shared_rules/presets/p-qualifier.json";
import pFinal from "../../../shared_rules/presets/p-final.json";

const PRESETS: Record<string, { structure: any[] }> = {
  "n-monday": nMonday,
  "g-tour": gTour,
  "s-trophy": sTrophy,
  "v-ranking": vRanking,
  "p-qualifier": pQualifier,
  "p-final": pFinal,
};
const V: any = vectors;

describe("structure builder vectors: exact (shared_rules/vectors/structure_builder.json)", () => {
  it("has the cases", () => {
    expect(V.exact.length).toBeGreaterThanOrEqual(5);
  });
  for (const c of V.exact) {
    it(c.name, () => {
      const inputs = c.inputs as BuildInputs;
      const built = buildStructure(inputs);
      const plan = chipPlan(inputs.chip_set, inputs.start_chips, inputs, built.structure);
      expect({ ...built, plan }).toEqual(c.expect);
    });
  }
});

describe("structure builder vectors: the seeds' own structures, within the stated tolerance", () => {
  for (const c of V.seeds) {
    it(c.preset, () => {
      const inputs = c.inputs as BuildInputs;
      const seed = PRESETS[c.preset].structure;
      const seedEnd = estimateEnd(seed, totalChips(inputs), inputs.ante as AnteStyle);
      expect(seedEnd).toEqual(c.seed_end);
      const built = buildStructure(inputs);
      const end = built.estimate;
      expect(Math.abs((end.end_minutes as number) - inputs.target_minutes)).toBeLessThanOrEqual(
        toleranceMinutes(inputs.level_minutes, inputs.breaks),
      );
      const first = built.structure[0];
      const seedFirst = seed.find((e) => e.kind === "level");
      expect([first.sb, first.bb]).toEqual([seedFirst.sb, seedFirst.bb]);
      const factor = V.tolerance.end_bb_factor;
      expect(end.end_bb as number).toBeLessThanOrEqual(seedEnd.end_bb! * factor);
      expect(end.end_bb as number).toBeGreaterThanOrEqual(seedEnd.end_bb! / factor);
      expect(built.warnings).toEqual([]);
    });
  }
});

describe("structure builder vectors: the grid (Python = TypeScript)", () => {
  for (const c of V.grid) {
    it(c.name, () => {
      const inputs = c.inputs as BuildInputs;
      const built = buildStructure(inputs);
      expect({ ...built, plan: chipPlan(inputs.chip_set, inputs.start_chips, inputs, built.structure) }).toEqual(
        c.expect,
      );
    });
  }
});

describe("chips that make no usual blinds", () => {
  it("names the smallest chip", () => {
    expect(() =>
      buildStructure({ field: 10, start_chips: [{ value: 7, count: 3 }], level_minutes: 20, target_minutes: 120 }),
    ).toThrow("smallest chip (7)");
  });
});
