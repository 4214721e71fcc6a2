import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport, simulate, type SimulationData, type SimulationReport } from '../src/simulate/index.ts';
import { createWorkerPool, simulateRunner } from '../workers/pool.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

/**
 * Optimal play on `yahtzee-free-joker` against the published figures of the optimal strategy
 * (Verhoeff's free-Joker convention): mean 254.59, SD 59.61, P(upper bonus) 0.681,
 * P(Yahtzee box = 50) 0.337 and the mean score of every box. Each figure must lie within 4
 * standard errors of the sample estimate (a false alarm about once in 16,000 per figure).
 */
const GAMES = 20_000;
const PUBLISHED = {
  mean: 254.59,
  sd: 59.61,
  upperBonus: 0.681,
  yahtzee50: 0.337,
  boxes: {
    ones: 1.88,
    twos: 5.28,
    threes: 8.57,
    fours: 12.16,
    fives: 15.69,
    sixes: 19.19,
    threeOfAKind: 21.66,
    fourOfAKind: 13.1,
    fullHouse: 22.59,
    smallStraight: 29.46,
    largeStraight: 32.71,
    yahtzee: 16.87,
    chance: 22.01,
  },
};
const K = 4;

const pool = createWorkerPool({ threads: 2, tables: TEST_TABLE_DIR });
afterAll(() => pool.destroy());

describe(`optimal play on yahtzee-free-joker over ${GAMES} games matches the published figures`, () => {
  let data: SimulationData;
  let s: SimulationReport['strategies'][number];
  const n = GAMES;
  beforeAll(async () => {
    data = await simulate({ ruleset: 'yahtzee-free-joker', strategies: ['optimal'], games: GAMES, seed: 2024, concurrency: 2, chunkSize: 1000, runner: simulateRunner(pool) });
    s = buildReport(data).strategies[0];
  });
  const within = (estimate: number, published: number, se: number) => {
    expect(Math.abs(estimate - published), `estimate ${estimate}, published ${published}, SE ${se}`).toBeLessThan(K * se);
  };

  it('mean score', () => within(s.mean, PUBLISHED.mean, s.sd / Math.sqrt(n)));

  it('standard deviation', () => {
    // SE of a sample SD from the fourth central moment: Var(s²) ≈ (m4 − s⁴) / n, SE(s) ≈ SE(s²) / 2s.
    const scores = data.scores[0];
    let m4 = 0;
    for (const x of scores) m4 += (x - s.mean) ** 4;
    m4 /= n;
    within(s.sd, PUBLISHED.sd, Math.sqrt((m4 - s.sd ** 4) / n) / (2 * s.sd));
  });

  it('P(upper bonus) and P(Yahtzee box = 50)', () => {
    const p = (x: number) => Math.sqrt((x * (1 - x)) / n);
    within(s.upperBonusRate, PUBLISHED.upperBonus, p(PUBLISHED.upperBonus));
    within(s.yahtzee50Rate, PUBLISHED.yahtzee50, p(PUBLISHED.yahtzee50));
  });

  it.each(Object.entries(PUBLISHED.boxes))('mean score in %s is %f', (box, published) => {
    within(s.boxes[box].mean, published, s.boxes[box].sd / Math.sqrt(n));
  });
});
