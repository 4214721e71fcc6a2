import { describe, expect, it } from 'vitest';
import { RULESETS } from '../rules/index.ts';
import { boxCount, createTurnEval, evaluateStateFor, filledCount, opponentAim, scoreOptions, type GameState, type GoalAim, type ThresholdModel, type TurnEval } from '../solver/index.ts';
import { testColumnTables } from '../../test/support/models.ts';
import { naiveGameValue, naiveReach, naiveUtility } from '../../test/support/naive-game.ts';
import { lawShare } from './last-turns.ts';
import { goalModel } from './multi-column-models.ts';
import { normalCdf } from './normal-cdf.ts';

const rs = RULESETS.superpass;

/** A target `need` points away. */
const target = (need: number): GoalAim => ({ kind: 'reach', need });
/** An opponent `need` − ½ points ahead in expectation, their total's SD `sigma`, no law. */
const opponent = (need: number, sigma: number): GoalAim => ({ kind: 'win', need, variance: sigma ** 2 });

const turns = new WeakMap<ThresholdModel, TurnEval>();
/** The value of the turn from `state` for `model` aimed at `goal` (one turn evaluation per model, as the advisor keeps). */
function turnValue(model: ThresholdModel, goal: GoalAim, state: GameState): number {
  const aimed = model.aim(goal);
  let te = turns.get(model);
  if (!te) turns.set(model, (te = createTurnEval(aimed)));
  return evaluateStateFor(te, aimed, state).value;
}
const FULL = (1 << rs.boxes.length) - 1;
const box = (name: string) => rs.boxes.findIndex((b) => b.id === name);

/** Superpass with every box filled but `open` ([column, box, column's upper total]). */
function twoLeft(open: [number, string, number][]): GameState {
  const columns = rs.columns.map(() => ({ mask: FULL, upper: 63, yahtzee50: false }));
  for (const [k, name, upper] of open) {
    columns[k].mask &= ~(1 << box(name));
    columns[k].upper = upper;
  }
  return { columns };
}

// Two boxes open where best play's spread misleads: a first-roll-only column's upper box a few
// sixes short of its bonus beside a kniffel (0 or 50), the two ordered columns' last boxes, and
// two boxes of one column, the next entry moving the other's bonus.
const STATES: [string, GameState][] = [
  ['column 3 sixes (bonus at 3 sixes), column 4 kniffel', twoLeft([[2, 'sixes', 45, ], [3, 'kniffel', 63]])],
  ['column 1 chance, column 2 ones (bonus at 3 ones)', twoLeft([[0, 'chance', 70], [1, 'ones', 60]])],
  ['column 4 fives and full house, the bonus at 2 fives', twoLeft([[3, 'fives', 53], [3, 'fullHouse', 53]])],
];

const ty = RULESETS['triple-yahtzee'];
const TY_FULL = (1 << ty.boxes.length) - 1;
const tyBox = (name: string) => ty.boxes.findIndex((b) => b.id === name);

/** Triple Yahtzee with every box filled but `open` ([column, box, upper total, Yahtzee box holds 50]). */
function tyTwoLeft(open: [number, string, number, boolean][]): GameState {
  const columns = ty.columns.map(() => ({ mask: TY_FULL, upper: 63, yahtzee50: false }));
  for (const [k, name, upper, fifty] of open) {
    columns[k].mask &= ~(1 << tyBox(name));
    columns[k].upper = upper;
    columns[k].yahtzee50 = fifty;
  }
  return { columns };
}

