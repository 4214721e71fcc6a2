import { errorOf } from './support/errors.ts';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { asStrategy, buildReport, createInlineRunner, simulate, type Strategy } from '../src/simulate/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { createWorkerPool, simulateRunner } from '../workers/pool.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const importModule = async (spec: string) => ((await import(spec)) as { default: unknown }).default;
const inline = createInlineRunner({ model: (id) => testModel(id), importModule });
const pool = createWorkerPool({ threads: 1, tables: TEST_TABLE_DIR });
afterAll(() => pool.destroy());


describe('user strategies from modules', () => {
  it('the example bot loads from its path in worker threads and plays like inline', async () => {
    const bot = fixture('my-bot.ts');
    const opts = { strategies: ['greedy', bot], games: 120, seed: 3 };
    const viaPool = buildReport(await simulate({ ...opts, runner: simulateRunner(pool) }));
    const here = buildReport(await simulate({ ...opts, runner: inline }));
    expect(viaPool).toEqual(here);
    const mine = viaPool.strategies[1];
    expect(mine.name).toBe('my-bot');
    // Chasing the most common face is a real strategy: far better than random play (~46).
    expect(mine.mean).toBeGreaterThan(120);
    expect(mine.mean).toBeLessThan(viaPool.strategies[0].mean);
  });

  it('an illegal box is rejected naming the game, the turn and the action', async () => {
    for (const runner of [inline, simulateRunner(pool)]) {
      const e = await errorOf(simulate({ strategies: [fixture('cheating-bot.ts')], games: 5, seed: 1, runner }));
      expect(e.code).toBe('ILLEGAL_MOVE');
      expect(e.message).toContain('strategy "cheater"');
      expect(e.message).toContain('game 0, turn 2');
      expect(e.message).toContain('box "chance" cannot be scored now');
    }
  });

  it('an illegal hold is rejected naming the game, the turn and the hold', async () => {
    const rs = RULESETS.yahtzee;
    const bad: Strategy = { name: 'hoarder', chooseHold: () => [6, 6, 6, 6, 6], chooseBox: (ctx) => ctx.options[0].box };
    const runner = createInlineRunner({ importModule: async () => bad });
    const e = await errorOf(simulate({ ruleset: rs.id, strategies: ['./hoarder.js'], games: 3, seed: 2, runner }));
    expect(e.code).toBe('ILLEGAL_MOVE');
    expect(e.message).toMatch(/strategy "hoarder" made an illegal move in game 0, turn 1, roll 1: hold \[6,6,6,6,6\] is not part of the dice/);
  });

  it('a strategy that throws is reported with where it failed', async () => {
    const broken: Strategy = { name: 'broken', chooseHold: () => { throw new Error('oops'); }, chooseBox: () => 'chance' };
    const runner = createInlineRunner({ importModule: async () => broken });
    const e = await errorOf(simulate({ strategies: ['./broken.js'], games: 1, runner }));
    expect(e.message).toContain('strategy "broken" failed in chooseHold in game 0, turn 1: oops');
  });

  it('a module without a strategy is refused, naming the module', async () => {
    const file = fixture('not-a-strategy.ts');
    expect(() => asStrategy({ name: 'x' }, file, RULESETS.yahtzee)).toThrow(/default export must be a strategy/);
    const e = await errorOf(simulate({ strategies: [file], games: 1, runner: simulateRunner(pool) }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.message).toContain('not-a-strategy.ts');
  });

  it('a factory export is called once with the rule set', () => {
    const seen: string[] = [];
    const s = asStrategy((info: { ruleset: string }) => {
      seen.push(info.ruleset);
      return { chooseHold: () => 0, chooseBox: () => 'chance' };
    }, '/x/bots/lucky.mjs', RULESETS['yahtzee-no-bonus']);
    expect(seen).toEqual(['yahtzee-no-bonus']);
    expect(s.name).toBe('lucky');
  });
});
