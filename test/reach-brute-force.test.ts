import { describe, expect, it } from 'vitest';
import { RULESETS, type RuleSet, type RuleSetId } from '../src/rules/index.ts';
import { buildReachTable, compileRules, reachProbability, stateIndex, statesAtLevel, type GameState } from '../src/solver/index.ts';
// The naive side shares nothing with the engine but the rules and scoreOptions.
import { sampleOpenStates } from './support/random-positions.ts';
import { naiveGuaranteed, naiveReach } from './support/naive-game.ts';

const CAP = 200;
const box = (rs: RuleSet, id: string) => rs.boxes.findIndex((b) => b.id === id);

const tails = new Map<string, ReturnType<typeof solveTail>>();

/** The last `levels` levels of a reach table, solved once per test file. */
function tail(id: RuleSetId, levels: number) {
  const key = `${id}#${levels}`;
  let t = tails.get(key);
  if (!t) tails.set(key, (t = solveTail(id, levels)));
  return t;
}

async function solveTail(id: RuleSetId, levels: number) {
  const rs = RULESETS[id];
  const built = await buildReachTable(rs, { cap: CAP, float64: true, levels });
  const c = compileRules(rs);
  const index = (s: GameState) => {
    const col = s.columns[0];
    return stateIndex(c.layout, col.mask, Math.min(c.layout.threshold, col.upper), col.yahtzee50 && c.layout.flags === 2 ? 1 : 0);
  };
  return { rs, c, table: built.table, P: (s: GameState, n: number) => reachProbability(built.table, index(s), n) };
}

const sample = (id: RuleSetId, open: number, count: number, seed: number): GameState[] => sampleOpenStates(RULESETS[id], open, count, seed);

/**
 * n from 0 to past the most the state can score (so both ends, P = 1 and P = 0, are checked), in
 * steps of 7 from a state-dependent start, so over the cases every residue is visited.
 */
function expectAgrees(rs: RuleSet, P: (s: GameState, n: number) => number, s: GameState, top: number, memo: Map<string, number>, step = 7): void {
  const first = (s.columns[0].mask + s.columns[0].upper) % step;
  for (let n = first; n <= Math.min(top, CAP); n += step) {
    const want = naiveReach(rs, s, n, memo);
    const got = P(s, n);
    if (!(Math.abs(got - want) < 1e-12)) throw new Error(`state ${JSON.stringify(s)} n=${n}: engine ${got}, naive ${want}`);
  }
}

describe('reach engine agrees with a naive recursion on near-final sub-games', () => {
  for (const id of ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy', 'yahtsoos'] as const) {
    it(`${id}: random states with 1 or 2 boxes left; P = 1 exactly up to the guaranteed points`, async () => {
      const { rs, P } = await tail(id, 2);
      const memo = new Map<string, number>();
      const sure = new Map<string, number>();
      for (const open of [1, 2]) {
        for (const s of sample(id, open, 3, 11 + open)) {
          expectAgrees(rs, P, s, open === 1 ? 60 : 110, memo);
          // Beyond the guaranteed points failing is possible, though it may take dice rarer than the 1e-12 the table keeps.
          const g = naiveGuaranteed(rs, s, sure);
          expect(P(s, g)).toBe(1);
          expect(naiveReach(rs, s, g + 1, memo)).toBeLessThan(1);
          expect(Math.abs(P(s, g + 1) - naiveReach(rs, s, g + 1, memo))).toBeLessThan(1e-12);
        }
      }
    });
  }

  it('yahtzee: every Joker branch, with and without the Yahtzee bonus, 1 to 3 boxes open', async () => {
    const { rs, P } = await tail('yahtzee', 3);
    const memo = new Map<string, number>();
    const full = (1 << rs.boxes.length) - 1;
    // Matching upper box free; upper filled with lower boxes free; only upper boxes free; Yahtzee box open.
    const cases = [['threes'], ['threes', 'chance'], ['fullHouse', 'largeStraight'], ['ones', 'twos'], ['sixes', 'smallStraight', 'chance'], ['yahtzee', 'fours']];
    for (const open of cases) {
      const mask = open.reduce((m, b) => m & ~(1 << box(rs, b)), full);
      for (const upper of open.length === 3 ? [57] : [45, 63]) {
        for (const yahtzee50 of open.includes('yahtzee') ? [false] : [true, false]) {
          expectAgrees(rs, P, { columns: [{ mask, upper, yahtzee50 }] }, 40 + 110 * open.length, memo, open.length === 3 ? 29 : 11);
        }
      }
    }
  }, 180_000);

  it('P(s, n) is non-increasing in n and within [0, 1] for every state of the last three levels', async () => {
    const { rs, c, table } = await tail('yahtzee', 3);
    for (let level = rs.boxes.length - 3; level < rs.boxes.length; level++) {
      for (const s of statesAtLevel(c.layout, level)) {
        let last = 1;
        for (let n = 0; n <= CAP; n++) {
          const p = reachProbability(table, s, n);
          if (!(p >= 0 && p <= last)) throw new Error(`state ${s}: P(${n}) = ${p} after ${last}`);
          last = p;
        }
      }
    }
  });
});