describe('triple-yahtzee goal model: the last two turns exact, Joker and Yahtzee bonus included', () => {
  // The ×3 column's Yahtzee box beside its own fours (a 50 there makes a later Yahtzee worth its
  // bonus; the Joker sends a Yahtzee of fours to the fours), and two columns' boxes apart.
  const states: [string, GameState][] = [
    ['×3 yahtzee and fours, one column', tyTwoLeft([[2, 'yahtzee', 50, false], [2, 'fours', 50, false]])],
    ['×1 chance (Yahtzee box 50), ×2 sixes short of the bonus', tyTwoLeft([[0, 'chance', 63, true], [1, 'sixes', 48, false]])],
  ];
  it('with two boxes left, reach and opponent values are the naive recursion’s', async () => {
    const model = goalModel(ty, await testColumnTables('triple-yahtzee'));
    for (const [what, state] of states) {
      expect(filledCount(state), what).toBe(boxCount(ty) - 2);
      const memo = new Map<string, number>();
      for (const need of [30, 90, 160]) {
        expect(turnValue(model, target(need), state), `${what}, ${need} needed`).toBeCloseTo(naiveReach(ty, state, need, memo), 12);
      }
      expect(turnValue(model, opponent(70.5, 30), state), `${what}, an opponent`).toBeCloseTo(naiveUtility(ty, state, 0, (points) => normalCdf((points - 70.5 + 0.5) / 30)), 12);
    }
  }, 120_000);

  it('with three boxes left (the ×3 Yahtzee box holding 50, its fours, a ×1 full house), reach values are the naive recursion’s', async () => {
    const model = goalModel(ty, await testColumnTables('triple-yahtzee'));
    const state = tyTwoLeft([[2, 'yahtzee', 50, false], [2, 'fours', 50, false], [0, 'fullHouse', 63, true]]);
    expect(filledCount(state)).toBe(boxCount(ty) - 3);
    const memo = new Map<string, number>();
    for (const need of [60, 200]) {
      const naive = naiveReach(ty, state, need, memo);
      expect(naive).toBeGreaterThan(0.01);
      expect(turnValue(model, target(need), state), `${need} needed`).toBeCloseTo(naive, 12);
    }
  }, 300_000);
});

describe('superpass goal model: the last two turns exact', () => {
  it('with two boxes left, a reach value is the naive recursion’s best chance, for targets in reach and beyond it', async () => {
    const model = goalModel(rs, await testColumnTables('superpass'));
    let checked = 0;
    for (const [what, state] of STATES) {
      expect(filledCount(state), what).toBe(boxCount(rs) - 2);
      const memo = new Map<string, number>();
      for (const need of [10, 40, 66, 95]) {
        expect(turnValue(model, target(need), state), `${what}, ${need} needed`).toBeCloseTo(naiveReach(rs, state, need, memo), 12);
        checked++;
      }
    }
    expect(checked).toBe(12);
  }, 120_000);

  it('last turns valued for one goal are not read for another that needs the same points (a target, then an opponent)', async () => {
    const model = goalModel(rs, await testColumnTables('superpass'));
    const [what, state] = STATES[0];
    const need = 30.5;
    const sigma = 18;
    turnValue(model, target(need), state);
    expect(turnValue(model, opponent(need, sigma), state), what).toBeCloseTo(naiveUtility(rs, state, 0, (points) => normalCdf((points - need + 0.5) / sigma)), 12);
  }, 120_000);

  it('against an opponent, the value is the naive recursion’s best expected Φ((points − need + ½) / σ)', async () => {
    const model = goalModel(rs, await testColumnTables('superpass'));
    const sigma = 18;
    for (const [what, state] of STATES.slice(0, 2)) {
      for (const need of [30.5, 60.5]) {
        const naive = naiveUtility(rs, state, 0, (points) => normalCdf((points - need + 0.5) / sigma));
        expect(turnValue(model, opponent(need, sigma), state), `${what}, need ${need}`).toBeCloseTo(naive, 12);
      }
    }
  }, 120_000);

  it('with three boxes left, a reach value and an opponent value are the naive recursion’s (the third-last turn exact too)', async () => {
    const model = goalModel(rs, await testColumnTables('superpass'));
    // A first-roll-only column's sixes short of its bonus, and a free column's kniffel and full house.
    const state = twoLeft([[2, 'sixes', 45], [3, 'kniffel', 63], [3, 'fullHouse', 63]]);
    expect(filledCount(state)).toBe(boxCount(rs) - 3);
    const memo = new Map<string, number>();
    for (const need of [40, 100]) {
      const naive = naiveReach(rs, state, need, memo);
      expect(naive).toBeGreaterThan(0.01);
      expect(naive).toBeLessThan(0.99);
      expect(turnValue(model, target(need), state), `${need} needed`).toBeCloseTo(naive, 12);
    }
    const sigma = 25;
    expect(turnValue(model, opponent(60.5, sigma), state), 'an opponent').toBeCloseTo(naiveUtility(rs, state, 0, (points) => normalCdf((points - 60.5 + 0.5) / sigma)), 12);
  }, 300_000);

  it('with one box left, a state’s value and an entry’s are the last turn’s exact chances', async () => {
    const model = goalModel(rs, await testColumnTables('superpass'));
    const one = twoLeft([[2, 'sixes', 45]]);
    for (const need of [0, 12, 18, 30, 55, 70]) {
      const aimed = model.aim(target(need));
      expect(aimed.value(one)).toBeCloseTo(naiveReach(rs, one, need), 12);
      expect(aimed.valueAfter(one, 7)).toBeCloseTo(naiveReach(rs, one, need - 7), 12);
    }
  }, 60_000);
});

