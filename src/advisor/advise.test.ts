import { describe, expect, it } from 'vitest';
import { testModel } from '../../test/support/models.ts';
import { parsePosition, type PositionInput } from '../position/index.ts';
import { RULESETS } from '../rules/index.ts';
import {
  compileRules,
  createTurnEval,
  evaluateState,
  genericScoreNow,
  initialState,
  type GameModel,
  type GameState,
} from '../solver/index.ts';
import { advise } from './advise.ts';
import { NEAR_TIE_POINTS } from './types.ts';

function position(input: PositionInput) {
  const r = parsePosition(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.position;
}

describe('advise', () => {
  it('at the start of the game gives the published optimum and no options', async () => {
    const model = await testModel('yahtzee');
    const a = advise(model, position({ ruleset: 'yahtzee' }));
    expect(a.stateValue).toBeCloseTo(254.5877287, 6);
    expect(a.expectedFinalScore).toBe(a.stateValue);
    expect(a).toMatchObject({ ruleset: 'yahtzee', exact: true, score: 0, rollsLeft: 2, options: [] });
    expect(a.best).toBeUndefined();
    expect('dice' in a).toBe(false);
  });

  it('lists every distinct hold and every open box with rerolls left, only boxes without', async () => {
    const model = await testModel('yahtzee');
    const straight = advise(model, position({ dice: [5, 3, 1, 2, 4], rollsLeft: 2 }));
    // Five distinct faces: 2^5 holds; an empty sheet: 13 boxes.
    expect(straight.options.filter((o) => 'hold' in o.action)).toHaveLength(32);
    expect(straight.options.filter((o) => 'score' in o.action)).toHaveLength(13);
    expect(straight.dice).toEqual([1, 2, 3, 4, 5]);
    const last = advise(model, position({ dice: [5, 3, 1, 2, 4], rollsLeft: 0 }));
    expect(last.options).toHaveLength(13);
    expect(last.options.every((o) => 'score' in o.action && o.points !== undefined)).toBe(true);
    expect(last.best?.action).toEqual({ score: 'largeStraight' });
    expect(last.best?.points).toBe(40);
  });

  it('values a score option as points + bonuses + the value of the next state', async () => {
    const model = await testModel('yahtzee');
    const a = advise(model, position({ dice: [6, 6, 6, 6, 6], rollsLeft: 2 }));
    expect(a.options).toHaveLength(6 + 13);
    const next: GameState = { columns: [{ mask: 1 << 11, upper: 0, yahtzee50: true }] };
    expect(a.best).toMatchObject({ action: { score: 'yahtzee' }, points: 50, loss: 0, nearTie: true });
    expect(a.best!.ev).toBe(50 + model.value(next));
    expect(a.expectedFinalScore).toBe(a.best!.ev);
    // Sixes with 63 reached: 30 points and the 35 bonus are both counted.
    const b = advise(model, position({ scorecard: { fours: 16, fives: 20 }, dice: [6, 6, 6, 6, 6], rollsLeft: 0 }));
    const sixes = b.options.find((o) => 'score' in o.action && o.action.score === 'sixes')!;
    expect(sixes).toMatchObject({ points: 30, bonus: 35 });
    const afterSixes: GameState = { columns: [{ mask: 0b111000, upper: 66, yahtzee50: false }] };
    expect(sixes.ev).toBe(30 + 35 + model.value(afterSixes));
  });

  it('counts the Yahtzee bonus and follows the forced Joker', async () => {
    const model = await testModel('yahtzee');
    const a = advise(model, position({ scorecard: { yahtzee: 50, fours: 12 }, dice: [4, 4, 4, 4, 4], rollsLeft: 0 }));
    // Fours filled: any open lower box at Joker points, each with the +100 bonus.
    expect(a.options.map((o) => ('score' in o.action ? o.action.score : ''))).not.toContain('ones');
    const ls = a.options.find((o) => 'score' in o.action && o.action.score === 'largeStraight')!;
    expect(ls).toMatchObject({ points: 40, bonus: 100 });
  });

  it('puts scoring first when holding every die is worth the same (one reroll left)', async () => {
    const model = await testModel('yahtzee');
    const a = advise(model, position({ scorecard: { chance: 22 }, dice: [2, 3, 4, 5, 6], rollsLeft: 1 }));
    const holdAll = a.options.find((o) => 'hold' in o.action && o.action.hold.length === 5)!;
    expect(Math.abs(holdAll.ev - a.options[0].ev)).toBeLessThan(1e-9);
    expect(a.best?.action).toEqual({ score: 'largeStraight' });
    expect(holdAll.loss).toBeLessThan(1e-9);
  });

  it('marks near-ties by the documented threshold', async () => {
    const model = await testModel('yahtzee');
    const a = advise(model, position({ scorecard: { ones: 2, twos: 6 }, dice: [1, 1, 2, 3, 3], rollsLeft: 1 }));
    a.options.forEach((o, i) => expect(o.nearTie).toBe(i === 0 ? a.options[1].loss < NEAR_TIE_POINTS : o.loss < NEAR_TIE_POINTS));
    expect(a.options.some((o) => !o.nearTie)).toBe(true);
    expect(NEAR_TIE_POINTS).toBe(0.01);
  });

  it('does not call a clear best option a near-tie', async () => {
    const model = await testModel('yahtzee');
    const a = advise(model, position({ scorecard: { ones: 3 }, dice: [1, 1, 6, 6, 6], rollsLeft: 2 }));
    expect(a.options[1].loss).toBeGreaterThan(1);
    expect(a.best?.nearTie).toBe(false);
  });

  it('reads a TurnEval evaluated for the state and refuses one evaluated for another', async () => {
    const model = await testModel('yahtzee');
    const p = position({ scorecard: { sixes: 24 }, dice: [1, 2, 2, 5, 6], rollsLeft: 2 });
    const fresh = advise(model, p);
    const te = createTurnEval(model);
    evaluateState(te, p.state);
    expect(advise(model, p, te)).toEqual(fresh);
    evaluateState(te, initialState(model.rs));
    expect(() => advise(model, p, te)).toThrow(/evaluated for another state/);
  });

  it('refuses a TurnEval or a position of another rule set', async () => {
    const yahtzee = await testModel('yahtzee');
    const noBonus = await testModel('yahtzee-no-bonus');
    expect(() => advise(yahtzee, position({ dice: [1, 2, 3, 4, 5] }), createTurnEval(noBonus))).toThrow(/belongs to yahtzee-no-bonus/);
    expect(() => advise(noBonus, position({ dice: [1, 2, 3, 4, 5] }))).toThrow(/asked about a yahtzee position/);
  });

  it('works for any GameModel: a multi-column rule set with a stand-in value function', () => {
    // A greedy stand-in (every state worth 0) over Superpass: checks columns and the fill rules, not strategy.
    const rs = RULESETS.superpass;
    const c = compileRules(rs);
    const value = () => 0;
    const model: GameModel = { rs, c, exact: false, value, fillScoreNow: (s, f, l) => genericScoreNow(rs, c, value, s, f, l) };
    const p = position({ ruleset: 'superpass', dice: [6, 6, 6, 5, 4, 1], rollsLeft: 1 });
    const a = advise(model, p);
    expect(a.exact).toBe(false);
    const scores = a.options.filter((o) => 'score' in o.action);
    // Column 1 only its top box, column 2 only its bottom box, columns 3 and 4 any of their 13.
    expect(scores.filter((o) => 'score' in o.action && o.action.column === 1).map((o) => o.action)).toEqual([{ score: 'ones', column: 1 }]);
    expect(scores.filter((o) => 'score' in o.action && o.action.column === 2).map((o) => o.action)).toEqual([{ score: 'chance', column: 2 }]);
    // Zero only when nothing scores: every listed box scores here.
    expect(scores.every((o) => (o.points ?? 0) > 0)).toBe(true);
    // After a reroll an entry in column 3 scores 0, so its boxes are not offered (zero rule).
    expect(scores.some((o) => 'score' in o.action && o.action.column === 3)).toBe(false);
    // With no reroll left only boxes are offered; ties (chance and three of a kind, 28 each) go by column, then box.
    const last = advise(model, position({ ruleset: 'superpass', dice: [6, 6, 6, 5, 4, 1], rollsLeft: 0 }));
    expect(last.best).toMatchObject({ action: { score: 'chance', column: 2 }, ev: 28, points: 28 });
    // Straight after the first roll, column 3 scores.
    const first = advise(model, position({ ruleset: 'superpass', dice: [6, 6, 6, 5, 4, 1], rollsLeft: 2 }));
    expect(first.options.find((o) => 'score' in o.action && o.action.column === 3 && o.action.score === 'chance')?.points).toBe(28);
  });
});
