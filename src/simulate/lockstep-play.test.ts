import { describe, expect, it } from 'vitest';
import { RULESETS, type RuleSetId } from '../rules/index.ts';
import { createSharedMemoSpace } from '../solver/index.ts';
import { testModel } from '../../test/support/models.ts';
import type { GameRecorder } from './game-recorder.ts';
import { createPlayer } from './play-game.ts';
import { runChunk } from './run-chunk.ts';
import { greedyStrategy } from './strategies/greedy.ts';
import { memoPlacesOf } from './strategies/model-policy.ts';
import { optimalStrategy } from './strategies/optimal.ts';
import type { Strategy } from './strategy.ts';

/** A recorder that keeps nothing: with one, every player plays its games one at a time (GamePlayer). */
const noRecords: GameRecorder = { begin() {}, roll() {}, hold() {}, box() {}, end() {} };

/** Games [from, to) played side by side (no recorder) and one at a time (a recorder), each by a fresh strategy. */
function bothWays(id: RuleSetId, make: () => Strategy, seed: number, from: number, to: number) {
  const rs = RULESETS[id];
  const side = make();
  expect(memoPlacesOf(side)).toBeDefined();
  return {
    lockstep: runChunk(rs, [createPlayer(rs, side)], seed, from, to),
    oneByOne: runChunk(rs, [createPlayer(rs, make())], seed, from, to, noRecords),
  };
}

describe('games played side by side', () => {
  it.each(['yahtzee', 'yahtzee-free-joker', 'yatzy'] as const)('end as the same games played one at a time (optimal, %s)', async (id) => {
    const model = await testModel(id);
    const { lockstep, oneByOne } = bothWays(id, () => optimalStrategy(model, 4096), 5, 3, 400);
    expect(lockstep).toEqual(oneByOne);
    // Not a run of empty sheets: the optimal mean of each rule set is above 200.
    expect(lockstep.scores.reduce((a, b) => a + b, 0) / lockstep.scores.length).toBeGreaterThan(200);
  });

  // A memo of 1 or 3 states keeps sets of 1 or 3 ways, so games placed side by side evict each other's rows all the time.
  it.each([1, 3, 8])('keep their places in a memo of %i states', async (entries) => {
    const model = await testModel('yahtzee');
    const { lockstep, oneByOne } = bothWays('yahtzee', () => optimalStrategy(model, entries), 9, 0, 120);
    expect(lockstep).toEqual(oneByOne);
  });

  it('read a memo space shared with other players, and a strategy that chooses boxes as it goes (greedy)', async () => {
    const model = await testModel('yahtzee');
    const space = createSharedMemoSpace(RULESETS.yahtzee, 64)!;
    const shared = bothWays('yahtzee', () => optimalStrategy(model, 64, space), 2, 0, 300);
    expect(shared.lockstep).toEqual(shared.oneByOne);
    const greedy = bothWays('yahtzee', () => greedyStrategy(RULESETS.yahtzee, 512), 2, 0, 300);
    expect(greedy.lockstep).toEqual(greedy.oneByOne);
  });

  it('leave the other players of a run to play one game at a time, on the same dice', async () => {
    const rs = RULESETS.yahtzee;
    const model = await testModel('yahtzee');
    // The same optimal play behind a user's module's face: not trusted, so it plays one game at a time.
    const inner: Strategy = optimalStrategy(model, 512);
    const asUser: Strategy = { name: 'as-user', chooseHold: (ctx) => inner.chooseHold(ctx), chooseBox: (ctx) => inner.chooseBox(ctx) };
    const out = runChunk(rs, [createPlayer(rs, optimalStrategy(model, 512)), createPlayer(rs, asUser)], 4, 0, 200);
    expect(out.scores.subarray(0, 200)).toEqual(out.scores.subarray(200));
  });
});
