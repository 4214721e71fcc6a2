import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../dice/index.ts';
import { END_GAME_BOXES } from '../solver/index.ts';
import { calibrateWinAdvice } from './advise-goal.ts';
import type { ProbabilityAdvice } from './types.ts';
import { calibrateWinChance, fitWinCalibration, type WinCalibration } from './win-calibration.ts';

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const logit = (p: number) => Math.log(p / (1 - p));

describe('win chance calibration', () => {
  it('recovers the map that generated the outcomes (20,000 turns, a = −0.12, b = 0.8)', () => {
    const rng = mulberry32(7);
    const shown: number[] = [];
    const achieved: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const p = 0.02 + 0.96 * rng();
      shown.push(p);
      achieved.push(rng() < sigmoid(-0.12 + 0.8 * logit(p)) ? 1 : 0);
    }
    const c = fitWinCalibration('yahtzee', [{ open: 9, shown, achieved }, { open: END_GAME_BOXES, shown, achieved }], { games: 1, seed: 1 });
    expect(c.byOpen['9'].a).toBeCloseTo(-0.12, 1);
    expect(c.byOpen['9'].b).toBeCloseTo(0.8, 1);
    expect(c.byOpen['9'].turns).toBe(20_000);
    // Exact there: not fitted.
    expect(c.byOpen[String(END_GAME_BOXES)]).toBeUndefined();
  });

  const calibration: WinCalibration = { ruleset: 'yahtzee', games: 10_000, seed: 1, byOpen: { '7': { a: -0.1, b: 0.8, turns: 10_000 } } };

  it('leaves exact and settled chances alone and keeps the order of the others', () => {
    expect(calibrateWinChance('yahtzee', END_GAME_BOXES, 0.6, calibration)).toBe(0.6);
    expect(calibrateWinChance('yahtzee', 7, 0, calibration)).toBe(0);
    expect(calibrateWinChance('yahtzee', 7, 1, calibration)).toBe(1);
    expect(calibrateWinChance('yahtzee', 8, 0.6, calibration)).toBe(0.6);
    expect(calibrateWinChance('yahtzee', 7, 0.6, calibration)).toBeCloseTo(sigmoid(-0.1 + 0.8 * logit(0.6)), 12);
    let last = 0;
    for (let p = 0.001; p < 1; p += 0.001) {
      const q = calibrateWinChance('yahtzee', 7, p, calibration);
      expect(q).toBeGreaterThan(last);
      last = q;
    }
  });

  it('maps an advice: chances, losses between calibrated chances, the best first, and says so', () => {
    const option = (p: number) => ({ action: { hold: [] as number[] }, probability: p, loss: 0, nearTie: false });
    const advice = (): ProbabilityAdvice => ({
      ruleset: 'yahtzee',
      exact: false,
      goal: { type: 'win', opponents: [] },
      score: 100,
      probabilityBefore: 0.58,
      probability: 0.6,
      rollsLeft: 2,
      options: [option(0.6), option(0.55), option(0.2)],
    });
    const a = calibrateWinAdvice(advice(), 7, calibration);
    const map = (p: number) => calibrateWinChance('yahtzee', 7, p, calibration);
    expect(a.options.map((o) => o.probability)).toEqual([map(0.6), map(0.55), map(0.2)]);
    expect(a.options[1].loss).toBeCloseTo(map(0.6) - map(0.55), 15);
    expect(a.probability).toBe(a.options[0].probability);
    expect(a.probabilityBefore).toBe(map(0.58));
    expect(a.calibration).toEqual({ games: 10_000, seed: 1, boxesOpen: 7, turns: 10_000 });
    // No fit for that many boxes open: as it was, no label.
    const b = calibrateWinAdvice(advice(), 6, calibration);
    expect(b.options[0].probability).toBe(0.6);
    expect(b.calibration).toBeUndefined();
  });
});
