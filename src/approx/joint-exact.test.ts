import { describe, expect, it } from 'vitest';
import { RULESETS } from '../rules/index.ts';
import { buildColumnTypeTables, jointIndex, jointLayout, jointState, jointStatesAtLevel, splitColumnTypeTables, type GameState } from '../solver/index.ts';
import { naiveGameValue } from '../../test/support/naive-game.ts';
import { decompositionModel } from './column-sum-model.ts';
import { coupledBound } from './coupled-bound.ts';
import { compileRules, linearPrices, rollPricesOfTurns, type RollPrices } from '../solver/index.ts';
import { jointExactModel, solveJointTable } from './joint-exact.ts';

const rs = RULESETS['superpass-ordered'];
const built = await buildColumnTypeTables(rs);
const tables = splitColumnTypeTables(rs, built.header as Parameters<typeof splitColumnTypeTables>[1], built.values, '');
const joint = await solveJointTable(rs, tables);
const exact = jointExactModel(rs, tables, joint);
const J = jointLayout(rs);
const FULL = (1 << 13) - 1;
/** Column 1 (top-down) with its last n boxes open; column 2 (bottom-up) with its first n open. */
const down = (n: number) => FULL & ~(((1 << n) - 1) << (13 - n));
const up = (n: number) => FULL & ~((1 << n) - 1);

describe('superpass-ordered: the joint states', () => {
  it('are every canonical pair of column states: 125 per ordered column, 15,625 in all, one start state', () => {
    expect(J.columns.map((c) => c.indexOf.length)).toEqual([125, 125]);
    expect(J.size).toBe(15_625);
    expect(Array.from(jointStatesAtLevel(J, 0))).toEqual([0]);
    let total = 0;
    for (let level = 0; level <= J.boxes; level++) total += jointStatesAtLevel(J, level).length;
    expect(total).toBe(J.size);
  });

  it('round-trip between index and state', () => {
    for (const index of [0, 1, 124, 125, 7_777, 15_624]) expect(jointIndex(J, jointState(J, index))).toBe(index);
  });
});

describe('superpass-ordered: the exact joint values', () => {
  it('equal a naive recursion over scoreOptions with two boxes left, across both columns and the zero rule', () => {
    const cases: GameState[] = [
      // one box left in each column: chance in column 1, ones (upper bonus at stake) in column 2
      { columns: [{ mask: down(1), upper: 63, yahtzee50: false }, { mask: up(1), upper: 60, yahtzee50: false }] },
      { columns: [{ mask: down(1), upper: 40, yahtzee50: false }, { mask: up(1), upper: 58, yahtzee50: false }] },
      // both left in column 2 (twos then ones) or in column 1 (kniffel then chance)
      { columns: [{ mask: FULL, upper: 63, yahtzee50: false }, { mask: up(2), upper: 55, yahtzee50: false }] },
      { columns: [{ mask: down(2), upper: 30, yahtzee50: false }, { mask: FULL, upper: 63, yahtzee50: false }] },
    ];
    const memo = new Map<string, number>();
    for (const s of cases) expect(Math.abs(exact.value(s) - naiveGameValue(rs, s, memo))).toBeLessThan(1e-9);
  });

  it('with three boxes left, beat or equal the decomposition, which plays each column alone', () => {
    const decomposition = decompositionModel(rs, tables);
    let gain = 0;
    for (const index of jointStatesAtLevel(J, J.boxes - 3)) {
      const s = jointState(J, index);
      expect(exact.value(s)).toBeGreaterThanOrEqual(decomposition.value(s) - 1e-9);
      gain += exact.value(s) - decomposition.value(s);
    }
    expect(gain).toBeGreaterThan(0);
  });

  it('hold the optimum at the start, above the columns played one after the other', () => {
    expect(exact.value({ columns: [{ mask: 0, upper: 0, yahtzee50: false }, { mask: 0, upper: 0, yahtzee50: false }] })).toBe(joint[0]);
    expect(joint[0]).toBeGreaterThan(built.header.startValue);
  });
});

describe('the bound with columns coupled exactly', () => {
  const R = compileRules(rs).dice.rollCount;
  it('with every column of superpass-ordered in the group and turn prices there is nothing left to relax: the bound is the optimum', () => {
    for (const beta of [0, 0.5]) expect(Math.abs(coupledBound(rs, rs, [0, 1], tables, rollPricesOfTurns(linearPrices(26, beta), R)).bound - joint[0])).toBeLessThan(1e-9);
  });

  it('with prices that depend on the dice it stays at or above the optimum', () => {
    const first = new Float64Array(26 * R);
    const later = new Float64Array(26 * R);
    for (let i = 0; i < first.length; i++) {
      first[i] = ((i * 7919) % 23) - 11;
      later[i] = ((i * 104729) % 17) - 8;
    }
    const prices: RollPrices = { turns: 26, rolls: R, first, later };
    expect(coupledBound(rs, rs, [0, 1], tables, prices).bound).toBeGreaterThan(joint[0]);
  });

  it('refuses a group that is not those columns of the game', () => {
    expect(() => coupledBound(RULESETS.superpass, rs, [2, 3], tables, rollPricesOfTurns(linearPrices(52, 0), R))).toThrow(/is not columns 3, 4 of superpass/);
  });
});
