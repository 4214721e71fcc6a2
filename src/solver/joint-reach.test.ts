import { describe, expect, it } from 'vitest';
import { RULESETS } from '../rules/index.ts';
import { naiveReach } from '../../test/support/naive-game.ts';
import { jointReachModel, jointReachProbability, solveJointReach } from './joint-reach.ts';
import { jointState, jointStatesAtLevel } from './joint-layout.ts';
import { createTurnEval, evaluateState } from './turn-eval.ts';

const rs = RULESETS['superpass-ordered'];

describe('joint reach table (superpass-ordered)', () => {
  const table = solveJointReach(rs, { levels: 2 });
  const J = table.layout;
  const twoLeft = jointStatesAtLevel(J, J.boxes - 2);
  // Every third of the 27 two-box states.
  const picked = [...twoLeft].filter((_, i) => i % 3 === 0);

  it('agrees with the naive recursion over every roll, hold and box with two boxes left', () => {
    expect(picked.length).toBeGreaterThan(5);
    const memo = new Map<string, number>();
    let between = 0;
    for (const x of picked) {
      const state = jointState(J, x);
      for (const need of [1, 10, 25, 40, 60, 90]) {
        const p = jointReachProbability(table, x, need);
        expect(p, `state ${x}, ${need} needed`).toBeCloseTo(naiveReach(rs, state, need, memo), 12);
        if (p > 0 && p < 1) between++;
      }
    }
    // The check is of chances, not of certain wins and losses only.
    expect(between).toBeGreaterThan(10);
  });

  it('reads 0 above the most points still possible, and is certain when nothing is needed', () => {
    const x = picked[0];
    expect(jointReachProbability(table, x, 0)).toBe(1);
    expect(jointReachProbability(table, x, table.width[x] + 1)).toBe(0);
    expect(jointReachProbability(table, x, table.width[x])).toBeGreaterThan(0);
  });

  it('plays its own values through the turn engine: the model’s turn value is the table’s', () => {
    const model = jointReachModel(rs, table, 30);
    const te = createTurnEval(model);
    for (const x of picked.slice(0, 6)) {
      evaluateState(te, jointState(J, x));
      expect(te.value).toBeCloseTo(jointReachProbability(table, x, 30), 12);
    }
  });
});
