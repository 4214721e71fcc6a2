import { describe, expect, it } from 'vitest';
import { RULESETS, type RuleSetId } from '../rules/index.ts';
import { mulberry32 } from '../dice/index.ts';
// The naive side shares nothing with the engine but the rules and scoreOptions.
import { naiveUtility } from '../../test/support/naive-game.ts';
import { sampleOpenStates } from '../../test/support/random-positions.ts';
import { createEndGameSolver, END_GAME_MAX_BOXES, endGameShare, solveEndGame } from './end-game.ts';
import type { GameState } from './game-state.ts';
import { pointMass, shareCurve, type FinalDistribution, type ShareCurve } from './win-share.ts';

/** An opponent in progress as the solver sees one: a final total spread over `width` totals from `lo`. */
function spread(rng: () => number, lo: number, width: number): FinalDistribution {
  const p = Float64Array.from({ length: width }, () => rng());
  const sum = p.reduce((a, b) => a + b, 0);
  return { lo, p: p.map((v) => v / sum) };
}

const utility = (curve: ShareCurve) => (x: number) => (x < curve.u.length ? curve.u[x] : 1);

/**
 * The solve against the naive recursion's end game at the position and at every state below it
 * that the recursion met (its memo holds W(state, total) by `mask:upper:flag#total`).
 */
function compare(id: RuleSetId, state: GameState, score: number, curve: ShareCurve): number {
  const rs = RULESETS[id];
  const s = createEndGameSolver(rs);
  const memo = new Map<string, number>();
  const want = naiveUtility(rs, state, score, utility(curve), memo);
  let worst = Math.abs(solveEndGame(s, state.columns[0], score, curve) - want);
  for (const [key, v] of memo) {
    const [sheet, total] = key.split('#');
    const [mask, upper, flag] = sheet.split(':').map(Number);
    worst = Math.max(worst, Math.abs(endGameShare(s, { mask, upper, yahtzee50: flag === 1 }, Number(total)) - v));
  }
  expect(memo.size).toBeGreaterThan(0);
  return worst;
}

describe('the exact end game of the win goal', () => {
  for (const id of ['yahtzee', 'yahtsoos', 'yatzy'] as const) {
    it(`${id}: equals a brute-force end game over every roll, hold and box, one box open, finished opponents`, () => {
      const rng = mulberry32(id.length);
      let worst = 0;
      for (const state of sampleOpenStates(RULESETS[id], 1, 3, 18)) {
        const score = 120 + Math.floor(rng() * 20);
        // A finished opponent within reach, and a 3-way tie possible.
        for (const curve of [shareCurve([pointMass(score + 20)]), shareCurve([pointMass(score + 12), pointMass(score + 12)])]) {
          worst = Math.max(worst, compare(id, state, score, curve));
        }
      }
      expect(worst).toBeLessThan(1e-9);
    });

    it(`${id}: equals the brute-force end game with two boxes open against an opponent still playing`, () => {
      const rng = mulberry32(id.length + 1);
      let worst = 0;
      for (const state of sampleOpenStates(RULESETS[id], 2, id === 'yahtzee' ? 2 : 1, 19)) {
        const score = 120 + Math.floor(rng() * 20);
        // Spread over 40 totals: the settled lanes below and above it are left out of the solve.
        worst = Math.max(worst, compare(id, state, score, shareCurve([spread(rng, score - 5, 40)])));
      }
      expect(worst).toBeLessThan(1e-9);
    });
  }

  it('refuses a finished sheet and more boxes than it solves', () => {
    const rs = RULESETS.yahtzee;
    const s = createEndGameSolver(rs);
    const curve = shareCurve([pointMass(200)]);
    const full = (1 << rs.boxes.length) - 1;
    expect(() => solveEndGame(s, { mask: full, upper: 63, yahtzee50: false }, 150, curve)).toThrow(/finished sheet/);
    expect(() => solveEndGame(s, { mask: full >> (END_GAME_MAX_BOXES + 1), upper: 0, yahtzee50: false }, 150, curve)).toThrow(/at most/);
    expect(() => createEndGameSolver(RULESETS['triple-yahtzee'])).toThrow(/single-column/);
  });
});
