import { describe, expect, it } from 'vitest';
import { columnTypes, RULESETS, type RuleSet } from '../src/rules/index.ts';
import {
  compileRules,
  createStateSolver,
  createTurnWorkspace,
  decodeState,
  evaluateTurn,
  exactColumnModel,
  genericScoreNow,
  isFinished,
  solveStates,
  statesAtLevel,
  type GameState,
} from '../src/solver/index.ts';
import { naiveGameValue, stateKey } from './support/naive-game.ts';

const box = (rs: RuleSet, id: string) => rs.boxes.findIndex((b) => b.id === id);
const FULL = (1 << 13) - 1;
const openOnly = (rs: RuleSet, ids: string[]) => ids.reduce((m, id) => m & ~(1 << box(rs, id)), FULL);

/** Every column type solved by the engine for its last `levels` levels only. */
function typeTails(rs: RuleSet, levels: number) {
  return columnTypes(rs).map((t) => {
    const c = compileRules(t.rs);
    const values = new Float64Array(c.layout.size);
    const solver = createStateSolver(c);
    for (let level = 12; level >= 13 - levels; level--) solveStates(solver, values, statesAtLevel(c.layout, level));
    return { type: t, c, model: exactColumnModel(t.rs, values) };
  });
}

describe('column types with fill rules agree with a naive recursion over scoreOptions', () => {
  const tails = typeTails(RULESETS.superpass, 2);

  it.each(tails.map((t) => [t.type.key, t] as const))('%s: every state with 1 or 2 boxes left, a sample of upper totals', (_key, { type, c, model }) => {
    const memo = new Map<string, number>();
    let checked = 0;
    for (const open of [1, 2]) {
      const states = statesAtLevel(c.layout, 13 - open);
      const step = Math.max(1, Math.floor(states.length / (c.layout.fill === 'any' || c.layout.fill === 'first-roll-only' ? 3 : 6)));
      for (let i = 0; i < states.length; i += step) {
        const { mask, upper } = decodeState(c.layout, states[i]);
        const s: GameState = { columns: [{ mask, upper, yahtzee50: false }] };
        expect(Math.abs(model.value(s) - naiveGameValue(type.rs, s, memo))).toBeLessThan(1e-9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(2);
  });
});

/**
 * Exact values of a tiny multi-column game by the engine: backward induction over its (small)
 * joint state space, each state's score-now from the option list with the joint values.
 */
function engineJointValue(rs: RuleSet, memo = new Map<string, number>()) {
  const c = compileRules(rs);
  const ws = createTurnWorkspace(c.dice);
  const value = (s: GameState): number => {
    if (isFinished(rs, s)) return 0;
    const key = stateKey(rs, s);
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const first = new Float64Array(c.dice.rollCount);
    const later = new Float64Array(c.dice.rollCount);
    genericScoreNow(rs, c, value, s, first, later);
    const v = evaluateTurn(c.dice, first, later, ws);
    memo.set(key, v);
    return v;
  };
  return value;
}

describe('tiny two-column games: the turn engine with exact joint values equals the naive recursion', () => {
  it('superpass: column 1 (top-down) and column 3 (first-roll-only), two boxes open in each', () => {
    const rs = RULESETS.superpass;
    const down = (n: number) => FULL & ~(((1 << n) - 1) << (13 - n));
    // Column 1 has its last two boxes open (kniffel, chance); column 3 has threes and fullHouse.
    for (const upper3 of [50, 60]) {
      const s: GameState = {
        columns: [
          { mask: down(2), upper: 40, yahtzee50: false },
          { mask: FULL, upper: 63, yahtzee50: false },
          { mask: openOnly(rs, ['threes', 'fullHouse']), upper: upper3, yahtzee50: false },
          { mask: FULL, upper: 63, yahtzee50: false },
        ],
      };
      expect(Math.abs(engineJointValue(rs)(s) - naiveGameValue(rs, s))).toBeLessThan(1e-9);
    }
  });

  it('superpass: column 2 (bottom-up) and column 4 (any order), zero rule across them', () => {
    const rs = RULESETS.superpass;
    const s: GameState = {
      columns: [
        { mask: FULL, upper: 63, yahtzee50: false },
        { mask: FULL & ~0b11, upper: 0, yahtzee50: false },
        { mask: FULL, upper: 63, yahtzee50: false },
        { mask: openOnly(rs, ['sixes', 'largeStraight']), upper: 45, yahtzee50: false },
      ],
    };
    expect(Math.abs(engineJointValue(rs)(s) - naiveGameValue(rs, s))).toBeLessThan(1e-9);
  });

  it('triple-yahtzee: Joker and Yahtzee bonus in one column, multipliers ×1 and ×3', () => {
    const rs = RULESETS['triple-yahtzee'];
    for (const yahtzee50 of [true, false]) {
      const s: GameState = {
        columns: [
          { mask: openOnly(rs, ['yahtzee', 'chance']), upper: 50, yahtzee50: false },
          { mask: FULL, upper: 63, yahtzee50: false },
          { mask: openOnly(rs, ['fours', 'fullHouse']), upper: 55, yahtzee50 },
        ],
      };
      expect(Math.abs(engineJointValue(rs)(s) - naiveGameValue(rs, s))).toBeLessThan(1e-9);
    }
  });
});
