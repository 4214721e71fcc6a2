import { describe, expect, it } from 'vitest';
import { countsKey, multisetProbability, multisetsOfSize } from '../src/dice/index.ts';
import { RULESETS, type RuleSet, type RuleSetId } from '../src/rules/index.ts';
import {
  compileRules,
  createStateSolver,
  decodeState,
  exactColumnModel,
  scoreOptions,
  solveStates,
  statesAtLevel,
  type GameState,
} from '../src/solver/index.ts';

const OUTCOMES = [0, 1, 2, 3, 4, 5, 6].map((m) => multisetsOfSize(m).map((c) => ({ c, p: multisetProbability(c) })));

/**
 * A deliberately naive solver for the last few turns of a game: every roll, every subset of dice
 * positions to hold, every outcome, scoring through the generic rule code. It shares nothing with
 * the fast engine (keep tables, score tables, Joker tables, canonical states) but the rule set.
 */
function naiveValue(rs: RuleSet, state: GameState, memo: Map<string, number>): number {
  const full = (1 << rs.boxes.length) - 1;
  const col = state.columns[0];
  if (col.mask === full) return 0;
  const key = `${col.mask}:${Math.min(63, col.upper)}:${col.yahtzee50}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const n = rs.dice;
  const scoreNow = (counts: number[]): number => {
    let best = -Infinity;
    for (const o of scoreOptions(rs, state, counts, true)) best = Math.max(best, o.gain + naiveValue(rs, o.next, memo));
    return best;
  };
  const cache = new Map<number, number>();
  const rollValue = (counts: number[], rerolls: number): number => {
    const k = countsKey(counts) * 3 + rerolls;
    const c = cache.get(k);
    if (c !== undefined) return c;
    let best = scoreNow(counts);
    if (rerolls > 0) {
      // Every subset of dice positions, as a player would try them (duplicates included).
      const dice = counts.flatMap((k, f) => Array<number>(k).fill(f));
      for (let subset = 0; subset < 1 << n; subset++) {
        const held = [0, 0, 0, 0, 0, 0];
        let size = 0;
        dice.forEach((f, i) => {
          if (subset & (1 << i)) {
            held[f]++;
            size++;
          }
        });
        let ev = 0;
        for (const o of OUTCOMES[n - size]) ev += o.p * rollValue(held.map((h, f) => h + o.c[f]), rerolls - 1);
        best = Math.max(best, ev);
      }
    }
    cache.set(k, best);
    return best;
  };
  let v = 0;
  for (const o of OUTCOMES[n]) v += o.p * rollValue(o.c, 2);
  memo.set(key, v);
  return v;
}

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

function sampleStates(id: RuleSetId, open: number, count: number, seed: number): GameState[] {
  const { c } = fastTail(id, 0);
  const states = statesAtLevel(c.layout, c.rs.boxes.length - open);
  const out: GameState[] = [];
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const { mask, upper, flag } = decodeState(c.layout, states[x % states.length]);
    out.push({ columns: [{ mask, upper, yahtzee50: flag === 1 }] });
  }
  return out;
}

const box = (rs: RuleSet, id: string) => rs.boxes.findIndex((b) => b.id === id);

describe('fast engine agrees with a naive recursion on small sub-games', () => {
  for (const id of ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy'] as const) {
    it(`${id}: random states with 1 or 2 boxes left`, () => {
      const { rs, model } = fastTail(id, 2);
      const memo = new Map<string, number>();
      for (const open of [1, 2]) {
        for (const s of sampleStates(id, open, 4, 7 + open)) {
          expect(Math.abs(model.value(s) - naiveValue(rs, s, memo))).toBeLessThan(1e-9);
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
          expect(Math.abs(model.value(s) - naiveValue(rs, s, memo))).toBeLessThan(1e-9);
        }
      }
    }
  });
});
