import { describe, expect, it } from 'vitest';
import { threadMemo } from '../workers/thread-memo.ts';

describe('threadMemo', () => {
  it('loads each key once, and loads again after a failure', async () => {
    const calls: string[] = [];
    let fail = true;
    const get = threadMemo(async (key: string) => {
      calls.push(key);
      if (key === 'missing' && fail) throw new Error('no table yet');
      return key.length;
    });
    expect(await Promise.all([get('yahtzee'), get('yahtzee'), get('yatzy')])).toEqual([7, 7, 5]);
    await expect(get('missing')).rejects.toThrow('no table yet');
    fail = false;
    expect(await get('missing')).toBe(7);
    expect(await get('missing')).toBe(7);
    expect(calls).toEqual(['yahtzee', 'yatzy', 'missing', 'missing']);
  });
});
