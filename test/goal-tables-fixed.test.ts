import { describe, expect, it } from 'vitest';
import type { ProbabilityAdvice } from '../src/advisor/index.ts';
import { adviseGoal } from '../src/goals/index.ts';
import { parsePosition, type PositionInput } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import {
  buildReachTable,
  createRowEncoder,
  END_GAME_BOXES,
  LANE_BITS,
  openReachTable,
  rowRegionBytes,
  RowWriter,
  type ReachTable,
} from '../src/solver/index.ts';
import { testModel, testValues } from './support/models.ts';
import { mulberry32, randomPosition } from './support/random-positions.ts';

/**
 * Reach and win answers from the fixed-point tables a build writes against the same answers from
 * exact (float64) tables: a reach chance is a maximum of averages of table values, so within a
 * value's error (2^-23); a win share adds each opponent's tail error (2^-25, at most seven), all
 * within the 1e-6 the answers are checked to elsewhere.
 */
const rs = RULESETS['yahtzee-no-bonus'];
const CAP = 100;
/** Tables of the last LEVELS levels (states with 1 to LEVELS boxes open): positions with up to LEVELS boxes open read only those, one beyond the end game's four. */
const LEVELS = 5;

/** The fixed-point table a build writes, from the float64 table's rows (their lanes as the build had them, to within the 1e-12 float64 rows drop). */
function fixedCopy(t: ReachTable): ReachTable {
  const bits = LANE_BITS[t.kind];
  const encoder = createRowEncoder(t.kind, 'fixed', bits, t.cap);
  const rows = new RowWriter();
  const offset = new Uint32Array(t.slots + 1);
  const lanes = new Float64Array(t.cap + 2);
  for (let s = 0; s < t.slots; s++) {
    offset[s] = rows.length;
    if (t.data.offset[s + 1] === t.data.offset[s]) continue;
    const { lo, values } = t.row(s);
    lanes.fill(t.kind === 'reach' ? 1 : 0, 0, lo);
    lanes.set(values, lo);
    encoder.encode(rows, lanes, 0, lo + values.length - 1);
  }
  offset[t.slots] = rows.length;
  const bytes = new Uint8Array(rowRegionBytes(rows.length));
  bytes.set(rows.bytes.subarray(0, rows.length));
  return openReachTable({ kind: t.kind, cap: t.cap, encoding: 'fixed', bits, offset, rows: { bytes }, values: encoder.values() });
}

function positionOf(input: PositionInput) {
  const parsed = parsePosition(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.position;
}

function largestDifference(a: ProbabilityAdvice, b: ProbabilityAdvice): number {
  expect(a.options.map((o) => JSON.stringify(o.action)).sort()).toEqual(b.options.map((o) => JSON.stringify(o.action)).sort());
  const other = new Map(b.options.map((o) => [JSON.stringify(o.action), o.probability]));
  return Math.max(Math.abs(a.probability - b.probability), ...a.options.map((o) => Math.abs(o.probability - other.get(JSON.stringify(o.action))!)));
}

describe('answers from fixed-point goal tables', async () => {
  const model = await testModel(rs.id);
  const values = await testValues(rs.id);
  const [reach, distribution] = await Promise.all([
    buildReachTable(rs, { cap: CAP, levels: LEVELS, float64: true }).then((b) => b.table),
    buildReachTable(rs, { kind: 'distribution', values, cap: CAP, levels: LEVELS, float64: true }).then((b) => b.table),
  ]);
  const exact = { reach, distribution };
  const fixed = { reach: fixedCopy(reach), distribution: fixedCopy(distribution) };
  const rng = mulberry32(52);
  const open = (n: number) => randomPosition(rs, rng, { turns: rs.boxes.length - n, dice: true });
  const opponent = () => {
    const { input } = randomPosition(rs, rng, { turns: rs.boxes.length - 1 - Math.floor(rng() * LEVELS), dice: false });
    return { scorecard: input.scorecard ?? {}, yahtzeeBonus: input.yahtzeeBonus };
  };

  it('a reach chance within 2^-23 of the exact table’s, every option', () => {
    let worst = 0;
    for (let i = 0; i < 60; i++) {
      const { input, score } = open(1 + Math.floor(rng() * LEVELS));
      const position = positionOf({ ...input, goal: { type: 'reach', score: score + 1 + Math.floor(rng() * 80) } });
      worst = Math.max(worst, largestDifference(adviseGoal(model, fixed, position) as ProbabilityAdvice, adviseGoal(model, exact, position) as ProbabilityAdvice));
    }
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(2 ** -23 + 1e-12);
  });

  it('a win share within 2^-23 + 2^-25 per opponent of the exact tables’, estimate and end game alike, against up to seven opponents', () => {
    let estimate = 0;
    let endGame = 0;
    for (let i = 0; i < 40; i++) {
      const boxes = 1 + (i % LEVELS);
      const { input } = open(boxes);
      const opponents = Array.from({ length: 1 + (i % 7) }, opponent);
      const position = positionOf({ ...input, goal: { type: 'win', opponents } });
      const d = largestDifference(adviseGoal(model, fixed, position) as ProbabilityAdvice, adviseGoal(model, exact, position) as ProbabilityAdvice);
      expect(d).toBeLessThanOrEqual(2 ** -23 + opponents.length * 2 ** -25 + 1e-10);
      if (boxes > END_GAME_BOXES) estimate = Math.max(estimate, d);
      else endGame = Math.max(endGame, d);
    }
    expect(estimate).toBeGreaterThan(0);
    expect(endGame).toBeGreaterThan(0);
    expect(Math.max(estimate, endGame)).toBeLessThan(1e-6);
  });
});
