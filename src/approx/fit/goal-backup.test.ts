import { describe, expect, it } from 'vitest';
import { RULESETS } from '../../rules/index.ts';
import { boxCount, filledCount, jointIndex, jointReachProbability, jointState, jointStatesAtLevel, solveJointReach, type GameState } from '../../solver/index.ts';
import { testColumnTables } from '../../../test/support/models.ts';
import { mulberry32 } from '../../../test/support/random-positions.ts';
import { createGoalContext } from '../goal-context.ts';
import { SPREADS } from '../spreads.ts';
import { createGoalBackup, goalBackup, type AskValuer } from './goal-backup.ts';
import { exactValuer } from './quantile-fit.ts';

describe('goal backup (many needs at once)', () => {
  const rs = RULESETS['superpass-ordered'];
  // The exact reach optimum of Superpass's ordered columns, its last five levels (both column rules, the zero rule across them).
  const table = solveJointReach(rs, { levels: 5 });
  const total = boxCount(rs);
  const tableValuer: AskValuer = (after, asks, out) => {
    const col = after.columns[asks.k];
    const [u0, f0] = [col.upper, col.yahtzee50];
    asks.need.forEach((need, i) => {
      col.upper = asks.upper[i];
      col.yahtzee50 = asks.flag[i] === 1;
      out[i] = filledCount(after) === total ? (need <= 0 ? 1 : 0) : jointReachProbability(table, jointIndex(table.layout, after), need);
    });
    col.upper = u0;
    col.yahtzee50 = f0;
  };
  const statesLeft = (left: number, count: number): GameState[] => {
    const all = jointStatesAtLevel(table.layout, total - left);
    const rng = mulberry32(left);
    return Array.from({ length: count }, () => jointState(table.layout, all[Math.floor(rng() * all.length)]));
  };

  it.each([
    ['the exact reach table', 4],
    ['the exact reach table', 5],
    ['the exact two-box turns (two-left.ts)', 3],
  ])('backs a state up to the exact optimum at every need, next states valued by %s (%i boxes left)', async (_, left) => {
    const ctx = createGoalContext(rs, await testColumnTables('superpass-ordered'), undefined, SPREADS['superpass-ordered']);
    const valuer = left === 3 ? exactValuer(ctx) : tableValuer;
    const g = createGoalBackup(ctx, 32);
    const needs = [-5, 0, 1, 7, 20, 33, 50, 64, 80, 101, 130, 160, 200];
    const out = new Float64Array(needs.length);
    let inside = 0;
    for (const s of statesLeft(left, 12)) {
      goalBackup(ctx, g, s, needs, valuer, out);
      const x = jointIndex(table.layout, s);
      needs.forEach((need, j) => {
        const exact = jointReachProbability(table, x, need);
        expect(out[j]).toBeCloseTo(exact, 12);
        if (exact > 0 && exact < 1) inside++;
      });
    }
    // The needs reach into the states' uncertain range, not only the sure and the hopeless.
    expect(inside).toBeGreaterThan(30);
  });
});
