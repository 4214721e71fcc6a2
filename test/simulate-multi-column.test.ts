import { afterAll, describe, expect, it } from 'vitest';
import { decompositionModel, goalModel, greedyModel } from '../src/approx/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { initialState, scoreOptions } from '../src/solver/index.ts';
import { createBuiltinStrategy } from '../src/simulate/strategies/index.ts';
import { buildReport, createInlineRunner, simulate, simulateHeadToHead, type Strategy } from '../src/simulate/index.ts';
import { createPlayer, GamePlayer } from '../src/simulate/play-game.ts';
import { createWorkerPool, simulateRunner } from '../workers/pool.ts';
import { testColumnTables, testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

const inline = createInlineRunner({
  model: (id) => testModel(id),
  approxModel: async (id, kind) => (kind === 'greedy' ? greedyModel(RULESETS[id]) : decompositionModel(RULESETS[id], await testColumnTables(id as 'superpass'))),
  goalModel,
});
const pools = [createWorkerPool({ threads: 1, tables: TEST_TABLE_DIR }), createWorkerPool({ threads: 2, tables: TEST_TABLE_DIR })];
afterAll(() => Promise.all(pools.map((p) => p.destroy())));

const STRATEGIES = {
  'triple-yahtzee': ['best', 'decomposition', 'greedy', 'sequential', 'random'],
  superpass: ['best', 'decomposition', 'greedy', 'sequential', 'hints', 'random'],
} as const;

describe.each(['triple-yahtzee', 'superpass'] as const)('%s', (id) => {
  const rs = RULESETS[id];
  const B = rs.boxes.length;

  it('every strategy finishes every game with all boxes filled and legal scores; 1 and 2 threads and inline agree', async () => {
    const strategies = [...STRATEGIES[id]];
    const run = (runner = inline, concurrency = 1, chunkSize = 50) => simulate({ ruleset: id, strategies, games: 24, seed: 5, chunkSize, concurrency, runner });
    const [here, one, two] = await Promise.all([run(), run(simulateRunner(pools[0]), 1, 16), run(simulateRunner(pools[1]), 2, 7)]);
    expect(one.scores).toEqual(here.scores);
    expect(two.scores).toEqual(here.scores);
    const report = buildReport(here);
    expect(buildReport(two)).toEqual(report);
    for (const s of report.strategies) {
      expect(Object.keys(s.boxes)).toHaveLength(B * rs.columns.length);
      expect(s.min).toBeGreaterThanOrEqual(0);
      expect(s.upperBonusRate).toBeGreaterThanOrEqual(0);
      expect(s.upperBonusRate).toBeLessThanOrEqual(1);
      // The 50 box (Yahtzee, or Superpass's kniffel) scores 50 or 0: its 50s are its mean points / 50.
      const fifty = rs.boxes.find((b) => b.pattern.kind === 'ofAKindFixed')!.id;
      const keys = rs.columns.map((_, c) => (c === 0 ? fifty : `${fifty}@${c + 1}`));
      expect(s.yahtzee50Rate).toBeCloseTo(keys.reduce((m, k) => m + s.boxes[k].mean, 0) / 50 / rs.columns.length, 9);
    }
    expect(report.strategies.find((s) => s.name === 'best')!.yahtzee50Rate).toBeGreaterThan(0);
  });

  it('each strategy plays complete games, every entry legal by scoreOptions, the score the sum of the gains', async () => {
    const model = await testModel(id);
    const decomposition = decompositionModel(rs, await testColumnTables(id));
    const game = new GamePlayer(rs);
    for (const name of STRATEGIES[id]) {
      const inner = createBuiltinStrategy(name, { rs, model: name === 'best' ? model : name === 'greedy' ? greedyModel(rs) : decomposition, cacheEntries: 0 });
      let gains = 0;
      const spy: Strategy = {
        name: inner.name,
        chooseHold: (ctx) => inner.chooseHold(ctx),
        chooseBox(ctx) {
          const pick = inner.chooseBox(ctx) as { box: number; column: number };
          const legal = scoreOptions(rs, ctx.state, ctx.counts, ctx.rollsLeft === 2);
          const o = legal.find((x) => x.box === pick.box && x.column === (pick.column ?? 0));
          expect(o, `${name}: ${JSON.stringify(pick)}`).toBeDefined();
          if (name === 'sequential') {
            // Sequential fills the lowest open column whenever the rules allow a box there.
            const lowest = ctx.state.columns.findIndex((c) => c.mask !== (1 << B) - 1);
            if (legal.some((x) => x.column === lowest)) expect(o!.column).toBe(lowest);
            if (id === 'triple-yahtzee') expect(o!.column).toBe(lowest);
          }
          gains += o!.gain;
          return pick;
        },
      };
      const player = createPlayer(rs, spy);
      for (let g = 0; g < 3; g++) {
        gains = 0;
        game.play(player, 9, g);
        expect(player.ctx.state.columns.every((c) => c.mask === (1 << B) - 1)).toBe(true);
        expect(Array.from(player.ctx.points).every((p) => p >= 0)).toBe(true);
        expect(player.ctx.score).toBe(gains);
      }
    }
  });

  it('refuses optimal and heuristic (no exact table, single-column heuristic)', async () => {
    await expect(simulate({ ruleset: id, strategies: ['optimal'], games: 1, runner: inline })).rejects.toThrow(/use best/);
    await expect(simulate({ ruleset: id, strategies: ['heuristic'], games: 1, runner: inline })).rejects.toThrow(/single-column/);
  });

  it('reach:T and win (two players) play complete games, on worker threads as inline; win against more than one opponent is refused by name', async () => {
    const target = id === 'superpass' ? 1251 : 2350;
    const solo = (runner = inline) => simulate({ ruleset: id, strategies: [`reach:${target}`, 'best'], games: 12, seed: 4, chunkSize: 6, concurrency: 2, runner });
    const [here, pooled] = await Promise.all([solo(), solo(simulateRunner(pools[1]))]);
    expect(pooled.scores).toEqual(here.scores);
    const report = buildReport(here);
    expect(report.strategies.map((s) => s.name)).toEqual([`reach:${target}`, 'best']);
    expect(report.strategies.every((s) => s.min > 0)).toBe(true);
    const table = (runner = inline) => simulateHeadToHead({ ruleset: id, strategies: ['win', 'best'], players: 2, games: 8, seed: 4, chunkSize: 4, concurrency: 2, runner });
    const [h2h, h2hPooled] = await Promise.all([table(), table(simulateRunner(pools[1]))]);
    expect(h2hPooled).toEqual(h2h);
    const shares = h2h.headToHead.strategies.map((s) => s.share);
    expect(shares[0] + shares[1]).toBeCloseTo(1, 12);
    await expect(simulateHeadToHead({ ruleset: id, strategies: ['win', 'best'], players: 3, games: 3, runner: inline })).rejects.toMatchObject({ issues: [{ field: 'players' }] });
  });

  it('with a horizon of 0 boxes reach:T and win never steer: they play best play’s games, move for move', async () => {
    const blind = createInlineRunner({
      model: (id) => testModel(id),
      goalModel: (r, tables) => Object.assign(goalModel(r, tables), { horizon: { reach: 0, win: 0 } }),
    });
    const target = id === 'superpass' ? 1251 : 2350;
    const solo = await simulate({ ruleset: id, strategies: [`reach:${target}`, 'best'], games: 6, seed: 9, runner: blind });
    expect(solo.scores[0]).toEqual(solo.scores[1]);
    const table = await simulateHeadToHead({ ruleset: id, strategies: ['win', 'best'], players: 2, games: 6, seed: 9, runner: blind });
    expect(table.headToHead.strategies.map((s) => s.share)).toEqual([0.5, 0.5]);
  });

  it('initial state has every column free', () => {
    expect(initialState(rs).columns).toHaveLength(rs.columns.length);
  });
});

describe('strength on triple-yahtzee', () => {
  it('best beats greedy over 200 paired games, the paired 95% CI excluding 0', async () => {
    const report = buildReport(await simulate({ ruleset: 'triple-yahtzee', strategies: ['best', 'greedy'], games: 200, seed: 3, chunkSize: 50, concurrency: 2, runner: simulateRunner(pools[1]) }));
    const pair = report.pairs.find((p) => p.a === 'best' && p.b === 'greedy')!;
    expect(pair.ci95[0]).toBeGreaterThan(0);
  });
});

describe('hints', () => {
  it('plays superpass only', () => {
    expect(() => createBuiltinStrategy('hints', { rs: RULESETS.yahtzee, cacheEntries: 0 })).toThrow(/superpass only/);
  });
});
