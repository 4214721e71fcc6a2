import { describe, expect, it } from 'vitest';
import { testModel } from '../../test/support/models.ts';
import { parsePosition, type PositionInput } from '../position/index.ts';
import { exactColumnModel, type GameState } from '../solver/index.ts';
import { advise } from './advise.ts';
import { createTurnEvalCache } from './turn-eval-cache.ts';

function position(input: PositionInput) {
  const r = parsePosition(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.position;
}

const state = (mask: number, upper = 0): GameState => ({ columns: [{ mask, upper, yahtzee50: false }] });

describe('TurnEvalCache', () => {
  it('hits on an equal state (a new object) and gives the same advice as a fresh evaluation', async () => {
    const model = await testModel('yahtzee');
    const cache = createTurnEvalCache(4);
    const p = position({ scorecard: { twos: 6 }, dice: [2, 2, 5, 6, 6], rollsLeft: 1 });
    const first = advise(model, p, cache.get(model, p.state));
    const again = position({ scorecard: { twos: 6 }, dice: [2, 2, 5, 6, 6], rollsLeft: 1 });
    const te = cache.get(model, again.state);
    expect(cache).toMatchObject({ hits: 1, misses: 1, size: 1 });
    expect(te.state).toBe(p.state);
    expect(advise(model, again, te)).toEqual(first);
    expect(first).toEqual(advise(model, p));
  });

  it('evicts the least recently used entry and recycles its buffers', async () => {
    const model = await testModel('yahtzee');
    const cache = createTurnEvalCache(2);
    const a = cache.get(model, state(1, 1));
    advise(model, position({ scorecard: { ones: 1 } }), a);
    const b = cache.get(model, state(2, 2));
    advise(model, position({ scorecard: { twos: 2 } }), b);
    expect(cache.get(model, state(1, 1))).toBe(a); // a is now the most recent
    const c = cache.get(model, state(4, 3)); // evicts b
    expect(c).toBe(b);
    expect(cache.size).toBe(2);
    const p = position({ scorecard: { threes: 3 }, dice: [3, 3, 4, 4, 5], rollsLeft: 2 });
    expect(advise(model, p, c)).toEqual(advise(model, p));
    expect(cache.get(model, state(1, 1))).toBe(a);
    cache.get(model, state(2, 2));
    expect(cache).toMatchObject({ hits: 2, misses: 4 });
  });

  it('never hands out an entry evaluated by another model of the same rule set', async () => {
    const model = await testModel('yahtzee');
    const other = exactColumnModel(model.rs, new Float64Array(model.c.layout.size));
    const cache = createTurnEvalCache(2);
    const te = cache.get(model, state(0));
    advise(model, position({}), te);
    const te2 = cache.get(other, state(0));
    expect(te2).not.toBe(te);
    expect(te2.model).toBe(other);
    // An all-zero table: the state is worth one greedy turn, far from the real 254.59.
    const v = advise(other, position({}), te2).stateValue;
    expect(v).toBe(advise(other, position({})).stateValue);
    expect(v).toBeLessThan(50);
  });

  it('rejects a capacity that is not a positive integer', () => {
    expect(() => createTurnEvalCache(0)).toThrow(/capacity must be a positive integer, got 0/);
  });
});
