import { describe, expect, it } from 'vitest';
import { advise, NEAR_TIE_POINTS, type Advice } from '../src/advisor/index.ts';
import { parsePosition, type Position } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { bruteTurn } from './support/brute-turn.ts';
import { testModel } from './support/models.ts';
import { mulberry32, randomPosition } from './support/random-positions.ts';
import { TEST_RULESETS } from './support/paths.ts';

const TOL = 1e-9;
const PER_RULESET = 100;

function subMultisetKeys(dice: readonly number[]): Set<string> {
  let out = [''];
  for (let f = 1; f <= 6; f++) {
    const n = dice.filter((d) => d === f).length;
    out = out.flatMap((p) => Array.from({ length: n + 1 }, (_, c) => p + `${f},`.repeat(c)));
  }
  return new Set(out);
}

function countsOf(faces: readonly number[]): number[] {
  const c = [0, 0, 0, 0, 0, 0];
  for (const f of faces) c[f - 1]++;
  return c;
}

/** Checks that hold for every advice: order, losses, near-ties, best, expected final score. */
function checkConsistent(a: Advice, position: Position): void {
  expect(a.score).toBe(position.score);
  if (a.options.length === 0) {
    expect(a.best).toBeUndefined();
    expect(a.expectedFinalScore).toBeCloseTo(a.score + a.stateValue, 9);
    return;
  }
  const best = a.options[0];
  expect(a.best).toEqual(best);
  expect(best.loss).toBe(0);
  expect(Math.abs(a.expectedFinalScore - (a.score + best.ev))).toBeLessThan(TOL);
  for (let i = 0; i < a.options.length; i++) {
    const o = a.options[i];
    if (i > 0) expect(o.ev).toBeLessThanOrEqual(a.options[i - 1].ev + TOL);
    expect(o.loss).toBeGreaterThanOrEqual(0);
    expect(Math.abs(o.loss - Math.max(0, best.ev - o.ev))).toBeLessThan(TOL);
    const runnerUpClose = a.options.length > 1 && a.options[1].loss < NEAR_TIE_POINTS;
    expect(o.nearTie).toBe(i === 0 ? runnerUpClose : o.loss < NEAR_TIE_POINTS);
  }
}

describe('hints agree with the strategy tables on random reachable positions', () => {
  it.each(TEST_RULESETS.map((id, i) => [id, 1000 + i] as const))('%s (seed %i)', async (id, seed) => {
    const model = await testModel(id);
    const rng = mulberry32(seed);
    const seen = { start: 0, rolls: [0, 0, 0], bonus: 0 };
    for (let n = 0; n < PER_RULESET; n++) {
      const { input, score } = randomPosition(RULESETS[id], rng);
      const parsed = parsePosition(input);
      if (!parsed.ok) throw new Error(`random position rejected: ${JSON.stringify(input)} ${JSON.stringify(parsed.issues)}`);
      const { position } = parsed;
      expect(position.score).toBe(score);
      const a = advise(model, position);
      checkConsistent(a, position);
      const brute = bruteTurn(model, position.state);
      // The state value is the table's own value, and the brute-force one-turn lookahead over it.
      expect(Math.abs(a.stateValue - model.value(position.state))).toBeLessThan(TOL);
      expect(Math.abs(a.stateValue - brute.stateValue())).toBeLessThan(TOL);
      if (input.yahtzeeBonus) seen.bonus++;
      if (!position.dice) {
        seen.start++;
        expect(a.options).toEqual([]);
        continue;
      }
      seen.rolls[position.rollsLeft]++;
      const expectedScores = brute.scoreOptions(countsOf(position.dice));
      const scores = a.options.filter((o) => 'score' in o.action);
      const holds = a.options.filter((o) => 'hold' in o.action);
      expect(new Set(scores.map((o) => ('score' in o.action ? o.action.score : '')))).toEqual(new Set(expectedScores.keys()));
      for (const o of scores) {
        if (!('score' in o.action)) continue;
        expect(Math.abs(o.ev - expectedScores.get(o.action.score)!)).toBeLessThan(TOL);
      }
      let bestExpected = Math.max(...expectedScores.values());
      if (position.rollsLeft === 0) {
        expect(holds).toEqual([]);
      } else {
        expect(new Set(holds.map((o) => ('hold' in o.action ? `${o.action.hold.join(',')}${o.action.hold.length ? ',' : ''}` : '')))).toEqual(
          subMultisetKeys(position.dice),
        );
        for (const o of holds) {
          if (!('hold' in o.action)) continue;
          const v = brute.holdValue(countsOf(o.action.hold), position.rollsLeft);
          expect(Math.abs(o.ev - v)).toBeLessThan(TOL);
          bestExpected = Math.max(bestExpected, v);
        }
      }
      expect(Math.abs(a.options[0].ev - bestExpected)).toBeLessThan(TOL);
    }
    // The sample covers every kind of position, so the checks above are not vacuous.
    expect(seen.start).toBeGreaterThan(5);
    expect(Math.min(...seen.rolls)).toBeGreaterThan(10);
    if (RULESETS[id].yahtzeeBonus > 0) expect(seen.bonus).toBeGreaterThan(0);
  });
});
