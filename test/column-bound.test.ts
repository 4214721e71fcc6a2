import { describe, expect, it } from 'vitest';
import { RULESETS, type RuleSet } from '../src/rules/index.ts';
import { compileRules, createStateSolver, decodeState, exactColumnModel, lagrangianBound, linearPrices, solveStates, statesAtLevel, type GameState } from '../src/solver/index.ts';
import { naiveGameValue } from './support/naive-game.ts';

const FULL = (1 << 13) - 1;
const box = (rs: RuleSet, id: string) => rs.boxes.findIndex((b) => b.id === id);
const openOnly = (rs: RuleSet, ids: string[]) => ids.reduce((m, id) => m & ~(1 << box(rs, id)), FULL);
const full = { mask: FULL, upper: 63, yahtzee50: false };
const turnsOf = (s: GameState) => s.columns.reduce((n, c) => n + 13 - popcount(c.mask), 0);
const popcount = (x: number) => {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
};

/** Tiny games whose exact value the naive recursion gives (the states of multi-column-brute-force.test.ts). */
const tiny: [string, RuleSet, GameState][] = [
  [
    'superpass: top-down column 1 and first-roll-only column 3, two boxes open in each',
    RULESETS.superpass,
    { columns: [{ mask: FULL & ~(0b11 << 11), upper: 40, yahtzee50: false }, full, { mask: openOnly(RULESETS.superpass, ['threes', 'fullHouse']), upper: 50, yahtzee50: false }, full] },
  ],
  [
    'superpass: bottom-up column 2 and column 4, zero rule across them',
    RULESETS.superpass,
    { columns: [full, { mask: FULL & ~0b11, upper: 0, yahtzee50: false }, full, { mask: openOnly(RULESETS.superpass, ['sixes', 'largeStraight']), upper: 45, yahtzee50: false }] },
  ],
  [
    'triple-yahtzee: Joker and Yahtzee bonus, multipliers ×1 and ×3',
    RULESETS['triple-yahtzee'],
    {
      columns: [
        { mask: openOnly(RULESETS['triple-yahtzee'], ['yahtzee', 'chance']), upper: 50, yahtzee50: false },
        full,
        { mask: openOnly(RULESETS['triple-yahtzee'], ['fours', 'fullHouse']), upper: 55, yahtzee50: true },
      ],
    },
  ],
];

describe('Lagrangian bound of multi-column games', () => {
  it.each(tiny)('%s: at or above the exact optimum for every price slope', (_name, rs, state) => {
    const exact = naiveGameValue(rs, state);
    const turns = turnsOf(state);
    const bounds = [-1, 0, 0.5, 2, 8].map((beta) => lagrangianBound(rs, state, linearPrices(turns, beta)));
    for (const b of bounds) expect(b).toBeGreaterThanOrEqual(exact - 1e-9);
    // The relaxation lets each column wait for its own dice: the bound is strictly above the optimum here.
    expect(Math.min(...bounds)).toBeGreaterThan(exact);
  });

  it('a constant price cancels: every column fills all its boxes and pays it back', () => {
    const [, rs, state] = tiny[2];
    const turns = turnsOf(state);
    const zero = lagrangianBound(rs, state, new Float64Array(turns));
    expect(Math.abs(lagrangianBound(rs, state, new Float64Array(turns).fill(7.5)) - zero)).toBeLessThan(1e-9);
  });

  it('with one column left there is nothing to relax: the bound is that column’s exact value', () => {
    const rs = RULESETS['triple-yahtzee'];
    const yahtzee = RULESETS.yahtzee;
    const c = compileRules(yahtzee);
    const values = new Float64Array(c.layout.size);
    const solver = createStateSolver(c);
    for (let level = 12; level >= 10; level--) solveStates(solver, values, statesAtLevel(c.layout, level));
    const model = exactColumnModel(yahtzee, values);
    const states = statesAtLevel(c.layout, 10);
    for (let i = 0; i < states.length; i += Math.floor(states.length / 5)) {
      const { mask, upper, flag } = decodeState(c.layout, states[i]);
      const col = { mask, upper, yahtzee50: flag === 1 };
      const state: GameState = { columns: [full, col, full] };
      // Column 2 plays ×2: the bound is twice its own value, whatever the prices.
      expect(Math.abs(lagrangianBound(rs, state, linearPrices(3, 3)) - 2 * model.value({ columns: [col] }))).toBeLessThan(1e-9);
    }
  });
});
