import { describe, expect, it } from 'vitest';
import type { Advice, ProbabilityAdvice } from '../advisor/index.ts';
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
        '* within 0.01 points of the best: as good in practice',
        '',
        'rank  action          points        EV     loss',
        '   1  score threes    15 +35  152.5000   0.0000',
        '   2  hold 3 3 3 3 3          152.4950   0.0050  *',
        '   3  reroll all              140.0000  12.5000',
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

  it('shows a multi-column entry as what it adds to the game: points and bonus times the column multiplier', () => {
    const options: Advice['options'] = [
      { action: { score: 'sixes', column: 3 }, ev: 2334.37, loss: 0, points: 30, bonus: 100, nearTie: false },
      { action: { score: 'yahtzee', column: 2 }, ev: 2116.97, loss: 217.4, points: 50, nearTie: false },
      { action: { score: 'sixes', column: 1 }, ev: 2008.08, loss: 326.29, points: 30, nearTie: false },
    ];
    const text = formatAdvice({ ...advice, ruleset: 'triple-yahtzee', exact: false, dice: [6, 6, 6, 6, 6], options, best: options[0] });
    expect(text).toMatch(/score sixes \(column 3\) +390 \(30 \+100 ×3\) /);
    expect(text).toMatch(/score yahtzee \(column 2\) +100 \(50 ×2\) /);
    expect(text).toMatch(/score sixes \(column 1\) +30 /);
    expect(text).toContain('points: what the entry adds to the game, its points and bonus times the column’s multiplier');
  });

  it('says one box and one reroll in the singular', () => {
    const reach: ProbabilityAdvice = {
      ruleset: 'triple-yahtzee',
      exact: false,
      goal: { type: 'reach', score: 1500 },
      score: 0,
      probabilityBefore: 0.5,
      probability: 0.5,
      dice: [1, 2, 3, 4, 6],
      rollsLeft: 1,
      options: [{ action: { hold: [1, 2, 3, 4] }, probability: 0.5, loss: 0, nearTie: false }],
      steering: { by: 'points', horizon: 1 },
    };
    const text = formatAdvice(reach);
    expect(text).toContain('more than 1 box left:');
    expect(text).toContain('1 reroll left:');
    expect(formatAdvice({ ...reach, rollsLeft: 2, steering: { by: 'points', horizon: 4 } })).toMatch(/more than 4 boxes left:[^]*2 rerolls left:/);
  });

  it('says a calibrated chance is an estimate, over how many games it was calibrated, and nothing of it where it is exact', () => {
    const win: ProbabilityAdvice = {
      ruleset: 'yahtzee',
      exact: false,
      goal: { type: 'win', opponents: [{ scorecard: { ones: 3 } }] },
      score: 0,
      probabilityBefore: 0.58,
      probability: 0.63,
      dice: [1, 5, 5, 5, 6],
      rollsLeft: 2,
      options: [{ action: { hold: [5, 5, 5] }, probability: 0.63, loss: 0, nearTie: false }],
      calibration: { games: 20_000, seed: 1, boxesOpen: 13, turns: 19_990 },
    };
    expect(formatAdvice(win)).toContain('chances are estimates, calibrated to what this advice\'s play achieved from such chances over 20,000 games (13 boxes open;');
    const { calibration: _c, ...exact } = { ...win, exact: true };
    expect(formatAdvice(exact)).not.toContain('calibrated');
  });

  it('names the column of multi-column score actions', () => {
    const multi: Advice = { ...advice, options: [{ action: { score: 'chance', column: 2 }, ev: 1, loss: 0, points: 20, nearTie: true }] };
    expect(formatAdvice(multi)).toContain('score chance (column 2)');
    expect(formatAdvice(multi)).not.toContain('* within');
  });
});
