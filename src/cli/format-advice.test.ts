import { describe, expect, it } from 'vitest';
import type { Advice } from '../advisor/index.ts';
import { formatAdvice } from './format-advice.ts';

const advice: Advice = {
  ruleset: 'yahtzee',
  exact: true,
  score: 63,
  stateValue: 150.123456,
  expectedFinalScore: 215.5,
  dice: [3, 3, 3, 3, 3],
  rollsLeft: 1,
  options: [
    { action: { score: 'threes' }, ev: 152.5, loss: 0, points: 15, bonus: 35, nearTie: true },
    { action: { hold: [3, 3, 3, 3, 3] }, ev: 152.495, loss: 0.005, nearTie: true },
    { action: { hold: [] }, ev: 140, loss: 12.5, nearTie: false },
  ],
};

describe('formatAdvice', () => {
  it('prints a header and a ranked table with near-ties marked', () => {
    expect(formatAdvice({ ...advice, best: advice.options[0] })).toBe(
      [
        'yahtzee: score 63, state value 150.1235, expected final score 215.5000',
        'dice 3 3 3 3 3, 1 reroll left',
        '',
        'rank  action          points        EV     loss',
        '   1  score threes    15 +35  152.5000   0.0000',
        '   2  hold 3 3 3 3 3          152.4950   0.0050  *',
        '   3  reroll all              140.0000  12.5000',
        '',
        '* within 0.01 points of the best: as good in practice',
        '',
      ].join('\n'),
    );
  });

  it('at the start of a turn prints only the header', () => {
    const { dice: _d, best: _b, ...start } = { ...advice, options: [], rollsLeft: 2 as const, exact: false };
    expect(formatAdvice(start)).toBe(
      'yahtzee (approximate): score 63, state value 150.1235, expected final score 215.5000\nstart of a turn: roll the dice, then ask again\n',
    );
  });

  it('names the column of multi-column score actions', () => {
    const multi: Advice = { ...advice, options: [{ action: { score: 'chance', column: 2 }, ev: 1, loss: 0, points: 20, nearTie: true }] };
    expect(formatAdvice(multi)).toContain('score chance (column 2)');
    expect(formatAdvice(multi)).not.toContain('* within');
  });
});
