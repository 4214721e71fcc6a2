import { describe, expect, it } from 'vitest';
import { RULESETS, type RuleSet } from '../src/rules/index.ts';
import { mulberry32 } from '../src/dice/index.ts';
import {
  compileRules,
  createStateSolver,
  createTurnWorkspace,
  decodeState,
  exactColumnModel,
  lagrangianBound,
  linearPrices,
  paybacks,
  rollPriceBound,
  rollPricesOfTurns,
  searchRollPrices,
  solveStates,
  statesAtLevel,
  stopDistribution,
  type GameState,
  type RollPrices,
} from '../src/solver/index.ts';
import { naiveGameValue } from './support/naive-game.ts';
import { solveJointTable } from '../src/approx/index.ts';
import { initialState } from '../src/solver/index.ts';
import { testColumnTables } from './support/models.ts';

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

const rollsOf = (rs: RuleSet) => compileRules(rs).dice.rollCount;
const diceOf = (rs: RuleSet) => compileRules(rs).dice;

/** Roll prices of every sign and size: uniform on [−spread, spread] plus a turn's slope, first rolls and rerolls apart. */
function randomPrices(turns: number, rolls: number, seed: number, spread: number): RollPrices {
  const rnd = mulberry32(seed);
  const first = new Float64Array(turns * rolls);
  const later = new Float64Array(turns * rolls);
  for (let t = 0; t < turns; t++) {
    for (let r = 0; r < rolls; r++) {
      first[t * rolls + r] = (2 * rnd() - 1) * spread + 3 * t;
      later[t * rolls + r] = (2 * rnd() - 1) * spread + 3 * t;
    }
  }
  return { turns, rolls, first, later };
}

/** Prices that follow the dice: a fill with more pips costs more, a reroll's fill less. */
function pipPrices(rs: RuleSet, turns: number, perPip: number): RollPrices {
  const d = diceOf(rs);
  const R = d.rollCount;
  const p = rollPricesOfTurns(new Float64Array(turns), R);
  for (let t = 0; t < turns; t++) {
    for (let r = 0; r < R; r++) {
      let pips = 0;
      for (let f = 0; f < 6; f++) pips += (f + 1) * d.rollFaceCount[f * R + r];
      p.first[t * R + r] = perPip * pips;
      p.later[t * R + r] = perPip * pips - 2;
    }
  }
  return p;
}

const exactOf = new Map<string, number>();
const exact = (name: string, rs: RuleSet, state: GameState) => {
  let v = exactOf.get(name);
  if (v === undefined) exactOf.set(name, (v = naiveGameValue(rs, state)));
  return v;
};

