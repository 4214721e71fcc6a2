import { describe, expect, it } from 'vitest';
import { RULESETS } from '../rules/index.ts';
import { buildReachTable } from '../solver/index.ts';
import { type ProbabilityAdvice } from '../advisor/index.ts';
import { adviseGoal } from '../goals/index.ts';
import { parsePosition } from '../position/index.ts';
import { testModel } from '../../test/support/models.ts';
import { createReachAnalyser } from './analyse-game.ts';
import { unpackResult } from './packed-result.ts';
import { analysePacked } from './analyse-game.ts';
import { isGameError } from './types.ts';

describe('review for a reach goal', () => {
  // The last two turns of a yahtzee-no-bonus game; the table holds those two levels.
  const rs = RULESETS['yahtzee-no-bonus'];
  const built = buildReachTable(rs, { cap: 200, levels: 2, float64: true });
  const early = [
    { rolls: [[1, 1, 1, 2, 3]], box: 'ones' },
    { rolls: [[2, 2, 2, 5, 6]], box: 'twos' },
    { rolls: [[3, 3, 3, 1, 1]], box: 'threes' },
    { rolls: [[4, 4, 4, 2, 2]], box: 'fours' },
    { rolls: [[5, 5, 5, 1, 2]], box: 'fives' },
    { rolls: [[6, 6, 6, 1, 2]], box: 'sixes' },
    { rolls: [[1, 2, 3, 4, 6]], box: 'smallStraight' },
    { rolls: [[2, 3, 4, 5, 6]], box: 'largeStraight' },
    { rolls: [[2, 2, 3, 3, 3]], box: 'fullHouse' },
    { rolls: [[6, 6, 6, 6, 2]], box: 'fourOfAKind' },
    { rolls: [[1, 1, 1, 1, 1]], box: 'yahtzee' },
  ];

  it('rates the decisions of the last turns in probability, as the advisor values them', async () => {
    const { table } = await built;
    // 63 above + 35 bonus, 30 + 40 + 25 + 26 + 50 below: 269 after eleven turns; 300 needs 31 from chance and 3 of a kind.
    const game = {
      ruleset: rs.id,
      turns: [
        ...early,
        { rolls: [[6, 5, 4, 2, 1], [6, 6, 5, 3, 2], [6, 6, 6, 3, 2]], holds: [[6, 5], [6, 6]], box: 'chance' },
        { rolls: [[1, 1, 2, 3, 4]], box: 'threeOfAKind' },
      ],
    };
    const r = unpackResult(analysePacked(createReachAnalyser(rs, table, 300), game));
    if (isGameError(r)) throw new Error(r.error.detail);
    expect(r.goal).toEqual({ type: 'reach', score: 300 });
    expect(r.finalScore).toBe(269 + 23 + 0);
    expect(r.remainingValue).toBe(0);
    const model = await testModel(rs.id);
    const scorecard = Object.fromEntries(early.map((t) => [t.box, 0]));
    Object.assign(scorecard, { ones: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18, smallStraight: 30, largeStraight: 40, fullHouse: 25, fourOfAKind: 26, yahtzee: 50 });
    const advice = (dice: number[], rollsLeft: 0 | 1 | 2) => {
      const parsed = parsePosition({ ruleset: rs.id, scorecard, dice, rollsLeft, goal: { type: 'reach', score: 300 } });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      return adviseGoal(model, { reach: table }, parsed.position) as ProbabilityAdvice;
    };
    const turn12 = r.decisions.filter((d) => d.turn === 12);
    expect(turn12.map((d) => d.kind)).toEqual(['hold', 'hold', 'score']);
    const first = advice([6, 5, 4, 2, 1], 2);
    const chanceOf = (a: ProbabilityAdvice, action: object) => a.options.find((o) => JSON.stringify(o.action) === JSON.stringify(action))!.probability;
    expect(turn12[0].chosen.ev).toBeCloseTo(chanceOf(first, { hold: [5, 6] }), 12);
    expect(turn12[0].best.ev).toBeCloseTo(first.options[0].probability, 12);
    expect(turn12[0].loss).toBeCloseTo(first.options[0].probability - chanceOf(first, { hold: [5, 6] }), 12);
    const second = advice([6, 6, 5, 3, 2], 1);
    expect(turn12[1].chosen.ev).toBeCloseTo(chanceOf(second, { hold: [6, 6] }), 12);
    expect(turn12[1].best.ev).toBeCloseTo(second.options[0].probability, 12);
    const third = advice([6, 6, 6, 3, 2], 0);
    expect(turn12[2].chosen.ev).toBeCloseTo(chanceOf(third, { score: 'chance' }), 12);
    expect(turn12[2].best.ev).toBeCloseTo(third.options[0].probability, 12);
  });
});
