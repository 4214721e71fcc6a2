import { describe, expect, it } from 'vitest';
import { possibleBoxValues } from '../../position/index.ts';
import { RULESETS, UPPER_COUNT, type RuleSetId } from '../../rules/index.ts';
import { testModel } from '../../../test/support/models.ts';
import myBot from '../../../test/fixtures/my-bot.ts';
import { createPlayer, GamePlayer } from '../play-game.ts';
import type { Strategy } from '../strategy.ts';
import { BUILTIN_STRATEGIES, createBuiltinStrategy, modelKindOf, type BuiltinStrategy } from './index.ts';

/**
 * One contract, every strategy: on every rule set each game ends with every box filled once with
 * a score that box can hold, the total adds up, and every action is legal. Strategies are wrapped
 * so that the runner checks each of their actions as it checks a user's module.
 */
const RULESET_IDS: RuleSetId[] = ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus'];
const GAMES = 40;

function untrusted(s: Strategy): Strategy {
  return { name: s.name, chooseHold: (ctx) => s.chooseHold(ctx), chooseBox: (ctx) => s.chooseBox(ctx) };
}

async function make(name: BuiltinStrategy | 'my-bot', id: RuleSetId): Promise<Strategy> {
  if (name === 'my-bot') return myBot;
  return createBuiltinStrategy(name, { rs: RULESETS[id], model: modelKindOf(name, RULESETS[id]) ? await testModel(id) : undefined, cacheEntries: 512 });
}

describe.each(RULESET_IDS)('strategy contract on %s', (id) => {
  const rs = RULESETS[id];
  const possible = possibleBoxValues(rs);
  const full = (1 << rs.boxes.length) - 1;

  // hints plays superpass only (test/simulate-multi-column.test.ts covers the multi-column rule sets).
  it.each([...BUILTIN_STRATEGIES.filter((n) => n !== 'hints'), 'my-bot' as const])('%s plays legal, complete games', async (name) => {
    const player = createPlayer(rs, untrusted(await make(name, id)));
    const game = new GamePlayer(rs);
    const scores: number[] = [];
    for (let g = 0; g < GAMES; g++) {
      game.play(player, 11, g);
      const c = player.ctx;
      expect(c.state.columns[0].mask).toBe(full);
      let sum = 0;
      let upper = 0;
      c.points.forEach((p, b) => {
        expect(possible[b].has(p), `${rs.boxes[b].id} = ${p}`).toBe(true);
        sum += p;
        if (b < UPPER_COUNT) upper += p;
      });
      expect(c.state.columns[0].upper).toBe(upper);
      const bonus = upper >= rs.upperBonus.threshold ? rs.upperBonus.points : 0;
      expect(c.score).toBe(sum + bonus + c.yahtzeeBonuses * rs.yahtzeeBonus);
      if (rs.yahtzeeBonus === 0) expect(c.yahtzeeBonuses).toBe(0);
      scores.push(c.score);
    }
    // Reproducible: a fresh instance on the same seed plays the same games.
    const again = createPlayer(rs, untrusted(await make(name, id)));
    for (let g = 0; g < 5; g++) {
      game.play(again, 11, g);
      expect(again.ctx.score).toBe(scores[g]);
    }
  });
});

describe('random strategy', () => {
  it('uses holds and early scoring, all legal (checked by the runner)', () => {
    const rs = RULESETS.yahtzee;
    let rolls = 0;
    let turns = 0;
    const inner = createBuiltinStrategy('random', { rs, cacheEntries: 0 });
    const spy: Strategy = {
      name: 'random',
      chooseHold: (ctx) => inner.chooseHold(ctx),
      chooseBox: (ctx) => {
        turns++;
        rolls += 3 - ctx.rollsLeft;
        return inner.chooseBox(ctx);
      },
    };
    const player = createPlayer(rs, spy);
    const game = new GamePlayer(rs);
    for (let g = 0; g < 50; g++) game.play(player, 3, g);
    // Each roll with rerolls left ends the turn with probability boxes / (holds + boxes).
    expect(rolls / turns).toBeGreaterThan(1.5);
    expect(rolls / turns).toBeLessThan(3);
  });
});