describe('Lagrangian bound of multi-column games', () => {
  it.each(tiny)('%s: at or above the exact optimum for every price slope', (name, rs, state) => {
    const best = exact(name, rs, state);
    const turns = turnsOf(state);
    const bounds = [-1, 0, 0.5, 2, 8].map((beta) => lagrangianBound(rs, state, linearPrices(turns, beta)));
    for (const b of bounds) expect(b).toBeGreaterThanOrEqual(best - 1e-9);
    // The relaxation lets each column wait for its own dice: the bound is strictly above the optimum here.
    expect(Math.min(...bounds)).toBeGreaterThan(best);
  });

  it.each(tiny)('%s: at or above the exact optimum for roll prices of any sign and shape', (name, rs, state) => {
    const best = exact(name, rs, state);
    const turns = turnsOf(state);
    const R = rollsOf(rs);
    const prices = [randomPrices(turns, R, 1, 5), randomPrices(turns, R, 2, 40), pipPrices(rs, turns, 0.5), pipPrices(rs, turns, -1)];
    for (const p of prices) expect(rollPriceBound(rs, state, p).bound).toBeGreaterThanOrEqual(best - 1e-9);
    // Turn prices written as roll prices give the turn-price bound.
    const beta = rollPriceBound(rs, state, rollPricesOfTurns(linearPrices(turns, 2), R));
    expect(Math.abs(beta.bound - lagrangianBound(rs, state, linearPrices(turns, 2)))).toBeLessThan(1e-9);
  });

  it('the price search lowers the bound below what turn prices reach, never below the optimum', async () => {
    const [name, rs, state] = tiny[2];
    const best = exact(name, rs, state);
    const turns = turnsOf(state);
    const slopes = [0, 1, 2, 4].map((beta) => lagrangianBound(rs, state, linearPrices(turns, beta)));
    const res = await searchRollPrices(rs, state, { steps: 6, games: 600, seed: 1, target: best, theta: 0.5, floor: 0.001 });
    expect(res.steps[0].bound).toBeCloseTo(slopes[0], 9);
    expect(rollPriceBound(rs, state, res.best).bound).toBeCloseTo(res.bound, 9);
    expect(res.bound).toBeGreaterThanOrEqual(best);
    expect(res.bound).toBeLessThan(Math.min(...slopes) - 0.5);
  });

  it("a turn played for its prices: the stop distribution is one turn's, and its mean price is the payback", () => {
    const dice = diceOf(RULESETS['triple-yahtzee']);
    const R = dice.rollCount;
    const p = randomPrices(3, R, 7, 20);
    const pay = paybacks(dice, p);
    const ws = createTurnWorkspace(dice);
    const q = new Float64Array(2 * R);
    for (let t = 0; t < 3; t++) {
      stopDistribution(dice, p, t, ws, q);
      let mass = 0;
      let mean = 0;
      for (let r = 0; r < R; r++) {
        mass += q[r] + q[R + r];
        mean += q[r] * p.first[t * R + r] + q[R + r] * p.later[t * R + r];
      }
      expect(mass).toBeCloseTo(1, 12);
      expect(mean).toBeCloseTo(pay[t], 9);
      // Played for the prices, the turn does better than stopping at the first roll.
      let firstOnly = 0;
      for (let r = 0; r < R; r++) firstOnly += dice.rollProbability[r] * p.first[t * R + r];
      expect(pay[t]).toBeGreaterThan(firstOnly);
    }
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
    const R = c.dice.rollCount;
    for (let i = 0; i < states.length; i += Math.floor(states.length / 5)) {
      const { mask, upper, flag } = decodeState(c.layout, states[i]);
      const col = { mask, upper, yahtzee50: flag === 1 };
      const state: GameState = { columns: [full, col, full] };
      // Column 2 plays ×2: the bound is twice its own value, whatever the turn prices.
      const v = 2 * model.value({ columns: [col] });
      expect(Math.abs(lagrangianBound(rs, state, linearPrices(3, 3)) - v)).toBeLessThan(1e-9);
      // Roll prices can only charge it more than the payback returns: at or above its value.
      expect(rollPriceBound(rs, state, randomPrices(3, R, i, 10)).bound).toBeGreaterThanOrEqual(v - 1e-9);
    }
  });

  it('with one column left the price search ends at that column’s exact value', async () => {
    const rs = RULESETS['triple-yahtzee'];
    const c = compileRules(RULESETS.yahtzee);
    const values = new Float64Array(c.layout.size);
    const solver = createStateSolver(c);
    for (let level = 12; level >= 11; level--) solveStates(solver, values, statesAtLevel(c.layout, level));
    const model = exactColumnModel(RULESETS.yahtzee, values);
    const col = { mask: FULL & ~(1 << 10) & ~(1 << 12), upper: 30, yahtzee50: true };
    const res = await searchRollPrices(rs, { columns: [full, full, col] }, { steps: 3, games: 200, seed: 3, target: 0 });
    expect(Math.abs(res.bound - 3 * model.value({ columns: [col] }))).toBeLessThan(1e-9);
  });
});

describe('Lagrangian bound of the sub-game superpass-ordered, against its exact optimum', () => {
  const rs = RULESETS['superpass-ordered'];
  const start = initialState(rs);

  it('is at or above the optimum of the joint table for turn prices of either slope, roll prices of any shape and the price search', async () => {
    const optimum = (await solveJointTable(rs, await testColumnTables('superpass-ordered')))[0];
    const R = rollsOf(rs);
    const bounds = [-0.2, 0, 0.5, 2].map((beta) => lagrangianBound(rs, start, linearPrices(26, beta)));
    bounds.push(...[randomPrices(26, R, 1, 5), pipPrices(rs, 26, 0.5), pipPrices(rs, 26, -1)].map((p) => rollPriceBound(rs, start, p).bound));
    const res = await searchRollPrices(rs, start, { steps: 2, games: 300, seed: 1, target: optimum, theta: 0.5, floor: 0.001 });
    bounds.push(res.bound);
    for (const b of bounds) expect(b).toBeGreaterThanOrEqual(optimum);
    // Each relaxed column picks its best 13 of 26 rolls: far above the optimum (492.96 against 628.3 at best).
    expect(Math.min(...bounds) - optimum).toBeGreaterThan(100);
  });
});