describe('an opponent with one to three boxes left: the law of its points (createLastBoxLaw, goal-model.ts entryLaw)', () => {
  it('is best play’s: a ×3 Yahtzee box scores 150 with the chance of a Yahtzee in three rolls, and its mean is the naive best expectation', async () => {
    const model = goalModel(ty, await testColumnTables('triple-yahtzee'));
    const yahtzee = tyTwoLeft([[2, 'yahtzee', 63, false]]);
    const law = model.pointsLaw!(yahtzee)!;
    expect(Array.from(law.points)).toEqual([0, 150]);
    // Keeping the most common face each roll: 2,783,176 / 6^10.
    expect(law.chance[1]).toBeCloseTo(2783176 / 6 ** 10, 12);
    expect(law.chance[0] + law.chance[1]).toBeCloseTo(1, 12);
    const chance = tyTwoLeft([[1, 'chance', 63, false]]);
    const spread = model.pointsLaw!(chance)!;
    expect(spread.mean).toBeCloseTo(naiveUtility(ty, chance, 0, (points) => points), 9);
    expect(spread.chance.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const four = tyTwoLeft([[1, 'chance', 63, false], [0, 'ones', 63, false], [0, 'twos', 63, false], [2, 'fives', 63, false]]);
    expect(model.pointsLaw!(four), 'four boxes left: a normal').toBeUndefined();
  });

  it('with two boxes left, the law of points play: its mean is the naive best expectation, its chances sum to 1', async () => {
    for (const [r, state] of [
      [ty, tyTwoLeft([[2, 'yahtzee', 63, false], [1, 'fours', 40, false]])],
      [ty, tyTwoLeft([[0, 'chance', 63, true], [0, 'yahtzee', 63, true]])],
      [rs, STATES[0][1]],
      [rs, STATES[2][1]],
    ] as const) {
      const model = goalModel(r, await testColumnTables(r.id as 'superpass' | 'triple-yahtzee'));
      const law = model.pointsLaw!(state)!;
      expect(law.mean).toBeCloseTo(naiveUtility(r, state, 0, (points) => points), 9);
      expect(law.chance.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      expect(law.chance.every((p) => p >= 0)).toBe(true);
      expect(law.points.length).toBeGreaterThan(2);
    }
  }, 120_000);

  it('with three boxes left, the same: its mean is the naive best expectation, a total’s chance the law its entries leave', async () => {
    const model = goalModel(ty, await testColumnTables('triple-yahtzee'));
    const three = tyTwoLeft([[2, 'yahtzee', 63, false], [1, 'fours', 40, false], [0, 'chance', 63, false]]);
    const law = model.pointsLaw!(three)!;
    expect(law.mean).toBeCloseTo(naiveGameValue(ty, three), 9);
    expect(law.chance.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(law.chance.every((p) => p >= 0)).toBe(true);
    // At most 150 (×3 Yahtzee) + 30 (×1 chance) + 2 × 20 (×2 fours, whose bonus 40 + 20 < 63
    // cannot reach), and without the Yahtzee at most 70.
    expect(law.points[law.points.length - 1]).toBe(220);
    expect(law.points.filter((g) => g > 70).every((g) => g >= 150)).toBe(true);
  }, 300_000);

  it('with three boxes left, is the same whether the laws its entries leave were known before or not (Superpass: the zero rule)', async () => {
    const tables = await testColumnTables('superpass');
    const three = [twoLeft([[2, 'sixes', 45], [3, 'kniffel', 63], [3, 'fullHouse', 63]]), twoLeft([[0, 'chance', 70], [1, 'ones', 60], [3, 'threes', 57]])];
    let warmed = 0;
    for (const state of three) {
      const cold = goalModel(rs, tables).pointsLaw!(state)!;
      const warm = goalModel(rs, tables);
      // Every state an entry leaves, first roll and after a reroll, its law asked first.
      for (let r = 0; r < warm.c.dice.rollCount; r++) {
        for (const first of [true, false]) {
          for (const o of scoreOptions(rs, state, warm.c.dice.keepCounts.subarray(r * 6, r * 6 + 6), first)) {
            warm.pointsLaw!(o.next);
            warmed++;
          }
        }
      }
      const law = warm.pointsLaw!(state)!;
      expect(Array.from(law.points)).toEqual(Array.from(cold.points));
      expect(Array.from(law.chance)).toEqual(Array.from(cold.chance));
    }
    expect(warmed).toBeGreaterThan(1000);
  }, 120_000);

  it('a share against it (lawShare, a search) is the running sum over its points, bit for bit, ties counting half', async () => {
    const model = goalModel(ty, await testColumnTables('triple-yahtzee'));
    const linear = (points: Float64Array, chance: Float64Array, x: number): number => {
      let v = 0;
      for (let i = 0; i < points.length; i++) {
        if (x > points[i] + 1e-9) v += chance[i];
        else if (x >= points[i] - 1e-9) v += 0.5 * chance[i];
      }
      return v;
    };
    let ties = 0;
    for (const state of [tyTwoLeft([[2, 'yahtzee', 63, false]]), tyTwoLeft([[2, 'yahtzee', 63, false], [1, 'fours', 40, false]])]) {
      const law = model.pointsLaw!(state)!;
      const xs = [-1, ...Array.from(law.points).flatMap((g) => [g - 0.5, g, g + 1e-12, g + 0.5]), law.points[law.points.length - 1] + 1];
      for (const x of xs) {
        if (law.points.includes(x)) ties++;
        expect(lawShare(law, x), `x = ${x}`).toBe(linear(law.points, law.chance, x));
      }
      expect(lawShare(law, -1)).toBe(0);
    }
    expect(ties).toBeGreaterThan(3);
  });

  it('our last two turns against it are the naive recursion’s best share of the stake (a tie counting half)', async () => {
    const model = goalModel(ty, await testColumnTables('triple-yahtzee'));
    const us = tyTwoLeft([[0, 'chance', 63, true], [1, 'sixes', 48, false]]);
    for (const them of [tyTwoLeft([[2, 'yahtzee', 63, false]]), tyTwoLeft([[2, 'yahtzee', 63, false], [1, 'fours', 40, false]])]) {
      const law = model.pointsLaw!(them)!;
      for (const behind of [10, 60, 140]) {
        const { goal } = opponentAim(model, 1000, { state: them, score: 1000 + behind });
        expect(goal.law?.points).toEqual(law.points);
        const share = (points: number) => law.points.reduce((v, g, i) => v + (points > behind + g ? law.chance[i] : points === behind + g ? law.chance[i] / 2 : 0), 0);
        expect(turnValue(model, goal, us), `${behind} behind`).toBeCloseTo(naiveUtility(ty, us, 0, share), 12);
      }
    }
  }, 120_000);
});
