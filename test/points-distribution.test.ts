import { describe, expect, it } from 'vitest';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { buildReachTable, compileRules, distributionAt, statesAtLevel, type ReachTable } from '../src/solver/index.ts';
import { solverThreads } from '../workers/pool.ts';
import { testModel, testValues } from './support/models.ts';
import { tableRows } from './support/reach.ts';

// The distribution of the points still to come under optimal expected-score play (an opponent
// who plays for points) against the two tables it must agree with: its mean is the value table,
// its second moment the moments table, both computed without it.

// Above the most three boxes can score (three Yahtzees with bonuses), so no mass is lumped into the last lane.
const WIDE = 600;
const LEVELS = 3;

/**
 * The expected-score play's choices as the moments table makes them (its first lane), so that the
 * second moments agree even where two choices tie on the mean.
 */
async function momentValues(id: RuleSetId): Promise<{ moments: Float64Array; values: Float64Array }> {
  const moments = (await testModel(id)).moments!;
  const values = new Float64Array(compileRules(RULESETS[id]).layout.size);
  for (let s = 0; s < values.length; s++) values[s] = moments[2 * s];
  return { moments, values };
}

const wideTables = new Map<RuleSetId, Promise<ReachTable>>();

/** The last three levels of a rule set's points distribution without a lumped lane, built once per file. */
function wideTable(id: RuleSetId): Promise<ReachTable> {
  let t = wideTables.get(id);
  if (!t) {
    t = momentValues(id).then(async ({ values }) => (await buildReachTable(RULESETS[id], { kind: 'distribution', values, cap: WIDE, levels: LEVELS, float64: true })).table);
    wideTables.set(id, t);
  }
  return t;
}

describe('points distribution of the expected-score strategy', () => {
  for (const id of ['yahtzee', 'yahtzee-no-bonus'] as const) {
    it(`${id}: every state of the last three levels sums to 1, with the table's mean and second moment`, async () => {
      const rs = RULESETS[id];
      const c = compileRules(rs);
      const { moments } = await momentValues(id);
      const table = await wideTable(id);
      let checked = 0;
      for (let level = rs.boxes.length - LEVELS; level < rs.boxes.length; level++) {
        for (const s of statesAtLevel(c.layout, level)) {
          let sum = 0;
          let mean = 0;
          let second = 0;
          for (let k = 0; k <= WIDE; k++) {
            const p = distributionAt(table, s, k);
            sum += p;
            mean += k * p;
            second += k * k * p;
          }
          if (Math.abs(sum - 1) > 1e-9 || Math.abs(mean - moments[2 * s]) > 1e-7 || Math.abs(second - moments[2 * s + 1]) > 1e-5) {
            throw new Error(`${id} state ${s}: sum ${sum}, mean ${mean} vs ${moments[2 * s]}, E2 ${second} vs ${moments[2 * s + 1]}`);
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(1000);
    });
  }

  it('a smaller cap lumps the mass above it into its last lane, P(>= cap), and keeps every lane below exact', async () => {
    const rs = RULESETS.yahtzee;
    const c = compileRules(rs);
    const wide = await wideTable(rs.id);
    const cap = 120;
    const narrow = (await buildReachTable(rs, { kind: 'distribution', values: (await momentValues(rs.id)).values, cap, levels: LEVELS, float64: true })).table;
    for (const s of statesAtLevel(c.layout, rs.boxes.length - LEVELS)) {
      let above = 0;
      for (let k = cap; k <= WIDE; k++) above += distributionAt(wide, s, k);
      for (let k = 0; k < cap; k++) if (Math.abs(distributionAt(narrow, s, k) - distributionAt(wide, s, k)) > 1e-12) throw new Error(`state ${s} k ${k}`);
      if (Math.abs(distributionAt(narrow, s, cap) - above) > 1e-12) throw new Error(`state ${s}: P(>= ${cap}) ${distributionAt(narrow, s, cap)} vs ${above}`);
    }
  });

  it('worker threads build the same table as this thread (the distribution, not a reach table)', async () => {
    const rs = RULESETS.yahtzee;
    const values = await testValues(rs.id);
    const threads = await solverThreads(2);
    try {
      const options = { kind: 'distribution' as const, values, cap: 150, levels: 2, float64: true };
      const pooled = await buildReachTable(rs, { ...options, concurrency: 2, reachRunner: threads.runReach });
      const inline = await buildReachTable(rs, options);
      expect(pooled.header.layout.kind).toBe('distribution');
      expect(tableRows(pooled.table)).toEqual(tableRows(inline.table));
    } finally {
      await threads.destroy();
    }
  });
});
