import { describe, expect, it } from 'vitest';
import { parsePosition, type PositionInput } from '../position/index.ts';
import type { GameModel } from '../solver/index.ts';
import { createHintCache, MAX_REQUEST_KEY_BYTES, requestKey } from './hint-cache.ts';

function position(input: PositionInput) {
  const r = parsePosition(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.position;
}

const model = { rs: { id: 'yahtzee' } } as unknown as GameModel;
const other = { rs: { id: 'yahtzee' } } as unknown as GameModel;

describe('HintCache', () => {
  it('keys by everything the advice depends on', () => {
    const cache = createHintCache(16);
    const p = position({ scorecard: { ones: 3, chance: 20 }, dice: [1, 1, 6, 6, 6], rollsLeft: 2 });
    cache.set(model, p, 'json', 'A');
    // Same position written differently: dice order, an explicit null box.
    expect(cache.get(model, position({ scorecard: { chance: 20, ones: 3, twos: null as unknown as number }, dice: [6, 1, 6, 1, 6] }), 'json')).toBe('A');
    // Differences that change the advice: the score (chance 21), dice, rerolls, format, model.
    expect(cache.get(model, position({ scorecard: { ones: 3, chance: 21 }, dice: [1, 1, 6, 6, 6] }), 'json')).toBeUndefined();
    expect(cache.get(model, position({ scorecard: { ones: 3, chance: 20 }, dice: [1, 1, 6, 6, 5] }), 'json')).toBeUndefined();
    expect(cache.get(model, position({ scorecard: { ones: 3, chance: 20 }, dice: [1, 1, 6, 6, 6], rollsLeft: 1 }), 'json')).toBeUndefined();
    expect(cache.get(model, p, 'msgpack')).toBeUndefined();
    expect(cache.get(other, p, 'json')).toBeUndefined();
    expect(cache.get(model, position({ scorecard: { ones: 3, chance: 20 } }), 'json')).toBeUndefined();
    expect(cache).toMatchObject({ hits: 1, misses: 6, size: 1 });
  });

  it('evicts the least recently used and can be turned off', () => {
    const cache = createHintCache(2);
    const a = position({ dice: [1, 1, 1, 1, 1] });
    const b = position({ dice: [2, 2, 2, 2, 2] });
    const c = position({ dice: [3, 3, 3, 3, 3] });
    cache.set(model, a, 'json', 'a');
    cache.set(model, b, 'json', 'b');
    expect(cache.get(model, a, 'json')).toBe('a');
    cache.set(model, c, 'json', 'c');
    expect(cache.get(model, b, 'json')).toBeUndefined();
    expect([cache.get(model, a, 'json'), cache.get(model, c, 'json'), cache.size]).toEqual(['a', 'c', 2]);
    const off = createHintCache(0);
    off.set(model, a, 'json', 'a');
    expect([off.get(model, a, 'json'), off.size]).toEqual([undefined, 0]);
    expect(() => createHintCache(-1)).toThrow(/non-negative integer, got -1/);
  });

  it('finds a body by the request bytes and both formats, and holds at most maxBytes of bodies', () => {
    const cache = createHintCache(16, 10_000);
    const p = position({ dice: [1, 1, 1, 1, 1] });
    const bytes = new TextEncoder().encode('{"dice":[1,1,1,1,1]}');
    const key = requestKey(bytes, 'json', 'json')!;
    cache.set(model, p, 'json', 'A', 0, key);
    expect(cache.getRequest(key)).toEqual({ model, body: 'A' });
    expect(cache.getRequest(requestKey(bytes, 'json', 'msgpack')!)).toBeUndefined();
    expect(cache.getRequest(requestKey(new TextEncoder().encode('{"dice":[1,1,1,1,1] }'), 'json', 'json')!)).toBeUndefined();
    // Every byte value is its own character: bodies differing in one byte never share a key.
    expect(requestKey(Uint8Array.of(0xc3, 0xa9), 'msgpack', 'json')).not.toBe(requestKey(Uint8Array.of(0xc3, 0xa8), 'msgpack', 'json'));
    expect(requestKey(new Uint8Array(MAX_REQUEST_KEY_BYTES + 1), 'json', 'json')).toBeUndefined();
    const big = 'x'.repeat(4000);
    for (const d of [2, 3, 4]) cache.set(model, position({ dice: [d, d, d, d, d] }), 'json', big);
    expect(cache.size).toBe(2);
    expect(cache.get(model, p, 'json')).toBeUndefined();
  });
});
