import { describe, expect, it } from 'vitest';
import { goalModel, servedGoalModel } from '../approx/index.ts';
import { normalCdf } from '../approx/normal-cdf.ts';
import { isDicewiseError } from '../errors.ts';
import { parsePosition, type PositionInput } from '../position/index.ts';
import { RULESETS } from '../rules/index.ts';
import { testModel } from '../../test/support/models.ts';
import { adviseGoal } from '../goals/index.ts';
import { advise, adviseProbability } from './advise.ts';
import { createTurnEval, evaluateStateFor, initialState, opponentAim } from '../solver/index.ts';
import { calibrateGoalChance, goalCalibration } from './goal-calibration.ts';
import type { ProbabilityAdvice } from './types.ts';

/** A Triple Yahtzee sheet with every box filled but `chance` in column 3 (× 3): the last turn. */
function lastTurnSheet(): Record<string, number>[] {
  const rs = RULESETS['triple-yahtzee'];
  const col = Object.fromEntries(rs.boxes.map((b) => [b.id, 0]));
  const third = { ...col };
  delete third.chance;
  return [
    { ...col, chance: 20 },
    { ...col, chance: 20 },
    third,
  ];
}

async function advice(input: PositionInput): Promise<ProbabilityAdvice> {
  const parsed = parsePosition(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const model = await testModel(parsed.position.rs.id);
  return adviseGoal(model, { goal: servedGoalModel(model) }, parsed.position) as ProbabilityAdvice;
}

async function refusal(input: PositionInput): Promise<string[]> {
  const parsed = parsePosition(input);
  if (!parsed.ok) return parsed.issues.map((i) => i.field);
  const model = await testModel(parsed.position.rs.id);
  try {
    adviseGoal(model, { goal: servedGoalModel(model) }, parsed.position);
  } catch (e) {
    if (isDicewiseError(e)) return (e.issues ?? []).map((i) => i.field);
    throw e;
  }
  return [];
}

describe('reach and win goals of the multi-column rule sets', () => {
  it('the last turn is exact: chance × 3 reaches the target or not, a tie with a finished opponent counts half', async () => {
    // On the sheet: two chances of 20 (× 1 and × 2) = 60. Dice 2 2 3 5 6 (18) with no reroll left score 54 more.
    const base = { ruleset: 'triple-yahtzee' as const, scorecard: lastTurnSheet(), dice: [2, 2, 3, 5, 6], rollsLeft: 0 as const };
    for (const [target, p] of [
      [114, 1],
      [115, 0],
    ] as const) {
      const a = await advice({ ...base, goal: { type: 'reach', score: target } });
      // The model's last three turns are exact, so the advice says so.
      expect(a.exact).toBe(true);
      expect(a.score).toBe(60);
      expect(a.options).toHaveLength(1);
      expect(a.probability).toBe(p);
    }
    for (const [final, share] of [
      [113, 1],
      [114, 0.5],
      [115, 0],
    ] as const) {
      const a = await advice({ ...base, goal: { type: 'win', opponents: [{ finalScore: final }] } });
      expect(a.probability).toBe(share);
      expect(a.exact).toBe(true);
      expect(a.opponents).toEqual([{ expectedFinalScore: final }]);
    }
  });

  it('says its chances are exact with up to three boxes left and nothing of an opponent’s to come, estimates otherwise', async () => {
    const two = lastTurnSheet();
    delete two[0].chance;
    const three = lastTurnSheet();
    delete three[0].chance;
    delete three[1].sixes;
    const four = lastTurnSheet();
    delete four[0].chance;
    delete four[1].sixes;
    delete four[2].fours;
    const inProgress = { scorecard: [{ ones: 3 }, {}, {}] };
    for (const [scorecard, goal, exact] of [
      [two, { type: 'reach', score: 150 }, true],
      [two, { type: 'win', opponents: [{ finalScore: 130 }] }, true],
      [two, { type: 'win', opponents: [inProgress] }, false],
      [three, { type: 'reach', score: 150 }, true],
      [three, { type: 'win', opponents: [{ finalScore: 130 }] }, true],
      [four, { type: 'reach', score: 150 }, false],
    ] as const) {
      const a = await advice({ ruleset: 'triple-yahtzee', scorecard, goal } as PositionInput);
      expect(a.exact, JSON.stringify(goal)).toBe(exact);
    }
  });

  it('at the start of a Superpass game, P(better than 1250) is above best play’s normal tail (playing for it gains), and an opponent in progress is read from their sheet', async () => {
    const model = await testModel('superpass');
    const goal = servedGoalModel(model);
    const start = { ruleset: 'superpass' as const };
    const a = await advice({ ...start, goal: { type: 'reach', score: 1251 } });
    const { mean, variance } = goal.spread({ columns: RULESETS.superpass.columns.map(() => ({ mask: 0, upper: 0, yahtzee50: false })) });
    expect(mean).toBeGreaterThan(1150);
    expect(Math.sqrt(variance)).toBeGreaterThan(60);
    // Best play reaches 1251 in about 21% of games, play for it in about 24% (docs/multi-column.md).
    const tail = 1 - normalCdf((1250.5 - mean) / Math.sqrt(variance));
    expect(a.probabilityBefore).toBeGreaterThan(tail);
    expect(a.probabilityBefore).toBeLessThan(0.3);
    // Against an opponent who has scored a 6 in column 1's ones and nothing else, read from their
    // sheet: they are a little ahead of an untouched sheet, so our chance is a little lower. Goal
    // play takes about 51–52% of the stake against best play from the start (docs/multi-column.md),
    // so near ½ either way, not below it.
    const card: Record<string, number>[] = [{ ones: 6 }, {}, {}, {}];
    const w = await advice({ ...start, goal: { type: 'win', opponents: [{ scorecard: card }] } });
    const fresh = await advice({ ...start, goal: { type: 'win', opponents: [{ scorecard: [{}, {}, {}, {}] }] } });
    expect(w.opponents![0].expectedFinalScore).toBeGreaterThan(fresh.opponents![0].expectedFinalScore);
    expect(w.probabilityBefore).toBeLessThan(fresh.probabilityBefore);
    expect(w.probabilityBefore).toBeGreaterThan(0.45);
    expect(w.probabilityBefore).toBeLessThan(0.55);
  });

  it('an estimate is shown calibrated to what the advice’s own play achieved (goal-calibration.json), and says so; exact turns are not mapped', async () => {
    const model = await testModel('superpass');
    const goal = servedGoalModel(model);
    const rs = RULESETS.superpass;
    const cal = goalCalibration('superpass', 'reach');
    expect(cal?.byOpen['52'], 'a reach calibration is fitted for Superpass').toBeDefined();
    const a = await advice({ ruleset: 'superpass', goal: { type: 'reach', score: 1251 } });
    expect(a.exact).toBe(false);
    expect(a.calibration).toEqual({ games: cal!.games, seed: cal!.seed, boxesOpen: 52, turns: cal!.byOpen['52'].turns });
    // The model's own chance from the start, mapped: the goal value runs high (each need's own best
    // chance, fitted), and what play took from it was lower.
    const aimed = goal.aim({ kind: 'reach', need: 1251 });
    const raw = evaluateStateFor(createTurnEval(aimed), aimed, initialState(rs)).value;
    expect(a.probabilityBefore).toBeCloseTo(calibrateGoalChance(cal, 52, raw), 6);
    expect(a.probabilityBefore).toBeLessThan(raw);
    // The map rises with the chance: the options keep their order, losses stay ≥ 0.
    const rolled = await advice({ ruleset: 'superpass', dice: [1, 2, 3, 4, 6, 6], rollsLeft: 1, goal: { type: 'reach', score: 1251 } });
    for (let i = 1; i < rolled.options.length; i++) expect(rolled.options[i].probability).toBeLessThanOrEqual(rolled.options[i - 1].probability);
    // Against an opponent in progress, the win calibration.
    const w = await advice({ ruleset: 'superpass', goal: { type: 'win', opponents: [{ scorecard: [{}, {}, {}, {}] }] } });
    expect(w.calibration?.games).toBe(goalCalibration('superpass', 'win')!.games);
    // The last three turns are exact, not mapped.
    const three = await advice({ ruleset: 'triple-yahtzee', scorecard: lastTurnSheet(), goal: { type: 'reach', score: 150 } });
    expect(three.exact).toBe(true);
    expect(three.calibration).toBeUndefined();
  });

  it('names the field: one opponent only, and an opponent sheet of the wrong shape', async () => {
    const two = await refusal({ ruleset: 'triple-yahtzee', goal: { type: 'win', opponents: [{ finalScore: 1800 }, { finalScore: 1700 }] } });
    expect(two).toEqual(['goal.opponents']);
    const shape = await refusal({ ruleset: 'triple-yahtzee', goal: { type: 'win', opponents: [{ scorecard: { ones: 3 } }] } });
    expect(shape).toEqual(['goal.opponents[0].scorecard']);
    const box = await refusal({ ruleset: 'triple-yahtzee', goal: { type: 'win', opponents: [{ scorecard: [{}, { ones: 7 }, {}] }] } });
    expect(box).toEqual(['goal.opponents[0].scorecard[1].ones']);
  });

  it('before a goal horizon ranks as best play does, each option with the goal model’s own chance (as shown: calibrated); within it, by chance', async () => {
    const model = await testModel('triple-yahtzee');
    // The served goal models steer the whole game (goal-horizons.ts); one that steers only the last six boxes:
    const goal = goalModel(model.rs, model.columnTables!);
    goal.horizon = { reach: 6, win: 6 };
    const advice = async (input: PositionInput): Promise<ProbabilityAdvice> => {
      const parsed = parsePosition(input);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      return adviseGoal(model, { goal }, parsed.position) as ProbabilityAdvice;
    };
    const key = (a: object) => JSON.stringify(a);
    const opponent = { finalScore: 1900 };
    // Game start: 39 boxes left, beyond the win horizon. Last four boxes: within it.
    const late = lastTurnSheet();
    delete late[2].fullHouse;
    delete late[2].largeStraight;
    delete late[1].yahtzee;
    for (const [scorecard, by] of [
      [undefined, 'points'],
      [late, 'goal'],
    ] as const) {
      const input: PositionInput = { ruleset: 'triple-yahtzee', scorecard, dice: [2, 3, 4, 5, 5], rollsLeft: 1, goal: { type: 'win', opponents: [opponent] } };
      const a = await advice(input);
      expect(a.steering).toEqual({ by, horizon: goal.horizon.win });
      const parsed = parsePosition(input);
      if (!parsed.ok) throw new Error('bad position');
      const byChance = adviseProbability(goal.aim(opponentAim(goal, parsed.position.score, opponent).goal), parsed.position);
      // The model's chance as shown: mapped by the calibration with this many boxes open (a finished opponent: the reach map).
      expect(a.calibration?.boxesOpen).toBe(by === 'points' ? 39 : 4);
      const shown = (p: number) => calibrateGoalChance(goalCalibration('triple-yahtzee', 'reach'), a.calibration!.boxesOpen, p);
      const chance = new Map(byChance.options.map((o) => [key(o.action), shown(o.probability)]));
      expect(a.options.length).toBe(byChance.options.length);
      for (const o of a.options) expect(o.probability).toBe(chance.get(key(o.action)));
      if (by === 'points') {
        expect(a.options.map((o) => key(o.action))).toEqual(advise(model, parsed.position).options.map((o) => key(o.action)));
        // Here best play's order is not the goal model's: the test tells the two apart.
        expect(a.options.map((o) => key(o.action))).not.toEqual(byChance.options.map((o) => key(o.action)));
        for (const o of a.options) expect(o.loss).toBeCloseTo(a.options[0].probability - o.probability, 15);
      } else {
        expect(a.options.map((o) => key(o.action))).toEqual(byChance.options.map((o) => key(o.action)));
      }
      expect(a.best).toBe(a.options[0]);
    }
  });
});
