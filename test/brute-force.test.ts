import { describe, expect, it } from 'vitest';
import { RULESETS, type RuleSet, type RuleSetId } from '../src/rules/index.ts';
import {
  compileRules,
  createStateSolver,
  exactColumnModel,
  solveStates,
  statesAtLevel,
  type GameState,
} from '../src/solver/index.ts';
// The naive side: every roll, every subset of dice positions, every outcome, scored through the
// generic rule code; it shares nothing with the fast engine but the rule set.
import { sampleOpenStates } from './support/random-positions.ts';
import { naiveGameValue } from './support/naive-game.ts';

/** Solves only the last `levels` levels with the fast engine: enough for near-final states. */
function fastTail(id: RuleSetId, levels: number) {
  const rs = RULESETS[id];
  const c = compileRules(rs);
  const values = new Float64Array(c.layout.size);
  const solver = createStateSolver(c);
  for (let level = rs.boxes.length - 1; level >= rs.boxes.length - levels; level--) {
    solveStates(solver, values, statesAtLevel(c.layout, level));
  }
  return { rs, c, model: exactColumnModel(rs, values) };
}

const sampleStates = (id: RuleSetId, open: number, count: number, seed: number): GameState[] => sampleOpenStates(RULESETS[id], open, count, seed);

const box = (rs: RuleSet, id: string) => rs.boxes.findIndex((b) => b.id === id);

describe('fast engine agrees with a naive recursion on small sub-games', () => {
  for (const id of ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy', 'yahtsoos'] as const) {
    it(`${id}: random states with 1 or 2 boxes left`, () => {
      const { rs, model } = fastTail(id, 2);
      const memo = new Map<string, number>();
      for (const open of [1, 2]) {
        for (const s of sampleStates(id, open, 4, 7 + open)) {
          expect(Math.abs(model.value(s) - naiveGameValue(rs, s, memo))).toBeLessThan(1e-9);
        }
      }
    });
  }

  it('yahtzee: Joker branches with the Yahtzee box at 50, an upper box and lower boxes open', () => {
    const { rs, model } = fastTail('yahtzee', 3);
    const memo = new Map<string, number>();
    const full = (1 << rs.boxes.length) - 1;
    // Matching upper box free; upper filled with lower boxes free; only upper boxes free.
    const cases = [['threes', 'chance'], ['fullHouse', 'largeStraight'], ['ones', 'twos'], ['sixes', 'smallStraight', 'chance']];
    for (const open of cases) {
      const mask = open.reduce((m, b) => m & ~(1 << box(rs, b)), full);
      for (const upper of open.length === 3 ? [57] : [45, 60, 63]) {
        for (const yahtzee50 of [true, false]) {
          const s: GameState = { columns: [{ mask, upper, yahtzee50 }] };
          expect(Math.abs(model.value(s) - naiveGameValue(rs, s, memo))).toBeLessThan(1e-9);
        }
      }
    }
  });
});
