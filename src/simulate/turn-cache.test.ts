import { describe, expect, it } from 'vitest';
import { countsKey } from '../dice/index.ts';
import { RULESETS, type RuleSetId } from '../rules/index.ts';
import { bestHold, createTurnEval, evaluateState, initialState, rankedScoreOptions, type GameModel, type GameState } from '../solver/index.ts';
import { createBoxChooser } from '../solver/fast-play.ts';
import { testModel } from '../../test/support/models.ts';
import { Xoshiro128 } from '../dice/index.ts';
import { zeroValueModel } from './strategies/index.ts';
import { createTurnCache } from './turn-cache.ts';

/**
 * The shortcuts of the simulator's hot path (the turn cache with its decision memo, and the box
 * chooser) must decide exactly as the plain engine: a fresh evaluateState for every turn, bestHold
 * against the score-now value, and the first of rankedScoreOptions. Games are played by the plain
 * engine; at every decision the fast path is asked too.
 */
function compareGames(model: GameModel, games: number, cacheEntries: number, seed: number): { decisions: number; turns: number } {
  const rs = model.rs;
  const t = model.c.dice;
  const te = createTurnEval(model);
  const cache = createTurnCache(model, cacheEntries);
  const chooseBox = createBoxChooser(model);
  const rng = new Xoshiro128(seed);
  const counts = [0, 0, 0, 0, 0, 0];
  let decisions = 0;
  let turns = 0;
  for (let g = 0; g < games; g++) {
    let state: GameState = initialState(rs);
    for (let turn = 0; turn < rs.boxes.length; turn++) {
      turns++;
      evaluateState(te, state);
      counts.fill(0);
      for (let i = 0; i < rs.dice; i++) counts[rng.die()]++;
      let roll = t.keyToKeep[countsKey(counts)];
      let rollsLeft: 0 | 1 | 2 = 2;
      while (rollsLeft > 0) {
        const left = rollsLeft as 1 | 2;
        const h = bestHold(te, roll, left);
        const now = (rollsLeft === 2 ? te.first : te.later)[roll];
        const keep = now >= h.ev ? roll : h.keep;
        expect(cache.hold(state, roll, left), `game ${g} turn ${turn} roll ${roll} rollsLeft ${rollsLeft}`).toBe(keep);
        decisions++;
        if (keep === roll) break;
        for (let f = 0; f < 6; f++) counts[f] = t.keepCounts[keep * 6 + f];
        for (let i = t.keepSize[keep]; i < rs.dice; i++) counts[rng.die()]++;
        roll = t.keyToKeep[countsKey(counts)];
        rollsLeft = (rollsLeft - 1) as 0 | 1;
      }
      const best = rankedScoreOptions(te, roll, rollsLeft === 2)[0];
      expect(chooseBox(state, roll, rollsLeft === 2), `game ${g} turn ${turn} box`).toEqual({ column: best.column, box: best.box });
      decisions++;
      state = best.next;
    }
  }
  return { decisions, turns };
}

describe('turn cache and box chooser decide exactly as the plain engine', () => {
  it.each([
    ['yahtzee', 250, 16_384],
    ['yahtzee', 120, 40],
    ['yahtzee-free-joker', 120, 1024],
    ['yahtzee-no-bonus', 120, 0],
  ] as const)('optimal on %s, %i games, %i cache entries', async (id, games, entries) => {
    const { decisions, turns } = compareGames(await testModel(id as RuleSetId), games, entries, 42);
    expect(turns).toBe(games * 13);
    expect(decisions).toBeGreaterThan(turns * 2);
  });

  it('greedy (zero value function) on yahtzee, 120 games', () => {
    compareGames(zeroValueModel(RULESETS.yahtzee), 120, 256, 7);
  });

  it('the cache hits the states that repeat and still decides the same', async () => {
    const model = await testModel('yahtzee');
    const cache = createTurnCache(model, 4096);
    const te = createTurnEval(model);
    const start = initialState(model.rs);
    evaluateState(te, start);
    for (let rep = 0; rep < 3; rep++) {
      for (let r = 0; r < model.c.dice.rollCount; r++) {
        const h = bestHold(te, r, 2);
        expect(cache.hold(start, r, 2)).toBe(te.first[r] >= h.ev ? r : h.keep);
      }
    }
    // Consecutive questions about one state evaluate it once.
    expect(cache.misses).toBe(1);
    // A state is stored the second time it is evaluated and hit afterwards.
    const other: GameState = { columns: [{ mask: 1, upper: 3, yahtzee50: false }] };
    for (let i = 0; i < 3; i++) {
      cache.hold(other, 0, 2);
      cache.hold(start, 0, 2);
    }
    expect(cache.misses).toBe(4);
    expect(cache.hits).toBe(3);
  });
});

describe('box chooser on Joker rolls', () => {
  // Yahtzees are rare in play; check every Yahtzee against the option list in many states where
  // the Yahtzee box is filled (Joker rules) or open, with and without the 50.
  it.each(['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus'] as const)('%s', async (id) => {
    const model = await testModel(id);
    const chooseBox = createBoxChooser(model);
    const te = createTurnEval(model);
    const rng = new Xoshiro128(99);
    const yBit = 1 << 11;
    for (let i = 0; i < 400; i++) {
      let mask = rng.next() & 0x1fff & ~(1 << (i % 13));
      if (i % 3 === 0) mask |= yBit;
      const upper = rng.below(64);
      const state: GameState = { columns: [{ mask, upper, yahtzee50: (mask & yBit) !== 0 && i % 2 === 0 }] };
      te.state = state;
      for (const r of [...model.c.yahtzeeRoll, rng.below(252)]) {
        const best = rankedScoreOptions(te, r, false)[0];
        expect(chooseBox(state, r, false)).toEqual({ column: best.column, box: best.box });
      }
    }
  });
});
