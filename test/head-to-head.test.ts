import { afterAll, describe, expect, it } from 'vitest';
import { adviseGoal } from '../src/goals/index.ts';
import { countsToFaces, keepFaceCounts } from '../src/dice/index.ts';
import { keepOfFaces, parsePosition } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import {
  createInlineRunner,
  createPlayer,
  GameContext,
  optimalStrategy,
  runHeadToHead,
  seatStrategies,
  simulateHeadToHead,
  slotAtSeat,
  type HeadToHeadChunk,
} from '../src/simulate/index.ts';
import { winStrategy } from '../src/simulate/strategies/win.ts';
import { buildReachTable } from '../src/solver/index.ts';
import { createWorkerPool, simulateRunner } from '../workers/pool.ts';
import { testModel, testValues } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

const inline = createInlineRunner({ model: (id) => testModel(id) });
const pool = createWorkerPool({ threads: 2, tables: TEST_TABLE_DIR });
afterAll(() => pool.destroy());

describe('head-to-head games', () => {
  it('rotates each slot over every seat of a deal', () => {
    for (const N of [2, 3, 4]) {
      for (let d = 0; d < 2; d++) {
        const seatsOfSlot = Array.from({ length: N }, () => new Set<number>());
        for (let g = d * N; g < (d + 1) * N; g++) for (let seat = 0; seat < N; seat++) seatsOfSlot[slotAtSeat(N, g, seat)].add(seat);
        for (const seats of seatsOfSlot) expect(seats.size).toBe(N);
      }
    }
    expect(seatStrategies(['a', 'b'], 4)).toEqual(['a', 'b', 'b', 'b']);
    expect(seatStrategies(['a', 'b', 'c'], 3)).toEqual(['a', 'b', 'c']);
  });

  it('splits the stake: shares of a game sum to 1, a k-way tie for first gives each 1/k, the rest 0', async () => {
    const rs = RULESETS.yahtzee;
    const model = await testModel('yahtzee');
    // Three players on 300 games: ties for first happen a few times (0.6% of two-player games).
    const slots = ['optimal', 'optimal', 'optimal'].map(() => createPlayer(rs, optimalStrategy(model, 0)));
    const h: HeadToHeadChunk = runHeadToHead(rs, slots, 5, 0, 300);
    for (let g = 0; g < 300; g++) {
      const scores = Array.from(h.scores.subarray(g * 3, g * 3 + 3));
      const shares = Array.from(h.shares.subarray(g * 3, g * 3 + 3));
      const best = Math.max(...scores);
      const k = scores.filter((s) => s === best).length;
      expect(shares).toEqual(scores.map((s) => (s === best ? 1 / k : 0)));
    }
  });

  it('gives players who play alike exactly 1/N each, and a weaker one less, whatever the threads', async () => {
    for (const players of [2, 4]) {
      const alike = await simulateHeadToHead({ ruleset: 'yahtzee', strategies: ['optimal', 'best'], players, games: 40 * players, seed: 3, runner: inline });
      for (const s of alike.headToHead.strategies) {
        expect(s.share).toBeCloseTo(1 / players, 12);
        expect(s.ci95[1] - s.ci95[0]).toBeLessThan(1e-12);
      }
    }
    const run = (runner = inline, chunkSize = 500, concurrency = 1) =>
      simulateHeadToHead({ ruleset: 'yahtzee', strategies: ['optimal', 'greedy'], players: 2, games: 400, seed: 9, chunkSize, concurrency, runner });
    const [here, threads] = await Promise.all([run(), run(simulateRunner(pool), 34, 2)]);
    expect(threads).toEqual(here);
    const [optimal, greedy] = here.headToHead.strategies;
    expect(optimal.share + greedy.share).toBeCloseTo(1, 12);
    expect(optimal.ci95[0]).toBeGreaterThan(0.5);
    expect(optimal.mean).toBeGreaterThan(greedy.mean);
  });

  it('refuses what it cannot seat, naming the option', async () => {
    const h = (o: Partial<Parameters<typeof simulateHeadToHead>[0]>) =>
      simulateHeadToHead({ ruleset: 'yahtzee', strategies: ['optimal', 'greedy'], players: 2, games: 10, runner: inline, ...o });
    await expect(h({ players: 1 })).rejects.toMatchObject({ code: 'INVALID_OPTION', issues: [{ field: 'players' }] });
    await expect(h({ players: 9 })).rejects.toMatchObject({ issues: [{ field: 'players' }] });
    await expect(h({ games: 11 })).rejects.toMatchObject({ issues: [{ field: 'games' }] });
    await expect(h({ players: 4, strategies: ['optimal', 'greedy', 'random'] })).rejects.toMatchObject({ issues: [{ field: 'strategies' }] });
  });
});

describe('the win strategy', () => {
  it('decides as the win-goal advice does, against finished and in-progress opponents', async () => {
    const rs = RULESETS.yahtzee;
    const model = await testModel('yahtzee');
    const values = await testValues(rs.id);
    const reach = (await buildReachTable(rs, { cap: 200, float64: true, levels: 3 })).table;
    const distribution = (await buildReachTable(rs, { kind: 'distribution', values, cap: 200, float64: true, levels: 3 })).table;
    const win = winStrategy(rs, reach, distribution, optimalStrategy(model, 0));
    const mine = { ones: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 24, threeOfAKind: 20, fourOfAKind: 20, fullHouse: 25, smallStraight: 30 };
    const theirs = { ones: 2, twos: 6, threes: 9, fours: 12, fives: 20, sixes: 18, threeOfAKind: 25, fourOfAKind: 0, fullHouse: 25, smallStraight: 30, chance: 22 };
    let compared = 0;
    for (const dice of [[6, 6, 6, 5, 2], [1, 2, 3, 4, 6], [3, 3, 3, 3, 1], [2, 3, 4, 5, 5]]) {
      for (const rollsLeft of [0, 1, 2] as const) {
        for (const opponents of [[{ finalScore: 230 }], [{ scorecard: theirs }, { finalScore: 215 }]]) {
          const parsed = parsePosition({ ruleset: rs.id, scorecard: mine, dice, rollsLeft, goal: { type: 'win', opponents } });
          if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
          const { position } = parsed;
          const advice = adviseGoal(model, { reach, distribution }, position);
          const ctx = new GameContext(rs);
          ctx.reset(compared, 1);
          ctx.turn = 11;
          ctx.state = position.state;
          ctx.score = position.score;
          ctx.rollsLeft = rollsLeft;
          ctx.roll = keepOfFaces(ctx.tables, dice);
          ctx.opponents = position.opponents!.map((o) => ('finalScore' in o ? { state: { columns: [{ mask: (1 << 13) - 1, upper: 0, yahtzee50: false }] }, score: o.finalScore } : o));
          // The strategy's choice is one of the advice's best options (exact ties may be broken either way).
          const lossOf = (action: object) => advice.options.find((o) => JSON.stringify(o.action) === JSON.stringify(action))!.loss;
          const keep = rollsLeft > 0 ? Number(win.chooseHold(ctx)) : ctx.roll;
          if (keep !== ctx.roll) expect(lossOf({ hold: countsToFaces(keepFaceCounts(ctx.tables, keep)) })).toBeLessThan(1e-12);
          else {
            const pick = win.chooseBox(ctx);
            expect(lossOf({ score: typeof pick === 'object' ? rs.boxes[pick.box as number].id : pick })).toBeLessThan(1e-12);
          }
          compared++;
        }
      }
    }
    expect(compared).toBe(24);
  }, 120_000);
});
